/**
 * The plan as a model writes it, and the plan as Cairn keeps it.
 *
 * A model writes each step as `{step_id, type, parameters, dependencies}` and adds `condition`,
 * `on_dependency_skipped`, `modality` (when not the step type's own) and the rest only when it
 * needs them: the modality of most steps is `text` and their trace says who wrote them, so asking
 * a model to write both into every step spent some 30 output tokens a step for nothing it chose.
 * `normalizePlan` fills them in before validation, which then judges the plan as it always did.
 *
 * The schema sent as the structured answer (a forced tool, a response format) is this compact
 * shape; the full plan schema (schemas/plan.schema.json) stays the judge.
 */
import { STEP_FACTS } from '../steps/catalog.generated.js';
import { STEP_TYPES, type StepType } from '../types.js';

type Schema = Record<string, unknown>;

/**
 * The structured answer of a plan or repair request, as short as it can be: its parts and the
 * fields every step needs. The prompt says what goes in them (the rules, each type's parameters,
 * the analysis's fields when it is asked); validation against the full schemas judges what comes
 * back, and the repair loop mends it. Titled like the plan schema, so providers name the tool
 * `submit_decomposition_plan`, and one object for the first plan and its repairs: the tool, the
 * first part of the prefix a provider caches, stays the same. With `answer`, an iterative round
 * may answer instead of adding steps.
 */
export function modelPlanSchema(options: { answer?: boolean } = {}): Schema {
  const key = options.answer ? 'round' : 'plan';
  let schema = planSchemas.get(key);
  if (schema === undefined) {
    schema = {
      title: 'DecompositionPlan',
      type: 'object',
      required: options.answer ? [] : ['plan'],
      properties: {
        ...(options.answer ? {} : { analysis: { type: 'object', description: 'When asked.' } }),
        plan: { type: 'array', items: { type: 'object', required: ['step_id', 'type', 'parameters', 'dependencies'] } },
        ...(options.answer ? { answer: { type: 'string' } } : {}),
      },
    };
    planSchemas.set(key, schema);
  }
  return schema;
}

const planSchemas = new Map<string, Schema>();

/** The structured answer of an analysis asked on its own: an object, titled like the shipped schema (its fields are in the prompt). */
export const MODEL_ANALYSIS_SCHEMA: Readonly<Schema> = { title: 'TaskAnalysis', type: 'object', required: ['complexity', 'task_kind'] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The modality a step of `type` has unless it says otherwise. */
export function defaultModality(type: unknown): string {
  return (STEP_TYPES as readonly unknown[]).includes(type) ? (STEP_FACTS[type as StepType].modality ?? 'text') : 'text';
}

/**
 * A step as written, with what the model may leave out filled in: the type's modality, and a
 * trace naming `source`. Anything else (a missing field, a wrong type) is left for validation.
 */
export function normalizeStep(step: unknown, source: string): unknown {
  if (!isRecord(step)) return step;
  const filled: Record<string, unknown> = { ...step };
  if (filled.modality === undefined) filled.modality = defaultModality(filled.type);
  if (filled.trace === undefined) filled.trace = { source };
  return filled;
}

/** `{plan, traceability}` with every step normalized; a value of another shape is returned as it is. */
export function normalizePlan(value: unknown, source: string): unknown {
  if (!isRecord(value) || !Array.isArray(value.plan)) return value;
  return { ...value, plan: value.plan.map((s) => normalizeStep(s, source)), traceability: value.traceability ?? true };
}

/** A step as a prompt shows it: without the modality its type implies and without its trace. */
export function compactStep(step: unknown): unknown {
  if (!isRecord(step)) return step;
  const { trace: _trace, modality, ...rest } = step;
  return modality === undefined || modality === defaultModality(step.type) ? rest : { ...rest, modality };
}

/** A plan as a prompt shows it (an example, the steps a repair names). */
export function compactPlanText(plan: unknown): string {
  const steps = isRecord(plan) && Array.isArray(plan.plan) ? plan.plan : Array.isArray(plan) ? plan : [];
  return JSON.stringify(steps.map(compactStep));
}
