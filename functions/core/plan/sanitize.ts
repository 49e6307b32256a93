/**
 * Seed 003: every retrieval sub-query must share at least one content word with the task, or
 * it is dropped: a planner that drifts off the task should not spend retrieval on its drift. Steps
 * that read a dropped step go with it. When what is left is no longer a valid plan that retrieves
 * anything, the plan falls back to a single query of the whole task.
 */

import { referencedSteps } from '../expression/expression.js';
import { parameterReferences } from '../expression/templates.js';
import { contentTerms } from '../retrieval/tokenize.js';
import { STEP_FACTS } from '../steps/catalog.generated.js';
import type { DecompositionPlan, DecompositionStep, StepType } from '../types.js';
import { validatePlan } from './validate.js';

export interface SanitizeOutcome {
  plan: DecompositionPlan;
  dropped: Array<{ step_id: number; reason: string }>;
  fallback: boolean;
}

/** The literal words of a sub-query: `{{ ... }}` placeholders are filled at run time and not judged here. */
function literalQuery(step: DecompositionStep): string {
  const p = step.parameters;
  const text = [p.query, p.related_to].filter((v): v is string => typeof v === 'string').join(' ');
  return text.replace(/\{\{[\s\S]*?\}\}/g, ' ');
}

function reads(step: DecompositionStep): number[] {
  const p = step.parameters;
  const ids = new Set<number>(step.dependencies);
  if (typeof p.input_step === 'number') ids.add(p.input_step);
  if (Array.isArray(p.input_steps)) for (const id of p.input_steps) if (typeof id === 'number') ids.add(id);
  for (const id of parameterReferences(p)) ids.add(id);
  if (step.condition) for (const id of referencedSteps(step.condition)) ids.add(id);
  return [...ids];
}

/** What a step that combines inputs reads results from: the steps it names, else all its dependencies (as their operators do). */
export function inputsOf(step: DecompositionStep): number[] {
  const p = step.parameters;
  const named = [
    ...(typeof p.input_step === 'number' ? [p.input_step] : []),
    ...(Array.isArray(p.input_steps) ? p.input_steps.filter((id): id is number => typeof id === 'number') : []),
  ];
  return named.length > 0 ? named : step.dependencies;
}

const isSubquery = (type: StepType): boolean => STEP_FACTS[type].subquery;

export function sanitizeSubqueries(plan: DecompositionPlan, task: string): SanitizeOutcome {
  const taskTerms = new Set(contentTerms(task));
  const dropped = new Map<number, string>();
  for (const step of plan.plan) {
    if (!isSubquery(step.type)) continue;
    const terms = contentTerms(literalQuery(step));
    if (terms.length > 0 && !terms.some((t) => taskTerms.has(t))) {
      dropped.set(step.step_id, `sub-query "${literalQuery(step).trim()}" shares no content word with the task`);
    }
  }
  if (dropped.size === 0) return { plan, dropped: [], fallback: false };

  // Whatever reads a dropped step cannot run as planned. A step that goes on when a dependency
  // is skipped (an aggregate, an answer) loses just that input.
  let changed = true;
  while (changed) {
    changed = false;
    for (const step of plan.plan) {
      if (dropped.has(step.step_id)) continue;
      const lost = reads(step).filter((id) => dropped.has(id));
      if (lost.length === 0) continue;
      // It survives only if the dropped step is one of its inputs, not read by a template or a condition.
      const readInText = parameterReferences(step.parameters).some((id) => dropped.has(id));
      const survivesAsAggregate =
        STEP_FACTS[step.type].onDependencySkipped === 'continue' && inputsOf(step).some((id) => !dropped.has(id)) && !step.condition && !readInText;
      if (!survivesAsAggregate) {
        dropped.set(step.step_id, `reads dropped step ${lost[0]}`);
        changed = true;
      }
    }
  }
  const kept: DecompositionStep[] = plan.plan
    .filter((s) => !dropped.has(s.step_id))
    .map((s) => {
      const inputs = Array.isArray(s.parameters.input_steps) ? (s.parameters.input_steps as number[]).filter((id) => !dropped.has(id)) : undefined;
      return {
        ...s,
        dependencies: s.dependencies.filter((id) => !dropped.has(id)),
        parameters: inputs === undefined ? s.parameters : { ...s.parameters, input_steps: inputs },
      };
    });
  const candidate: DecompositionPlan = { plan: kept, traceability: plan.traceability };
  const droppedList = [...dropped.entries()].map(([step_id, reason]) => ({ step_id, reason }));
  if (kept.some((s) => isSubquery(s.type)) && validatePlan(candidate).valid) {
    return { plan: candidate, dropped: droppedList, fallback: false };
  }
  return { plan: singleQueryPlan(task), dropped: droppedList, fallback: true };
}

/** The plan of last resort: search the whole task, re-rank, answer. */
export function singleQueryPlan(task: string): DecompositionPlan {
  const trace = (explanation: string, step: string) => ({ source: 'fallback', explanation, step });
  return {
    plan: [
      {
        step_id: 1,
        type: 'keyword_search',
        modality: 'text',
        parameters: { query: task },
        dependencies: [],
        trace: trace('Search the whole task', 'keyword_search'),
      },
      {
        step_id: 2,
        type: 'rerank',
        modality: 'text',
        parameters: { input_step: 1, query: task },
        dependencies: [1],
        trace: trace('Re-score against the task', 'rerank'),
      },
      {
        step_id: 3,
        type: 'llm_call',
        modality: 'text',
        parameters: { prompt: `Answer from the sources, citing them. Task: ${task}`, input_step: 2 },
        dependencies: [2],
        trace: trace('Compose the answer', 'llm_call'),
      },
    ],
    traceability: true,
  };
}
