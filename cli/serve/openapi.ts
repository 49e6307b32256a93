/**
 * The OpenAPI 3.1 document of the HTTP API, written from the route table `cairn serve` and the
 * deployed API share and from the JSON Schemas of schemas/. Served at GET /openapi.json.
 *
 * Other tools must be able to read it (Redocly, Spectral, generators), and most resolve only refs
 * into the document itself: so each shipped schema loses its `$id` and `$schema` (a `$ref` beside
 * an `$id` would resolve against that id, not the document), its `$defs` are lifted into
 * components/schemas, and every `$ref` (`#/$defs/step`, `plan.schema.json`) is rewritten to
 * `#/components/schemas/...`. The validators keep using schemas/ as they are.
 *
 * Security: each operation lists its alternatives. On AWS every route asks for the deployed
 * scheme: SigV4 (IAM, the default) or, when configured, a JWT from the issuer, the approve route
 * with its own scope. `cairn serve` asks for its bearer token (owner-token.ts) on the routes that
 * change something and for nothing on the reading routes, which listen on this machine only.
 */

import { analysisSchema, planSchema } from '../../functions/core/plan/schemas.js';
import { PLAN_STATUSES } from '../../functions/core/types.js';
import { API_ROUTES, type ApiRoute, type ApiRouteName } from '../../functions/handlers/routes.js';
import planRequestSchema from '../../schemas/plan-request.schema.json' with { type: 'json' };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** What a plan's full view and its line in the runs list both show of it first. */
const PLAN_IDENTITY_FIELDS = ['planId', 'status', 'task', 'createdAt', 'updatedAt'] as const;
const planIdentity = () => ({
  planId: { type: 'string' },
  status: ref('PlanStatus'),
  task: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
});
const jsonContent = (schema: object, examples?: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema, ...(examples ? { examples } : {}) },
});
const problem = (description: string) => ({ description, content: jsonContent(ref('Problem')) });

/** Examples, each a value its schema takes (Spectral checks them against it). */
const EXAMPLE_PLAN_ID = 'p-2026-11-27-lyon-marseille';
const EXAMPLES = {
  request: {
    compare: { summary: 'A comparison over the default corpus', value: { task: 'Compare the populations of Lyon and Marseille' } },
    bounded: {
      summary: 'A task with request options',
      value: { task: 'Which river flows through Lyon?', corpus: 'examples/corpus', options: { maxLlmCalls: 2, maxSteps: 8 } },
    },
  },
  started: {
    started: {
      summary: 'Started',
      value: {
        planId: EXAMPLE_PLAN_ID,
        status: 'received',
        statusUrl: `http://127.0.0.1:8787/plans/${EXAMPLE_PLAN_ID}`,
        traceUrl: `http://127.0.0.1:8787/plans/${EXAMPLE_PLAN_ID}/trace`,
        duplicate: false,
      },
    },
  },
  badRequest: {
    badRequest: {
      summary: 'A request without its task',
      value: { message: 'Invalid request', errors: [{ path: '(root)', message: "must have required property 'task'" }] },
    },
  },
  list: {
    page: {
      summary: 'One page of succeeded comparisons',
      value: {
        plans: [
          {
            planId: EXAMPLE_PLAN_ID,
            status: 'succeeded',
            task: 'Compare the populations of Lyon and Marseille',
            createdAt: '2026-11-27T10:00:00.000Z',
            updatedAt: '2026-11-27T10:00:02.000Z',
            kind: 'comparison',
            answeredBy: 'anthropic/claude-sonnet-4-5',
            costUsd: 0.0123,
          },
        ],
        next: 'eyJjcmVhdGVkQXQiOiIyMDI2LTExLTI3VDEwOjAwOjAwLjAwMFoifQ',
        filters: { status: 'succeeded', kind: 'comparison' },
      },
    },
  },
  approve: {
    promote: { summary: 'Promote a tool in TESTING', value: { decision: 'promote' } },
    demote: { summary: 'Take a promoted tool back to REJECTED', value: { decision: 'demote', to: 'REJECTED' } },
  },
};

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
    required: [...PLAN_IDENTITY_FIELDS, 'sources'],
    properties: {
      ...planIdentity(),
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
      stepDetails: { type: 'array', items: ref('StepDetail'), description: 'Each executed step: timing, attempts, error and its output, bounded.' },
    },
  },
  StepDetail: {
    type: 'object',
    required: ['step_id', 'type', 'status', 'durationMs', 'attempts', 'output'],
    properties: {
      step_id: { type: 'integer' },
      type: { type: 'string' },
      status: { enum: ['succeeded', 'skipped', 'failed'] },
      startedAt: { type: 'string', format: 'date-time' },
      endedAt: { type: 'string', format: 'date-time' },
      durationMs: { type: 'number' },
      attempts: { type: 'integer', minimum: 0 },
      error: { type: 'string' },
      reason: { type: 'string' },
      condition: { type: 'string' },
      documents: {
        type: 'array',
        description: 'The documents the step returned, at most 20, each snippet bounded.',
        items: {
          type: 'object',
          required: ['id', 'snippet'],
          properties: { id: { type: 'string' }, title: { type: 'string' }, score: { type: 'number' }, snippet: { type: 'string' } },
        },
      },
      documentCount: { type: 'integer', description: 'How many documents the step returned.' },
      text: { type: 'string', description: "An answer's text, bounded." },
      output: { type: 'object', description: 'The rest of the output; long strings and lists are cut, saying how much was left out.' },
      parts: { type: 'array', items: ref('StepDetail'), description: "A composite tool's parts, each with its own details." },
    },
  },
  PlanSummary: {
    type: 'object',
    required: [...PLAN_IDENTITY_FIELDS],
    properties: {
      ...planIdentity(),
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
    requestBody: { required: true, content: jsonContent(ref('PlanRequest'), EXAMPLES.request) },
    responses: {
      202: {
        description: 'The plan is started (or, with a known Idempotency-Key, was already).',
        headers: { Location: { description: 'The status URL.', schema: { type: 'string', format: 'uri' } } },
        content: jsonContent(ref('PlanStarted'), EXAMPLES.started),
      },
      400: { description: 'The body is not JSON, or not a request: every error with its path.', content: jsonContent(ref('Problem'), EXAMPLES.badRequest) },
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
      200: { description: 'One page of plans.', content: jsonContent(ref('PlanList'), EXAMPLES.list) },
      400: problem('An unknown parameter, a malformed cursor, a limit out of range, or a bad status, kind or time.'),
    },
  },
  'get-plan': {
    operationId: 'getPlan',
    summary: 'A plan: status, plan, results and sources',
    description:
      'The plan record as it stands: its status, the analysis and the plan, and once it succeeded the answer, the steps and the sources it used; metadata holds the model calls and the cost.',
    parameters: [planIdParameter],
    responses: { 200: { description: 'The plan as it stands.', content: jsonContent(ref('PlanView')) }, 404: problem('No plan has this id.') },
  },
  'get-trace': {
    operationId: 'getTrace',
    summary: "A plan's trace events, in order",
    description:
      'Every event the phases wrote, numbered from 1: status changes, model calls with their prompts and responses, validation, repair, each step started (with its resolved parameters) and completed.',
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
    description:
      'Every tool learning proposed, newest first: its status, how often its chain was seen, the chain it replaces, the corpora it was learned on and its replay report.',
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
    description:
      'A promoted tool is offered to the planner for plans over the corpora it was learned on; a demoted one leaves the registry at its next reload.',
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    requestBody: {
      required: true,
      content: jsonContent(
        {
          type: 'object',
          required: ['decision'],
          properties: {
            decision: { type: 'string', enum: ['promote', 'reject', 'demote'] },
            to: { type: 'string', enum: ['TESTING', 'REJECTED'], description: 'Where a demotion takes the tool; TESTING when absent.' },
          },
          additionalProperties: false,
        },
        EXAMPLES.approve,
      ),
    },
    responses: {
      200: { description: 'The tool with its new status.', content: jsonContent({ type: 'object' }) },
      400: problem('The body names no decision.'),
      404: problem('No learned tool has this id.'),
      409: problem('The tool is not in the status the decision moves from: TESTING for promote and reject, PROMOTED for demote.'),
    },
  },
};

/** Where the deployed API's authorization comes from: infra/settings.ts `auth` (iam by default, or jwt). */
export type DeployedAuthorization =
  | { readonly kind: 'iam' }
  | { readonly kind: 'jwt'; readonly issuer: string; readonly audiences: readonly string[]; readonly approveScope: string };

/** SigV4 as API Gateway's OpenAPI extension names it: an apiKey-style scheme with the awsSigv4 auth type. */
const SIGV4_SCHEME = {
  type: 'apiKey',
  name: 'Authorization',
  in: 'header',
  description:
    "The deployed API's default: IAM authorization, each request signed with AWS Signature Version 4 (service execute-api). The stack's planner policy grants every route but the approve route; its approver policy grants the approve route alone.",
  'x-amazon-apigateway-authtype': 'awsSigv4',
};

/** A JWT authorizer of an HTTP API, as API Gateway exports it: OpenID Connect with its issuer and audiences. */
const jwtScheme = (auth: Extract<DeployedAuthorization, { kind: 'jwt' }>) => ({
  type: 'openIdConnect',
  openIdConnectUrl: `${auth.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
  description: `The deployed API with auth=jwt: \`Authorization: Bearer <JWT>\` from ${auth.issuer} for one of the audiences; the approve route asks for the scope ${auth.approveScope} too.`,
  'x-amazon-apigateway-authorizer': {
    type: 'jwt',
    identitySource: '$request.header.Authorization',
    jwtConfiguration: { issuer: auth.issuer, audience: [...auth.audiences] },
  },
});

/** The scheme of serve's mutating routes. */
const TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description:
    "`cairn serve` only: the token of the serve's home (CAIRN_HOME/serve.token, readable by its owner only). Every route that changes something asks for it; the reading routes ask for nothing and listen on 127.0.0.1 only.",
};

/**
 * An operation's security alternatives: the deployed scheme, or serve's (its token on a change,
 * nothing on a read, written `{}` as OpenAPI says for "no authentication").
 */
function securityOf(route: ApiRoute, auth: DeployedAuthorization): Array<Record<string, string[]>> {
  const deployed = auth.kind === 'iam' ? { awsSigV4: [] } : { jwt: route.name === APPROVE_ROUTE ? [auth.approveScope] : ([] as string[]) };
  return [deployed, route.method === 'GET' ? {} : { serveToken: [] }];
}

/** The route whose decision is a permission of its own (infra/constructs/plans-api.ts APPROVE_ROUTE). */
const APPROVE_ROUTE: ApiRouteName = 'approve-tool';

const withSecurity = (route: ApiRoute, auth: DeployedAuthorization): Record<string, unknown> => {
  const operation = OPERATIONS[route.name];
  return {
    ...operation,
    tags: [route.path.startsWith('/tools') ? 'tools' : 'plans'],
    security: securityOf(route, auth),
    responses: {
      ...(operation.responses as Record<string, unknown>),
      401: problem(
        route.method === 'GET'
          ? 'Deployed: the request is not signed, or its token is not valid.'
          : "Deployed: the request is not signed, or its token is not valid. serve: no token, or not this serve's token. Nothing is done.",
      ),
      403: problem('Deployed: the caller may not invoke this route (its IAM policy, or a JWT without the scope).'),
    },
  };
};

/** A schema's `$ref`s, rewritten by `rename`; anything it cannot place is an error, never left dangling. */
function rewriteRefs(schema: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => rewriteRefs(item, rename));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? rename(value) : rewriteRefs(value, rename)]),
  );
}

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The shipped schemas as components: each under its name without `$id`/`$schema`, its `$defs`
 * lifted beside it as `<Name><Def>` (DecompositionPlan's `step` becomes DecompositionPlanStep),
 * and every ref, to a def or to another schema's file by its `$id`, made a component ref.
 */
export function schemasAsComponents(shipped: Record<string, object>): Record<string, unknown> {
  const nameOfFile = new Map<string, string>();
  for (const [name, schema] of Object.entries(shipped)) {
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id === 'string') nameOfFile.set(id.slice(id.lastIndexOf('/') + 1), name);
  }
  const components: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shipped)) {
    const rename = (ref: string): string => {
      const [file, pointer = ''] = ref.split('#');
      const owner = file === '' ? name : nameOfFile.get(file ?? '');
      if (owner === undefined) throw new Error(`OpenAPI: ${name} refers to ${ref}, which is not one of the schemas given`);
      if (pointer === '') return `#/components/schemas/${owner}`;
      const def = /^\/\$defs\/([A-Za-z0-9_]+)$/.exec(pointer);
      if (def === null) throw new Error(`OpenAPI: ${name} refers to ${ref}, which is neither a schema nor one of its $defs`);
      return `#/components/schemas/${owner}${capitalized(def[1] ?? '')}`;
    };
    const { $id: _id, $schema: _schema, $defs, ...rest } = structuredClone(schema) as Record<string, unknown> & { $defs?: Record<string, unknown> };
    components[name] = rewriteRefs(rest, rename);
    for (const [defName, def] of Object.entries($defs ?? {})) components[`${name}${capitalized(defName)}`] = rewriteRefs(def, rename);
  }
  return components;
}

export interface OpenApiOptions {
  /** The URL this document is served from (serve's own address). */
  serverUrl?: string;
  /** The deployed API's authorization; IAM (SigV4), the stack's default, when absent. */
  deployed?: DeployedAuthorization;
}

export function openApiDocument(options: OpenApiOptions = {}): Record<string, unknown> {
  const deployed = options.deployed ?? { kind: 'iam' };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: withSecurity(route, deployed) };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Cairn',
      version: '0.1.0',
      summary: 'Plans a task in plain language into a DAG of typed steps and carries it out.',
      description:
        'Plans a task in plain language into a DAG of typed steps, validates and repairs it, executes it and traces every phase. The same routes are deployed on API Gateway (HTTP API) and answered by `cairn serve`, which also serves the pages (/, /ui/plans/{id}, /ui/tools) and this document (/openapi.json).',
    },
    servers: options.serverUrl
      ? [{ url: options.serverUrl, description: '`cairn serve` on this machine.' }]
      : [
          {
            url: 'https://{apiId}.execute-api.{region}.amazonaws.com',
            description: "The deployed HTTP API's default endpoint (the stack's output ApiUrl).",
            variables: { apiId: { default: 'abc123defg', description: 'The HTTP API id.' }, region: { default: 'eu-west-1' } },
          },
        ],
    tags: [
      { name: 'plans', description: 'Send a task, follow its plan, answer its questions, find past runs.' },
      { name: 'tools', description: 'The composite tools Cairn learned from traces, and the decision on each.' },
    ],
    paths,
    components: {
      securitySchemes: {
        ...(deployed.kind === 'iam' ? { awsSigV4: SIGV4_SCHEME } : { jwt: jwtScheme(deployed) }),
        serveToken: TOKEN_SCHEME,
      },
      schemas: {
        ...schemasAsComponents({ PlanRequest: planRequestSchema, DecompositionPlan: planSchema, TaskAnalysis: analysisSchema }),
        ...responseSchemas,
      },
    },
  };
}
