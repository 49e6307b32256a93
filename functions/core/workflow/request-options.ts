/**
 * What one request asks of the phases: its options over the process defaults, the step types it
 * allows, and the tools it may call. Every phase reads them the same way through these functions.
 */
import type { SynthesizedTool } from '../learn/types.js';
import { taskShape } from '../planner/sizing.js';
import { EXECUTABLE_STEP_TYPES } from '../steps/index.js';
import { corpusKeyOf } from '../tools/learned.js';
import { canonicalToolName } from '../tools/registry.js';
import type { PlanRecord, StepType } from '../types.js';
import type { PhaseDeps } from './deps.js';

export interface RequestOptions {
  analyze: boolean;
  maxSteps: number;
  topK: number;
  attributionTopN: number;
  concurrency: number;
}

export function requestOptions(deps: PhaseDeps, record: PlanRecord): RequestOptions {
  const o = record.request.options ?? {};
  return {
    analyze: o.analyze ?? deps.defaults.analyze,
    maxSteps: o.maxSteps ?? deps.defaults.maxSteps,
    topK: o.topK ?? deps.defaults.topK,
    attributionTopN: o.attributionTopN ?? deps.defaults.attributionTopN,
    concurrency: o.concurrency ?? deps.defaults.concurrency,
  };
}

/** The executable step types, narrowed to the request's constraint when it gives one. */
export function allowedStepTypes(record: PlanRecord): StepType[] {
  const requested = record.request.constraints?.allowed_step_types;
  if (Array.isArray(requested)) return EXECUTABLE_STEP_TYPES.filter((t) => requested.includes(t));
  return EXECUTABLE_STEP_TYPES;
}

/**
 * The request's allow-list, within what is registered; the corpus tools when it gives none
 * (`ToolRegistry.corpusTools`: no network tool runs unless the request names it, so a document a
 * plan reads cannot steer it into `http.fetch`). Validate, the planner's catalog and Execute all
 * read this one list.
 */
export function allowedTools(deps: PhaseDeps, record: PlanRecord): string[] {
  const requested = record.request.tools;
  // A learned composite serves only the corpora it was learned on.
  const corpus = corpusKeyOf(record.request.corpus);
  const serves = (t: string) => deps.tools.servesCorpus(t, corpus);
  if (requested === undefined) return deps.tools.corpusTools().filter(serves);
  const registered = deps.tools.names();
  return requested.map(canonicalToolName).filter((t) => registered.includes(t) && serves(t));
}

/**
 * The learned composites the planner may offer this request: registered (so every part was when it
 * was loaded), allowed by the request's tool allow-list, and with every part allowed too (its
 * tools by the allow-list, its step types by the request's step types). None without tool_call.
 * One that stands in for a later round (`later_round`) only to an iterative request whose task has
 * a shape it was learned on (read from the wording, as the prompt's sizing reads it): another task
 * is not shown it, and pays nothing for it.
 */
export function offeredComposites(deps: PhaseDeps, record: PlanRecord): SynthesizedTool[] {
  const types = allowedStepTypes(record);
  if (!types.includes('tool_call')) return [];
  const tools = new Set(allowedTools(deps, record));
  const iterative = record.request.options?.mode === 'iterative';
  const shape = taskShape(record.request.task);
  return deps.tools
    .composites()
    .filter(
      (c) =>
        tools.has(c.tool_id) &&
        c.steps.every((s) => (s.kind === 'tool' ? tools.has(canonicalToolName(s.tool_id)) : types.includes(s.tool_id as StepType))) &&
        (c.later_round === undefined || (iterative && c.later_round.task_kinds.includes(shape))),
    );
}
