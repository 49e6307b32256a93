/**
 * How the rule-based planner reads a task: which kind it is and the parts a plan needs
 * (the two sides of a comparison, the clauses of a condition, N of a top-N, mentioned files).
 *
 * Every cue here is a piece of English grammar (a comparative, a relative clause, a conditional
 * conjunction, a number before a plural), never a phrase lifted from a benchmark question. The cues
 * were written from examples/tasks.txt and the issues' example tasks, not fitted on any dataset's
 * dev or test split; docs/known-limitations.md lists what it misreads.
 */

import { kinQuestion } from '../../../core/answer/kinship.js';
import { NUMBER_WORDS } from '../../../core/answer/text.js';
import type { StepType, TaskAnalysis } from '../../../core/types.js';
import { entitySpans, type FileMention, fileMentions, isQualifier, splitPair } from './text.js';

export type TaskKind = 'comparison' | 'bridge' | 'conditional' | 'top_n' | 'multimodal' | 'lookup';

export interface TaskReading {
  kind: TaskKind;
  task: string;
  entities: string[];
  /** comparison: the two things compared (when the task names them), and what they are compared on. */
  pair?: [string, string];
  attribute?: string;
  /** conditional: the test, what to do when it holds, and what to do when it does not ("unless" has only the latter). */
  condition?: string;
  then?: string;
  otherwise?: string;
  /** top_n */
  n?: number;
  files: FileMention[];
}

/** Counts a task asks for, in words: the answer's number words, round ones too ("top twenty"). */
const TASK_NUMBER_WORDS = NUMBER_WORDS;
const NUM = `(\\d{1,2}|${Object.keys(TASK_NUMBER_WORDS).join('|')})`;
/** The same without "one", which is as often a pronoun ("which one") as a count. */
const NUM_PLURAL = `(\\d{1,2}|${Object.keys(TASK_NUMBER_WORDS)
  .filter((w) => w !== 'one')
  .join('|')})`;

const AUXILIARY = 'are|were|is|was|do|did|does|have|has|had|can|could|will|would';

/** Words that ask for a comparison outright. */
const COMPARISON_WORD =
  /\b(compare[sd]?|comparing|comparison|versus|vs\.?|differ(?:s|ed|ence|ences|ent)?|contrast(?:s|ed|ing)?|similar(?:ity|ities|ly)?|alike|distinguish(?:es)?)\b/i;
/** A comparative with its "than": "longer than", "more people than", "less ... than". */
const COMPARATIVE_THAN =
  /\b(?:\p{L}+er|more|less|fewer|better|worse)\b(?:\s+[\p{L}\p{N}'-]+){0,3}\s+than\b(?!\s+(?:\d|how\b|a\s+(?:hundred|thousand|million|dozen)\b|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|thousand|million|half|twice)\b)/iu;
/** "Is X a bigger Y than Z?" with common nouns: the noun after the auxiliary and the one after "than". */
const COMMON_THAN = /^(?:is|are|was|were|does|do|did|has|have|had)\s+(?:the\s+|a\s+|an\s+)?([\p{L}-]+).*?\bthan\s+(?:the\s+|a\s+|an\s+)?([\p{L}-]+)/iu;
/** "..., A or B?" at the end of a question: a choice between two things, named or not. */
const TRAILING_CHOICE =
  /[,:]\s*(?:the\s+|a\s+|an\s+)?([\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,3}?)\s+or\s+(?:the\s+|a\s+|an\s+)?([\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,3}?)\s*\?\s*$/iu;
/** Comparatives and superlatives that pick one of two or more named options ("which is older, A or B?"). */
const GRADED =
  /\b(?:older|oldest|younger|youngest|larger|largest|bigger|biggest|smaller|smallest|longer|longest|shorter|shortest|higher|highest|lower|lowest|taller|tallest|greater|greatest|closer|closest|farther|farthest|further|furthest|heavier|heaviest|richer|richest|warmer|warmest|colder|coldest|faster|fastest|slower|slowest|deeper|deepest|wider|widest|newer|newest|cheaper|cheapest|earlier|earliest|later|latest|first|last|more|most|less|least|fewer|fewest|better|best|worse|worst|popular|famous|known)\b/i;
/** Quantifiers over a pair: "both", "either", "neither", "the same". */
const PAIR_QUANTIFIER = /\b(both|either|neither|the same)\b/i;
/** "which of the two", "which of them": a choice among things named before or after. */
const CHOICE_AMONG = /\bwhich\s+(?:one\s+)?of\s+(?:the\s+|these\s+|those\s+)?(?:two|both|them|these|those)\b/i;

const MEDIA_NOUN =
  'recording|podcast|audio|voice memo|voicemail|voice note|interview tape|video|clip|photo|photograph|picture|image|diagram|screenshot|scan|chart|slide|sketch|drawing|x-ray';
/**
 * A media noun that points at a particular file: "this recording", "my photo", "in the image",
 * "describe the diagram", "what does the voicemail say". "During the recording of an album" is an
 * event, not a file, so a bare "the" needs a preposition or a verb of looking or listening before it.
 */
const MEDIA_REFERENCE = new RegExp(
  `\\b(?:(?:this|that|these|my|our|attached|uploaded)\\s+(?:\\w+\\s+)?|(?:in|from|on|into|describe|summari[sz]e|read|listen to|watch|look at|what|how|(?:does|do|did|is|are)|turn)\\s+the\\s+(?:\\w+\\s+)?)(?:${MEDIA_NOUN})s?\\b`,
  'i',
);
const MEDIA_VERB = /\b(transcribe|caption)\b/i;

const TOP_N_PATTERNS: RegExp[] = [
  // "top 5", "top-ten"
  new RegExp(`\\btop[\\s-]*${NUM}\\b`, 'i'),
  // "five largest", "3 most cited", "ten best"
  new RegExp(`\\b${NUM_PLURAL}\\s+(?:\\p{L}+est|most|least|best|worst|leading|main|major|key|primary|principal)\\b`, 'iu'),
  // "list three", "name the 4", "give me five", "what are the seven"
  new RegExp(
    `\\b(?:list|name|give(?:\\s+me)?|rank|show(?:\\s+me)?|suggest|recommend|pick|enumerate|identify|find|cite|mention|what\\s+are|which\\s+are)\\s+(?:the\\s+|me\\s+|us\\s+)?${NUM}\\b`,
    'i',
  ),
  // "which two sources", "what three rivers"
  new RegExp(`\\b(?:which|what)\\s+${NUM_PLURAL}\\s+\\p{L}+`, 'iu'),
  // "the four ...s", "N ...s" before a plural noun, when the task asks for a list
  new RegExp(`\\b(?:the|a list of|an? list of)\\s+${NUM_PLURAL}\\s+(?:\\p{L}+\\s+)?\\p{L}+(?:s|ies|people|men|women|children)\\b`, 'iu'),
];
/** Numbers that count something else: "of the two", "more than three", "in 5 years". */
const COUNT_OF_SOMETHING_ELSE_BEFORE = /\b(?:of\s+the|than|over|under|at\s+least|at\s+most|about|around|nearly|almost|within|in|for|after|before)\s+$/i;
const UNIT_AFTER = /^\s+(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|times|centuries|decades|percent|per\s+cent|km|miles?|metres?|meters?)\b/i;

export function readTask(rawTask: string): TaskReading {
  const task = rawTask.trim().replace(/\s+/g, ' ');
  const files = fileMentions(task);
  // "Three Live Ghosts (1936 Film)": the parenthesis says which film; it is no entity of its own.
  const entities = entitySpans(task).filter((e) => !isQualifier(e, task));
  const isQuestion = /\?\s*$/.test(task);
  const base = { task, entities, files };

  if (files.length > 0 || MEDIA_REFERENCE.test(task) || MEDIA_VERB.test(task)) return { ...base, kind: 'multimodal' };

  const conditional = readConditional(task, isQuestion);
  if (conditional) return { ...base, kind: 'conditional', ...conditional };

  const n = readTopN(task);
  if (n !== undefined) return { ...base, kind: 'top_n', n };

  const comparison = readComparison(task, entities, isQuestion);
  if (comparison) return { ...base, kind: 'comparison', ...comparison };

  if (looksNested(task, entities) || (isQuestion && entities.length >= 1 && task.split(' ').length > 8)) return { ...base, kind: 'bridge' };
  return { ...base, kind: 'lookup' };
}

/**
 * A question that needs an intermediate fact: a relative of a relative, a relative clause ("the city where ..."), a
 * description inside a description ("the director of the film ..."), a possessive chain
 * ("Lyon's mayor's party"), or two names that a single fact has to connect.
 */
function looksNested(task: string, entities: string[]): boolean {
  const names = entities.filter((e) => !/^[\d\s,.]+$/.test(e));
  const asks = /\?\s*$/.test(task) || /^(?:what|which|who|whom|whose|where|when|why|how|name|find|identify)\b/i.test(task);
  // A relative two steps away ("the maternal grandfather of X": X's mother, then her father), or
  // something asked of a relative ("Where was the husband of X born?"), is found through the first.
  const kin = kinQuestion(task);
  return (
    (kin !== undefined && (kin.path.length >= 2 || !kin.asksWho)) ||
    /\S\s+\b(that|which|who|whose|whom|where|when)\b\s+\S/i.test(task.replace(/^\s*\S+\s+/, ' x ')) ||
    (asks &&
      /\b(?:the|a|an)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:of|by|in|from|for|behind|starring|featuring|founded by|directed by|written by|created by|owned by)\s+(?:the|a|an|his|her|their|its)\s+\p{Ll}/iu.test(
        task,
      )) ||
    /\p{L}+['’]s\s+(?:\p{L}+\s+)?\p{L}+['’]s\b/iu.test(task) ||
    (asks && names.length >= 2)
  );
}

const CONDITION_OPENER = '(?:if|when|whenever|unless|only if|in case|provided(?: that)?|assuming(?: that)?|as long as|should)';
const ELSE_TAIL = '(?:(?:[,;.]\\s*|\\s+)(?:and\\s+|but\\s+)?(?:otherwise|else|if not|or else)[,:]?\\s+(.+))?';
/** Verbs after which "if" means "whether" ("check if", "tell me if"): a question, not a condition. */
const IF_AS_WHETHER = /\b(?:check|see|know|tell(?:\s+(?:me|us))?|ask|wonder|determine|verify|find out|say|whether)\s*$/i;

function readConditional(task: string, isQuestion: boolean): Pick<TaskReading, 'condition' | 'then' | 'otherwise'> | undefined {
  const clean = (s: string | undefined) => s?.trim().replace(/[.?!]+$/, '');
  const build = (condition: string, then: string | undefined, otherwise: string | undefined, negated: boolean) => {
    // "the corpus mentions X" asks whether X is in the corpus: X is what to look for.
    const what = condition
      .trim()
      .replace(/[?]+$/, '')
      .replace(/^(?:the )?(?:corpus|documents?|sources?|data)\s+(?:mentions?|contains?|says?|has|have|includes?|talks? about)\s+/i, '');
    // "unless X, A": A is what to do when X does not hold.
    const [yes, no] = negated ? [otherwise, then] : [then, otherwise];
    const reading: Pick<TaskReading, 'condition' | 'then' | 'otherwise'> = { condition: what };
    // biome-ignore lint/suspicious/noThenProperty: the then-clause of a condition, never awaited
    if (clean(yes)) reading.then = clean(yes)!;
    if (clean(no)) reading.otherwise = clean(no)!;
    return reading;
  };

  // "Is X in Y? If so, A, otherwise B": the question before "if so" is the condition.
  const ifSo = new RegExp(`^(.+?)\\?\\s*if so[,:]?\\s+(.+?)${ELSE_TAIL}$`, 'i').exec(task);
  if (ifSo) return build(ifSo[1]!, ifSo[2], ifSo[3], false);

  const hasElse = /\b(otherwise|else|if not)\b/i.test(task);
  // "If X, A[, otherwise B]" at the start. A question that merely starts with "when" asks for a time.
  const opener = new RegExp(`^${CONDITION_OPENER}\\s+(.+?)(?:,\\s*|\\s+then\\s+|;\\s*)(?:then\\s+)?(.+?)${ELSE_TAIL}$`, 'i').exec(task);
  if (opener && (!isQuestion || hasElse)) {
    const word = /^(\w+(?: if)?)/i.exec(task)![1]!.toLowerCase();
    if (!(word === 'should' && isQuestion)) return build(opener[1]!, opener[2], opener[3], word === 'unless');
  }

  // "A if X[, otherwise B]", "A only if X", "A unless X": an instruction with its condition after it.
  if (!isQuestion || hasElse) {
    const trailing = new RegExp(`^(.+?)\\s+(only if|if|unless|provided(?: that)?|as long as|in case)\\s+(.+?)${ELSE_TAIL}$`, 'i').exec(task);
    if (trailing && !IF_AS_WHETHER.test(trailing[1]!) && !/^(?:what|which|who|whom|whose|where|when|why|how)\b/i.test(trailing[1]!)) {
      return build(trailing[3]!, trailing[1], trailing[4], trailing[2]!.toLowerCase() === 'unless');
    }
  }
  return undefined;
}

function readTopN(task: string): number | undefined {
  if (CHOICE_AMONG.test(task)) return undefined;
  for (const pattern of TOP_N_PATTERNS) {
    const m = pattern.exec(task);
    if (!m) continue;
    const raw = m[1]!.toLowerCase();
    const at = m.index + m[0].toLowerCase().lastIndexOf(raw);
    // The number must count the things asked for, not years, distances or a threshold.
    if (COUNT_OF_SOMETHING_ELSE_BEFORE.test(task.slice(0, at)) || UNIT_AFTER.test(task.slice(at + raw.length))) continue;
    const n = /^\d+$/.test(raw) ? Number(raw) : TASK_NUMBER_WORDS[raw];
    if (n !== undefined && n >= 1 && n <= 50) return n;
  }
  return undefined;
}

function readComparison(task: string, entities: string[], isQuestion: boolean): Pick<TaskReading, 'pair' | 'attribute'> | undefined {
  const names = entities.filter((e) => !/^[\d\s,.]+$/.test(e));
  const hasThan = COMPARATIVE_THAN.test(task);
  const than = hasThan ? (pairAroundThan(task, names) ?? commonThan(task)) : undefined;
  const coordinated = coordinatedPair(task, names);
  const explicit = COMPARISON_WORD.test(task);
  const trailing = isQuestion ? TRAILING_CHOICE.exec(task) : null;
  // "A or B" in a question is a choice; so is a pair under "both", "either", "neither", "the same".
  const choice = (coordinated?.connective === 'or' || coordinated?.connective === 'nor') && (isQuestion || GRADED.test(task));
  const quantified = coordinated !== undefined && PAIR_QUANTIFIER.test(task);
  // "Are A and B ...?", "What do A and B ...?", "When did A and B ...?": one question about two named things.
  const jointSubject = coordinated?.connective === 'and' && coordinated.jointSubject;
  const graded = hasThan || (coordinated !== undefined && GRADED.test(task) && isQuestion);
  if (!explicit && !choice && !quantified && !jointSubject && !graded && !trailing && !CHOICE_AMONG.test(task)) return undefined;
  const pair = than ?? coordinated?.pair ?? (trailing ? ([trailing[1]!, trailing[2]!] as [string, string]) : undefined) ?? commonNounPair(task);
  if (!pair) return explicit || hasThan || CHOICE_AMONG.test(task) ? {} : undefined;
  const attribute = comparedAttribute(task, pair);
  return attribute ? { pair, attribute } : { pair };
}

function commonThan(task: string): [string, string] | undefined {
  const m = COMMON_THAN.exec(task);
  return m ? [m[1]!, m[2]!] : undefined;
}

/** "X is longer than Y", "Does X have more people than Y?": the name before the comparative and the one after "than". */
function pairAroundThan(task: string, names: string[]): [string, string] | undefined {
  const m = COMPARATIVE_THAN.exec(task)!;
  const before = names.filter((e) => {
    const at = task.lastIndexOf(e, m.index);
    return at >= 0 && at + e.length <= m.index;
  });
  const rest = m.index + m[0].length;
  const after = names.filter((e) => task.indexOf(e, rest) >= rest).sort((x, y) => task.indexOf(x, rest) - task.indexOf(y, rest));
  if (before.length === 0 || after.length === 0) return undefined;
  const left = before.sort((x, y) => task.lastIndexOf(y, m.index) - task.lastIndexOf(x, m.index))[0]!;
  return [left, after[0]!];
}

/** Two names joined by a connective ("X and Y", "X or Y", "X vs Y"), and whether they are the subject of an auxiliary. */
function coordinatedPair(task: string, names: string[]): { pair: [string, string]; connective: string; jointSubject: boolean } | undefined {
  const connective = /\s(and|or|nor|vs\.?|versus|with)\s/gi;
  let best: { pair: [string, string]; connective: string; jointSubject: boolean } | undefined;
  for (const m of task.matchAll(connective)) {
    const before = names.filter((e) => {
      const at = task.lastIndexOf(e, m.index);
      return at >= 0 && at + e.length <= m.index + 1 && /^[\s,]*(?:the\s+)?$/i.test(task.slice(at + e.length, m.index));
    });
    const start = m.index + m[0].length;
    const after = names.filter((e) => {
      const at = task.indexOf(e, start - 1);
      // "... or the birth of Robert Young": an event of the side may stand before it.
      return at >= 0 && /^\s*(?:the\s+)?(?:\p{Ll}+\s+of\s+(?:the\s+)?)?$/iu.test(task.slice(start, at));
    });
    if (before.length > 0 && after.length > 0) {
      const left = before[before.length - 1]!;
      const leftAt = task.lastIndexOf(left, m.index);
      const prefix = task.slice(0, leftAt);
      const jointSubject = new RegExp(`^(?:[\\p{L}'-]+\\s+){0,3}(?:${AUXILIARY})\\s+(?:both\\s+)?(?:the\\s+)?$`, 'iu').test(prefix);
      // The pair that is the subject of the question wins over a later one ("... their bands, A and B").
      if (!best?.jointSubject) best = { pair: [left, after[0]!], connective: m[1]!.toLowerCase().replace('.', ''), jointSubject };
    }
  }
  if (best) return best;
  // An entity span may have swallowed the connective ("Lyon and Marseille" is not a name).
  for (const e of names) {
    const split = splitPair(e);
    if (split) {
      const word = / (and|or|vs\.?|versus) /i.exec(e)?.[1]?.toLowerCase() ?? 'and';
      const prefix = task.slice(0, task.indexOf(e));
      const jointSubject = new RegExp(`^(?:[\\p{L}'-]+\\s+){0,3}(?:${AUXILIARY})\\s+(?:both\\s+)?(?:the\\s+)?$`, 'iu').test(prefix);
      return { pair: split, connective: word, jointSubject };
    }
  }
  return undefined;
}

/** "Compare cats and dogs", "trams versus buses": a pair of common nouns around a connective. */
function commonNounPair(task: string): [string, string] | undefined {
  const m =
    /\b(?:compare|comparing|between|contrast)\s+(?:the\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:and|with|to|vs\.?|versus)\s+(?:the\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)/iu.exec(
      task,
    );
  if (m) return [m[1]!, m[2]!.replace(/\s+(?:on|in|by|for|of)$/i, '')];
  const v = /\b([\p{L}-]+)\s+(?:vs\.?|versus)\s+([\p{L}-]+)/iu.exec(task);
  return v ? [v[1]!, v[2]!] : undefined;
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
  'less',
  'similar',
  'differ',
  'differs',
  'different',
  'contrast',
  'alike',
  'whether',
  'one',
]);

/** A word that grades, alone: "younger", "first". */
const GRADED_WORD = new RegExp(`^${GRADED.source}$`, 'i');

/**
 * The words of a compared attribute a side's search looks for: not its comparatives ("younger",
 * "earlier", "first"), which say which side wins and which no passage about one side says.
 */
export function searchedAttribute(attribute: string | undefined): string | undefined {
  const words = (attribute ?? '').split(/\s+/).filter((w) => w !== '' && !GRADED_WORD.test(w));
  return words.length > 0 ? words.join(' ') : undefined;
}

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
      return r.pair ? `Compare ${r.pair[0]} and ${r.pair[1]}${r.attribute ? ` on ${r.attribute}` : ''}` : `Compare what the task names: ${r.task}`;
    case 'conditional':
      return `Check whether ${r.condition}; ${[r.then ? `then ${r.then}` : '', r.otherwise ? `otherwise ${r.otherwise}` : ''].filter(Boolean).join(', ')}`;
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
