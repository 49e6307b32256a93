/** What the planner tests share: the schema catalog the planner validates with, its dependencies and a planning input. */
import { analysisSchema, plannerPlanSchema, stepParameterSchemas } from '../../functions/core/plan/schemas.js';
import { DEFAULT_TOKEN_BUDGETS, type PlannerDeps, type PlanningInput } from '../../functions/core/planner/planner.js';
import type { LlmProvider } from '../../functions/core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../../functions/core/steps/index.js';

export const catalog = { planSchema: plannerPlanSchema, stepSchemas: stepParameterSchemas, analysisSchema };

/** The planner's clock unless a test names another. */
export const NOW = new Date('2026-11-22T10:00:00.000Z');

/** The planner's dependencies around `llm`: the catalog, the default budgets and a stopped clock. */
export function plannerDepsFor(llm: LlmProvider, now: Date = NOW): PlannerDeps {
  return { llm, catalog, budgets: DEFAULT_TOKEN_BUDGETS, now: () => now };
}

/** Planning `task` with every executable step type, at most 20 steps and the 10 best hits a search. */
export function planningInput(task: string): PlanningInput {
  return { task, allowedStepTypes: EXECUTABLE_STEP_TYPES, maxSteps: 20, topK: 10 };
}

export const validationOptions = { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES };
