/**
 * Where a running `serve` of a home can be reached: serve writes its address and pid into the home
 * (`serve.address`) when it listens and removes it when it stops; `run` and `plan` read it to print
 * the page of the plan they ran. A file left by a serve that was killed names a pid that no longer
 * runs, and is ignored.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processRuns } from '../../functions/shared/process-runs.js';

export const addressFileOf = (home: string): string => join(home, 'serve.address');

/** Records that a serve of this process listens at `url` on `home`. */
export function recordServeAddress(home: string, url: string): void {
  writeFileSync(addressFileOf(home), `${JSON.stringify({ url, pid: process.pid })}\n`, { mode: 0o600 });
}

/** Forgets the address, when it is this process's. */
export function forgetServeAddress(home: string): void {
  if (runningServeOf(home)?.pid === process.pid) rmSync(addressFileOf(home), { force: true });
}

/** The serve running on `home`, if any: its address and pid. */
export function runningServeOf(home: string): { url: string; pid: number } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(addressFileOf(home), 'utf8'));
  } catch {
    return undefined;
  }
  const { url, pid } = (value ?? {}) as { url?: unknown; pid?: unknown };
  if (typeof url !== 'string' || !/^http:\/\/127\.0\.0\.1:\d{1,5}\/$/.test(url) || typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1)
    return undefined;
  return processRuns(pid) ? { url, pid } : undefined;
}

/** The page of a plan on the serve running on `home`; undefined when none runs. */
export function planPageOf(home: string, planId: string): string | undefined {
  const serve = runningServeOf(home);
  return serve === undefined ? undefined : `${serve.url}ui/plans/${encodeURIComponent(planId)}`;
}
