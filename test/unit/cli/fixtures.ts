/**
 * What the CLI view tests share: the conditional plan the rule-based planner writes for the
 * tram/museums task of examples/tasks.txt, and a trace of a run of it with one repair.
 */
import type { DecompositionPlan, TraceEvent, TraceEventType } from '../../../functions/core/types.js';

export const CONDITIONAL_PLAN: DecompositionPlan = {
  plan: [
    { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'a tram network in Lyon', top_k: 10 }, dependencies: [], trace: {} },
    {
      step_id: 2,
      type: 'conditional',
      modality: 'text',
      parameters: { expression: 'step_1.result.count > 0 and step_1.result.top_coverage >= 0.6' },
      dependencies: [1],
      trace: {},
    },
    {
      step_id: 3,
      type: 'keyword_search',
      modality: 'text',
      parameters: { query: 'summarize public transport in Lyon', top_k: 10 },
      dependencies: [2],
      trace: {},
      condition: "step_2.result['run'] == True",
    },
    {
      step_id: 4,
      type: 'keyword_search',
      modality: 'text',
      parameters: { query: 'describe the museums of Lyon', top_k: 10 },
      dependencies: [2],
      trace: {},
      condition: "step_2.result['run'] == False",
    },
    {
      step_id: 5,
      type: 'aggregate',
      modality: 'text',
      parameters: { input_steps: [3, 4], method: 'union' },
      dependencies: [3, 4],
      trace: {},
      on_dependency_skipped: 'continue',
    },
    {
      step_id: 6,
      type: 'llm_call',
      modality: 'text',
      parameters: { prompt: 'Answer the task from the branch that ran, citing sources.', input_steps: [5, 1] },
      dependencies: [5, 1],
      trace: {},
    },
  ],
  traceability: true,
};

export const T0 = Date.parse('2026-05-01T10:00:00.000Z');

/** A trace, one event per entry: [ms after T0, type, phase, data]. */
export function trace(entries: ReadonlyArray<[number, TraceEventType, string, Record<string, unknown>?]>, planId = 'p-test'): TraceEvent[] {
  return entries.map(([ms, type, phase, data], i) => ({ planId, seq: i + 1, at: new Date(T0 + ms).toISOString(), type, phase, ...(data ? { data } : {}) }));
}

const status = (from: string, to: string) => ({ from, to });

/** Analyze, a first plan with two errors, a repair, a valid second plan, then steps 1-6 (4 skipped), finalize. */
export const REPAIRED_RUN = trace([
  [0, 'plan.received', 'received', { task: 'tram or museums' }],
  [5, 'plan.status', 'analyzing', status('received', 'analyzing')],
  [9, 'llm.call', 'analyzing', { purpose: 'analysis' }],
  [10, 'analysis.completed', 'analyzing', { analysis: { task_kind: 'conditional', complexity: 'complex' }, issues: [] }],
  [12, 'plan.status', 'planning', status('analyzing', 'planning')],
  [30, 'llm.call', 'planning', { purpose: 'plan' }],
  [31, 'plan.generated', 'planning', { attempt: 1, kind: 'generate', source: 'rule-based' }],
  [33, 'plan.status', 'validating', status('planning', 'validating')],
  [
    36,
    'validation.completed',
    'validating',
    {
      attempt: 1,
      valid: false,
      errors: [
        { path: 'plan.2.dependencies.0', message: 'step 7 does not exist', source: 'semantic' },
        { path: 'plan.0.type', message: 'must be one of [...]', source: 'schema' },
      ],
    },
  ],
  [38, 'plan.status', 'repairing', status('validating', 'repairing')],
  [39, 'repair.requested', 'repairing', { attempt: 2, errorCount: 2 }],
  [60, 'llm.call', 'repairing', { purpose: 'repair' }],
  [61, 'plan.generated', 'repairing', { attempt: 2, kind: 'repair', source: 'rule-based' }],
  [63, 'plan.status', 'validating', status('repairing', 'validating')],
  [66, 'validation.completed', 'validating', { attempt: 2, valid: true, errors: [] }],
  [67, 'plan.accepted', 'validating', { attempt: 2, steps: 6 }],
  [70, 'plan.status', 'executing', status('validating', 'executing')],
  [72, 'step.started', 'executing', { step_id: 1, type: 'keyword_search' }],
  [80, 'step.completed', 'executing', { step_id: 1, type: 'keyword_search', durationMs: 8, count: 10, search_method: 'bm25' }],
  [81, 'step.started', 'executing', { step_id: 2, type: 'conditional' }],
  [84, 'step.completed', 'executing', { step_id: 2, type: 'conditional', durationMs: 3, run: true }],
  [85, 'step.started', 'executing', { step_id: 3, type: 'keyword_search' }],
  [
    85,
    'step.skipped',
    'executing',
    {
      step_id: 4,
      type: 'keyword_search',
      durationMs: 0,
      skipped: true,
      reason: "condition is false: step_2.result['run'] == False",
      condition: "step_2.result['run'] == False",
    },
  ],
  [95, 'step.completed', 'executing', { step_id: 3, type: 'keyword_search', durationMs: 10, count: 10 }],
  [96, 'step.started', 'executing', { step_id: 5, type: 'aggregate' }],
  [99, 'step.completed', 'executing', { step_id: 5, type: 'aggregate', durationMs: 3, count: 12 }],
  [100, 'step.started', 'executing', { step_id: 6, type: 'llm_call' }],
  [120, 'step.completed', 'executing', { step_id: 6, type: 'llm_call', durationMs: 20 }],
  [121, 'execution.completed', 'executing', { status: 'succeeded', durationMs: 51 }],
  [123, 'plan.status', 'finalizing', status('executing', 'finalizing')],
  [130, 'plan.finalized', 'finalizing', { sources: 7, coverage: { covered_count: 2, subquery_count: 2 }, confidence: 0.8 }],
  [131, 'plan.status', 'succeeded', status('finalizing', 'succeeded')],
]);
