/**
 * What the executor and its operators run with in tests: the local tools, the three best hits a
 * search, a stopped clock, and no model unless the test gives one.
 */
import type { ExecutionContext } from '../../functions/core/executor/run-plan.js';
import type { LlmProvider } from '../../functions/core/ports.js';
import type { OperatorContext } from '../../functions/core/steps/index.js';
import { localTools } from './tools.js';

/** A provider for runs that must not call a model: any call fails. */
export const noLlm: LlmProvider = {
  name: 'none',
  model: 'none',
  source: 'test',
  complete: () => Promise.reject(new Error('no LLM call expected')),
};

/** The time every test execution starts and ends at. */
export const EXECUTION_TIME = new Date('2025-05-06T07:08:09.000Z');

/** A plan execution's context: four steps at once, the local tools, the stopped clock; `task` and `index` as given. */
export const executionContext = (extra: Partial<ExecutionContext> & Pick<ExecutionContext, 'task' | 'index'>): ExecutionContext => ({
  llm: noLlm,
  clock: { now: () => EXECUTION_TIME },
  concurrency: 4,
  topK: 3,
  tools: localTools(),
  ...extra,
});

/** One operator's context: a signal that never fires, the local tools, LLM calls not recorded; `task` and `index` as given. */
export const operatorContext = (extra: Partial<OperatorContext> & Pick<OperatorContext, 'task' | 'index'>): OperatorContext => ({
  llm: noLlm,
  topK: 3,
  signal: new AbortController().signal,
  tools: localTools(),
  recordLlmCall: () => undefined,
  ...extra,
});
