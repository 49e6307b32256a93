/**
 * The checks a synthesized tool must pass before it is kept: its shape (the SynthesizedTool
 * schema), its `parameters` (a JSON Schema 2020-12 object schema, by ajv's meta-schema, with
 * nothing to resolve elsewhere), every sub-step naming a registered tool or a step type, wiring and
 * step references inside the composite and pointing backwards, no dependency cycle, parallel groups
 * without a data dependency and within `max_parallel_steps`, conditions and templates that parse
 * in the safe expression language, and an error strategy about steps that exist.
 *
 * Both validators were compiled at build time (schemas/compile.ts, into validators.generated.ts
 * beside this file, apart from the plan's): nothing is compiled here.
 */
import type { ErrorObject } from 'ajv';
import { parseExpression, referencedSteps } from '../expression/expression.js';
import { templateReferences } from '../expression/templates.js';
import type { CompiledValidator } from '../plan/schemas.js';
import { canonicalToolName } from '../tools/registry.js';
import { ancestors } from './draft.js';
import type { LearningSettings, SynthesisIssue, SynthesizedTool, ToolCatalogView } from './types.js';

import * as compiled from './validators.generated.js';

const shapeValidator = compiled.synthesizedTool as CompiledValidator;
const metaSchemaValidator = compiled.jsonSchema2020 as CompiledValidator;

const STEP_REFERENCE = /(^|_)steps?$/;

function ajvIssues(errors: readonly ErrorObject[] | null | undefined, at: string): SynthesisIssue[] {
  return (errors ?? []).map((e) => {
    const path = [at, ...e.instancePath.split('/').filter((p) => p !== '')].filter((p) => p !== '').join('.') || '(root)';
    const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
    const allowed = e.keyword === 'enum' ? `: ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}` : '';
    return { path, message: `${e.message ?? 'is invalid'}${extra}${allowed}` };
  });
}

function distinct(issues: SynthesisIssue[]): SynthesisIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path} ${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `$ref`s anywhere in a schema that point outside it (nothing may be fetched at run time). */
function externalRefs(schema: unknown, path: string, out: SynthesisIssue[]): void {
  if (Array.isArray(schema)) {
    schema.forEach((item, i) => {
      externalRefs(item, `${path}.${i}`, out);
    });
  } else if (isRecord(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string' && !value.startsWith('#')) {
        out.push({ path: `${path}.${key}`, message: `refers outside the schema (${value}); parameters must stand alone` });
      }
      externalRefs(value, `${path}.${key}`, out);
    }
  }
}

function checkParameters(parameters: Record<string, unknown>): SynthesisIssue[] {
  const issues: SynthesisIssue[] = [];
  if (!metaSchemaValidator(parameters))
    return ajvIssues(metaSchemaValidator.errors, 'parameters').map((i) => ({ ...i, message: `not JSON Schema 2020-12: ${i.message}` }));
  if (parameters.type !== 'object') issues.push({ path: 'parameters.type', message: 'must be "object": a tool takes an object of arguments' });
  const properties = isRecord(parameters.properties) ? parameters.properties : undefined;
  if (!properties) issues.push({ path: 'parameters.properties', message: 'must list the external parameters' });
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  required.forEach((name, i) => {
    if (typeof name === 'string' && properties && !Object.hasOwn(properties, name)) {
      issues.push({ path: `parameters.required.${i}`, message: `names ${JSON.stringify(name)}, which is not in parameters.properties` });
    }
  });
  externalRefs(parameters, 'parameters', issues);
  return issues;
}

/** The chain a tool must replace: its key and, step by step, the type and tool. */
export interface ExpectedChain {
  key: string;
  steps: ReadonlyArray<{ type: string; tool?: string }>;
}

/** The sub-steps are the chain's steps, in order, and the tool says which chain it replaces. */
function checkAgainstChain(tool: SynthesizedTool, chain: ExpectedChain): SynthesisIssue[] {
  const issues: SynthesisIssue[] = [];
  if (tool.source_chain !== chain.key) issues.push({ path: 'source_chain', message: `must be ${JSON.stringify(chain.key)}` });
  if (tool.steps.length !== chain.steps.length) {
    issues.push({ path: 'steps', message: `has ${tool.steps.length} sub-steps; the chain has ${chain.steps.length}, one sub-step each` });
    return issues;
  }
  chain.steps.forEach((expected, i) => {
    const step = tool.steps[i];
    const want = expected.tool ?? expected.type;
    const kind = expected.tool ? 'tool' : 'step';
    // Only tool names have two spellings (service_method, service.method); step types have one.
    const named = step?.kind === 'tool' ? canonicalToolName(step.tool_id) : step?.tool_id;
    if (step && (step.kind !== kind || named !== want)) {
      issues.push({ path: `steps.${i}`, message: `must be the chain's step ${i}: kind ${JSON.stringify(kind)}, tool_id ${JSON.stringify(want)}` });
    }
  });
  return issues;
}

/**
 * Every problem of `candidate` as a synthesized tool, one line each; empty when it passes. With
 * `chain`, the tool must also replace that chain step for step.
 */
export function validateSynthesizedTool(
  candidate: unknown,
  catalog: ToolCatalogView,
  settings: Pick<LearningSettings, 'max_parallel_steps'>,
  chain?: ExpectedChain,
): SynthesisIssue[] {
  if (!shapeValidator(candidate)) return distinct(ajvIssues(shapeValidator.errors, ''));
  const tool = candidate as SynthesizedTool;
  const issues: SynthesisIssue[] = [...checkParameters(tool.parameters), ...(chain ? checkAgainstChain(tool, chain) : [])];
  const count = tool.steps.length;
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < count;
  const tools = new Set(catalog.tools.map(canonicalToolName));
  const stepTypes = new Set(catalog.stepTypes);
  const properties = isRecord(tool.parameters.properties) ? tool.parameters.properties : {};
  const used = new Set<string>();

  // Data dependencies: depends_on, wiring, step references and template references.
  const needs: Set<number>[] = tool.steps.map(() => new Set<number>());
  const addNeed = (to: number, from: number) => {
    if (inRange(to) && inRange(from)) needs[to]?.add(from);
  };

  tool.steps.forEach((step, i) => {
    const at = `steps.${i}`;
    if (step.step_index !== i) issues.push({ path: `${at}.step_index`, message: `is ${step.step_index}; sub-steps must be numbered 0..${count - 1} in order` });
    if (step.kind === 'tool') {
      const name = canonicalToolName(step.tool_id);
      if (name === tool.tool_id) issues.push({ path: `${at}.tool_id`, message: 'is the composite itself; a composite cannot call itself' });
      else if (!tools.has(name)) issues.push({ path: `${at}.tool_id`, message: `tool ${JSON.stringify(step.tool_id)} is not registered` });
    } else if (!stepTypes.has(step.tool_id)) {
      issues.push({ path: `${at}.tool_id`, message: `step type ${JSON.stringify(step.tool_id)} is not in the catalog` });
    } else if (step.tool_id === 'tool_call') {
      issues.push({ path: `${at}.kind`, message: 'a tool call is a sub-step of kind "tool" naming the tool' });
    }
    for (const d of step.depends_on) {
      if (!inRange(d)) issues.push({ path: `${at}.depends_on`, message: `names sub-step ${d}, which does not exist (0..${count - 1})` });
      else if (d === i) issues.push({ path: `${at}.depends_on`, message: 'names the sub-step itself' });
      else addNeed(i, d);
    }
    for (const [key, parameter] of Object.entries(step.parameter_map)) {
      used.add(parameter);
      if (!Object.hasOwn(properties, parameter))
        issues.push({ path: `${at}.parameter_map.${key}`, message: `names parameter ${JSON.stringify(parameter)}, which parameters.properties lacks` });
      if (Object.hasOwn(step.constants, key)) issues.push({ path: `${at}.parameter_map.${key}`, message: 'is also a constant; an input is filled one way' });
    }
    for (const [key, value] of Object.entries(step.constants)) {
      const refs: number[] = [];
      if (STEP_REFERENCE.test(key) && (Number.isInteger(value) || (Array.isArray(value) && value.every(Number.isInteger)))) {
        refs.push(...(Array.isArray(value) ? (value as number[]) : [value as number]));
      } else if (typeof value === 'string' && value.includes('{{')) {
        try {
          refs.push(...templateReferences(value));
        } catch (error) {
          issues.push({ path: `${at}.constants.${key}`, message: `template does not parse: ${error instanceof Error ? error.message : String(error)}` });
        }
      }
      for (const ref of refs) {
        if (ref < 1 || ref > i)
          issues.push({ path: `${at}.constants.${key}`, message: `refers to step_${ref}; only earlier sub-steps (step_1..step_${i}) are visible` });
        else if (!step.depends_on.includes(ref - 1))
          issues.push({ path: `${at}.constants.${key}`, message: `refers to step_${ref} without depending on sub-step ${ref - 1}` });
        else addNeed(i, ref - 1);
      }
    }
    if (step.condition !== undefined) {
      try {
        for (const ref of referencedSteps(parseExpression(step.condition))) {
          if (ref < 1 || ref > i)
            issues.push({ path: `${at}.condition`, message: `refers to step_${ref}; only earlier sub-steps (step_1..step_${i}) are visible` });
          else addNeed(i, ref - 1);
        }
      } catch (error) {
        issues.push({ path: `${at}.condition`, message: `does not parse: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
  });

  for (const name of Array.isArray(tool.parameters.required) ? tool.parameters.required : []) {
    if (typeof name === 'string' && !used.has(name))
      issues.push({ path: 'parameters.required', message: `parameter ${JSON.stringify(name)} is required but no sub-step uses it` });
  }

  tool.internal_wiring.forEach((wire, w) => {
    const at = `internal_wiring.${w}`;
    if (!inRange(wire.from_step)) issues.push({ path: `${at}.from_step`, message: `sub-step ${wire.from_step} does not exist (0..${count - 1})` });
    if (!inRange(wire.to_step)) issues.push({ path: `${at}.to_step`, message: `sub-step ${wire.to_step} does not exist (0..${count - 1})` });
    if (inRange(wire.from_step) && inRange(wire.to_step)) {
      if (wire.from_step === wire.to_step) issues.push({ path: at, message: 'wires a sub-step to itself' });
      else addNeed(wire.to_step, wire.from_step);
      const target = tool.steps[wire.to_step];
      if (target && (Object.hasOwn(target.constants, wire.to_key) || Object.hasOwn(target.parameter_map, wire.to_key))) {
        issues.push({
          path: `${at}.to_key`,
          message: `sub-step ${wire.to_step} input ${wire.to_key} is also a constant or a parameter; an input is filled one way`,
        });
      }
    }
  });

  const cycle = findCycle(needs);
  if (cycle) issues.push({ path: 'steps', message: `the sub-steps depend on each other in a cycle: ${cycle.join(' -> ')}` });

  const before = cycle ? undefined : ancestors(needs.map((s) => [...s]));
  const grouped = new Map<number, number>();
  tool.parallel_groups.forEach((group, g) => {
    const at = `parallel_groups.${g}`;
    if (group.length > settings.max_parallel_steps)
      issues.push({ path: at, message: `has ${group.length} sub-steps; at most ${settings.max_parallel_steps} run at once` });
    for (const i of group) {
      if (!inRange(i)) issues.push({ path: at, message: `names sub-step ${i}, which does not exist (0..${count - 1})` });
      const other = grouped.get(i);
      if (other !== undefined) issues.push({ path: at, message: `sub-step ${i} is already in parallel group ${other}` });
      grouped.set(i, g);
    }
    if (!before) return;
    for (const a of group) {
      for (const b of group) {
        if (a !== b && before[b]?.has(a)) issues.push({ path: at, message: `sub-step ${b} needs sub-step ${a}'s data, so they cannot run in parallel` });
      }
    }
  });

  if (!inRange(tool.output_step)) issues.push({ path: 'output_step', message: `sub-step ${tool.output_step} does not exist (0..${count - 1})` });
  tool.error_strategy.rules.forEach((rule, r) => {
    if (!inRange(rule.step_index))
      issues.push({ path: `error_strategy.rules.${r}.step_index`, message: `sub-step ${rule.step_index} does not exist (0..${count - 1})` });
    if (rule.action === 'retry' && !(rule.max_retries !== undefined && rule.max_retries > 0)) {
      issues.push({ path: `error_strategy.rules.${r}.max_retries`, message: 'a retry rule needs max_retries of 1 or more' });
    }
  });
  return distinct(issues);
}

/** A dependency cycle as the sub-steps along it, or undefined. */
function findCycle(needs: readonly Set<number>[]): number[] | undefined {
  const state: number[] = needs.map(() => 0); // 0 unseen, 1 on the path, 2 done
  const path: number[] = [];
  const visit = (i: number): number[] | undefined => {
    state[i] = 1;
    path.push(i);
    for (const d of needs[i] ?? []) {
      if (state[d] === 1) return [...path.slice(path.indexOf(d)), d];
      if (state[d] === 0) {
        const found = visit(d);
        if (found) return found;
      }
    }
    path.pop();
    state[i] = 2;
    return undefined;
  };
  for (let i = 0; i < needs.length; i++) {
    if (state[i] === 0) {
      const found = visit(i);
      if (found) return found;
    }
  }
  return undefined;
}
