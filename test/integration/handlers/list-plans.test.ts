/**
 * GET /plans through its Lambda handler, with API Gateway HTTP API events, over DynamoDB Local:
 * the filters (status, kind, text, since), cursor paging across the store's index reads, and the
 * 400s of bad parameters.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskAnalysis } from '../../../functions/core/types.js';
import { makeListPlansHandler } from '../../../functions/handlers/intake/list-plans.js';
import type { IntakeRuntime } from '../../../functions/runtime/intake.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { receivedPlan } from '../../support/plans.js';
import { httpEvent, intakeRuntimeFor } from './support.js';

type Handler = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;
interface Listed {
  plans: Array<{ planId: string; status: string; task: string; kind?: string; createdAt: string; costUsd?: number }>;
  next?: string;
  filters: Record<string, string>;
}

/** More plans than one index read of the lister (100): paging crosses its chunks. */
const COUNT = 130;
const KINDS = ['comparison', 'bridge', 'lookup'];
const idOf = (i: number) => `p-list-${String(i).padStart(4, '0')}`;
// In the past: a plan updated now was created before.
const createdOf = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
const analysis = (kind: string): TaskAnalysis => ({
  complexity: 'simple',
  requires_tools: false,
  requires_routing: false,
  suggested_step_types: ['keyword_search'],
  key_entities: [],
  intent: 'test',
  task_kind: kind,
});

let rt: IntakeRuntime;
let list: Handler;

beforeAll(async () => {
  rt = await intakeRuntimeFor('list-plans');
  list = makeListPlansHandler(rt) as unknown as Handler;
  for (let i = 0; i < COUNT; i++) {
    const city = i % 5 === 0 ? 'Lyon' : 'Porto';
    await rt.store.createPlan(
      receivedPlan({
        planId: idOf(i),
        createdAt: createdOf(i),
        updatedAt: createdOf(i),
        request: { task: `Plan ${i}: the rainfall of ${city}` },
        analysis: analysis(KINDS[i % 3]!),
      }),
    );
  }
  // Every fourth plan succeeds, with a cost.
  const COST = {
    usd: 0.001,
    llmUsd: 0.0004,
    awsUsd: 0.0006,
    llm: { calls: 1, unpricedCalls: 0, inputTokens: 10, outputTokens: 5 },
    aws: {
      workflowType: 'standard' as const,
      stepFunctionsUsd: 0.0002,
      lambdaUsd: 0.0002,
      dynamodbUsd: 0.0002,
      stateTransitions: 8,
      lambdaRequests: 5,
      lambdaGbSeconds: 1,
      dynamodbWriteUnits: 300,
      dynamodbReadUnits: 30,
    },
  };
  for (let i = 0; i < COUNT; i += 4) {
    await rt.store.updatePlan(idOf(i), {
      status: 'succeeded',
      // The list carries the whole cost (metadata.cost.usd), not the model calls' alone (costUsd).
      metadata: {
        provider: 'p',
        model: 'm',
        iterations: 1,
        llmCalls: [],
        inputTokens: 0,
        outputTokens: 0,
        durationsMs: {},
        source: 'p',
        costUsd: 0.0004,
        cost: COST,
      },
    });
  }
}, 120_000);

async function get(params: Record<string, string>): Promise<APIGatewayProxyStructuredResultV2> {
  const event = httpEvent({ method: 'GET', path: '/plans', routeKey: 'GET /plans' });
  const query = new URLSearchParams(params).toString();
  return list(Object.keys(params).length > 0 ? { ...event, rawQueryString: query, queryStringParameters: params } : event, lambdaContext('ListPlans'));
}

const body = (response: APIGatewayProxyStructuredResultV2) => JSON.parse(String(response.body)) as Listed;

/** Every page of a listing, following `next`. */
async function allPages(params: Record<string, string>): Promise<Listed[]> {
  const pages: Listed[] = [];
  let next: string | undefined;
  do {
    const response = await get({ ...params, ...(next !== undefined ? { next } : {}) });
    expect(response.statusCode).toBe(200);
    const page = body(response);
    pages.push(page);
    next = page.next;
  } while (next !== undefined && pages.length < 50);
  return pages;
}

const expectedIds = (keep: (i: number) => boolean) =>
  Array.from({ length: COUNT }, (_, i) => i)
    .filter(keep)
    .reverse()
    .map(idOf);

describe('Handler: GET /plans', () => {
  it('lists every plan once, newest created first, across pages of the asked size', async () => {
    // Act
    const pages = await allPages({ limit: '40' });

    // Assess
    expect(pages.map((p) => p.plans.length)).toEqual([40, 40, 40, 10]);
    expect(pages.flatMap((p) => p.plans.map((x) => x.planId))).toEqual(expectedIds(() => true));
    expect(pages.at(-1)?.next).toBeUndefined();
  });

  it('filters by task kind and by text in the task, together, and pages through the matches', async () => {
    // Act
    const pages = await allPages({ kind: 'bridge', q: 'LYON', limit: '3' });

    // Assess: bridge is i % 3 == 1, Lyon is i % 5 == 0
    const want = expectedIds((i) => i % 3 === 1 && i % 5 === 0);
    expect(want.length).toBeGreaterThan(3);
    expect(pages.flatMap((p) => p.plans.map((x) => x.planId))).toEqual(want);
    expect(pages[0]!.plans[0]).toMatchObject({ kind: 'bridge', task: expect.stringContaining('Lyon') });
    expect(pages[0]!.filters).toEqual({ kind: 'bridge', text: 'LYON' });
  });

  it('filters by status, most recently updated first, and carries each plan its cost', async () => {
    // Act
    const pages = await allPages({ status: 'succeeded', limit: '10' });

    // Assess
    const listed = pages.flatMap((p) => p.plans);
    expect(new Set(listed.map((x) => x.planId))).toEqual(new Set(expectedIds((i) => i % 4 === 0)));
    expect(listed).toHaveLength(Math.ceil(COUNT / 4));
    expect(listed.every((x) => x.status === 'succeeded' && x.costUsd === 0.001)).toBe(true);
  });

  it('filters by creation time, with or without a status', async () => {
    // Act
    const since = createdOf(110);
    const recent = await allPages({ since });
    const recentSucceeded = await allPages({ since, status: 'succeeded' });

    // Assess
    expect(recent.flatMap((p) => p.plans.map((x) => x.planId))).toEqual(expectedIds((i) => i >= 110));
    expect(new Set(recentSucceeded.flatMap((p) => p.plans.map((x) => x.planId)))).toEqual(new Set(expectedIds((i) => i >= 110 && i % 4 === 0)));
    expect(recent[0]!.filters).toEqual({ since });
  });

  it.each([
    ['an unknown filter', { colour: 'red' }, 'unknown filter "colour": GET /plans takes status, kind, q, since, limit, next'],
    ['a limit of 0', { limit: '0' }, 'limit must be an integer from 1 to 200; got "0"'],
    ['a limit of 10,000', { limit: '10000' }, 'limit must be an integer from 1 to 200; got "10000"'],
    ['a malformed cursor', { next: 'not-a-cursor!' }, 'next is not a cursor this API gave: pass the `next` of the previous page unchanged'],
    [
      'a cursor that decodes to something else',
      { next: Buffer.from('{"a":1}').toString('base64url') },
      'next is not a cursor this API gave: pass the `next` of the previous page unchanged',
    ],
    ['an unknown status', { status: 'done' }, expect.stringMatching(/^status must be one of received, .*; got "done"$/)],
    ['a time that is none', { since: 'yesterday' }, expect.stringMatching(/^since must be an ISO time .* got "yesterday"$/)],
  ])('answers %s with 400 and one message naming it', async (_label, params, message) => {
    // Act
    const response = await get(params as Record<string, string>);

    // Assess
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(String(response.body)).message).toEqual(message);
  });

  it('refuses a cursor made under another status filter', async () => {
    // Prepare
    const { next } = body(await get({ limit: '2' }));

    // Act
    const response = await get({ status: 'succeeded', next: next! });

    // Assess
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(String(response.body)).message).toBe('next was made for another status filter: keep the filters of the page it came from');
  });
});
