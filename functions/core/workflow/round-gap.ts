/**
 * Whether a round of an iterative plan left work for another (seed 002's loop, made to earn its
 * calls): a round whose every sub-query found evidence and whose answer step gave a short answer
 * has nothing left to find, so the planner is not asked about it. The loop then ends without a
 * model call. A round that left a sub-query empty, or whose answer found no answer, is shown to
 * the planner; so is every round of a bridge, whose first answer may rest on the first hop alone.
 */
import { checkEvidence, evidenceOf } from '../answer/evidence.js';
import { answerStep, rankSources } from '../executor/sources.js';
import { inputsOf } from '../plan/sanitize.js';
import { stepsByRound } from '../planner/rounds.js';
import type { Lexicon } from '../ports.js';
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
 * What round `round` left uncovered, in words, or undefined when it answered with every sub-query
 * covered. Its answer counts only as Finalize would take it: a short answer the relevance rule
 * (answer/evidence.ts) accepts on what the answer read. A round whose answer step does not say
 * whether it found an answer (a provider that gives no short answer) is left to the planner.
 */
export function roundGap({ task, taskKind, plan, outputs, rounds, round }: RoundOf, lexicon?: Lexicon): string | undefined {
  if (taskKind === undefined) return `round ${round} of a task of unknown kind leaves its planner to judge whether each hop is in`;
  const inRound = new Set((stepsByRound(plan, rounds).get(round) ?? []).map((s) => s.step_id));
  const roundPlan: DecompositionPlan = { ...plan, plan: plan.plan.filter((s) => inRound.has(s.step_id)) };
  const roundOutputs = outputs.filter((o) => inRound.has(o.step_id));
  const { coverage } = rankSources(roundPlan, roundOutputs, { attributionTopN: 1, maxSources: 1 });
  if (coverage.covered_count < coverage.subquery_count) {
    return `${coverage.subquery_count - coverage.covered_count} of round ${round}'s ${coverage.subquery_count} sub-queries found nothing`;
  }
  const answer = answerStep(roundPlan, roundOutputs);
  if (answer === undefined) return `round ${round} has no answer step that ran`;
  // A bridge's first answer can be borne out by its first hop alone and still be wrong: the bridge
  // is crossed only when the answer read, beside the first hop, a document a first-hop passage names.
  if (taskKind === 'bridge' && !bridgeCrossed(roundPlan, roundOutputs, answer)) return `round ${round} did not cross the bridge to a second hop`;
  if (!('short_answer' in answer.result)) return `round ${round}'s answer step does not say whether it answered`;
  const short = answer.result.short_answer;
  if (typeof short !== 'string' || short.trim() === '') return `round ${round}'s answer found no answer in its evidence`;
  const read = evidenceOf(answer, roundOutputs, []);
  if (!checkEvidence(task, read, { shortAnswer: short }, lexicon).covered) return `round ${round}'s answer is not borne out by what it read`;
  return undefined;
}

const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether a bridge's round found its second hop: a document of a list the answer read after the
 * first (the first hop) that a first-hop passage names by its title, or that names a first-hop
 * passage's title (the link either way; rule-based/next-round.ts reads the round's results alike).
 */
function bridgeCrossed(plan: DecompositionPlan, outputs: readonly StepOutput[], answer: StepOutput): boolean {
  const step = plan.plan.find((s) => s.step_id === answer.step_id);
  const [first, ...rest] = step ? inputsOf(step) : [];
  const byId = new Map(outputs.map((o) => [o.step_id, o]));
  const firstHop = documentsOf(byId.get(first ?? -1));
  const next = rest.flatMap((id) => documentsOf(byId.get(id)));
  const names = (a: RetrievedDocument, b: RetrievedDocument) => {
    const title = normalised(b.title ?? b.id);
    return a.id !== b.id && title.length > 2 && normalised(a.text).includes(title);
  };
  return next.some((d) => firstHop.some((p) => names(p, d) || names(d, p)));
}
