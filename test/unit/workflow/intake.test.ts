import { describe, expect, it } from 'vitest';

import { InvalidInputError } from '../../../functions/core/errors.js';
import type { TraceStore } from '../../../functions/core/ports.js';
import type { PlanRecord, PlanRequest, TraceEvent, TraceEventInput } from '../../../functions/core/types.js';
import { acceptRequest, checkRequest, newPlanId } from '../../../functions/core/workflow/intake.js';

const limits = { maxTaskBytes: 8192, maxIterations: 3 };

/** The message checkRequest refuses `request` with; fails the test when it accepts it. */
function refusal(request: unknown, withLimits = limits): string {
  try {
    checkRequest(request, withLimits);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(request).slice(0, 60)} to be refused`);
}

/** A TraceStore (the port) that keeps plans and events in memory; what intake does not use throws. */
class MemoryTraceStore implements TraceStore {
  readonly plans = new Map<string, PlanRecord>();
  readonly events: TraceEvent[] = [];
  async createPlan(record: PlanRecord, events: readonly TraceEventInput[] = []): Promise<void> {
    if (this.plans.has(record.planId)) throw new Error('exists');
    this.plans.set(record.planId, record);
    await this.appendEvents(record.planId, events);
  }
  async getPlan(planId: string): Promise<PlanRecord | undefined> {
    return this.plans.get(planId);
  }
  async appendEvent(planId: string, event: TraceEventInput): Promise<TraceEvent> {
    const stored = { ...event, planId, seq: this.events.length + 1, at: '2025-01-01T00:00:00.000Z' };
    this.events.push(stored);
    return stored;
  }
  async appendEvents(planId: string, events: readonly TraceEventInput[]): Promise<TraceEvent[]> {
    const stored: TraceEvent[] = [];
    for (const event of events) stored.push(await this.appendEvent(planId, event));
    return stored;
  }
  async listEvents(): Promise<TraceEvent[]> {
    return this.events;
  }
  updatePlan(): Promise<PlanRecord> {
    throw new Error('not used by intake');
  }
  updatePlanWithEvents(): Promise<{ record: PlanRecord; events: TraceEvent[] }> {
    throw new Error('not used by intake');
  }
  putAttempt(): Promise<void> {
    throw new Error('not used by intake');
  }
  getAttempt(): Promise<undefined> {
    throw new Error('not used by intake');
  }
  listAttempts(): Promise<[]> {
    throw new Error('not used by intake');
  }
  putStepOutput(): Promise<void> {
    throw new Error('not used by intake');
  }
  listStepOutputs(): Promise<[]> {
    throw new Error('not used by intake');
  }
  listPlans(): Promise<PlanRecord[]> {
    throw new Error('not used by intake');
  }
}

describe('Function: checkRequest', () => {
  it('returns a valid request as given', () => {
    // Prepare
    const request = { task: 'How high is K2?', corpus: 'examples/corpus.jsonl', options: { maxIterations: 2, topK: 5 } };

    // Act
    const checked = checkRequest(request, limits);

    // Assess
    expect(checked).toBe(request);
  });

  it.each([
    ['an empty task', { task: '' }],
    ['a whitespace task', { task: ' \n\t ' }],
  ])('refuses %s as "the task is empty"', (_name, request) => {
    // Act
    const message = refusal(request);

    // Assess
    expect(message).toBe('the task is empty');
  });

  it('refuses a task over the byte limit, counting UTF-8 bytes', () => {
    // Act
    const ascii = refusal({ task: 'a'.repeat(8193) });
    const accented = refusal({ task: 'é'.repeat(4097) });

    // Assess: 4097 characters of two bytes each are 8194 bytes.
    expect(ascii).toBe('the task is 8193 bytes, over the limit of 8192');
    expect(accented).toBe('the task is 8194 bytes, over the limit of 8192');
  });

  it('accepts a task of exactly the byte limit', () => {
    // Act
    const checked = checkRequest({ task: 'a'.repeat(8192) }, limits);

    // Assess
    expect(checked.task).toHaveLength(8192);
  });

  it('applies a lower configured byte limit', () => {
    // Act
    const message = refusal({ task: 'a'.repeat(101) }, { maxTaskBytes: 100, maxIterations: 3 });

    // Assess
    expect(message).toBe('the task is 101 bytes, over the limit of 100');
  });

  it('reports every schema error of a request in one line, each with its path', () => {
    // Act
    const message = refusal({ task: 'x', options: { maxIterations: 0, foo: 1 }, extra: true });

    // Assess
    expect(message).not.toContain('\n');
    expect(message.startsWith('invalid request: ')).toBe(true);
    const findings = message.slice('invalid request: '.length).split('; ');
    expect(findings).toHaveLength(3);
    expect(findings[0]).toMatch(/^\(root\): must NOT have additional property 'extra' \(allowed: task, context, /);
    expect(findings[1]).toMatch(/^options: must NOT have additional property 'foo' \(allowed: analyze, maxIterations, /);
    expect(findings[2]).toBe('options.maxIterations: must be >= 1');
  });

  it.each([
    ['null', null, 'invalid request: (root): must be object (got null)'],
    ['a string', 'How high is K2?', 'invalid request: (root): must be object (got string)'],
    ['an object with no task', {}, "invalid request: (root): must have required property 'task'"],
    ['a numeric task', { task: 5 }, 'invalid request: task: must be string (got integer)'],
    ['repeated tools', { task: 'ok', tools: ['a', 'a'] }, 'invalid request: tools: must NOT have duplicate items (items 1 and 0 are identical)'],
  ])('refuses %s with one line', (_name, request, expected) => {
    // Act
    const message = refusal(request);

    // Assess
    expect(message).toBe(expected);
  });

  it('checks the parameters of each step of an inline plan', () => {
    // Prepare
    const plan = { plan: [{ step_id: 1, type: 'vector_search', modality: 'text', parameters: {}, dependencies: [], trace: {} }], traceability: true };

    // Act
    const message = refusal({ task: 'x', options: { plan } });

    // Assess
    expect(message).toBe("invalid request: options.plan.plan.0.parameters: must have required property 'query'");
  });

  // Reported: CAIRN_MAX_TASK_BYTES may be raised to 1,000,000, but the request schema caps the
  // task at 8192 characters, so a raised limit never lets a longer task in.
  it('accepts a longer task when the byte limit is raised', () => {
    // Act
    const checked = checkRequest({ task: 'a'.repeat(9000) }, { maxTaskBytes: 100_000, maxIterations: 3 });

    // Assess
    expect(checked.task).toHaveLength(9000);
  });
});

describe('Function: newPlanId', () => {
  it('is p-<time in base 36>-<20 hex digits>', () => {
    // Prepare
    const at = new Date('2025-01-01T00:00:00.000Z');

    // Act
    const id = newPlanId(at);

    // Assess
    expect(id).toMatch(/^p-[0-9a-z]+-[0-9a-f]{20}$/);
    expect(id.split('-')[1]).toBe(at.getTime().toString(36));
  });

  it('is unique for many ids made at the same instant', () => {
    // Prepare
    const at = new Date('2025-01-01T00:00:00.000Z');

    // Act
    const ids = new Set(Array.from({ length: 2000 }, () => newPlanId(at)));

    // Assess
    expect(ids.size).toBe(2000);
  });

  it('sorts by creation time', () => {
    // Prepare
    const times = ['2024-02-29T23:59:59.999Z', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.001Z', '2031-07-04T12:00:00.000Z'];

    // Act
    const ids = times.map((t) => newPlanId(new Date(t)));

    // Assess
    expect([...ids].sort()).toEqual(ids);
  });

  it('is URL-safe', () => {
    // Act
    const id = newPlanId();

    // Assess
    expect(encodeURIComponent(id)).toBe(id);
  });
});

describe('Function: acceptRequest', () => {
  const now = new Date('2025-02-03T04:05:06.000Z');

  it('stores the plan as received with its first event and returns the workflow input', async () => {
    // Prepare
    const store = new MemoryTraceStore();
    const request: PlanRequest = { task: 'How high is K2?', options: { maxIterations: 5 } };

    // Act
    const input = await acceptRequest(store, request, { planId: 'p-1', now, limits });

    // Assess
    expect(input).toEqual({ planId: 'p-1', maxIterations: 5 });
    expect(store.plans.get('p-1')).toEqual({
      planId: 'p-1',
      status: 'received',
      version: 1,
      request,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      eventCount: 0,
    });
    expect(store.events.map((e) => [e.type, e.phase])).toEqual([['plan.received', 'received']]);
    expect(store.events[0]!.data).toEqual({ task: 'How high is K2?', corpus: null, options: { maxIterations: 5, plan: undefined } });
  });

  it('uses the configured iterations by default, and one for a supplied plan (never repaired)', async () => {
    // Prepare
    const plan = {
      plan: [{ step_id: 1, type: 'keyword_search' as const, modality: 'text' as const, parameters: { query: 'K2' }, dependencies: [], trace: {} }],
      traceability: true,
    };

    // Act
    const byDefault = await acceptRequest(new MemoryTraceStore(), { task: 't' }, { planId: 'p-2', now, limits });
    const supplied = await acceptRequest(
      new MemoryTraceStore(),
      { task: 't', options: { plan, maxIterations: 4 } },
      { planId: 'p-3', now, limits, planOnly: true },
    );

    // Assess
    expect(byDefault).toEqual({ planId: 'p-2', maxIterations: 3 });
    expect(supplied).toEqual({ planId: 'p-3', maxIterations: 1, planOnly: true, supplied: true });
  });
});
