/**
 * A candidate plan against the schemas and the semantic rules. Every finding is returned
 * at once, because the repair loop feeds them all back to the LLM in one prompt: the semantic
 * checks read the candidate defensively and run even when the schema already failed, skipping only
 * the parts they cannot make sense of.
 */
import { ExpressionError, oneLine, PlanValidationError } from '../errors.js';
import { referencedSteps } from '../expression/expression.js';
import { templateReferences } from '../expression/templates.js';
import { type AnswerSchema, answerSchemaIssues } from '../steps/answer-schema.js';
import { STEP_FACTS } from '../steps/catalog.generated.js';
import { canonicalToolName } from '../tools/registry.js';
import { type DecompositionPlan, MODALITIES, STEP_TYPES, type StepType, type ValidationIssue, type ValidationResult } from '../types.js';
import { MAX_NESTING_DEPTH, nestingMessage, nestsDeeperThan } from './depth.js';
import { ancestors, findCycles, formatCycle, type GraphStep } from './graph.js';
import { checkPlanSchema, isRecord, stepParameterSchemas } from './schemas.js';

export const DEFAULT_MAX_STEPS = 20;
export const DEFAULT_MAX_FAN_OUT = 8;

export interface PlanValidationOptions {
  /** Most steps a plan may have (default 20). */
  maxSteps?: number;
  /** Most direct dependents one step may have (default 8). */
  maxFanOut?: number;
  /** The step types this request allows; all when absent. */
  allowedStepTypes?: readonly StepType[];
  /** The tools this request allows; any when absent. `service.method` and `service_method` match each other. */
  allowedTools?: readonly string[];
}

/** Schema and semantic findings, plan-wide ones first, then step by step; `valid` when there are none. */
export function validatePlan(candidate: unknown, options: PlanValidationOptions = {}): ValidationResult {
  // The schema checker and the semantic checks recurse into parameters: a value nested past the
  // limit is refused with one finding before either sees it.
  if (nestsDeeperThan(candidate, MAX_NESTING_DEPTH)) {
    return { valid: false, errors: [{ path: '(root)', message: nestingMessage(MAX_NESTING_DEPTH), source: 'schema' }] };
  }
  const errors = inPlanOrder([...checkPlanSchema(candidate), ...checkPlanSemantics(candidate, options)]);
  return { valid: errors.length === 0, errors };
}

/** The candidate as a typed plan, or PlanValidationError carrying every finding. */
export function assertValidPlan(candidate: unknown, options: PlanValidationOptions = {}): DecompositionPlan {
  const { errors } = validatePlan(candidate, options);
  if (errors.length > 0) {
    const first = errors[0] as ValidationIssue;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    throw new PlanValidationError(`invalid plan: ${first.path}: ${first.message}${more}`, errors);
  }
  return candidate as DecompositionPlan;
}

/** Beyond this multiple of maxSteps only the step count is reported. */
const OVERSIZE_FACTOR = 10;

// The schema's limit on `condition`; longer or empty text is reported there, not parsed again.
const CONDITION_MAX_LENGTH = 512;

const STEP_TYPE_SET: ReadonlySet<string> = new Set(STEP_TYPES);
const MODALITY_SET: ReadonlySet<string> = new Set(MODALITIES);

/** What the semantic checks could read from one raw step; absent when the value is malformed. */
interface StepFacts {
  path: string;
  raw: Record<string, unknown>;
  id: number | undefined;
  type: StepType | undefined;
  /** Well-formed entries only (integers >= 1), with their position in the list. */
  dependencies: Array<{ position: number; id: number }>;
  parameters: Record<string, unknown> | undefined;
}

/** The semantic rules alone, for a candidate of any shape. */
export function checkPlanSemantics(candidate: unknown, options: PlanValidationOptions = {}): ValidationIssue[] {
  if (!isRecord(candidate) || !Array.isArray(candidate.plan)) return [];
  const rawSteps: unknown[] = candidate.plan;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const maxFanOut = options.maxFanOut ?? DEFAULT_MAX_FAN_OUT;
  const issues: ValidationIssue[] = [];
  const add = (path: string, message: string): void => {
    issues.push({ path, message, source: 'semantic' });
  };

  if (rawSteps.length === 0) {
    add('plan', 'must contain at least one step');
    return issues;
  }
  if (rawSteps.length > maxSteps) add('plan', `has ${rawSteps.length} steps, more than the limit of ${maxSteps}`);
  // Far past the limit, step-by-step findings help nobody and the reference checks grow with the
  // square of the size: a hostile request must not make validation expensive.
  if (rawSteps.length > maxSteps * OVERSIZE_FACTOR) return issues;

  const steps = rawSteps.flatMap((value, index) => (isRecord(value) ? [readStep(value, index)] : []));

  // Ids: the first step with an id owns it; later ones are duplicates and stay out of the graph.
  const byId = new Map<number, StepFacts>();
  for (const step of steps) {
    if (step.id === undefined) continue;
    if (byId.has(step.id)) add(`${step.path}.step_id`, `duplicate step id ${step.id}`);
    else byId.set(step.id, step);
  }

  for (const step of steps) {
    checkTypeAndModality(step, options, add);
    for (const dep of step.dependencies) {
      const at = `${step.path}.dependencies.${dep.position}`;
      if (dep.id === step.id) add(at, `step ${dep.id} depends on itself`);
      else if (!byId.has(dep.id)) add(at, `step ${dep.id} does not exist`);
    }
    checkInputs(step, add);
    checkTool(step, options, add);
    checkAnswerSchema(step, add);
  }

  // The graph of well-formed, existing edges; self-dependencies are reported above, not as cycles.
  const graph: GraphStep[] = [...byId.values()].map((step) => ({
    step_id: step.id as number,
    dependencies: existingDependencies(step, byId),
  }));
  const ancestorCache = new Map<number, Set<number>>();
  const ancestorsOfStep = (step: StepFacts): Set<number> => {
    const result = new Set<number>();
    for (const dep of existingDependencies(step, byId)) {
      result.add(dep);
      let upstream = ancestorCache.get(dep);
      if (upstream === undefined) {
        upstream = ancestors(graph, dep);
        ancestorCache.set(dep, upstream);
      }
      for (const id of upstream) result.add(id);
    }
    return result;
  };
  for (const step of steps) checkReferences(step, byId, ancestorsOfStep, add);

  checkFanOut(steps, byId, maxFanOut, add);
  for (const cycle of findCycles(graph)) add('plan', `dependency cycle ${formatCycle(cycle)}`);
  return inPlanOrder(issues);
}

/** Plan-wide findings first, then step by step: the order a reader (or the LLM) fixes them in. Stable. */
function inPlanOrder(issues: ValidationIssue[]): ValidationIssue[] {
  const stepIndex = (issue: ValidationIssue): number => {
    const match = /^plan\.(\d+)(?:\.|$)/.exec(issue.path);
    return match ? Number(match[1]) : -1;
  };
  return issues
    .map((issue, order) => ({ issue, order, index: stepIndex(issue) }))
    .sort((a, b) => a.index - b.index || a.order - b.order)
    .map(({ issue }) => issue);
}

function readStep(raw: Record<string, unknown>, index: number): StepFacts {
  const type = raw.type;
  const deps = raw.dependencies;
  return {
    path: `plan.${index}`,
    raw,
    id: isStepId(raw.step_id) ? raw.step_id : undefined,
    type: typeof type === 'string' && STEP_TYPE_SET.has(type) ? (type as StepType) : undefined,
    dependencies: Array.isArray(deps) ? deps.flatMap((id: unknown, position) => (isStepId(id) ? [{ position, id }] : [])) : [],
    parameters: isRecord(raw.parameters) ? raw.parameters : undefined,
  };
}

function existingDependencies(step: StepFacts, byId: ReadonlyMap<number, StepFacts>): number[] {
  return [...new Set(step.dependencies.map((dep) => dep.id).filter((id) => id !== step.id && byId.has(id)))];
}

type Add = (path: string, message: string) => void;

function checkTypeAndModality(step: StepFacts, options: PlanValidationOptions, add: Add): void {
  if (step.type === undefined) return;
  if (options.allowedStepTypes !== undefined && !options.allowedStepTypes.includes(step.type)) {
    add(`${step.path}.type`, `step type ${step.type} is not allowed here (allowed: ${options.allowedStepTypes.join(', ')})`);
  }
  // Some types work on one modality only (a transcription reads audio); the others on any.
  const required = STEP_FACTS[step.type].modality;
  const modality = step.raw.modality;
  if (required !== undefined && typeof modality === 'string' && MODALITY_SET.has(modality) && modality !== required) {
    add(`${step.path}.modality`, `must be ${required} for step type ${step.type} (got ${modality})`);
  }
}

/** `input_step`, `input_steps` and the step-level `aggregate` name results the step reads: they must be dependencies. */
function checkInputs(step: StepFacts, add: Add): void {
  const deps = [...new Set(step.dependencies.map((dep) => dep.id))];
  const mustBeDependency = (value: unknown, at: string): void => {
    if (isStepId(value) && !deps.includes(value)) add(at, `step ${value} is not in this step's dependencies [${deps.join(', ')}]`);
  };
  const declared = step.type !== undefined ? stepParameterSchemas[step.type].properties : undefined;
  // Only keys the type's schema declares: an undeclared one is already an "additional property".
  const declares = (key: string): boolean => isRecord(declared) && key in declared;
  if (step.parameters !== undefined) {
    if (declares('input_step')) mustBeDependency(step.parameters.input_step, `${step.path}.parameters.input_step`);
    const inputs = step.parameters.input_steps;
    if (declares('input_steps') && Array.isArray(inputs)) {
      for (const [index, value] of inputs.entries()) mustBeDependency(value, `${step.path}.parameters.input_steps.${index}`);
    }
  }
  const aggregate = step.raw.aggregate;
  if (Array.isArray(aggregate)) for (const [index, value] of aggregate.entries()) mustBeDependency(value, `${step.path}.aggregate.${index}`);
}

/** An elicitation's answer schema, past what its JSON Schema says: `required` names fields, enums and bounds agree. */
function checkAnswerSchema(step: StepFacts, add: Add): void {
  const schema = step.type === 'elicitation' ? step.parameters?.schema : undefined;
  if (!isRecord(schema) || !isRecord(schema.properties) || !Object.values(schema.properties).every(isRecord)) return;
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string'))) return;
  for (const issue of answerSchemaIssues(schema as unknown as AnswerSchema)) {
    add(`${step.path}.parameters.schema${issue.path.replaceAll('/', '.')}`, issue.message);
  }
}

function checkTool(step: StepFacts, options: PlanValidationOptions, add: Add): void {
  const parameterTool = step.type === 'tool_call' ? step.parameters?.tool : undefined;
  const stepTool = step.raw.tool;
  if (step.type === 'tool_call' && parameterTool === undefined && stepTool === undefined) {
    add(step.path, 'a tool_call step needs a tool name in parameters.tool or tool');
  }
  if (typeof parameterTool === 'string' && typeof stepTool === 'string' && parameterTool !== stepTool) {
    add(`${step.path}.tool`, `names tool '${stepTool}' but parameters.tool names '${parameterTool}'`);
  }
  const allowed = options.allowedTools;
  if (allowed === undefined) return;
  const allowedNames = new Set(allowed.map((name) => canonicalToolName(name)));
  const available = allowed.length > 0 ? `available: ${allowed.join(', ')}` : 'no tools are available';
  for (const [tool, at] of [
    [parameterTool, `${step.path}.parameters.tool`],
    [stepTool, `${step.path}.tool`],
  ] as const) {
    if (typeof tool === 'string' && tool !== '' && !allowedNames.has(canonicalToolName(tool))) {
      add(at, `tool '${tool}' is not available (${available})`);
    }
  }
}

/**
 * Conditions, conditional expressions and `{{ ... }}` templates must parse and may only read
 * steps the step depends on, directly or transitively: only those are done when it runs.
 */
function checkReferences(step: StepFacts, byId: ReadonlyMap<number, StepFacts>, ancestorsOf: (step: StepFacts) => Set<number>, add: Add): void {
  let upstream: Set<number> | undefined;
  const check = (at: string, source: string, references: (text: string) => number[]): void => {
    let referenced: number[];
    try {
      referenced = references(source);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      add(at, `does not parse (${oneLine(error)})`);
      return;
    }
    upstream ??= ancestorsOf(step);
    for (const id of referenced) {
      if (upstream.has(id)) continue;
      if (id === step.id) add(at, `references step_${id}, the step itself; only steps it depends on can be referenced`);
      else if (!byId.has(id)) add(at, `references step_${id}, which does not exist`);
      else add(at, `references step_${id}, which is not among this step's dependencies (direct or transitive)`);
    }
  };
  const isExpressionText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= CONDITION_MAX_LENGTH;

  const condition = step.raw.condition;
  if (isExpressionText(condition)) check(`${step.path}.condition`, condition, referencedSteps);
  const expression = step.parameters?.expression;
  if (step.type === 'conditional' && isExpressionText(expression)) {
    check(`${step.path}.parameters.expression`, expression, referencedSteps);
  }
  for (const key of ['parameters', 'params'] as const) {
    forEachString(step.raw[key], `${step.path}.${key}`, (text, at) => {
      if (text.includes('{{')) check(at, text, templateReferences);
    });
  }
}

function forEachString(value: unknown, at: string, visit: (text: string, at: string) => void): void {
  if (typeof value === 'string') visit(value, at);
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) forEachString(item, `${at}.${index}`, visit);
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) forEachString(item, `${at}.${key}`, visit);
}

function checkFanOut(steps: readonly StepFacts[], byId: ReadonlyMap<number, StepFacts>, maxFanOut: number, add: Add): void {
  const dependents = new Map<number, Set<string>>();
  for (const step of steps) {
    for (const id of existingDependencies(step, byId)) {
      const set = dependents.get(id) ?? new Set<string>();
      set.add(step.path);
      dependents.set(id, set);
    }
  }
  for (const [id, set] of dependents) {
    if (set.size > maxFanOut) {
      add((byId.get(id) as StepFacts).path, `step ${id} has ${set.size} dependents, more than the limit of ${maxFanOut}`);
    }
  }
}

function isStepId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}
