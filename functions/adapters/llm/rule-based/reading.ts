/**
 * How the rule-based planner reads a task: which kind it is and the parts a plan needs
 * (the two sides of a comparison, the clauses of a condition, N of a top-N, mentioned files).
 */
import type { StepType, TaskAnalysis } from '../../../core/types.js';
import { entitySpans, type FileMention, fileMentions, splitPair } from './text.js';

export type TaskKind = 'comparison' | 'bridge' | 'conditional' | 'top_n' | 'multimodal' | 'lookup';

export interface TaskReading {
  kind: TaskKind;
  task: string;
  entities: string[];
  /** comparison: the two things compared, and what they are compared on. */
  pair?: [string, string];
  attribute?: string;
  /** conditional: the test, what to do when it holds, and when it does not. */
  condition?: string;
  then?: string;
  otherwise?: string;
  /** top_n */
  n?: number;
  files: FileMention[];
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};

const COMPARATIVE =
  /\b(first|older|oldest|younger|youngest|larger|largest|bigger|biggest|smaller|smallest|more|less|fewer|longer|shorter|higher|lower|earlier|later|taller|closer|further|farther|greater|better|worse)\b/i;
const COMPARISON_CUE = /\b(compare|comparison|compared|versus|vs\.?|difference between|differ(?:ence|s)?|similarit(?:y|ies)|in common)\b/i;
const SAMENESS_CUE = /\b(both|same|either|neither|each other|respective(?:ly)?|in common)\b/i;
/** "Does B also ...?" after a statement about A: a question that starts with an auxiliary. */
const ALSO_QUESTION = /(?:^|[.?!]\s+)(?:does|did|do|is|are|was|were|has|have)\b[^.?!]*\balso\b/i;
/** "Between A and B, ..." and "..., A or B?" ask to choose between two named things. */
const CHOICE_CUE = /^between\s+\S.*\s+and\s+\S|,\s*(?:the\s+)?[\p{Lu}\p{N}][^,]*\s+or\s+(?:the\s+)?[\p{Lu}\p{N}][^,]*\?\s*$/iu;
const TOP_N =
  /\btop[\s-]*(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\b|\b(\d+|three|four|five|six|seven|eight|nine|ten)\s+(?:best|most|largest|highest|biggest|leading|top|main|key|greatest|largest)\b|\b(?:list|name|give|rank)\s+(?:the\s+)?(\d+|three|four|five|six|seven|eight|nine|ten)\b/i;
const MEDIA_WORDS = /\b(recording|podcast|audio|interview tape|voice memo|photo|photograph|picture|image|diagram|screenshot|scan)\b/i;

export function readTask(rawTask: string): TaskReading {
  const task = rawTask.trim().replace(/\s+/g, ' ');
  const files = fileMentions(task);
  const entities = entitySpans(task);
  const isQuestion = /\?\s*$/.test(task);
  const base = { task, entities, files };

  if (
    files.length > 0 ||
    (MEDIA_WORDS.test(task) && /\b(in|from|of)\s+the\s+(recording|podcast|audio|photo|photograph|picture|image|diagram|screenshot|scan)\b/i.test(task))
  ) {
    return { ...base, kind: 'multimodal' };
  }

  const conditional = readConditional(task, isQuestion);
  if (conditional) return { ...base, kind: 'conditional', ...conditional };

  const n = readTopN(task);
  if (n !== undefined) return { ...base, kind: 'top_n', n };

  const comparison = readComparison(task, entities);
  if (comparison) return { ...base, kind: 'comparison', ...comparison };

  const looksNested =
    /\S\s+\b(that|which|who|whose|whom|where|when)\b/i.test(task) ||
    /\bof the\b.*\b(of|by|in|for) the\b/i.test(task) ||
    /\b(the|a|an) [\p{L}\s]+ (of|by|in|from|for|starring|featuring|founded by|directed by|written by) /iu.test(task) ||
    entities.length >= 2;
  if (looksNested || (isQuestion && entities.length >= 1 && task.split(' ').length > 8)) {
    return { ...base, kind: 'bridge' };
  }
  return { ...base, kind: 'lookup' };
}

function readConditional(task: string, isQuestion: boolean): Pick<TaskReading, 'condition' | 'then' | 'otherwise'> | undefined {
  const hasElse = /\b(otherwise|else|if not)\b/i.test(task);
  const startsWithIf = /^(if|when|unless|in case)\b/i.test(task);
  if (!(startsWithIf && (!isQuestion || hasElse)) && !(hasElse && /\bif\b/i.test(task))) return undefined;
  const m =
    /^(?:.*?\b)?(?:if|when|unless|in case)\s+(.+?)(?:,\s*|\s+then\s+|;\s*)(?:then\s+)?(.+?)(?:(?:[,;.]\s*|\s+)(?:and\s+)?(?:otherwise|else|if not)[,:]?\s+(.+))?$/i.exec(
      task,
    );
  if (!m) return undefined;
  // "the corpus mentions X" asks whether X is in the corpus: X is what to look for.
  const condition = m[1]!
    .trim()
    .replace(/^(?:the )?(?:corpus|documents?|sources?|data)\s+(?:mentions?|contains?|says?|has|have|includes?|talks? about)\s+/i, '');
  const then = m[2]!.trim().replace(/[.?!]+$/, '');
  const otherwise = m[3]?.trim().replace(/[.?!]+$/, '');
  return otherwise ? { condition, then, otherwise } : { condition, then };
}

function readTopN(task: string): number | undefined {
  const m = TOP_N.exec(task);
  if (!m) return undefined;
  const raw = (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase();
  const n = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
  return n !== undefined && n >= 1 && n <= 50 ? n : undefined;
}

function readComparison(task: string, entities: string[]): Pick<TaskReading, 'pair' | 'attribute'> | undefined {
  const cue = COMPARISON_CUE.test(task);
  const sameness = SAMENESS_CUE.test(task) || ALSO_QUESTION.test(task);
  const comparativeChoice = (COMPARATIVE.test(task) && /\bor\b/i.test(task)) || CHOICE_CUE.test(task);
  if (!cue && !sameness && !comparativeChoice) return undefined;
  const pair = comparedPair(task, entities);
  if (!pair) return undefined;
  const attribute = comparedAttribute(task, pair);
  return attribute ? { pair, attribute } : { pair };
}

/** The two entities on either side of the connective ("X and Y", "X or Y", "X vs Y"). */
function comparedPair(task: string, entities: string[]): [string, string] | undefined {
  const connective = /\s(?:and|or|vs\.?|versus|with)\s/gi;
  let best: [string, string] | undefined;
  for (const m of task.matchAll(connective)) {
    const before = entities.filter((e) => {
      const at = task.lastIndexOf(e, m.index);
      return at >= 0 && at + e.length <= m.index + 1 && m.index - (at + e.length) <= 1;
    });
    const after = entities.filter((e) => task.indexOf(e, m.index + m[0].length - 1) === m.index + m[0].length);
    if (before.length > 0 && after.length > 0) best = [before[before.length - 1]!, after[0]!];
  }
  if (best) return best;
  // An entity span may have swallowed the connective ("Lyon and Marseille" is not a name).
  for (const e of entities) {
    const split = splitPair(e);
    if (split) return split;
  }
  if (entities.length >= 2) return [entities[entities.length - 2]!, entities[entities.length - 1]!];
  return undefined;
}

const NON_ATTRIBUTE = new Set([
  'compare',
  'comparison',
  'compared',
  'versus',
  'vs',
  'difference',
  'differences',
  'between',
  'both',
  'same',
  'either',
  'neither',
  'which',
  'what',
  'who',
  'whom',
  'were',
  'was',
  'are',
  'is',
  'the',
  'of',
  'and',
  'or',
  'a',
  'an',
  'in',
  'on',
  'do',
  'does',
  'did',
  'have',
  'has',
  'had',
  'their',
  'they',
  'them',
  'two',
  'these',
  'those',
  'how',
  'more',
  'than',
]);

function comparedAttribute(task: string, pair: [string, string]): string | undefined {
  let rest = task;
  for (const side of pair) rest = rest.split(side).join(' ');
  const words = rest
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !NON_ATTRIBUTE.has(w.toLowerCase()));
  return words.length > 0 ? words.join(' ') : undefined;
}

const SUGGESTED: Record<TaskKind, StepType[]> = {
  comparison: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'llm_call'],
  bridge: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'llm_call'],
  conditional: ['keyword_search', 'conditional', 'aggregate', 'llm_call'],
  top_n: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'filter', 'llm_call'],
  multimodal: ['audio_transcription', 'image_captioning', 'keyword_search', 'vector_search', 'aggregate', 'llm_call'],
  lookup: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'llm_call'],
};

export function analysisOf(reading: TaskReading): TaskAnalysis {
  const complexity = reading.kind === 'lookup' ? 'simple' : reading.kind === 'comparison' || reading.kind === 'top_n' ? 'moderate' : 'complex';
  const suggested = SUGGESTED[reading.kind].filter(
    (t) =>
      (t !== 'audio_transcription' || reading.files.some((f) => f.modality === 'audio')) &&
      (t !== 'image_captioning' || reading.files.some((f) => f.modality === 'image')),
  );
  return {
    complexity,
    requires_tools: reading.kind === 'multimodal',
    requires_routing: reading.kind === 'conditional',
    suggested_step_types: suggested,
    key_entities: [...reading.files.map((f) => f.file), ...reading.entities].slice(0, 12),
    intent: intentOf(reading),
    task_kind: reading.kind,
  };
}

function intentOf(r: TaskReading): string {
  switch (r.kind) {
    case 'comparison':
      return `Compare ${r.pair![0]} and ${r.pair![1]}${r.attribute ? ` on ${r.attribute}` : ''}`;
    case 'conditional':
      return `Check whether ${r.condition}; then ${r.then}${r.otherwise ? `, otherwise ${r.otherwise}` : ''}`;
    case 'top_n':
      return `Rank and return the top ${r.n} results for: ${r.task}`;
    case 'multimodal':
      return `Read ${r.files.map((f) => f.file).join(', ') || 'the media'} and answer: ${r.task}`;
    case 'bridge':
      return `Find the intermediate fact, then answer: ${r.task}`;
    case 'lookup':
      return `Look up: ${r.task}`;
  }
}
