/**
 * Whether process `pid` runs on this machine: signal 0 asks without signalling. A process of
 * another user counts (EPERM: it cannot be signalled, but it is there).
 */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
