/** `tool_call`: a registered tool, allowed by the request, with arguments that pass its schema. */
import schema from '../../../schemas/steps/tool_call.schema.json' with { type: 'json' };
import { StepExecutionError } from '../errors.js';
import type { DecompositionStep, RetrievedDocument } from '../types.js';
import { attributed } from './documents.js';
import type { StepDefinition } from './step.js';

/** The tool a `tool_call` step names and the arguments it passes, from its rendered parameters. */
export function toolCallOf(step: DecompositionStep, p: Record<string, unknown>): { name: string | undefined; args: Record<string, unknown> } {
  const name = step.tool ?? (typeof p.tool === 'string' ? p.tool : undefined);
  return { name, args: (p.args ?? step.params ?? {}) as Record<string, unknown> };
}

function isRetrieved(value: unknown): boolean {
  const d = value as Partial<RetrievedDocument> | null;
  return typeof d === 'object' && d !== null && typeof d.id === 'string' && typeof d.text === 'string' && typeof d.score === 'number';
}

export const toolCall: StepDefinition = {
  schema,
  operator: async (step, p, _inputs, ctx) => {
    const { name, args } = toolCallOf(step, p);
    if (!name) throw new StepExecutionError(`step ${step.step_id}: tool_call names no tool`);
    const prepared = ctx.tools.prepare(name, args, ctx.allowedTools);
    const output = await prepared.definition.run(prepared.args, {
      index: ctx.index,
      signal: ctx.signal,
      ...(ctx.runSubPlan ? { runSubPlan: ctx.runSubPlan } : {}),
      // A composite checks its parts against the request's lists before any part runs.
      allowedStepTypes: ctx.allowedStepTypes,
      allowedTools: ctx.allowedTools,
    });
    // A tool that returns ranked documents (a composite ending in a ranking part) hands them on
    // like a ranking step, attributed to this step, so a rerank or an answer can read them.
    const documents =
      Array.isArray(output.documents) && output.documents.every(isRetrieved) ? attributed(step, output.documents as RetrievedDocument[]) : undefined;
    return {
      tool: prepared.definition.name,
      args: prepared.args,
      output,
      ...(documents ? { documents } : {}),
      tool_method: `registry:${prepared.definition.name}`,
    };
  },
  // A tool calls out: another attempt may succeed.
  errorPolicy: { strategy: 'retry', maxAttempts: 3, backoffMs: 250, timeoutMs: 30_000 },
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: false,
};
