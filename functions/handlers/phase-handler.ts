/** A workflow Lambda made from a runtime: the Powertools chain (middleware.ts) around one phase of the core. */
import type { PhaseDeps } from '../core/workflow/deps.js';
import type { Runtime } from '../runtime/workflow.js';
import { observed } from './middleware.js';

export type Phase<Event, Result> = (deps: PhaseDeps, event: Event) => Promise<Result>;

export function phaseHandler<Event, Result>(rt: Pick<Runtime, 'phases' | 'observability'>, phase: Phase<Event, Result>) {
  const { phases, observability } = rt;
  return observed<Event, Result>(observability).handler((event: Event) => phase(phases, event));
}
