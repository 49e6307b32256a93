/**
 * A plan prompt sized to its task: the step types it is likely to need, each as a one-line
 * signature read from its parameter schema, the others by name only, and one short example plan of
 * its kind.
 *
 * Which types a task needs comes from its analysis when one was made before the plan; otherwise
 * (the analysis asked in the plan's own call) from a reading of the task's grammar in code: files
 * it names, a condition, a list of N, a comparison. That reading only picks what the prompt shows:
 * every allowed type stays allowed, named in the prompt, and the plan is judged by validation.
 */

import { readQuestion } from '../answer/question.js';
import { fileMentions } from '../answer/text.js';
import type { StepType, TaskAnalysis } from '../types.js';

export type TaskShape = 'comparison' | 'bridge' | 'conditional' | 'top_n' | 'multimodal' | 'lookup';

/** Retrieval, fusion, a second hop and the answer: what most tasks over a corpus are planned with. */
const BASE: readonly StepType[] = ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'multi-hop', 'llm_call'];
/** A question about one thing, or one a file answers, has no second hop to make (multi-hop stays allowed, named only). */
const ONE_HOP: readonly StepType[] = BASE.filter((t) => t !== 'multi-hop');

const SHAPE_TYPES: Readonly<Record<TaskShape, readonly StepType[]>> = {
  comparison: BASE,
  bridge: BASE,
  lookup: ONE_HOP,
  conditional: [...BASE, 'conditional'],
  top_n: [...BASE, 'filter'],
  multimodal: [...ONE_HOP, 'audio_transcription', 'image_captioning'],
};

/** A condition with branches ("..., otherwise ...") or an instruction under a condition ("If ..., summarize ..."); "If X is a demon, Y is what?" asks a question. */
const CONDITION = /\b(?:otherwise|or else)\b|^\s*(?:if|unless|in case)\b[^?]*$/i;
/** A particular media file the task points at ("this recording", "in the image"), or a verb that reads one. */
const MEDIA_REFERENCE =
  /\b(?:transcribe|caption)\b|\b(?:this|that|these|my|our|attached|uploaded|in the|from the|on the)\s+(?:recording|audio|podcast|voicemail|video|clip|photo|photograph|picture|image|diagram|screenshot|scan)s?\b/i;
/** Words that ask about a pair: "both", "either", "in common". */
const PAIR = /\b(?:both|either|neither|the same|in common)\b/i;

/** The shape a task's wording points to, read in code (no model call): what the prompt shows, never what the plan may use. */
export function taskShape(task: string): TaskShape {
  const files = fileMentions(task).filter((f) => f.modality !== 'table');
  if (files.length > 0 || MEDIA_REFERENCE.test(task)) return 'multimodal';
  if (CONDITION.test(task)) return 'conditional';
  const question = readQuestion(task);
  if (question.type === 'list') return 'top_n';
  if (question.type === 'comparison' || question.type === 'choice' || question.options || PAIR.test(task)) return 'comparison';
  return /\b(?:who|which|what|where|when)\b.*\b(?:that|which|who|whose|where|when)\b/i.test(task) || question.names.length > 1 ? 'bridge' : 'lookup';
}

const TASK_KINDS = new Set<string>(['comparison', 'bridge', 'conditional', 'top_n', 'multimodal', 'lookup']);

/** The shape the analysis names (its task_kind), else the one the task's wording points to. */
export function shapeOf(task: string, analysis: TaskAnalysis | undefined): TaskShape {
  return analysis?.task_kind && TASK_KINDS.has(analysis.task_kind) ? (analysis.task_kind as TaskShape) : taskShape(task);
}

/**
 * The types whose parameters the prompt spells out, in the allowed list's order: the shape's, the
 * ones the analysis suggests, and tool_call when learned tools are offered.
 */
export function shownTypes(shape: TaskShape, allowed: readonly StepType[], analysis: TaskAnalysis | undefined, toolsOffered: boolean): StepType[] {
  const wanted = new Set<StepType>([...SHAPE_TYPES[shape], ...(analysis?.suggested_step_types ?? []), ...(toolsOffered ? (['tool_call'] as const) : [])]);
  return allowed.filter((t) => wanted.has(t));
}

type Schema = Readonly<Record<string, unknown>>;

/**
 * One line for a step type: `aggregate {input_steps, method: union|intersection|rank_fusion, top_k?}`.
 * Required parameters first; a required enum shows its values; `?` marks what may be left out.
 * The names say what the types and their parameters are; the schema still judges the values.
 */
export function stepSignature(type: string, schema: Schema | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const names = [...Object.keys(properties).filter((n) => required.has(n)), ...Object.keys(properties).filter((n) => !required.has(n))];
  const parameters = names.map((name) => {
    const values = required.has(name) ? (properties[name]?.enum as unknown[] | undefined) : undefined;
    return `${name}${required.has(name) ? '' : '?'}${values ? `: ${values.join('|')}` : ''}`;
  });
  return `${type} {${parameters.join(', ')}}`;
}

/** The longest task whose analysis is asked in the plan's own call. */
export const SIMPLE_TASK_CHARS = 400;

/**
 * A task simple enough to be analysed in the same call as its plan: short, with no context to read
 * beside it, in one or two sentences (a question, perhaps after a sentence that sets it up).
 */
export function simpleEnough(task: string, context: string | undefined): boolean {
  if ((context ?? '').trim() !== '') return false;
  const text = task.trim();
  if (text.length > SIMPLE_TASK_CHARS || /\n\s*\S/.test(text)) return false;
  // A sentence ends at an end mark after a word (not an initial: "E. B. White", "D.P. Varma") before a capital.
  const ends = text.match(/(?:\p{Ll}{2}|\p{Lu}{2}|\d|["”')\]])[.!?]["”']?\s+(?=\p{Lu})/gu) ?? [];
  return ends.length <= 1;
}
