/** How a phase asks the planner: its dependencies and input for one request, and a refusal traced before it fails the plan. */
import { LlmRefusalError } from '../errors.js';
import { budgetOf, usageOf, withBudget } from '../planner/budget.js';
import type { PlannerDeps, PlanningInput } from '../planner/planner.js';
import { templatesWith } from '../planner/templates/index.js';
import type { PlanRecord } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent, withMetadata } from './llm-accounting.js';
import { allowedStepTypes, offeredComposites, requestOptions } from './request-options.js';
import type { WriteBehind } from './write-behind.js';

/**
 * The planner's dependencies for one request: its LLM behind the request's budget (counting every
 * call the plan has made so far) and its prompt templates.
 */
export function plannerDeps(deps: PhaseDeps, record: PlanRecord): PlannerDeps {
  const requested = record.request.options;
  return {
    llm: withBudget(deps.llm, budgetOf(requested), usageOf(record.metadata?.llmCalls ?? [])),
    catalog: deps.catalog,
    budgets: deps.budgets,
    now: () => deps.clock.now(),
    templates: templatesWith(requested?.promptTemplates),
  };
}

/** What the planner is asked for this request, first plan or repair alike. */
export function planningInput(deps: PhaseDeps, record: PlanRecord): PlanningInput {
  const o = requestOptions(deps, record);
  return {
    task: record.request.task,
    context: record.request.context,
    constraints: record.request.constraints,
    analysis: record.analysis,
    allowedStepTypes: allowedStepTypes(record),
    maxSteps: o.maxSteps,
    topK: o.topK,
    tools: offeredComposites(deps, record),
  };
}

const DURATION_KEY = { analyzing: 'analyze', planning: 'generate', repairing: 'repair' } as const;

/**
 * Runs a planner call; a refused call (LlmRefusalError) is traced with its tokens and cost before
 * the error goes on to fail the plan.
 */
export async function tracingRefusal<T>(
  deps: PhaseDeps,
  record: PlanRecord,
  phase: keyof typeof DURATION_KEY,
  run: () => Promise<T>,
  /** The phase's writes still landing (its status): the refusal is traced after them. */
  earlier?: WriteBehind,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LlmRefusalError) {
      await earlier?.drain();
      await deps.store.updatePlanWithEvents(record.planId, { metadata: withMetadata(deps, record, DURATION_KEY[phase], error.call.durationMs, [error.call]) }, [
        llmCallEvent(phase, error.call),
      ]);
    }
    throw error;
  }
}
