/**
 * A plan's lease: which local process runs its workflow, and whether that process is gone.
 *
 * A process is named by its pid, its host, and on Linux by the boot id and its start time, so a
 * pid the kernel handed to another process since is not mistaken for the holder. This asks the
 * kernel whether the holder lives, at once and exactly, so a lease needs no heartbeat write while
 * the plan runs. A holder on another host cannot be asked: its plans are left alone.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { PlanLease } from '../../functions/core/types.js';

/** The text of a /proc file, or undefined where there is none (not Linux, or no such process). */
function procText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The boot id and start time (in clock ticks since boot) of process `pid`, from /proc; undefined
 * where /proc does not tell them.
 */
export function processIdentity(pid: number): string | undefined {
  const boot = procText('/proc/sys/kernel/random/boot_id')?.trim();
  const stat = procText(`/proc/${pid}/stat`);
  if (!boot || !stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: fields count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 22 of proc(5), starttime, is the 20th after the name (which is field 2).
  const started = fields[19];
  return started === undefined ? undefined : `${boot}/${started}`;
}

/** The lease of this process. */
export function currentLease(): PlanLease {
  const identity = processIdentity(process.pid);
  return { pid: process.pid, host: hostname(), ...(identity ? { process: identity } : {}) };
}

/**
 * True when the holder of `lease` has certainly ended: on this host, its pid is no process, or a
 * process other than the one that took the lease. False when it lives or cannot be asked.
 */
export function holderEnded(lease: PlanLease): boolean {
  if (lease.host !== hostname()) return false;
  try {
    process.kill(lease.pid, 0);
  } catch (error) {
    // EPERM: a process of another user holds the pid, which is not the holder only if it is another process.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  if (lease.process === undefined) return false;
  const now = processIdentity(lease.pid);
  return now !== undefined && now !== lease.process;
}
