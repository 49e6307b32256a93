import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { currentLease, holderEnded, processIdentity } from '../../../local/trace/process-lease.js';

describe('process leases', () => {
  it('says this very process has not ended', () => {
    expect(holderEnded(currentLease())).toBe(false);
  });

  it('says a process that exited has ended', async () => {
    // Prepare
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await once(child, 'exit');

    // Act, Assess
    expect(holderEnded({ pid, host: hostname() })).toBe(true);
  });

  it.runIf(processIdentity(process.pid) !== undefined)('says a pid now held by another process is not the holder', () => {
    expect(holderEnded({ pid: process.pid, host: hostname(), process: 'another-boot/1' })).toBe(true);
  });

  it('cannot tell for a holder on another host, and says it has not ended', () => {
    expect(holderEnded({ pid: 999_999_999, host: `${hostname()}-elsewhere` })).toBe(false);
  });
});
