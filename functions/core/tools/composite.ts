/**
 * Composite tools: a chain of steps learned from the traces, promoted by a person, run as one
 * registered tool. A `tool_call` to a composite runs its parts as a small plan through the
 * executor the calling step runs in (the executor hands `runSubPlan` down), so the parts run with
 * their wiring and in parallel where no part reads another, and the parts' outcomes are returned
 * under the calling step in the trace. Before any part runs, every part is checked against the
 * request's allow-lists: its step type against `allowed_step_types`, its tool against the tools the
 * request allows (Validate sees only the calling `tool_call`); one part refused fails the call.
 *
 * A composite's arguments are checked by a small interpreter of flat object schemas rather than a
 * compiled validator: composites arrive at run time, and compiling would generate code.
 */
import { CairnError } from '../errors.js';
import type { SynthesizedTool } from '../learn/types.js';
import type { CompiledValidator } from '../plan/schemas.js';
import { type DecompositionPlan, type DecompositionStep, STEP_TYPES } from '../types.js';
import { canonicalToolName, type ToolContext, type ToolDefinition, ToolNotAllowedError, type ToolRegistry } from './registry.js';

/** A composite that cannot be registered: a missing tool, a broken wiring, a schema outside what the checker reads. */
export class CompositeToolError extends CairnError {
  static override readonly errorName: string = 'CompositeToolError';
  static override readonly transient = false;
}

const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

/** The plan step id of a composite's sub-step: its position, from 1, whether the tool counts from 0 or 1. */
function stepIdOf(tool: SynthesizedTool): (index: number) => number {
  const base = Math.min(...tool.steps.map((s) => s.step_index));
  return (index) => index - base + 1;
}

/**
 * Checks a composite against what is registered now: every sub-step's tool is registered (or its
 * step type is in the catalog), wiring and dependencies point at earlier sub-steps, the arguments
 * schema is one the run-time checker reads. Returns the problems, one line each.
 */
export function compositeProblems(tool: SynthesizedTool, registry: Pick<ToolRegistry, 'names'>): string[] {
  const problems: string[] = [];
  const registered = new Set(registry.names());
  if (tool.steps.length === 0) return ['it has no steps'];
  const indexes = new Set(tool.steps.map((s) => s.step_index));
  for (const step of tool.steps) {
    if (step.kind === 'tool') {
      if (!registered.has(canonicalToolName(step.tool_id))) problems.push(`its step ${step.step_index} calls ${step.tool_id}, which is not registered`);
      else if (canonicalToolName(step.tool_id) === tool.tool_id) problems.push(`its step ${step.step_index} calls the composite itself`);
    } else if (!(STEP_TYPES as readonly string[]).includes(step.tool_id)) {
      problems.push(`its step ${step.step_index} runs step type ${step.tool_id}, which the catalog does not have`);
    }
    for (const dep of step.depends_on) {
      if (!indexes.has(dep) || dep >= step.step_index) problems.push(`step ${step.step_index} depends on ${dep}, not an earlier step`);
    }
    // Wiring constants name sub-steps by plan step id (index + 1), as templates do.
    for (const wired of wiredParts(step.constants)) {
      const index = wired - 1 + Math.min(...indexes);
      if (!step.depends_on.includes(index)) problems.push(`step ${step.step_index} reads sub-step ${wired} without depending on it`);
    }
  }
  for (const wire of tool.internal_wiring) {
    if (!indexes.has(wire.from_step) || !indexes.has(wire.to_step) || wire.from_step >= wire.to_step) {
      problems.push(`wire ${wire.from_step}.${wire.from_key} -> ${wire.to_step}.${wire.to_key} does not go from an earlier step to a later one`);
    }
  }
  if (!indexes.has(tool.output_step)) problems.push(`output step ${tool.output_step} does not exist`);
  problems.push(...schemaProblems(tool.parameters));
  const declared = new Set(Object.keys((tool.parameters.properties ?? {}) as Record<string, unknown>));
  for (const step of tool.steps) {
    for (const [key, arg] of Object.entries(step.parameter_map)) {
      if (!declared.has(arg)) problems.push(`step ${step.step_index}'s ${key} comes from parameter ${arg}, which the schema does not declare`);
    }
  }
  if (tool.later_round) problems.push(...laterRoundProblems(tool));
  return problems;
}

/**
 * Why a composite that stands in for a later round cannot be called in round one: the one
 * argument round one gives it (a passage's text) must fill a declared text parameter, and no
 * other argument may be required, since round one has nothing else to give.
 */
function laterRoundProblems(tool: SynthesizedTool): string[] {
  const binding = tool.later_round!;
  const properties = (tool.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
  const bound = properties[binding.parameter];
  if (!bound) return [`its later-round binding fills parameter ${binding.parameter}, which the schema does not declare`];
  if (bound.type !== undefined && bound.type !== 'string')
    return [`its later-round binding fills parameter ${binding.parameter} with a passage's text, but the parameter is a ${String(bound.type)}`];
  const unbound = ((tool.parameters.required ?? []) as string[]).filter((name) => name !== binding.parameter);
  if (unbound.length > 0) return [`its later-round binding gives only ${binding.parameter}; round one cannot give the required ${unbound.join(', ')}`];
  if (binding.lists.length === 0 || binding.task_kinds.length === 0) return ['its later-round binding names no answer input or no task shape to be called for'];
  return [];
}

function wiredParts(constants: Record<string, unknown>): number[] {
  const out: number[] = [];
  if (typeof constants.input_step === 'number') out.push(constants.input_step);
  if (Array.isArray(constants.input_steps)) out.push(...constants.input_steps.filter((x): x is number => typeof x === 'number'));
  return out;
}

function schemaProblems(schema: Record<string, unknown>): string[] {
  if (schema.type !== 'object') return ['its parameters schema is not of type object'];
  const problems: string[] = [];
  const known = new Set(['$schema', '$id', 'type', 'properties', 'required', 'additionalProperties', 'description', 'title']);
  for (const key of Object.keys(schema)) if (!known.has(key)) problems.push(`its parameters schema uses ${key}, which the run-time checker does not read`);
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, prop] of Object.entries(properties)) {
    const type = prop.type;
    const itemType = (prop.items as Record<string, unknown> | undefined)?.type;
    // No type: any value (a parameter the samples never showed filled).
    if (type === undefined || (typeof type === 'string' && SCALARS.has(type))) continue;
    if (type === 'array' && (itemType === undefined || (typeof itemType === 'string' && SCALARS.has(itemType)))) continue;
    problems.push(`parameter ${name} is not a scalar or an array of scalars`);
  }
  const required = schema.required ?? [];
  if (!Array.isArray(required) || required.some((r) => typeof r !== 'string' || !(r in properties)))
    problems.push('its required list names undeclared parameters');
  return problems;
}

function typeHolds(type: unknown, value: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

/** A validator of the flat object schemas `compositeProblems` accepts, interpreted (no code generated). */
export function flatSchemaValidator(schema: Record<string, unknown>): CompiledValidator {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = (schema.required ?? []) as string[];
  const closed = schema.additionalProperties === false;
  const validate = ((data: unknown) => {
    const errors: Array<{ instancePath: string; message: string; params: Record<string, unknown> }> = [];
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      errors.push({ instancePath: '', message: 'must be object', params: {} });
    } else {
      const value = data as Record<string, unknown>;
      for (const name of required)
        if (!(name in value)) errors.push({ instancePath: '', message: `must have required property '${name}'`, params: { missingProperty: name } });
      for (const [name, v] of Object.entries(value)) {
        const prop = properties[name];
        if (!prop) {
          if (closed) errors.push({ instancePath: '', message: 'must NOT have additional properties', params: { additionalProperty: name } });
          continue;
        }
        const ok =
          prop.type === 'array'
            ? Array.isArray(v) && v.every((x) => typeHolds((prop.items as Record<string, unknown> | undefined)?.type, x))
            : typeHolds(prop.type, v);
        if (!ok) errors.push({ instancePath: `/${name}`, message: `must be ${String(prop.type)}`, params: {} });
      }
    }
    validate.errors = errors.length > 0 ? (errors as unknown as NonNullable<CompiledValidator['errors']>) : null;
    return errors.length === 0;
  }) as CompiledValidator;
  return validate;
}

/**
 * The plan a call of the composite runs: each sub-step with its constants, the call's arguments
 * where its parameter map says, its internal wires as templates over the earlier sub-step's result
 * (filled as text when the sub-step starts), its dependencies, and its error rule.
 */
export function compositePlan(tool: SynthesizedTool, args: Record<string, unknown>): DecompositionPlan {
  const id = stepIdOf(tool);
  const plan: DecompositionStep[] = tool.steps.map((step) => {
    // Wiring constants (input_step, templates over step_N) already name sub-steps by plan step id.
    const values: Record<string, unknown> = { ...step.constants };
    for (const [key, arg] of Object.entries(step.parameter_map)) if (args[arg] !== undefined) values[key] = args[arg];
    for (const wire of tool.internal_wiring.filter((w) => w.to_step === step.step_index)) {
      values[wire.to_key] = `{{ step_${id(wire.from_step)}.result.${expressionPath(wire.from_key)} }}`;
    }
    const rule = tool.error_strategy.rules.find((r) => r.step_index === step.step_index);
    const action = rule?.action ?? tool.error_strategy.default_behavior;
    return {
      step_id: id(step.step_index),
      type: step.kind === 'tool' ? 'tool_call' : (step.tool_id as DecompositionStep['type']),
      modality: 'text',
      parameters: step.kind === 'tool' ? { tool: canonicalToolName(step.tool_id), args: values } : values,
      dependencies: step.depends_on.map(id),
      trace: { source: 'composite', composite: tool.tool_id, step_index: step.step_index },
      ...(step.kind === 'tool' ? { tool: canonicalToolName(step.tool_id) } : {}),
      ...(step.condition !== undefined ? { condition: step.condition } : {}),
      on_error: action,
      ...(action === 'retry' && rule?.max_retries !== undefined
        ? { retry: { max_attempts: rule.max_retries + 1, ...(rule.backoff_ms !== undefined ? { backoff_ms: rule.backoff_ms } : {}) } }
        : {}),
    };
  });
  return { plan, traceability: true };
}

/** A dotted path (`documents.0.id`) in the expression language's syntax (`documents[0].id`). */
function expressionPath(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/**
 * Why the request's allow-lists refuse a part of `tool`, in one line naming the part and the list;
 * undefined when they allow every part. A list the context does not give allows everything.
 */
export function compositePartRefusal(tool: SynthesizedTool, allowed: Pick<ToolContext, 'allowedStepTypes' | 'allowedTools'>): string | undefined {
  const tools = allowed.allowedTools?.map(canonicalToolName);
  for (const part of tool.steps) {
    const type = part.kind === 'tool' ? 'tool_call' : part.tool_id;
    if (allowed.allowedStepTypes !== undefined && !(allowed.allowedStepTypes as readonly string[]).includes(type)) {
      return `composite ${tool.tool_id} refused: its step ${part.step_index} runs ${type}, which this request does not allow (allowed_step_types: ${allowed.allowedStepTypes.join(', ')})`;
    }
    if (part.kind === 'tool' && tools !== undefined && !tools.includes(canonicalToolName(part.tool_id))) {
      return `composite ${tool.tool_id} refused: its step ${part.step_index} calls ${canonicalToolName(part.tool_id)}, which this request does not allow (tools: ${tools.join(', ') || 'none'})`;
    }
  }
  return undefined;
}

/** The registry entry of a composite: checked arguments, its sub-steps run inside the calling step. */
export function compositeTool(tool: SynthesizedTool): ToolDefinition {
  const outputId = stepIdOf(tool)(tool.output_step);
  return {
    name: tool.tool_id,
    description: tool.description,
    inputSchema: tool.parameters,
    validate: flatSchemaValidator(tool.parameters),
    composite: tool,
    async run(args, ctx) {
      if (!ctx.runSubPlan) throw new CompositeToolError(`composite ${tool.tool_id} can only run inside a plan step`);
      // Checked whole before anything runs: a refused part must not find its earlier parts done.
      const refusal = compositePartRefusal(tool, ctx);
      if (refusal !== undefined) throw new ToolNotAllowedError(refusal);
      const outcome = await ctx.runSubPlan(compositePlan(tool, args));
      // The sub-steps, as the trace shows them under the calling step.
      const steps = outcome.outputs.map((o) => ({
        step_id: o.step_id,
        type: o.type,
        status: o.status,
        durationMs: o.durationMs,
        attempts: o.attempts,
        ...(o.error !== undefined ? { error: o.error } : {}),
        ...(o.reason !== undefined ? { reason: o.reason } : {}),
        result: o.result,
      }));
      if (outcome.status !== 'succeeded') throw new CompositeToolError(`composite ${tool.tool_id} failed: ${outcome.error ?? 'a step failed'}`);
      const final = outcome.outputs.find((o) => o.step_id === outputId);
      if (final?.status !== 'succeeded')
        throw new CompositeToolError(`composite ${tool.tool_id}: its output step ${tool.output_step} was ${final?.status ?? 'not run'}`);
      // A tool sub-step's result wraps the tool's own output; the composite answers with that output.
      const own =
        final.type === 'tool_call' && typeof final.result.output === 'object' && final.result.output !== null
          ? (final.result.output as Record<string, unknown>)
          : final.result;
      return { ...own, steps, method: `composite:${tool.tool_id}` };
    },
  };
}

/**
 * Registers the composites whose parts are all there; returns the others, each with one line
 * saying why it was refused. Nothing half-registered: a refused composite is not in the registry.
 */
export function registerComposites(registry: ToolRegistry, tools: readonly SynthesizedTool[]): Array<{ name: string; reason: string }> {
  const refused: Array<{ name: string; reason: string }> = [];
  for (const tool of tools) {
    const problems = compositeProblems(tool, registry);
    if (problems.length > 0) {
      refused.push({ name: tool.tool_id, reason: `composite ${tool.tool_id} refused: ${problems.join('; ')}` });
      continue;
    }
    try {
      registry.register(compositeTool(tool));
    } catch (error) {
      refused.push({ name: tool.tool_id, reason: `composite ${tool.tool_id} refused: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  return refused;
}
