/**
 * `cairn serve` in this process: the HTTP API's handlers behind the local API Gateway stand-in, plans run
 * by the local runner in the background, over AWS's DynamoDB Local (the global setup's).
 */

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CairnServer, startServer } from '../../../cli/serve/server.js';
import type { TraceEvent } from '../../../functions/core/types.js';
import { RuleBasedWithOverrides, taskOf, withDanglingDependency } from '../../support/llm.js';
import { localTestConfig } from '../../support/local-config.js';

const CONDITIONAL_TASK = 'If the corpus mentions a tram network in Lyon, summarize public transport in Lyon, otherwise describe the museums of Lyon';

let server: CairnServer;
/** Opens the gate the SLOW tasks wait at. */
let openGate!: () => void;
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

/**
 * The LLM of the serve tests: the rule-based planner, except that a task starting with BROKEN
 * gets a dangling dependency in its first plan (so the repair loop runs), and a task starting
 * with SLOW waits at its plan call (its analysis asked in it) until the test opens the gate (so a
 * test sees a plan under way).
 */
const llm = new RuleBasedWithOverrides(async (request, rules) => {
  const task = taskOf(request);
  if (task.startsWith('SLOW') && request.intent.kind === 'plan') await gate;
  if (task.startsWith('BROKEN') && request.intent.kind === 'plan') return withDanglingDependency((await rules()).text);
  return undefined;
});
const logged: string[] = [];

beforeAll(async () => {
  server = await startServer({ config: localTestConfig('serve'), port: 0, llm, log: (line) => logged.push(line) });
});

afterAll(async () => {
  openGate();
  await server?.close();
});

/** The headers of the owner's requests: JSON, and serve's token. */
const owner = (): Record<string, string> => ({ 'content-type': 'application/json', authorization: `Bearer ${server.token}` });

async function call(method: string, path: string, body?: string, headers: Record<string, string> = owner()) {
  const response = await fetch(new URL(path, server.url), { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** A request with a Host header of our choosing (fetch will not send another Host). */
function withHost(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path: '/', headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForStatus(planId: string, statuses: string[], timeoutMs = 20_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await call('GET', `/plans/${planId}`)).json();
    if (statuses.includes(String(view.status))) return view;
    if (Date.now() > deadline) throw new Error(`plan ${planId} still ${view.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('cairn serve: the HTTP API', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('answers POST /plans with 202 at once; GET shows the plan moving until it has run', async () => {
    // Act: the plan waits at its plan call until the gate opens.
    const started = await call('POST', '/plans', JSON.stringify({ task: `SLOW ${CONDITIONAL_TASK}` }));
    const body = started.json();
    const planId = String(body.planId);
    const early = await waitForStatus(planId, ['planning']);
    openGate();
    const done = await waitForStatus(planId, ['succeeded', 'failed']);
    const trace = (await call('GET', `/plans/${planId}/trace`)).json() as { events: TraceEvent[] };

    // Assess
    expect(started.status).toBe(202);
    expect(body).toEqual({
      planId,
      status: 'received',
      statusUrl: `${server.url}plans/${planId}`,
      traceUrl: `${server.url}plans/${planId}/trace`,
      duplicate: false,
    });
    expect(started.headers.get('location')).toBe(`${server.url}plans/${planId}`);
    expect(early).toMatchObject({ status: 'planning', sources: [] });
    expect(early).not.toHaveProperty('results');
    expect(done.status).toBe('succeeded');
    const steps = (done.results as { steps: Array<{ step_id: number; status: string }> }).steps;
    expect(steps.filter((s) => s.status === 'skipped')).toHaveLength(1);
    const moves = trace.events.filter((e) => e.type === 'plan.status').map((e) => e.data?.to);
    expect(moves).toEqual(['analyzing', 'planning', 'validating', 'executing', 'finalizing', 'succeeded']);
    expect(trace.events.map((e) => e.seq)).toEqual(trace.events.map((_, i) => i + 1));
    // The line is logged once the workflow has ended, a moment after Finalize has stored `succeeded`.
    await vi.waitFor(() => expect(logged.some((line) => line.startsWith(`plan ${planId} succeeded in `))).toBe(true));
  });

  it('runs the repair loop: the trace keeps the invalid attempt with its errors', async () => {
    // Act
    const planId = String((await call('POST', '/plans', JSON.stringify({ task: 'BROKEN What is a bouchon?' }))).json().planId);
    await waitForStatus(planId, ['succeeded', 'failed']);
    const events = ((await call('GET', `/plans/${planId}/trace`)).json() as { events: TraceEvent[] }).events;

    // Assess
    const validations = events
      .filter((e) => e.type === 'validation.completed')
      .map((e) => e.data as { attempt: number; valid: boolean; errors: Array<{ path: string }> });
    expect(validations.map((v) => [v.attempt, v.valid])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(validations[0]?.errors.map((e) => e.path)).toContain('plan.0.dependencies.0');
    expect(events.some((e) => e.type === 'repair.requested')).toBe(true);
  });

  it('answers 400 with every problem of the body and its path, and starts nothing', async () => {
    // Prepare
    const before = ((await call('GET', '/plans?limit=200')).json().plans as unknown[]).length;

    // Act
    const invalid = await call('POST', '/plans', JSON.stringify({ task: '', tools: ['search', 7], options: { topK: 500 } }));
    const notJson = await call('POST', '/plans', '{"task": "unterminated');
    const notDeclared = await call('POST', '/plans', 'task=hello', { ...owner(), 'content-type': 'application/x-www-form-urlencoded' });

    // Assess
    expect(invalid.status).toBe(400);
    const errors = invalid.json().errors as Array<{ path: string; message: string }>;
    expect(errors.map((e) => e.path).sort()).toEqual(['options.topK', 'task', 'tools.1']);
    expect(errors.find((e) => e.path === 'options.topK')?.message).toBe('must be <= 100');
    expect(notJson.status).toBe(400);
    expect(notJson.json()).toMatchObject({ errors: [{ path: '(body)' }] });
    expect(notDeclared.status).toBe(415);
    expect(((await call('GET', '/plans?limit=200')).json().plans as unknown[]).length).toBe(before);
  });

  it.each(['/etc/passwd', '/proc/self/environ', '../../../../etc/hostname'])(
    'refuses a corpus outside the corpus folders (%s) with 400, quoting none of it',
    async (corpus) => {
      // Act
      const response = await call('POST', '/plans', JSON.stringify({ task: 'What is a bouchon?', corpus }));

      // Assess
      expect(response.status).toBe(400);
      const { message } = response.json();
      expect(message).toBe(`corpus ${corpus} is outside the corpus folders (examples/, CAIRN_HOME, CAIRN_CORPUS_ROOTS, --corpus)`);
    },
  );

  it('runs a plan supplied beside the task without planning, traced with source supplied; an invalid one is 400 with every problem', async () => {
    // Prepare
    const plan = {
      plan: [
        { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon population', top_k: 3 }, dependencies: [], trace: {} },
        {
          step_id: 2,
          type: 'tool_call',
          modality: 'text',
          parameters: { tool: 'math.evaluate', args: { expression: '873 - 522' } },
          dependencies: [],
          trace: {},
        },
      ],
      traceability: true,
    };
    const cyclic = {
      plan: [
        { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [2], trace: {} },
        { step_id: 2, type: 'rerank', modality: 'text', parameters: { input_step: 1 }, dependencies: [1], trace: {} },
      ],
      traceability: true,
    };

    // Act
    const started = await call('POST', '/plans', JSON.stringify({ task: 'How many people live in Lyon?', plan }));
    const planId = String(started.json().planId);
    const done = await waitForStatus(planId, ['succeeded', 'failed']);
    const trace = (await call('GET', `/plans/${planId}/trace`)).json() as { events: TraceEvent[] };
    const invalid = await call('POST', '/plans', JSON.stringify({ task: 'Lyon', plan: cyclic }));
    const badParameters = await call(
      'POST',
      '/plans',
      JSON.stringify({ task: 'Lyon', plan: { ...plan, plan: [{ ...plan.plan[0], parameters: { top_k: 3 } }] } }),
    );

    // Assess
    expect(started.status).toBe(202);
    expect(done.status).toBe('succeeded');
    expect(done.plan).toEqual(plan);
    const phases = [...new Set(trace.events.map((e) => e.phase))];
    expect(phases).not.toContain('analyzing');
    expect(phases).not.toContain('planning');
    expect(trace.events.find((e) => e.type === 'plan.received')?.data).toMatchObject({ source: 'supplied' });
    expect(trace.events.find((e) => e.type === 'plan.generated')?.data).toMatchObject({ source: 'user' });
    // No planning call: the one call is the answer Finalize composes, the plan having no answer step.
    expect(done.metadata).toMatchObject({ source: 'supplied', provider: 'user' });
    expect((done.metadata as { llmCalls: Array<{ purpose: string }> }).llmCalls.map((c) => c.purpose)).toEqual(['answer']);
    expect(trace.events.find((e) => e.type === 'step.completed' && e.data?.step_id === 2)?.data).toMatchObject({ tool: 'math.evaluate' });
    expect(invalid.status).toBe(400);
    expect((invalid.json().errors as Array<{ path: string; message: string }>).map((e) => e.message).join(' ')).toMatch(/cycle/);
    expect(badParameters.status).toBe(400);
    expect((badParameters.json().errors as Array<{ path: string }>).map((e) => e.path)).toContain('plan.plan.0.parameters');
  });

  it('answers 404 for a plan never seen and for a route the API does not have', async () => {
    // Act
    const plan = await call('GET', '/plans/p-0000000000000000000000000000dead');
    const trace = await call('GET', '/plans/not-a-plan-id/trace');
    const route = await call('DELETE', '/plans/p-1');
    const page = await call('GET', '/nowhere');

    // Assess
    expect(plan.status).toBe(404);
    expect(plan.json()).toEqual({ message: 'plan "p-0000000000000000000000000000dead" not found' });
    expect(trace.status).toBe(404);
    expect(route.status).toBe(404);
    expect(route.json()).toEqual({ message: 'Not Found' });
    expect(page.status).toBe(404);
  });

  it('starts one plan for two calls with the same Idempotency-Key', async () => {
    // Prepare
    const headers = { ...owner(), 'idempotency-key': 'serve-test-1' };

    // Act
    const first = await call('POST', '/plans', JSON.stringify({ task: 'What is a bouchon?' }), headers);
    const second = await call('POST', '/plans', JSON.stringify({ task: 'What is a bouchon?' }), headers);

    // Assess
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.json()).toMatchObject({ planId: first.json().planId, duplicate: true });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    await waitForStatus(String(first.json().planId), ['succeeded']);
  });

  it('refuses a body over 1 MiB with 413 and a Host that is not this machine with 421', async () => {
    // Act
    const large = await call('POST', '/plans', JSON.stringify({ task: 'x'.repeat(1_100_000) }));
    const foreign = await withHost('attacker.example:80');
    const local = await withHost(`localhost:${server.port}`);

    // Assess
    expect(large.status).toBe(413);
    expect(foreign).toBe(421);
    expect(local).toBe(200);
  });
});

describe("cairn serve: the owner's token", () => {
  it.each([
    ['POST', '/plans', { task: 'What is a bouchon?' }],
    ['POST', '/plans/p-0000000000000000000000000000dead/input', { answer: { city: 'Lyon' } }],
    ['POST', '/tools/learned.anything/approve', { decision: 'promote' }],
  ])('refuses %s %s without the token or with another one, with 401 and one line, and starts nothing', async (method, path, body) => {
    // Prepare
    const before = ((await call('GET', '/plans?limit=200')).json().plans as unknown[]).length;

    // Act
    const without = await call(method, path, JSON.stringify(body), { 'content-type': 'application/json' });
    const wrong = await call(method, path, JSON.stringify(body), { 'content-type': 'application/json', authorization: `Bearer ${'0'.repeat(64)}` });
    const notBearer = await call(method, path, JSON.stringify(body), { 'content-type': 'application/json', authorization: server.token });

    // Assess
    for (const answer of [without, wrong, notBearer]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(String(answer.json().message)).not.toContain('\n');
    }
    expect(without.json().message).toMatch(/^this route needs serve's token: send Authorization: Bearer/);
    expect(wrong.json().message).toBe("the token is not this serve's (CAIRN_HOME/serve.token holds it)");
    expect(((await call('GET', '/plans?limit=200')).json().plans as unknown[]).length).toBe(before);
  });

  it('answers the reading routes without the token', async () => {
    // Act
    const statuses = await Promise.all(['/plans', '/tools', '/openapi.json', '/'].map(async (path) => (await call('GET', path, undefined, {})).status));

    // Assess
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('makes a token of its own when it has no home, different at each start', async () => {
    // Prepare
    const other = await startServer({ config: localTestConfig('serve-token'), port: 0, llm });

    // Act
    const { token } = other;
    await other.close();

    // Assess
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toBe(server.token);
  });
});

describe('cairn serve: pages and documents', () => {
  it('serves the OpenAPI document of the API it runs', async () => {
    // Act
    const doc = (await call('GET', '/openapi.json')).json() as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, unknown> };

    // Assess
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe(server.url.replace(/\/$/, ''));
    expect(Object.keys(doc.paths).sort()).toEqual(['/plans', '/plans/{id}', '/plans/{id}/input', '/plans/{id}/trace', '/tools', '/tools/{id}/approve']);
  });

  it('serves each page under a strict content security policy, with scripts that never evaluate code', async () => {
    // Act
    const list = await call('GET', '/');
    const page = await call('GET', '/ui/plans/p-anything');
    const script = await call('GET', '/assets/plan-page.js');
    const style = await call('GET', '/assets/style.css');

    // Assess
    for (const html of [list, page]) {
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(html.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    }
    expect(page.text).toContain('data-plan-id="p-anything"');
    expect(page.text).toContain('<script type="module" src="/assets/plan-page.js">');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text.length).toBeGreaterThan(10_000);
    expect(script.text).not.toMatch(/\beval\(|new Function\b|\bFunction\(/);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('lists the last plans, newest first, for the first page', async () => {
    // Act
    const { plans } = (await call('GET', '/plans?limit=3')).json() as {
      plans: Array<{ planId: string; status: string; task: string; createdAt: string }>;
    };

    // Assess
    expect(plans.length).toBe(3);
    expect(plans.map((p) => p.createdAt)).toEqual([...plans.map((p) => p.createdAt)].sort().reverse());
    expect(plans[0]).toMatchObject({ status: expect.any(String), task: expect.any(String) });
  });
});
