/**
 * The OpenAPI 3.1 document of the HTTP API, written from the route table `cairn serve` uses
 * and from the JSON Schemas of schemas/, included unchanged: OpenAPI 3.1 speaks JSON Schema
 * 2020-12, so each keeps its `$id` and the request's `$ref: plan.schema.json` resolves to the
 * plan schema by that id. Served at GET /openapi.json. The routes that change something carry the
 * bearer scheme `serve` asks them for (owner-token.ts); the reading routes are open to this machine.
 */

import { analysisSchema, planSchema } from '../../functions/core/plan/schemas.js';
import { PLAN_STATUSES } from '../../functions/core/types.js';
import { API_ROUTES, type ApiRouteName } from '../../functions/runtime/routes.js';
import planRequestSchema from '../../schemas/plan-request.schema.json' with { type: 'json' };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: object) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: jsonContent(ref('Problem')) });

/** The shapes the handlers answer with; the request shapes come from schemas/ as they are. */
const responseSchemas = {
  PlanStatus: { type: 'string', enum: [...PLAN_STATUSES] },
  PlanStarted: {
    type: 'object',
    required: ['planId', 'status', 'statusUrl', 'traceUrl', 'duplicate'],
    properties: {
      planId: { type: 'string', pattern: '^p-[0-9a-z-]{1,64}$' },
      status: ref('PlanStatus'),
      statusUrl: { type: 'string', format: 'uri', description: 'GET it for the status, the plan, the results and the sources.' },
      traceUrl: { type: 'string', format: 'uri', description: 'GET it for every trace event in order.' },
      duplicate: { type: 'boolean', description: 'True when the Idempotency-Key had started this plan already: nothing new started.' },
    },
  },
  Problem: {
    type: 'object',
    required: ['message'],
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'array',
        description: 'Every problem of the request, each with its JSON path (`(root)`, `(body)`, `options.topK`, ...).',
        items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
      },
    },
  },
  Source: {
    type: 'object',
    required: ['id', 'modality', 'score', 'step_id', 'snippet'],
    properties: {
      id: { type: 'string' },
      title: { type: 'string' },
      modality: { type: 'string' },
      score: { type: 'number' },
      step_id: { type: 'integer' },
      subquery_id: { type: 'string', description: 'The retrieval sub-query (step) that found the document, for attribution by sub-query.' },
      rank_in_subquery: { type: 'integer', minimum: 1, description: 'Where the document ranked in that sub-query.' },
      rank: { type: 'integer', minimum: 1, description: "Where the document stands in the plan's retrieval ranking, used by the answer or not." },
      snippet: { type: 'string' },
    },
  },
  PlanView: {
    type: 'object',
    required: ['planId', 'status', 'task', 'createdAt', 'updatedAt', 'sources'],
    properties: {
      planId: { type: 'string' },
      status: ref('PlanStatus'),
      task: { type: 'string' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      analysis: ref('TaskAnalysis'),
      plan: ref('DecompositionPlan'),
      results: {
        type: 'object',
        description: 'Present once the plan succeeded.',
        properties: {
          shortAnswer: {
            type: ['string', 'null'],
            description:
              'The answer itself (a name; a number with its unit and year; a date; "yes" or "no"; the winner of a comparison with both figures), before the supporting sentences; null when the corpus does not answer.',
          },
          answer: { type: 'string', description: 'The supporting sentences, each citing its source, or why the corpus does not answer.' },
          refused: { type: 'boolean', description: 'The corpus does not answer the task: the answer cites nothing and `sources` is empty.' },
          alsoRetrieved: { type: 'array', items: ref('Source'), description: 'Documents retrieved that the answer did not use.' },
          citations: { type: 'array', items: { type: 'string' } },
          steps: {
            type: 'array',
            items: {
              type: 'object',
              required: ['step_id', 'type', 'status', 'durationMs'],
              properties: {
                step_id: { type: 'integer' },
                type: { type: 'string' },
                status: { enum: ['succeeded', 'skipped', 'failed'] },
                durationMs: { type: 'number' },
                reason: { type: 'string' },
              },
            },
          },
          coverage: {
            type: 'object',
            properties: { subquery_count: { type: 'integer' }, covered_count: { type: 'integer' }, coverage_ratio: { type: 'number' } },
          },
        },
      },
      sources: { type: 'array', items: ref('Source'), description: 'What the answer used: the documents it cites, each with the sub-query that found it.' },
      error: {
        type: 'object',
        required: ['name', 'message', 'phase'],
        properties: { name: { type: 'string' }, message: { type: 'string' }, phase: { type: 'string' } },
      },
      metadata: { type: 'object', description: 'Provider, model, every LLM call with its tokens, durations per phase, confidence.' },
      question: {
        type: 'object',
        description: 'While the status is waiting_for_input: the question of an elicitation step; answer it with POST /plans/{id}/input.',
        required: ['step_id', 'message', 'schema', 'askedAt'],
        properties: { step_id: { type: 'integer' }, message: { type: 'string' }, schema: { type: 'object' }, askedAt: { type: 'string', format: 'date-time' } },
      },
      answers: { type: 'object', description: "The user's answers so far, by step id." },
    },
  },
  PlanSummary: {
    type: 'object',
    required: ['planId', 'status', 'task', 'createdAt', 'updatedAt'],
    properties: {
      planId: { type: 'string' },
      status: ref('PlanStatus'),
      task: { type: 'string' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      kind: { type: 'string', description: 'The kind of task its analysis recognised (comparison, bridge, conditional, top_n, multimodal, lookup).' },
      corpus: { type: 'string', description: 'The corpus the request named; the default corpus when absent.' },
      answeredBy: { type: 'string', description: 'Who answered its model calls: provider/model, several joined by ", ".' },
      costUsd: { type: 'number', description: 'What it cost in USD, when known (metadata.cost.usd).' },
    },
  },
  PlanList: {
    type: 'object',
    required: ['plans', 'filters'],
    properties: {
      plans: { type: 'array', items: ref('PlanSummary') },
      next: { type: 'string', description: 'The cursor of the next (older) page: pass it as `next` with the same filters. Absent on the last page.' },
      filters: {
        type: 'object',
        description: 'The filters applied, as understood (`since` as an ISO time).',
        properties: { status: ref('PlanStatus'), kind: { type: 'string' }, text: { type: 'string' }, since: { type: 'string', format: 'date-time' } },
      },
    },
  },
  TraceEvent: {
    type: 'object',
    required: ['planId', 'seq', 'at', 'type', 'phase'],
    properties: {
      planId: { type: 'string' },
      seq: { type: 'integer', minimum: 1 },
      at: { type: 'string', format: 'date-time' },
      type: {
        type: 'string',
        examples: ['plan.status', 'llm.call', 'validation.completed', 'repair.requested', 'step.started', 'step.completed', 'step.skipped'],
      },
      phase: { type: 'string' },
      data: { type: 'object' },
    },
  },
  Trace: {
    type: 'object',
    required: ['planId', 'status', 'events'],
    properties: { planId: { type: 'string' }, status: ref('PlanStatus'), events: { type: 'array', items: ref('TraceEvent') } },
  },
};

const planIdParameter = { name: 'id', in: 'path', required: true, description: 'The plan id POST /plans answered with.', schema: { type: 'string' } };

const OPERATIONS: Record<ApiRouteName, Record<string, unknown>> = {
  'create-plan': {
    operationId: 'createPlan',
    summary: 'Start a plan',
    description: 'Stores the request, starts the workflow and answers at once; the plan runs in the background.',
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Calls with the same key start one plan; a repeat answers with that plan and `Idempotent-Replayed: true`.',
        schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,128}$' },
      },
    ],
    requestBody: { required: true, content: jsonContent(ref('PlanRequest')) },
    responses: {
      202: {
        description: 'The plan is started (or, with a known Idempotency-Key, was already).',
        headers: { Location: { description: 'The status URL.', schema: { type: 'string', format: 'uri' } } },
        content: jsonContent(ref('PlanStarted')),
      },
      400: problem('The body is not JSON, or not a request: every error with its path.'),
      415: problem('The body is not declared as JSON.'),
      503: problem('The workflow could not be started now; retry (Retry-After).'),
    },
  },
  'list-plans': {
    operationId: 'listPlans',
    summary: 'The stored plans, newest first, filtered and paged',
    description:
      'Without a status the plans come newest created first; with one, most recently updated first. A page may hold fewer plans than `limit` and still have a `next`: a page reads a bounded number of records looking for matches.',
    parameters: [
      { name: 'status', in: 'query', required: false, schema: ref('PlanStatus') },
      {
        name: 'kind',
        in: 'query',
        required: false,
        description: 'The task kind, as the analysis names it.',
        schema: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,39}$' },
      },
      {
        name: 'q',
        in: 'query',
        required: false,
        description: 'Text the task holds, case-insensitive.',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      },
      {
        name: 'since',
        in: 'query',
        required: false,
        description: 'Plans created at or after an ISO time, or a span back from now: 7d, 12h, 30m.',
        schema: { type: 'string' },
      },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
      { name: 'next', in: 'query', required: false, description: 'The `next` of the previous page, unchanged.', schema: { type: 'string' } },
    ],
    responses: {
      200: { description: 'One page of plans.', content: jsonContent(ref('PlanList')) },
      400: problem('An unknown parameter, a malformed cursor, a limit out of range, or a bad status, kind or time.'),
    },
  },
  'get-plan': {
    operationId: 'getPlan',
    summary: 'A plan: status, plan, results and sources',
    parameters: [planIdParameter],
    responses: { 200: { description: 'The plan as it stands.', content: jsonContent(ref('PlanView')) }, 404: problem('No plan has this id.') },
  },
  'get-trace': {
    operationId: 'getTrace',
    summary: "A plan's trace events, in order",
    parameters: [planIdParameter],
    responses: { 200: { description: 'Every trace event so far.', content: jsonContent(ref('Trace')) }, 404: problem('No plan has this id.') },
  },
  'submit-input': {
    operationId: 'submitInput',
    summary: 'Answer the question a plan waits on',
    description:
      'A plan whose status is waiting_for_input shows its question (message and JSON Schema) in GET /plans/{id}; the answer, valid against that schema, resumes it.',
    parameters: [planIdParameter],
    requestBody: {
      required: true,
      content: jsonContent({ type: 'object', required: ['answer'], additionalProperties: false, properties: { answer: { type: 'object' } } }),
    },
    responses: {
      200: {
        description: 'The answer is taken and the plan executes again.',
        content: jsonContent({ type: 'object', required: ['planId', 'status'], properties: { planId: { type: 'string' }, status: ref('PlanStatus') } }),
      },
      400: problem("The answer does not match the question's schema: every error with its path."),
      404: problem('No plan has this id.'),
      409: problem('The plan is not waiting for input (never asked, already answered, or ended).'),
      503: problem('The execution could not be resumed now; retry (Retry-After).'),
    },
  },
  'list-tools': {
    operationId: 'listTools',
    summary: 'The learned composite tools, with status, figures, definition and validation report',
    parameters: [{ name: 'status', in: 'query', required: false, schema: { type: 'string', enum: ['DRAFT', 'TESTING', 'PROMOTED', 'REJECTED'] } }],
    responses: {
      200: {
        description: 'The tools, newest first.',
        content: jsonContent({ type: 'object', required: ['tools'], properties: { tools: { type: 'array', items: { type: 'object' } } } }),
      },
      400: problem('The status is not one of the four.'),
    },
  },
  'approve-tool': {
    operationId: 'approveTool',
    summary: 'Promote or reject a learned tool waiting in TESTING, or demote a PROMOTED one',
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    requestBody: {
      required: true,
      content: jsonContent({
        type: 'object',
        required: ['decision'],
        properties: {
          decision: { type: 'string', enum: ['promote', 'reject', 'demote'] },
          to: { type: 'string', enum: ['TESTING', 'REJECTED'], description: 'Where a demotion takes the tool; TESTING when absent.' },
        },
        additionalProperties: false,
      }),
    },
    responses: {
      200: { description: 'The tool with its new status.', content: jsonContent({ type: 'object' }) },
      400: problem('The body names no decision.'),
      404: problem('No learned tool has this id.'),
      409: problem('The tool is not in the status the decision moves from: TESTING for promote and reject, PROMOTED for demote.'),
    },
  },
};

/** The scheme of serve's mutating routes. */
const TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description:
    "The token of the serve's home (CAIRN_HOME/serve.token, readable by its owner only). Every route that changes something asks for it; the reading routes do not.",
};

/** `operation` asking for the token, with the answer to a request without it. */
const withToken = (operation: Record<string, unknown>): Record<string, unknown> => ({
  ...operation,
  security: [{ serveToken: [] }],
  responses: { ...(operation.responses as Record<string, unknown>), 401: problem('No token, or not the token of this serve: nothing is done.') },
});

export function openApiDocument(options: { serverUrl?: string } = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    const operation = route.method === 'GET' ? OPERATIONS[route.name] : withToken(OPERATIONS[route.name]);
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Cairn',
      version: '0.1.0',
      description: 'Plans a task in plain language into a DAG of typed steps, validates and repairs it, executes it and traces every phase.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { serveToken: TOKEN_SCHEME },
      // structuredClone: the document may be changed by its reader without touching the schemas.
      schemas: {
        PlanRequest: structuredClone(planRequestSchema),
        DecompositionPlan: structuredClone(planSchema),
        TaskAnalysis: structuredClone(analysisSchema),
        ...responseSchemas,
      },
    },
  };
}
