/**
 * The rule-based planner's use of learned composites. After it has built a plan, each composite
 * it is offered is looked for in the plan: the composite's chain as a contiguous run of the plan's
 * steps in their dependency order (the order mining reads plans in), the run self-contained, each
 * step of the same type or tool as the composite's part, with the part's constants (wiring
 * included, renumbered to the run) and every other input key filled by one of the composite's
 * parameters. Such a run becomes one `tool_call` to the composite whose arguments are what the run
 * had; the steps after it that read the run's last (output) step read the call instead, and nothing
 * after it may read another step of the run. The plan's answer (an llm_call nothing reads) is never
 * replaced. Nothing here knows any one tool or task.
 */
import { readQuestion } from '../../../core/answer/question.js';
import { CHAIN_SEPARATOR, selfContained, stepsRead } from '../../../core/learn/mine.js';
import { planOrder, stepSymbol, toolOf } from '../../../core/learn/session.js';
import { laterRoundArgument, type SynthesizedTool } from '../../../core/learn/types.js';
import { inputsOf } from '../../../core/plan/sanitize.js';
import { flatSchemaValidator } from '../../../core/tools/composite.js';
import { canonicalToolName } from '../../../core/tools/registry.js';
import { jsonEqual } from '../../../core/trace/plan-patch.js';
import type { DecompositionPlan, DecompositionStep, StepType } from '../../../core/types.js';

const STEP_REFERENCE = /(^|_)steps?$/;
const TEMPLATE = /\{\{[\s\S]*?\}\}/g;
const STEP_NAME = /\bstep_(\d+)\b/g;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a part reads: a tool call's arguments, another step's parameters. */
function inputOf(step: DecompositionStep): Record<string, unknown> {
  if (step.type !== 'tool_call') return step.parameters;
  return isRecord(step.parameters.args) ? step.parameters.args : {};
}

/**
 * `value` with its references to plan steps (step-reference keys, `step_N` in templates) renamed
 * by `rename`; undefined when a reference has no new name.
 */
function renamed(value: unknown, rename: (id: number) => number | undefined, key?: string): unknown {
  let lost = false;
  const visit = (v: unknown, k?: string): unknown => {
    if (typeof v === 'string') {
      return v.replace(TEMPLATE, (placeholder) =>
        placeholder.replace(STEP_NAME, (_all, id: string) => {
          const to = rename(Number(id));
          if (to === undefined) lost = true;
          return `step_${to ?? id}`;
        }),
      );
    }
    if (typeof v === 'number' && k !== undefined && STEP_REFERENCE.test(k)) {
      const to = rename(v);
      if (to === undefined) lost = true;
      return to ?? v;
    }
    if (Array.isArray(v)) return v.map((x) => visit(x, k));
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([kk, x]) => [kk, visit(x, kk)]));
    return v;
  };
  const out = visit(value, key);
  return lost ? undefined : out;
}

/** The composite's parts in order and the chain they were learned from. */
function partsOf(tool: SynthesizedTool) {
  const parts = [...tool.steps].sort((a, b) => a.step_index - b.step_index);
  const base = parts[0]?.step_index ?? 0;
  return { parts, base, symbols: tool.source_chain.split(CHAIN_SEPARATOR) };
}

interface Match {
  run: DecompositionStep[];
  args: Record<string, unknown>;
  output: DecompositionStep;
}

/** The arguments that make `tool` do what `run` does, or undefined when the run is not the composite's chain. */
function argsFor(tool: SynthesizedTool, run: readonly DecompositionStep[]): Record<string, unknown> | undefined {
  const { parts, base } = partsOf(tool);
  // Plan step id -> sub-step id (a part's position + 1, as the composite's constants name them).
  const subId = new Map(run.map((s, i) => [s.step_id, i + 1]));
  const rename = (id: number) => subId.get(id);
  const args: Record<string, unknown> = {};
  for (const [i, step] of run.entries()) {
    const part = parts[i];
    if (!part || step.condition !== undefined || part.condition !== undefined) return undefined;
    if (part.kind === 'tool' ? toolOf(step) !== canonicalToolName(part.tool_id) : step.type !== part.tool_id) return undefined;
    // The part waits for at least what the step waited for (it may wait for more: a wire).
    const waits = new Set(part.depends_on.map((d) => d - base + 1));
    if (!step.dependencies.every((d) => waits.has(rename(d) ?? -1))) return undefined;
    const input = inputOf(step);
    const wired = new Set(tool.internal_wiring.filter((w) => w.to_step === part.step_index).map((w) => w.to_key));
    // Every input key is a constant of the part, a parameter of the composite, or filled by a wire:
    // a key the composite would not pass on means the run does something the composite does not.
    for (const key of Object.keys(input)) {
      if (!(key in part.constants) && !(key in part.parameter_map) && !wired.has(key)) return undefined;
    }
    for (const [key, constant] of Object.entries(part.constants)) {
      if (!(key in input) || !jsonEqual(renamed(input[key], rename, key), constant)) return undefined;
    }
    for (const [key, parameter] of Object.entries(part.parameter_map)) {
      const value = input[key];
      if (value === undefined) continue;
      // A parameter is the caller's: a value read from another step is not one the call can pass.
      if (typeof value === 'string' && value.includes('{{')) return undefined;
      if (parameter in args && !jsonEqual(args[parameter], value)) return undefined;
      args[parameter] = value;
    }
  }
  return flatSchemaValidator(tool.parameters)(args) ? args : undefined;
}

/** The first run of `plan` that is `tool`'s chain and may be replaced by one call, or undefined. */
function findMatch(plan: readonly DecompositionStep[], tool: SynthesizedTool): Match | undefined {
  const { parts, symbols } = partsOf(tool);
  if (symbols.length !== parts.length || parts.length === 0) return undefined;
  const byId = new Map(plan.map((s) => [s.step_id, s]));
  const ordered = planOrder(plan).map((id) => byId.get(id)!);
  const symbolOf = (s: DecompositionStep) => stepSymbol(s.type, inputOf(s), toolOf(s));
  for (let start = 0; start + symbols.length <= ordered.length; start++) {
    const run = ordered.slice(start, start + symbols.length);
    if (!run.every((s, i) => symbolOf(s) === symbols[i])) continue;
    const reads = (s: DecompositionStep) => stepsRead({ dependencies: s.dependencies, input: s.parameters });
    if (!selfContained(run.map((s) => ({ stepId: s.step_id, dependencies: s.dependencies, input: s.parameters })))) continue;
    const output = run[parts.findIndex((p) => p.step_index === tool.output_step)];
    if (!output) continue;
    // The plan's answer stays a step of the plan: the workflow reads the answer and its citations there.
    if (run.some((s) => s.type === 'llm_call' && !plan.some((other) => other !== s && reads(other).includes(s.step_id)))) continue;
    // Only the output step may be read from outside the run: the others vanish into the call.
    const inner = new Set(run.filter((s) => s !== output).map((s) => s.step_id));
    const inRun = new Set(run.map((s) => s.step_id));
    if (plan.some((s) => !inRun.has(s.step_id) && reads(s).some((id) => inner.has(id)))) continue;
    const args = argsFor(tool, run);
    if (args) return { run, args, output };
  }
  return undefined;
}

/**
 * An expression's reads of the composite's output, as the call's result holds them: ranked
 * documents are handed on at the top of the call's result, anything else is in its `output`.
 */
function readCallIn(expression: string, callId: number): string {
  return expression.replace(new RegExp(`\\bstep_${callId}\\.result\\.(?!documents\\b|output\\b)`, 'g'), `step_${callId}.result.output.`);
}

/** A later step's parameters with their templates reading the call (see readCallIn). */
function readCall(value: unknown, callId: number): unknown {
  if (typeof value === 'string') return value.replace(TEMPLATE, (placeholder) => readCallIn(placeholder, callId));
  if (Array.isArray(value)) return value.map((x) => readCall(x, callId));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, readCall(x, callId)]));
  return value;
}

function replace(plan: DecompositionStep[], tool: SynthesizedTool, match: Match): DecompositionStep[] {
  const removed = new Set(match.run.map((s) => s.step_id));
  const callId = match.output.step_id;
  const call: DecompositionStep = {
    step_id: callId,
    type: 'tool_call',
    modality: 'text',
    parameters: { tool: tool.tool_id, args: match.args },
    dependencies: [],
    tool: tool.tool_id,
    trace: {
      source: 'rule-based',
      explanation: `Run the learned tool ${tool.tool_id} in place of ${tool.source_chain} (steps ${match.run.map((s) => s.step_id).join(', ')})`,
      step: 'tool_call',
      replaces: match.run.map((s) => s.step_id),
    },
  };
  return plan.flatMap((s) => {
    if (s.step_id === callId) return [call];
    if (removed.has(s.step_id)) return [];
    return [
      {
        ...s,
        parameters: readCall(s.parameters, callId) as Record<string, unknown>,
        ...(s.condition !== undefined ? { condition: readCallIn(s.condition, callId) } : {}),
      },
    ];
  });
}

/**
 * `plan` with every run that is one of `tools`' chains replaced by a call to it, longest chains
 * first. Without `tool_call` among the allowed step types the plan is returned as it is.
 */
export function useComposites(plan: DecompositionPlan, offered: readonly SynthesizedTool[], allowed: readonly StepType[]): DecompositionPlan {
  // A composite that stands in for a later round replaces no run of round one (useLaterRoundComposites).
  const tools = offered.filter((t) => t.later_round === undefined);
  if (tools.length === 0 || !allowed.includes('tool_call')) return plan;
  const ordered = [...tools].sort((a, b) => b.steps.length - a.steps.length || a.tool_id.localeCompare(b.tool_id));
  let steps = plan.plan;
  for (const tool of ordered) {
    // Each replacement removes steps, so this ends.
    for (let match = findMatch(steps, tool); match; match = findMatch(steps, tool)) steps = replace(steps, tool, match);
  }
  return { ...plan, plan: steps };
}

/**
 * `plan` with each offered composite that stands in for a later round (`later_round`) called in
 * round one, as its binding says: one call for each input of the plan's answer it names, the
 * call's argument the best passage of that input (a template the executor fills when the call
 * runs), and the answer reading the calls beside its inputs, so that what the later round would
 * have looked up is found, and read, in round one. The answer keeps its place as the plan's last
 * step. Without `tool_call` among the allowed step types the plan is returned as it is.
 */
export function useLaterRoundComposites(
  plan: DecompositionPlan,
  offered: ReadonlyArray<Pick<SynthesizedTool, 'tool_id' | 'later_round'>>,
  allowed: readonly StepType[],
  task: string,
): DecompositionPlan {
  const tools = offered.filter((t) => t.later_round !== undefined);
  if (tools.length === 0 || !allowed.includes('tool_call')) return plan;
  const reads = (s: DecompositionStep) => stepsRead({ dependencies: s.dependencies, input: s.parameters });
  const answer = [...plan.plan].reverse().find((s) => s.type === 'llm_call' && !plan.plan.some((o) => o !== s && reads(o).includes(s.step_id)));
  if (!answer) return plan;
  const inputs = inputsOf(answer);
  let next = Math.max(...plan.plan.map((s) => s.step_id)) + 1;
  // The words of the relation the question asks about steer the look-up to what the passage names beside them.
  const relation = readQuestion(task).relation.join(' ');
  const calls: DecompositionStep[] = [];
  for (const tool of tools) {
    const binding = tool.later_round!;
    for (const position of binding.lists) {
      const list = inputs[position];
      if (list === undefined || calls.some((c) => c.tool === tool.tool_id && c.dependencies[0] === list)) continue;
      calls.push({
        step_id: next++,
        type: 'tool_call',
        modality: 'text',
        parameters: { tool: tool.tool_id, args: { [binding.parameter]: laterRoundArgument(list, relation) } },
        dependencies: [list],
        tool: tool.tool_id,
        trace: {
          source: 'rule-based',
          explanation: `Run the learned tool ${tool.tool_id} on the best passage of step ${list}: it looks up now what round ${binding.round} would have`,
          step: 'tool_call',
        },
      });
    }
  }
  if (calls.length === 0) return plan;
  const { input_step: _one, ...parameters } = answer.parameters;
  const read = [...inputs, ...calls.map((c) => c.step_id)];
  const answered: DecompositionStep = {
    ...answer,
    step_id: next,
    parameters: { ...parameters, input_steps: read },
    dependencies: [...new Set([...answer.dependencies, ...calls.map((c) => c.step_id)])],
  };
  return { ...plan, plan: [...plan.plan.filter((s) => s !== answer), ...calls, answered] };
}
