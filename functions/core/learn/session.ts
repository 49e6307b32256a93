/**
 * A stored plan as learning sees it: its executed steps in the plan's dependency order, each with the
 * parameters it ran with (rendered, from its `step.started` event), the parameters the plan wrote
 * (with their templates), its result, status, latency and the id of the event that ended it.
 */
import { canonicalToolName } from '../tools/registry.js';
import type { DecompositionStep, PlanRecord, StepOutput, TraceEvent } from '../types.js';
import type { Session, SessionStep } from './types.js';

/**
 * Step parameters that say how a step works rather than what it is asked: they are part of a step's
 * symbol, so `aggregate[method=rank_fusion]` and `aggregate[method=union]` count as different steps.
 */
const KEY_PARAMETERS = ['method', 'modality'] as const;

const END_EVENTS: ReadonlySet<string> = new Set(['step.completed', 'step.failed', 'step.skipped']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What mining counts for a step: the tool for a tool call, else the type with its key parameters. */
export function stepSymbol(type: string, parameters: Record<string, unknown>, tool?: string): string {
  if (tool) return tool;
  const keys = KEY_PARAMETERS.filter((k) => typeof parameters[k] === 'string').map((k) => `${k}=${String(parameters[k])}`);
  return keys.length > 0 ? `${type}[${keys.join(',')}]` : type;
}

/** The registry name of the tool a `tool_call` step calls (its parameters' `tool`, else the step's), or undefined. */
export function toolOf(step: DecompositionStep, parameters: Record<string, unknown> = step.parameters): string | undefined {
  if (step.type !== 'tool_call') return undefined;
  const name = typeof parameters.tool === 'string' ? parameters.tool : step.tool;
  return typeof name === 'string' && name !== '' ? canonicalToolName(name) : undefined;
}

/** A tool call's input is the tool's arguments; another step's input is its parameters. */
function inputOf(step: DecompositionStep, parameters: Record<string, unknown>): Record<string, unknown> {
  if (step.type !== 'tool_call') return parameters;
  if (isRecord(parameters.args)) return parameters.args;
  return isRecord(step.params) ? step.params : {};
}

/**
 * The plan's steps in dependency order, the lowest step id first among those ready. Steps that ran
 * in parallel started in whatever order the scheduler chose; this order is the plan's own, so the
 * same plan shape always reads as the same sequence.
 */
export function planOrder(plan: readonly DecompositionStep[]): number[] {
  const ids = new Set(plan.map((s) => s.step_id));
  const waiting = new Map(plan.map((s) => [s.step_id, new Set(s.dependencies.filter((d) => ids.has(d) && d !== s.step_id))]));
  const order: number[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([, deps]) => deps.size === 0).map(([id]) => id);
    // A cycle cannot have run; its steps follow in id order rather than being lost.
    const next = ready.length > 0 ? Math.min(...ready) : Math.min(...waiting.keys());
    order.push(next);
    waiting.delete(next);
    for (const deps of waiting.values()) deps.delete(next);
  }
  return order;
}

/**
 * The session of a stored plan, or undefined when nothing of it ran (no accepted plan, or no step
 * ended). Skipped steps did not run and are left out; failed steps stay, with their error.
 */
export function sessionFromTrace(input: { record: PlanRecord; events: readonly TraceEvent[]; outputs: readonly StepOutput[] }): Session | undefined {
  const { record, events, outputs } = input;
  const plan = record.plan?.plan;
  if (!plan || plan.length === 0) return undefined;
  const byId = new Map(plan.map((s) => [s.step_id, s]));
  // A step may start twice (the coverage retry reruns retrieval): its last start and end count.
  const started = new Map<number, { seq: number; parameters: Record<string, unknown> }>();
  const ended = new Map<number, TraceEvent>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const stepId = event.data?.step_id;
    if (typeof stepId !== 'number') continue;
    if (event.type === 'step.started') {
      started.set(stepId, { seq: event.seq, parameters: isRecord(event.data?.parameters) ? event.data.parameters : {} });
    } else if (END_EVENTS.has(event.type)) {
      ended.set(stepId, event);
    }
  }
  const outputById = new Map(outputs.map((o) => [o.step_id, o]));
  // An iterative plan's steps by the round that added them: learning tells a later round's steps apart.
  const roundOf = new Map((record.rounds?.rounds ?? []).flatMap((r) => r.stepIds.map((id) => [id, r.round] as const)));
  const order = planOrder(plan);
  const steps: SessionStep[] = [];
  for (const stepId of order) {
    const step = byId.get(stepId);
    const output = outputById.get(stepId);
    const end = ended.get(stepId);
    if (!step || !output || output.status === 'skipped') continue;
    const parameters = started.get(stepId)?.parameters ?? step.parameters;
    const tool = toolOf(step, parameters);
    const sessionStep: SessionStep = {
      position: steps.length,
      stepId,
      type: step.type,
      symbol: stepSymbol(step.type, parameters, tool),
      input: inputOf(step, parameters),
      rawInput: inputOf(step, step.parameters),
      status: output.status,
      latencyMs: output.durationMs,
      dependencies: [...step.dependencies],
      eventId: end ? `${record.planId}#${end.seq}` : `${record.planId}#step-${stepId}`,
      at: end?.at ?? output.endedAt,
    };
    if (tool) sessionStep.tool = tool;
    const round = roundOf.get(stepId);
    if (round !== undefined) sessionStep.round = round;
    if (output.status === 'succeeded') sessionStep.output = output.result;
    if (output.error) sessionStep.error = output.error;
    steps.push(sessionStep);
  }
  if (steps.length === 0) return undefined;
  return { sessionId: record.planId, at: record.createdAt, task: record.request.task, steps };
}
