/**
 * test/support/held-plan.ts as a real process, for the lease tests and bench/faults-lease.ts:
 * started on a store, it holds a plan that executes until the caller kills it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A process whose plan is executing on the store in `dataDir`, and the plan's id. */
export async function holdPlan(dataDir: string): Promise<{ child: ChildProcess; planId: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/held-plan.ts', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [undefined])])) as [string | undefined];
  lines.close();
  if (line === undefined) throw new Error('the process holding the plan ended before its plan executed');
  return { child, planId: (JSON.parse(line) as { planId: string }).planId };
}

/** Kills `child` with SIGKILL, as `kill -9` does, and waits for it to be gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
