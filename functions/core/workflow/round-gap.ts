/**
 * Whether a round of an iterative plan left work for another (seed 002's loop, made to earn its
 * calls, issue 24 item 8). Another round runs only when it has something to find: a hop or a side
 * the round left uncovered, which is a corpus document that a passage the answer read names,
 * beside a word of the question ("directed by Celina Murga" for "the director of ..."), and which
 * the round did not rank in its first five sources. Such a document is a lead: it exists (its title
 * is what the passage names), so a search of its title finds it. A round that leaves no lead ends
 * the loop without a model call, whatever its answer: no later round could follow anything.
 * A later round's leads are still those of the first round's passages, minus the ones a later
 * round asked about: a loop follows each lead once.
 */
import { readQuestion } from '../answer/question.js';
import { answerStep, rankSources } from '../executor/sources.js';
import { inputsOf } from '../plan/sanitize.js';
import { RESULT_LIMITS, stepsByRound } from '../planner/rounds.js';
import type { CorpusIndex } from '../ports.js';
import { isStopword, tokenize } from '../retrieval/tokenize.js';
import { documentsOf } from '../steps/documents.js';
import type { DecompositionPlan, RetrievedDocument, RoundsRecord, StepOutput } from '../types.js';

export interface RoundOf {
  task: string;
  /** The kind of task the analysis recognised (bridge, comparison, ...), when there was an analysis. */
  taskKind?: string | undefined;
  plan: DecompositionPlan;
  outputs: readonly StepOutput[];
  rounds: RoundsRecord | undefined;
  round: number;
}

/**
 * How a lead is told, fitted on the dev splits of the three evaluation sets (docs/evaluation.md):
 * a word of the question's relation is among the `window` words before the name, and shares its first
 * `prefix` letters with it ("directed" and "director"); a question word has at least
 * `minWordLength` letters. With these, 2WikiMultihopQA's dev split has a lead in 18 of its 75
 * questions (17 of them a gold document), hotpotqa-100's in 4 of 39, the sample corpus's in none
 * of 43; a window of 3 to 6 words and a prefix of 4 or 5 letters gave the same within one question.
 */
export const LEAD_CUES = { window: 4, prefix: 5, minWordLength: 4 } as const;

/** How many of the round's first sources a lead must be missing from: recall is scored at 5. */
export const LEAD_RANK = 5;

/** A document a passage the answer read names beside a word of the question, not yet ranked. */
export interface Lead {
  id: string;
  title: string;
  /** The passage that names it. */
  namedIn: string;
  /** The question's word it is named beside. */
  cue: string;
}

const titleKey = (title: string): string[] => tokenize(title.replace(/\s*\([^)]*\)\s*$/, ''));

/**
 * The question's word that `name` follows in `text` (among the `LEAD_CUES.window` words before
 * it), or undefined. `own` is the title of the passage: its own words are not cues. Shared with
 * the rule-based planner, which looks for the names to ask about the same way.
 */
export function leadCue(text: string, name: string, task: string, own = ''): string | undefined {
  const words = tokenize(text);
  const key = tokenize(name);
  if (key.length === 0) return undefined;
  const ownWords = new Set(tokenize(own));
  // The cues are the words of the relation the question asks about (answer/question.ts), not its
  // names. A relation of one word ("the populations of Lyon and Marseille") asks it of the things
  // the question names: there is no hop to follow.
  const relation = readQuestion(task).relation.flatMap((w) => tokenize(w));
  if (relation.length < 2) return undefined;
  const cues = relation.filter((w) => w.length >= LEAD_CUES.minWordLength && !isStopword(w) && !ownWords.has(w) && !key.includes(w));
  for (let i = 0; i + key.length <= words.length; i++) {
    if (!key.every((k, j) => words[i + j] === k)) continue;
    const before = words.slice(Math.max(0, i - LEAD_CUES.window), i);
    const cue = cues.find((c) => before.some((w) => w.slice(0, LEAD_CUES.prefix) === c.slice(0, LEAD_CUES.prefix)));
    if (cue !== undefined) return cue;
  }
  return undefined;
}

/**
 * The passages of round 1 the answer read, as a person reads results before searching again: a
 * bridge's first hop (the first list its answer reads), its two best; any other task, the best of
 * each list its answer reads (a comparison's sides).
 */
function readPassages(plan: DecompositionPlan, outputs: readonly StepOutput[], taskKind: string | undefined): RetrievedDocument[] {
  const answer = answerStep(plan, outputs);
  const step = answer ? plan.plan.find((s) => s.step_id === answer.step_id) : undefined;
  if (!step) return [];
  const byId = new Map(outputs.map((o) => [o.step_id, o]));
  const lists = inputsOf(step).map((id) => documentsOf(byId.get(id)));
  const passages = taskKind === 'bridge' ? (lists[0] ?? []).slice(0, 2) : lists.flatMap((docs) => docs.slice(0, 1));
  return passages.filter((p, i) => passages.findIndex((q) => q.id === p.id) === i);
}

/**
 * The leads the first round left: documents its read passages name beside a word of the question
 * that the plan so far has not ranked in its first `LEAD_RANK` sources, nor asked about by title in
 * a later round.
 */
export async function roundLeads({ task, taskKind, plan, outputs, rounds }: RoundOf, index: CorpusIndex): Promise<Lead[]> {
  const byRound = stepsByRound(plan, rounds);
  const first = new Set((byRound.get(1) ?? []).map((s) => s.step_id));
  const firstPlan: DecompositionPlan = { ...plan, plan: plan.plan.filter((s) => first.has(s.step_id)) };
  const passages = readPassages(
    firstPlan,
    outputs.filter((o) => first.has(o.step_id)),
    taskKind,
  );
  const ranked = new Set(rankSources(plan, outputs, { attributionTopN: 1, maxSources: LEAD_RANK, task }).sources.map((s) => s.id));
  const asked = plan.plan
    .filter((s) => !first.has(s.step_id) && typeof s.parameters.query === 'string')
    .map((s) => tokenize(String(s.parameters.query)).join(' '));
  const leads: Lead[] = [];
  for (const passage of passages) {
    // What the planner is shown of a passage (planner/rounds.ts): a name past it is one no planner could follow.
    const shown = passage.text.slice(0, RESULT_LIMITS.snippetChars - 1);
    for (const id of await index.documentsNamedIn(shown)) {
      if (id === passage.id || ranked.has(id) || leads.some((l) => l.id === id)) continue;
      const doc = await index.get(id);
      if (!doc?.title) continue;
      const key = titleKey(doc.title).join(' ');
      if (asked.some((q) => q.includes(key))) continue;
      const cue = leadCue(shown, doc.title.replace(/\s*\([^)]*\)\s*$/, ''), task, passage.title ?? '');
      if (cue !== undefined) leads.push({ id, title: doc.title, namedIn: passage.id, cue });
    }
  }
  return leads;
}

/**
 * What round `round` left uncovered, in words, or undefined when it left nothing another round
 * could find. A task of unknown kind (no analysis) is left to its planner.
 */
export async function roundGap(of: RoundOf, index: CorpusIndex): Promise<string | undefined> {
  const { taskKind, round } = of;
  if (taskKind === undefined) return `round ${round} of a task of unknown kind leaves its planner to judge whether each hop is in`;
  const leads = await roundLeads(of, index);
  if (leads.length === 0) return undefined;
  const named = leads.map((l) => `${l.title} (named in ${l.namedIn} beside "${l.cue}")`).join('; ');
  return `round ${round} left ${leads.length === 1 ? 'a document' : `${leads.length} documents`} its passages name and it did not rank: ${named}`;
}
