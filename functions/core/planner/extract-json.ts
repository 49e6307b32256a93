/**
 * Pull a JSON object out of an LLM's free text. Models answer with bare JSON, with a fenced
 * ```json block, with prose around either, or with prose and a bare object; seed 000 lists these
 * cases. The reasoning (the prose around the JSON) is kept apart for the PlanResponse.
 */
import { MAX_NESTING_DEPTH, nestingMessage, nestsDeeperThan } from '../plan/depth.js';

export interface Extraction {
  value: unknown;
  reasoning: string;
  method: 'whole-text' | 'fenced-block' | 'object-with-key' | 'balanced-brackets';
}

export class JsonExtractionError extends Error {
  override name = 'JsonExtractionError';
}

const FENCE = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/g;

/**
 * Tries, in order: the whole text as JSON; each fenced block; an object holding `preferKey`
 * (e.g. `plan`); the first bracket-balanced object that parses. Throws JsonExtractionError naming
 * why nothing was found.
 */
export function extractJson(text: string, preferKey = 'plan'): Extraction {
  const trimmed = text.trim();
  if (trimmed === '') throw new JsonExtractionError('the response is empty');

  const whole = tryParse(trimmed);
  if (whole.ok) return { value: whole.value, reasoning: '', method: 'whole-text' };

  for (const match of trimmed.matchAll(FENCE)) {
    const body = match[1] ?? '';
    const parsed = tryParse(body.trim());
    if (parsed.ok) {
      return { value: parsed.value, reasoning: removeSpan(trimmed, match.index, match[0].length), method: 'fenced-block' };
    }
  }

  const candidates = balancedObjects(trimmed);
  const parsedCandidates = candidates.map((span) => ({ span, parsed: tryParse(trimmed.slice(span.start, span.end)) })).filter((c) => c.parsed.ok);
  const withKey = parsedCandidates.find((c) => c.parsed.ok && isObjectWithKey(c.parsed.value, preferKey));
  if (withKey?.parsed.ok) {
    return {
      value: withKey.parsed.value,
      reasoning: removeSpan(trimmed, withKey.span.start, withKey.span.end - withKey.span.start),
      method: 'object-with-key',
    };
  }
  const first = parsedCandidates[0];
  if (first?.parsed.ok) {
    return {
      value: first.parsed.value,
      reasoning: removeSpan(trimmed, first.span.start, first.span.end - first.span.start),
      method: 'balanced-brackets',
    };
  }
  if (candidates.length === 0 && trimmed.includes('{')) {
    throw new JsonExtractionError('the JSON object is not closed (truncated output?)');
  }
  if (candidates.length > 0) {
    const last = tryParse(trimmed.slice(candidates[0]!.start, candidates[0]!.end));
    throw new JsonExtractionError(`the JSON in the response does not parse: ${last.ok ? 'unknown' : last.error}`);
  }
  throw new JsonExtractionError('the response holds no JSON object');
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function tryParse(text: string): Parsed {
  if (!text.startsWith('{') && !text.startsWith('[')) return { ok: false, error: 'not an object' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // What is extracted is walked recursively afterwards (sanitising, validation): a model's answer
  // nested past the limit is refused here, in one line the repair prompt can quote.
  if (nestsDeeperThan(value, MAX_NESTING_DEPTH)) return { ok: false, error: `the JSON ${nestingMessage(MAX_NESTING_DEPTH)}` };
  return { ok: true, value };
}

function isObjectWithKey(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && key in value;
}

/**
 * Top-level `{...}` and `[{...}]` spans, respecting strings and escapes so brackets inside strings
 * do not count. Only a brace followed by a key (or `}`), or a bracket followed by an object, opens
 * a span, so a stray bracket in prose ("see [1]", "{ in math") hides nothing; an array of objects
 * (a step list without its wrapper) is one span, not the objects inside it.
 */
function balancedObjects(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const closers: string[] = [];
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      if (closers.length > 0) inString = true;
    } else if (ch === '{' || ch === '[') {
      if (closers.length === 0) {
        if (!opensJson(text.slice(i, i + 64))) continue;
        start = i;
      }
      closers.push(ch === '{' ? '}' : ']');
    } else if (closers.length > 0 && ch === closers[closers.length - 1]) {
      closers.pop();
      if (closers.length === 0) spans.push({ start, end: i + 1 });
    }
  }
  return spans;
}

function opensJson(head: string): boolean {
  return head.startsWith('{') ? /^\{\s*["}]/.test(head) : /^\[\s*\{\s*["}]/.test(head);
}

function removeSpan(text: string, start: number, length: number): string {
  return (text.slice(0, start) + text.slice(start + length)).replace(/\n{3,}/g, '\n\n').trim();
}
