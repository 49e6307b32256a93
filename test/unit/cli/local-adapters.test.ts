/** The two adapters `cairn` adds for itself: the in-process workflow starter of serve, and the trace store that tells the progress. */
import { describe, expect, it, vi } from 'vitest';
import type { TraceStore } from '../../../functions/core/ports.js';
import type { TraceEvent } from '../../../functions/core/types.js';
import type { WorkflowInput } from '../../../functions/core/workflow/types.js';
import { NotifyingTraceStore } from '../../../local/trace/notifying-trace-store.js';
import { InProcessWorkflowStarter } from '../../../local/workflow/workflow-starter.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('Adapter: InProcessWorkflowStarter', () => {
  it('answers at once and runs the workflow in the background', async () => {
    // Prepare
    const release = gate();
    const ran: string[] = [];
    const starter = new InProcessWorkflowStarter({
      runner: {
        execute: async (name) => {
          await release.opened;
          ran.push(name);
        },
      },
    });

    // Act
    const answer = await starter.start('p-1', { planId: 'p-1', maxIterations: 3 });
    const activeWhileBlocked = await new Promise<number>((resolve) => setTimeout(() => resolve(starter.active), 5));
    release.open();
    await starter.drain();

    // Assess
    expect(answer).toEqual({ started: true });
    expect(activeWhileBlocked).toBe(1);
    expect(ran).toEqual(['p-1']);
    expect(starter.active).toBe(0);
  });

  it('refuses a second execution of the same name, as a Standard workflow does', async () => {
    // Prepare
    const execute = vi.fn(async (_name: string, _input: WorkflowInput) => undefined);
    const starter = new InProcessWorkflowStarter({ runner: { execute } });

    // Act
    const first = await starter.start('p-1', { planId: 'p-1', maxIterations: 3 });
    const second = await starter.start('p-1', { planId: 'p-1', maxIterations: 3 });
    await starter.drain();

    // Assess
    expect([first, second]).toEqual([{ started: true }, { started: false }]);
    expect(starter.deduplicatesByName).toBe(true);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('tells how each execution ended, a broken runner included, and never rejects', async () => {
    // Prepare
    const settled: Array<[string, boolean]> = [];
    const starter = new InProcessWorkflowStarter({
      runner: {
        execute: async (name) => {
          if (name === 'p-bad') throw new Error('database gone');
        },
      },
      onSettled: (name, outcome) => {
        settled.push([name, outcome.failed]);
        throw new Error('a listener that breaks');
      },
    });

    // Act
    await starter.start('p-ok', { planId: 'p-ok', maxIterations: 1 });
    await starter.start('p-bad', { planId: 'p-bad', maxIterations: 1 });
    await starter.drain();

    // Assess
    expect(settled.sort()).toEqual([
      ['p-bad', true],
      ['p-ok', false],
    ]);
  });

  it('lets a caller wait for one execution and learn how it ended', async () => {
    // Prepare
    const release = gate();
    const starter = new InProcessWorkflowStarter({
      runner: {
        execute: async (name) => {
          await release.opened;
          if (name === 'p-bad') throw new Error('database gone');
        },
      },
    });
    await starter.start('p-ok', { planId: 'p-ok', maxIterations: 1 });
    await starter.start('p-bad', { planId: 'p-bad', maxIterations: 1 });
    const ok = starter.finished('p-ok');
    const bad = starter.finished('p-bad');

    // Act
    release.open();

    // Assess
    expect(await ok).toEqual({ failed: false });
    expect(await bad).toMatchObject({ failed: true, error: new Error('database gone') });
    expect(starter.finished('p-ok')).toBeUndefined();
    expect(starter.finished('p-never')).toBeUndefined();
  });
});

describe('Adapter: NotifyingTraceStore', () => {
  it('tells listeners each stored event, with its sequence number, until they unsubscribe', async () => {
    // Prepare
    let seq = 0;
    const inner = {
      appendEvent: async (planId: string, input: { type: TraceEvent['type']; phase: string }) => ({
        ...input,
        planId,
        seq: ++seq,
        at: '2026-05-01T10:00:00.000Z',
      }),
      getPlan: vi.fn(async () => undefined),
    } as unknown as TraceStore;
    const store = new NotifyingTraceStore(inner);
    const seen: number[] = [];
    const stop = store.subscribe((event) => seen.push(event.seq));
    store.subscribe(() => {
      throw new Error('a listener that breaks');
    });

    // Act
    const first = await store.appendEvent('p-1', { type: 'plan.received', phase: 'received' });
    stop();
    await store.appendEvent('p-1', { type: 'plan.status', phase: 'analyzing' });
    await store.getPlan('p-1');

    // Assess
    expect(first.seq).toBe(1);
    expect(seen).toEqual([1]);
    expect(inner.getPlan).toHaveBeenCalledWith('p-1');
  });
});
