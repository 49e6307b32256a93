/**
 * The lease fault scenarios: a process running a plan is killed with SIGKILL while the plan
 * executes, as `kill -9` of a `run` does; the plan must not stay `executing`. Real processes
 * (test/support/held-plan.ts, started with `node --import tsx`), the real embedded store in a
 * folder, the real local stack reopening it.
 *
 *   node --import tsx bench/faults-lease.ts --json   the rows as a JSON array on the last line
 *
 * `leaseFaultRows()` gives the same rows to bench/faults.ts. Each row's `ok` is computed from its figures.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStack } from '../cli/local-runner.js';
import { loadConfig } from '../functions/shared/config.js';
import { HOLDER_ENDED } from '../local/trace/abandoned-plans.js';
import { holdPlan, killHard } from '../test/support/held-plan-process.js';
import type { FaultRow } from './faults-llm.js';

const config = () => loadConfig({ ...process.env, CAIRN_DYNAMODB_ENDPOINT: '' });

/** A run killed while it held the store: the next process that opens the store marks its plan failed. */
async function killedHolder(): Promise<FaultRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-lease-'));
  const { child, planId } = await holdPlan(dataDir);
  await killHard(child);
  const started = performance.now();
  const stack = await LocalStack.open({ config: config(), dataDir });
  try {
    const openMs = Math.round(performance.now() - started);
    const record = await stack.runtime.store.getPlan(planId);
    const status = record?.status ?? 'missing';
    const reason = record?.error?.message ?? null;
    return {
      scenario: 'run killed (SIGKILL) while executing, holding the store',
      ok: status === 'failed' && reason?.includes(HOLDER_ENDED) === true && record?.error?.phase === 'executing',
      statusAfterReopen: status,
      reason,
      openMs,
    };
  } finally {
    await stack.close();
  }
}

/** A client process of a store this process holds, killed: serve's periodic look marks its plan; a live one is left alone. */
async function killedClient(): Promise<FaultRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-lease-'));
  const stack = await LocalStack.open({ config: config(), dataDir });
  try {
    const { child, planId } = await holdPlan(dataDir);
    const markedWhileAlive = (await stack.failAbandonedPlans()).length;
    const statusWhileAlive = (await stack.runtime.store.getPlan(planId))?.status ?? 'missing';
    await killHard(child);
    const started = performance.now();
    const markedAfterKill = await stack.failAbandonedPlans();
    const sweepMs = Math.round(performance.now() - started);
    const statusAfter = (await stack.runtime.store.getPlan(planId))?.status ?? 'missing';
    return {
      scenario: 'client run killed (SIGKILL) while executing; serve looks again',
      ok: markedWhileAlive === 0 && statusWhileAlive === 'executing' && markedAfterKill.includes(planId) && statusAfter === 'failed',
      markedWhileAlive,
      statusWhileAlive,
      statusAfterKill: statusAfter,
      sweepMs,
    };
  } finally {
    await stack.close();
  }
}

export async function leaseFaultRows(): Promise<FaultRow[]> {
  return [await killedHolder(), await killedClient()];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await leaseFaultRows();
  if (!process.argv.includes('--json')) for (const row of rows) console.log(row);
  console.log(JSON.stringify(rows));
}
