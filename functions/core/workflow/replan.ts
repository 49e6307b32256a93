/**
 * The Replan task of an iterative plan: after a round has run, its results go to the planner,
 * which adds steps (the next round) or answers. The loop ends when the planner answers or adds
 * nothing, when it makes no progress (it sends back what already ran), when its steps are not a
 * valid plan, or at the round limit; the reason is traced and kept with the plan, and Finalize
 * answers from everything the rounds found.
 */
import { validatePlan } from '../plan/validate.js';
import { mergeRound, planNextRound } from '../planner/rounds.js';
import type { DecompositionPlan, PlanRecord, RoundStopReason, RoundsRecord } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent, withMetadata } from './llm-accounting.js';
import { loadPlan } from './plan-record.js';
import { plannerCall, planningInput } from './planner-call.js';
import { allowedStepTypes, allowedTools, requestOptions } from './request-options.js';
import { roundGap } from './round-gap.js';
import type { RoundState, WorkflowInput } from './types.js';

/** The round a state's input is in: the first until Replan has started another. */
export function currentRound(input: { round?: RoundState }): number {
  return input.round?.round ?? 1;
}

/** The rounds of a plan as stored, or the first round (every step of the plan) when none is stored yet. */
export function roundsOf(record: PlanRecord, maxRounds: number): RoundsRecord {
  return record.rounds ?? { maxRounds, rounds: [{ round: 1, stepIds: (record.plan?.plan ?? []).map((s) => s.step_id) }] };
}

export async function replanPhase(deps: PhaseDeps, input: WorkflowInput & { round?: RoundState }): Promise<RoundState> {
  const started = performance.now();
  const record = await loadPlan(deps.store, input.planId);
  const round = currentRound(input);
  const maxRounds = input.maxRounds ?? 1;
  const rounds = roundsOf(record, maxRounds);
  const plan = record.plan as DecompositionPlan;

  const stop = async (reason: RoundStopReason, detail: string, answer?: string): Promise<RoundState> => {
    const { record: stopped } = await deps.store.updatePlanWithEvents(
      input.planId,
      { rounds: { ...rounds, stop: { round, reason, detail }, ...(answer ? { answer } : {}) } },
      [{ type: 'round.completed', phase: 'executing', data: { round, next: 'finalize', reason, detail } }],
    );
    return { round, done: true, reason, version: stopped.version };
  };

  // A retried state (a transient store error after the planner answered) does not ask again: the
  // round it started, or the stop it recorded, stands.
  if (rounds.rounds.some((r) => r.round === round + 1)) return { round: round + 1, done: false };
  if (rounds.stop?.round === round) return { round, done: true, reason: rounds.stop.reason };

  if (round >= maxRounds) {
    return stop('round_limit', `the round limit (${maxRounds}) was reached; the answer is written from what ${maxRounds} round(s) found`);
  }
  const o = requestOptions(deps, record);
  const outputs = await deps.store.listStepOutputs(input.planId);
  // A round that left nothing another could find ends the loop: no model call.
  const index = await deps.corpora.load(record.request.corpus);
  const gap = await roundGap({ task: record.request.task, taskKind: record.analysis?.task_kind, plan, outputs, rounds: record.rounds, round }, index);
  if (gap === undefined) {
    return stop('covered', `round ${round} left no document unranked that its passages name beside a word of the task: no further round could find more`);
  }
  const { reply, outcome } = await plannerCall(deps, record, 'planning', (planner) =>
    planNextRound(planner, { ...planningInput(deps, record), round: round + 1, maxRounds, plan, rounds, outputs, gap }),
  );
  await deps.store.updatePlanWithEvents(input.planId, { metadata: withMetadata(deps, record, 'replan', performance.now() - started, [outcome.record]) }, [
    llmCallEvent('planning', outcome.record),
  ]);

  if (reply.kind === 'unreadable') return stop('invalid_plan', `round ${round + 1}: no plan in the planner's answer: ${reply.error}`);
  if (reply.kind === 'answer') return stop('answered', `the planner answered after round ${round}`, reply.answer);
  const merge = mergeRound(plan, reply.steps);
  if (merge.kind === 'no_more_steps') return stop('no_more_steps', `the planner added no step after round ${round}`);
  if (merge.kind === 'no_progress') return stop('no_progress', `round ${round + 1} made no progress: ${merge.detail}`);
  if (merge.kind === 'conflict') return stop('invalid_plan', `round ${round + 1}: ${merge.detail}`);

  // Each round may add up to the request's step limit; the plan as a whole is checked like any plan.
  const validation = validatePlan(merge.plan, {
    maxSteps: o.maxSteps * (round + 1),
    allowedStepTypes: allowedStepTypes(record),
    allowedTools: allowedTools(deps, record),
  });
  await deps.store.appendEvent(input.planId, {
    type: 'validation.completed',
    phase: 'validating',
    data: { round: round + 1, valid: validation.valid, errors: validation.errors },
  });
  if (!validation.valid) {
    const first = validation.errors[0];
    return stop('invalid_plan', `round ${round + 1}'s steps are not a valid plan: ${first ? `${first.path}: ${first.message}` : 'invalid'}`);
  }
  const next = round + 1;
  const { record: nextRound } = await deps.store.updatePlanWithEvents(
    input.planId,
    { plan: merge.plan, rounds: { ...rounds, rounds: [...rounds.rounds, { round: next, stepIds: merge.newIds }] } },
    [
      { type: 'round.completed', phase: 'executing', data: { round, next: 'round', nextRound: next } },
      { type: 'round.started', phase: 'executing', data: { round: next, steps: merge.newIds, ...(reply.reasoning ? { reasoning: reply.reasoning } : {}) } },
    ],
  );
  // The version the next round's Execute starts from: a container that wrote an older one must not answer from memory.
  return { round: next, done: false, version: nextRound.version };
}
