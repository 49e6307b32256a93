/** A workflow Lambda made from a runtime: the Powertools chain (runtime/observability.ts) around one phase of the core. */
import { randomUUID } from 'node:crypto';
import type { PayloadStore } from '../adapters/payloads/payload-store.js';
import { boundedMessage, MAX_ERROR_BYTES } from '../core/errors.js';
import type { PhaseDeps } from '../core/workflow/deps.js';
import { type Observability, observed } from '../runtime/observability.js';
import type { Runtime } from '../runtime/workflow.js';

export type Phase<Event, Result> = (deps: PhaseDeps, event: Event) => Promise<Result>;

export function phaseHandler<Event, Result>(
  rt: Pick<Runtime, 'phases' | 'observability' | 'payloads'> & Partial<Pick<Runtime, 'learned'>>,
  phase: Phase<Event, Result>,
) {
  const { phases, observability, payloads } = rt;
  return observed<Event, Result>(observability).handler(async (event: Event) => {
    try {
      // Promoted composites join the registry (and so the planner's catalog) before the phase reads it.
      await rt.learned?.refresh();
      return await phase(phases, event);
    } catch (error) {
      throw await boundedPhaseError(error, { payloads, obs: observability, planId: planIdOf(event) });
    }
  });
}

/**
 * The error a phase threw, as the state machine may carry it: Step Functions puts the message
 * (and the stack, which repeats it) into the next state's input, and a state whose input passes
 * 256 KB fails with an error no Catch can catch, leaving the plan unfinished. A message past
 * MAX_ERROR_BYTES is cut and its whole text kept in the payload store, named in the message. The
 * name stays, since the workflow's Retry and Catch clauses match on it.
 */
export async function boundedPhaseError(
  error: unknown,
  context: { payloads: PayloadStore; obs: Pick<Observability, 'logger'>; planId: string | undefined },
): Promise<unknown> {
  const message = error instanceof Error ? error.message : String(error);
  if (Buffer.byteLength(message, 'utf8') <= MAX_ERROR_BYTES) return error;
  let reference = '';
  try {
    const key = `errors/${context.planId ?? 'unknown'}/${randomUUID()}.txt`;
    reference = ` (whole text: ${await context.payloads.put(key, message)})`;
  } catch (storeError) {
    // The cut message still reaches RecordFailure; only the whole text is lost.
    context.obs.logger.warn('could not keep the whole text of an error', { error: String(storeError) });
  }
  const bounded = new Error(`${boundedMessage(message, MAX_ERROR_BYTES - Buffer.byteLength(reference, 'utf8'))}${reference}`);
  bounded.name = error instanceof Error ? error.name : 'Error';
  bounded.stack = `${bounded.name}: ${bounded.message}`;
  return bounded;
}

function planIdOf(event: unknown): string | undefined {
  const planId = (event as { planId?: unknown } | null)?.planId;
  return typeof planId === 'string' && /^[\w-]{1,64}$/.test(planId) ? planId : undefined;
}
