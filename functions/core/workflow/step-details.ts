/**
 * What the plan page shows of each executed step when it is opened: its status, timing, attempts
 * and error, and its output bounded so that a plan's view stays small (documents as id, title,
 * score and snippet; long text cut; long lists cut with the count of what was left out). A
 * composite tool's parts, which its output carries (tools/composite.ts), become details of their own.
 */
import type { StepOutput } from '../types.js';

/** How much of an output the view carries. */
export const DETAIL_LIMITS = { documents: 20, snippetChars: 320, textChars: 4000, listItems: 20, stringChars: 600, depth: 5 } as const;

export interface DocumentDetail {
  id: string;
  title?: string;
  score?: number;
  snippet: string;
}

export interface StepDetail {
  step_id: number;
  type: string;
  status: StepOutput['status'];
  startedAt?: string;
  endedAt?: string;
  durationMs: number;
  attempts: number;
  error?: string;
  reason?: string;
  condition?: string;
  /** The documents the step returned, bounded; `documentCount` says how many there were. */
  documents?: DocumentDetail[];
  documentCount?: number;
  /** An answer's text (an llm_call), cut at DETAIL_LIMITS.textChars. */
  text?: string;
  /** The rest of the output, each string, list and level bounded. */
  output: Record<string, unknown>;
  /** A composite tool's parts, each with its own details. */
  parts?: StepDetail[];
}

const cut = (text: string, chars: number): string => (text.length > chars ? `${text.slice(0, chars)}… (${text.length - chars} more characters)` : text);

/** `value` with every string, list and level bounded; what is left out is said, never silently dropped. */
export function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cut(value, DETAIL_LIMITS.stringChars);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DETAIL_LIMITS.depth) return Array.isArray(value) ? `[${value.length} items]` : '{…}';
  if (Array.isArray(value)) {
    const shown = value.slice(0, DETAIL_LIMITS.listItems).map((item) => bounded(item, depth + 1));
    return value.length > shown.length ? [...shown, `… ${value.length - shown.length} more`] : shown;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, bounded(item, depth + 1)]));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function documentOf(value: unknown): DocumentDetail | undefined {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined;
  const text = typeof value.text === 'string' ? value.text : typeof value.snippet === 'string' ? value.snippet : '';
  return {
    id: value.id,
    ...(typeof value.title === 'string' ? { title: value.title } : {}),
    ...(typeof value.score === 'number' ? { score: value.score } : {}),
    snippet: cut(text, DETAIL_LIMITS.snippetChars),
  };
}

/** A step's result as details: documents, text and composite parts apart, the rest bounded. */
function resultDetails(result: Record<string, unknown>): Pick<StepDetail, 'documents' | 'documentCount' | 'text' | 'output' | 'parts'> {
  const { documents, text, ...rest } = result;
  const details: Pick<StepDetail, 'documents' | 'documentCount' | 'text' | 'output' | 'parts'> = { output: {} };
  if (Array.isArray(documents)) {
    details.documents = documents.slice(0, DETAIL_LIMITS.documents).flatMap((d) => documentOf(d) ?? []);
    details.documentCount = documents.length;
  }
  if (typeof text === 'string') details.text = cut(text, DETAIL_LIMITS.textChars);
  // A composite tool's output holds its parts' outputs (tools/composite.ts), under the tool_call's `output`.
  const own = isRecord(rest.output) ? rest.output : undefined;
  const parts = Array.isArray(own?.steps) ? own.steps : undefined;
  if (own && parts) {
    details.parts = parts.flatMap((part) => (isRecord(part) && typeof part.step_id === 'number' ? [partDetail(part)] : []));
    const { steps: _steps, documents: partDocs, ...ownRest } = own;
    if (details.documents === undefined && Array.isArray(partDocs)) {
      details.documents = partDocs.slice(0, DETAIL_LIMITS.documents).flatMap((d) => documentOf(d) ?? []);
      details.documentCount = partDocs.length;
    }
    details.output = bounded({ ...rest, output: ownRest }) as Record<string, unknown>;
  } else details.output = bounded(rest) as Record<string, unknown>;
  return details;
}

function partDetail(part: Record<string, unknown>): StepDetail {
  return {
    step_id: part.step_id as number,
    type: String(part.type ?? 'step'),
    status: (part.status as StepOutput['status']) ?? 'succeeded',
    durationMs: typeof part.durationMs === 'number' ? part.durationMs : 0,
    attempts: typeof part.attempts === 'number' ? part.attempts : 1,
    ...(typeof part.error === 'string' ? { error: cut(part.error, DETAIL_LIMITS.stringChars) } : {}),
    ...(typeof part.reason === 'string' ? { reason: part.reason } : {}),
    ...resultDetails(isRecord(part.result) ? part.result : {}),
  };
}

/** Each step output's details, in step order. */
export function stepDetails(outputs: readonly StepOutput[]): StepDetail[] {
  return [...outputs]
    .sort((a, b) => a.step_id - b.step_id)
    .map((o) => ({
      step_id: o.step_id,
      type: o.type,
      status: o.status,
      ...(o.startedAt ? { startedAt: o.startedAt } : {}),
      ...(o.endedAt ? { endedAt: o.endedAt } : {}),
      durationMs: o.durationMs,
      attempts: o.attempts,
      ...(o.error !== undefined ? { error: cut(o.error, DETAIL_LIMITS.stringChars) } : {}),
      ...(o.reason !== undefined ? { reason: o.reason } : {}),
      ...(o.condition !== undefined ? { condition: o.condition } : {}),
      ...resultDetails(o.result ?? {}),
    }));
}
