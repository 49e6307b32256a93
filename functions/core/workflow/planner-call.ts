/** How a phase asks the planner: its dependencies and input for one request, and the calls that got no answer traced before the error fails the plan. */
import { budgetOf, type MeteredLlm, usageOf, withBudget } from '../planner/budget.js';
import type { PlannerDeps, PlanningInput } from '../planner/planner.js';
import { simpleEnough } from '../planner/sizing.js';
import { templatesWith } from '../planner/templates/index.js';
import type { PlanRecord } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { tracingUnanswered } from './llm-accounting.js';
import { allowedStepTypes, offeredComposites, requestOptions } from './request-options.js';
import { suppliedPlanOf } from './supplied-plan.js';
import type { WriteBehind } from './write-behind.js';

/**
 * The planner's dependencies for one request: its LLM behind the request's budget (counting every
 * call the plan has made so far, the ones that got no answer included) and its prompt templates.
 */
export function plannerDeps(deps: PhaseDeps, record: PlanRecord): PlannerDeps & { llm: MeteredLlm } {
  const requested = record.request.options;
  return {
    llm: withBudget(deps.llm, budgetOf(requested), usageOf(record.metadata?.llmCalls ?? [])),
    catalog: deps.catalog,
    budgets: deps.budgets,
    now: () => deps.clock.now(),
    templates: templatesWith(requested?.promptTemplates),
  };
}

/**
 * How the task's analysis is asked: not at all (analysis off, a supplied plan), in a call of its
 * own before the plan, or in the plan's own call. A short task of one sentence with no context is
 * simple enough for the last: the model reads the task once and writes both. A request that gives
 * its own analysis template has it asked on its own, with that template.
 */
export function analysisMode(deps: PhaseDeps, record: PlanRecord): 'off' | 'alone' | 'with-plan' {
  if (!requestOptions(deps, record).analyze || suppliedPlanOf(record.request) !== undefined) return 'off';
  if (record.request.options?.promptTemplates?.analysis !== undefined) return 'alone';
  return simpleEnough(record.request.task, record.request.context) ? 'with-plan' : 'alone';
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
    analysisWithPlan: record.analysis === undefined && analysisMode(deps, record) === 'with-plan',
  };
}

/**
 * Runs a planner call with the request's planner dependencies; a call that got no answer (failed,
 * aborted, timed out, stopped by the budget) or was refused is traced with what it cost before the
 * error goes on to fail the plan.
 */
export function plannerCall<T>(
  deps: PhaseDeps,
  record: PlanRecord,
  phase: 'analyzing' | 'planning' | 'repairing',
  run: (planner: PlannerDeps) => Promise<T>,
  /** The phase's writes still landing (its status): the calls are traced after them. */
  earlier?: WriteBehind,
): Promise<T> {
  const planner = plannerDeps(deps, record);
  return tracingUnanswered(deps, record, phase, planner.llm, () => run(planner), earlier);
}
