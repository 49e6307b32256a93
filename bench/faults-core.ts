/**
 * The core fault scenarios: generated plans against plan validation, escape payloads against the
 * condition language and the parameter templates, and the sizes the deployed limits bound: the
 * largest state payload of the workflow (Step Functions refuses past 256 KB) and the largest item
 * the trace store writes (DynamoDB refuses past 400 KB). Real code paths: validatePlan,
 * evaluateCondition and renderParameters as the executor calls them, and the sample tasks run by
 * the local workflow (infra/workflow.asl.json, the Lambda handlers) over an in-memory dynalite with
 * Claude's provider pointed at the loopback server of the tests. And the allow-lists against learned
 * composites and network tools: a composite whose part the request's step types or tools do not
 * allow, supplied plans that would teach learning a composite calling `http.fetch`, and a request
 * without a tools list that a planner steers into `http.fetch`; the local workflow runs them with
 * the keyless planner, `http.fetch` pointed at a loopback server that counts what it is asked.
 *
 *   node --import tsx bench/faults-core.ts --json   the rows as a JSON array on the last line
 *
 * `coreFaultRows()` gives the same rows to a benchmark that gathers every fault scenario. Each row's
 * `ok` is computed from its figures.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { StateMachine } from 'aws-local-stepfunctions';
import fc from 'fast-check';
import { LocalStack } from '../cli/local-runner.js';
import { createDocumentClient, createDynamoClient } from '../functions/adapters/dynamodb/client.js';
import { itemSize } from '../functions/adapters/dynamodb/item-size.js';
import { createHttpFetchTool } from '../functions/adapters/http/fetch-tool.js';
import { AnthropicProvider } from '../functions/adapters/llm/anthropic/provider.js';
import { RetryingProvider } from '../functions/adapters/llm/resilient/retry.js';
import { RuleBasedProvider } from '../functions/adapters/llm/rule-based/provider.js';
import { ExpressionError } from '../functions/core/errors.js';
import { type ExpressionScope, evaluateCondition, evaluateExpression, type StepView } from '../functions/core/expression/expression.js';
import { renderParameters } from '../functions/core/expression/templates.js';
import type { SynthesizedTool } from '../functions/core/learn/types.js';
import { validatePlan } from '../functions/core/plan/validate.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../functions/core/ports.js';
import { registerComposites } from '../functions/core/tools/composite.js';
import type { ToolRegistry } from '../functions/core/tools/registry.js';
import type { DecompositionPlan, PlanRecord, PlanRequest } from '../functions/core/types.js';
import { learn, sessionSource } from '../functions/runtime/learning.js';
import { loadConfig } from '../functions/shared/config.js';
import { startEmbeddedDynamo } from '../local/store/embedded.js';
import { ruleBasedModel } from '../test/support/llm-loopback/rule-based-model.js';
import { LoopbackLlm } from '../test/support/llm-loopback/server.js';
import { type GeneratedStep, hasCycle, planArbitrary } from '../test/support/plan-arbitraries.js';
import { llmStep, planOf, searchStep, toolStep } from '../test/support/plans.js';
import { localTools, testTools } from '../test/support/tools.js';
import type { FaultRow } from './faults-llm.js';

const FUZZED_PLANS = 10_000;
/** The Step Functions limit on a state's input or output. */
const STATE_LIMIT_BYTES = 256 * 1024;
/** The DynamoDB limit on one item. */
const ITEM_LIMIT_BYTES = 400 * 1024;

export async function coreFaultRows(): Promise<FaultRow[]> {
  return [fuzzedPlansRow(), conditionEscapeRow(), ...(await workflowSizeRows()), ...(await allowListRows())];
}

// ---------------------------------------------------------------------------------------------
// Fuzzed plans

const wellTyped = planArbitrary;

/** Steps 1..n, each id once and every dependency inside the plan: the only defect left to make is a cycle, which is common here. */
const distinctIds = fc.integer({ min: 2, max: 8 }).chain((n) =>
  fc.record({
    plan: fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc.record({
          step_id: fc.constant(i + 1),
          type: fc.constant('keyword_search'),
          modality: fc.constant('text'),
          parameters: fc.constant({ query: 'rivers of France' }),
          dependencies: fc.uniqueArray(
            fc.integer({ min: 1, max: n }).filter((dep) => dep !== i + 1),
            { maxLength: 2 },
          ),
          trace: fc.constant({}),
        }),
      ),
    ),
    traceability: fc.constant(true),
  }),
);

/** One field of one step given a value of the wrong type: a plan the validator must refuse. */
const WRONG_TYPES: ReadonlyArray<[string, unknown]> = [
  ['step_id', '1'],
  ['step_id', 1.5],
  ['step_id', null],
  ['dependencies', '1'],
  ['dependencies', [null]],
  ['type', 'rm_rf'],
  ['type', 7],
  ['parameters', 'query'],
  ['parameters', null],
];
const wrongTyped = fc.tuple(wellTyped, fc.nat(), fc.constantFrom(...WRONG_TYPES)).map(([candidate, at, [field, value]]) => {
  const steps = candidate.plan.map((s) => ({ ...s })) as Array<Record<string, unknown>>;
  const target = steps[at % steps.length]!;
  target[field] = value;
  return { kind: 'wrong type' as const, candidate: { ...candidate, plan: steps } };
});

/** Any field holding any JSON, including keys that name host properties. */
const wildStep = fc.dictionary(
  fc.constantFrom('step_id', 'type', 'modality', 'parameters', 'dependencies', 'trace', 'condition', 'on_error', '__proto__', 'constructor'),
  fc.jsonValue({ maxDepth: 3 }),
);

const generated = fc.oneof(
  { weight: 4, arbitrary: wellTyped.map((candidate) => ({ kind: 'well typed' as const, candidate })) },
  { weight: 2, arbitrary: distinctIds.map((candidate) => ({ kind: 'well typed' as const, candidate })) },
  { weight: 2, arbitrary: wrongTyped },
  { weight: 2, arbitrary: fc.array(wildStep, { maxLength: 6 }).map((plan) => ({ kind: 'wild' as const, candidate: { plan, traceability: true } })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((candidate) => ({ kind: 'any json' as const, candidate })) },
);

/** Why a well-typed generated plan is invalid (a cycle, a dangling or self reference, a duplicate id), or undefined. */
function defectOf(steps: GeneratedStep[]): string | undefined {
  const ids = new Set(steps.map((step) => step.step_id));
  if (ids.size !== steps.length) return 'duplicate';
  if (steps.some((step) => step.dependencies.some((dep) => !ids.has(dep) || dep === step.step_id))) return 'dangling';
  if (hasCycle(steps)) return 'cycle';
  return undefined;
}

function fuzzedPlansRow(): FaultRow {
  const samples = fc.sample(generated, { numRuns: FUZZED_PLANS, seed: 14 });
  let acceptedInvalid = 0;
  let throws = 0;
  let invalidGenerated = 0;
  let validGenerated = 0;
  let validAccepted = 0;
  const defects: Record<string, number> = {};
  for (const { kind, candidate } of samples) {
    let valid: boolean;
    try {
      valid = validatePlan(candidate).valid;
    } catch {
      throws++;
      continue;
    }
    if (kind === 'wrong type') {
      invalidGenerated++;
      if (valid) acceptedInvalid++;
    } else if (kind === 'well typed') {
      const defect = defectOf((candidate as { plan: GeneratedStep[] }).plan);
      if (defect === undefined) {
        validGenerated++;
        if (valid) validAccepted++;
      } else {
        invalidGenerated++;
        defects[defect] = (defects[defect] ?? 0) + 1;
        if (valid) acceptedInvalid++;
      }
    }
  }
  return {
    scenario: 'fuzzed plans',
    // The generator is not trivial when it makes both plans to refuse and plans to accept, and the validator accepts those.
    ok: acceptedInvalid === 0 && throws === 0 && validAccepted > 0 && invalidGenerated > 0,
    plans: samples.length,
    acceptedInvalid,
    throws,
    invalidGenerated,
    invalidByDefect: defects,
    validGenerated,
    validAccepted,
  };
}

// ---------------------------------------------------------------------------------------------
// Condition escape payloads

const SENTINEL = '__cairnBenchSentinel';

const scope: ExpressionScope = new Map<number, StepView>([
  [1, { status: 'succeeded', skipped: false, result: { run: true, count: 3, label: 'Important', tags: ['a', 'b'], nested: { deep: { value: 7 } } } }],
  [2, { status: 'succeeded', skipped: false, result: { documents: [{ id: 'd1', title: 'Inception', score: 0.9 }], empty: [], nothing: null } }],
]);

/** Texts that would reach the host (a function, a prototype, the process) in a language that let them. */
const PAYLOADS: readonly string[] = [
  '__proto__',
  'step_1.__proto__',
  'step_1.result.__proto__',
  "step_1.result['__proto__']",
  'step_1.result.__proto__.polluted = 1',
  "step_1.result['__proto__']['polluted'] = 1",
  'step_1.result.constructor',
  "step_1.result.constructor.constructor('return process')()",
  "constructor.constructor('return process')()",
  `constructor.constructor('globalThis.${SENTINEL}()')()`,
  `${SENTINEL}()`,
  `globalThis.${SENTINEL}()`,
  "step_1.result.tags.constructor.constructor('return this')()",
  'step_1.result.tags.push(1)',
  'step_1.result.label.constructor.prototype',
  'step_1.result.toString.call(step_1)',
  'step_1.result.valueOf()',
  'step_1.result.hasOwnProperty',
  "step_1.result.__defineGetter__('run', step_1)",
  'step_1.result.nested.deep.__proto__.__proto__',
  "step_2.result.documents[0]['constructor']['prototype']['polluted']",
  'step_2.result.documents.__proto__.map',
  'len(step_1.result.constructor)',
  'lower(step_1.result.__proto__)',
  'contains(step_1.result.tags, step_1.result.tags.constructor)',
  'process.exit(1)',
  "require('child_process').execSync('id')",
  "import('node:fs')",
  'eval("1")',
  'Function("return 1")()',
  'this',
  'globalThis',
  'step_1.result.run ? 1 : 0',
  `\`\${process.pid}\``,
  `\`\${globalThis.${SENTINEL}()}\``,
  'step_1.result.label + `x`',
  '(() => 1)()',
  'function(){}',
  'new Error("x")',
  'a = 1',
  'step_1.result.count++',
  'delete step_1.result.count',
  'void 0',
  'typeof step_1',
  // Unicode look-alikes and escapes of names the language refuses.
  'step_1.result.\u0441onstructor',
  'step_1.result["\\u005f\\u005fproto\\u005f\\u005f"]',
  'step_1\u200b.result.run',
  'step_1.result.run\u2028or True',
  // Very long and very deeply nested.
  `${'('.repeat(5_000)}True${')'.repeat(5_000)}`,
  `${Array.from({ length: 20_000 }, () => 'step_1.result.run').join(' and ')}`,
];

/** A value from the host rather than from the plan's data: a function or an object of a class or prototype. */
function isHostValue(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) ? proto !== Array.prototype : proto !== Object.prototype && proto !== null;
}

/** Templates take the same expressions inside `{{ }}`: the same payloads, rendered as a parameter. */
const asTemplate = (payload: string) => ({ query: `before {{ ${payload} }} after`, nested: { list: [`{{ ${payload} }}`] } });

function conditionEscapeRow(): FaultRow {
  let executed = 0;
  const host = globalThis as Record<string, unknown>;
  host[SENTINEL] = () => {
    executed++;
  };
  const exit = process.exit;
  // A payload that reached process.exit would end the benchmark: count it instead.
  process.exit = (() => {
    executed++;
  }) as unknown as typeof process.exit;
  const before = { object: Object.getOwnPropertyNames(Object.prototype).length, array: Object.getOwnPropertyNames(Array.prototype).length };
  let refused = 0;
  const evaluated: string[] = [];
  let threwOther = 0;
  let leaked = 0;
  const otherErrors: string[] = [];
  const started = performance.now();
  try {
    for (const payload of PAYLOADS) {
      for (const [how, attempt] of [
        [
          'value',
          () => {
            // The value itself, which a condition reduces to a boolean: it must not be a host object.
            if (isHostValue(evaluateExpression(payload, scope))) leaked++;
          },
        ],
        ['condition', () => evaluateCondition(payload, scope)],
        ['template', () => renderParameters(asTemplate(payload), scope)],
      ] as const) {
        try {
          attempt();
          evaluated.push(`${how}: ${JSON.stringify(payload.slice(0, 40))}`);
        } catch (error) {
          if (error instanceof ExpressionError) refused++;
          else {
            threwOther++;
            otherErrors.push(`${(error as Error).name}: ${payload.slice(0, 40)}`);
          }
        }
      }
    }
  } finally {
    process.exit = exit;
    delete host[SENTINEL];
  }
  const polluted =
    Object.getOwnPropertyNames(Object.prototype).length !== before.object ||
    Object.getOwnPropertyNames(Array.prototype).length !== before.array ||
    ({} as Record<string, unknown>).polluted !== undefined ||
    ([] as unknown as Record<string, unknown>).polluted !== undefined;
  return {
    scenario: 'condition escape payloads',
    ok: executed === 0 && !polluted && leaked === 0 && threwOther === 0,
    payloads: PAYLOADS.length,
    evaluations: PAYLOADS.length * 3,
    hostValuesReturned: leaked,
    executed,
    polluted,
    threwNonExpressionError: threwOther,
    refused,
    // Payloads the language reads as plain paths or text (a look-alike name is just a missing field): their value is checked above.
    evaluatedHarmlessly: evaluated,
    wallMs: Math.round(performance.now() - started),
    ...(otherErrors.length > 0 ? { otherErrors } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// State payloads and trace items of the local workflow

const SAMPLE_TASKS = readFileSync(new URL('../examples/tasks.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');

interface Largest {
  bytes: number;
  where: string;
}

async function workflowSizeRows(): Promise<FaultRow[]> {
  const server = await LoopbackLlm.start(ruleBasedModel);
  const dynamo = await startEmbeddedDynamo();
  const tableName = 'bench-faults-core';
  const config = loadConfig({
    CAIRN_TABLE: tableName,
    CAIRN_DYNAMODB_ENDPOINT: dynamo.endpoint,
    CAIRN_PAYLOAD_DIR: join(mkdtempSync(join(tmpdir(), 'cairn-bench-faults-core-')), 'payloads'),
    CAIRN_PLAN_CACHE: 'false',
  });
  // The test tools, and two that make big text: an error quoting a 3.2 MB input, a 1.5 MB result.
  const { tools } = testTools();
  tools.register({
    name: 'bench.echo_fail',
    description: 'Fails quoting its input.',
    inputSchema: { type: 'object', properties: { size: { type: 'integer' } }, required: ['size'], additionalProperties: false },
    async run(args) {
      throw new Error(`bad input: ${'x'.repeat(Number(args.size))}`);
    },
  });
  tools.register({
    name: 'bench.big_result',
    description: 'Answers a long text.',
    inputSchema: { type: 'object', properties: { size: { type: 'integer' } }, required: ['size'], additionalProperties: false },
    async run(args) {
      return { text: 'y'.repeat(Number(args.size)) };
    },
  });
  const claude = new AnthropicProvider({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 10_000 });

  // Every state's input and output, from the interpreter's own event log.
  const largestState: Largest = { bytes: 0, where: '' };
  const largestRecordFailure: Largest = { bytes: 0, where: '' };
  let states = 0;
  const pending: Array<Promise<void>> = [];
  const watch = (_planId: string, execution: ReturnType<StateMachine['run']>) => {
    pending.push(
      (async () => {
        for await (const event of execution.eventLogs) {
          if (event.type !== 'StateEntered' && event.type !== 'StateExited') continue;
          states++;
          const size = bytes(event.type === 'StateEntered' ? event.state.input : event.state.output);
          const where = `${event.state.name} ${event.type === 'StateEntered' ? 'input' : 'output'}`;
          if (size > largestState.bytes) Object.assign(largestState, { bytes: size, where });
          if (event.state.name === 'RecordFailure' && size > largestRecordFailure.bytes) Object.assign(largestRecordFailure, { bytes: size, where });
        }
      })(),
    );
  };
  const stack = await LocalStack.open({ config, llm: new RetryingProvider(claude, { sleep: async () => {} }), tools, onExecution: watch });

  const statuses: Record<string, number> = {};
  const rows: FaultRow[] = [];
  try {
    const failing: DecompositionPlan = planOf(toolStep(1, 'bench.echo_fail', { size: 3_200_000 }, { on_error: 'abort' }));
    const big: DecompositionPlan = planOf(toolStep(1, 'bench.big_result', { size: 1_500_000 }));
    const requests = [
      ...SAMPLE_TASKS.map((task) => ({ task, options: { cache: false } })),
      { task: 'Fail loudly', options: { plan: failing, cache: false } },
      { task: 'Answer at length', options: { plan: big, cache: false } },
    ];
    for (const request of requests) {
      server.reset(ruleBasedModel);
      const record = await stack.run(request);
      statuses[record.status] = (statuses[record.status] ?? 0) + 1;
    }
    await Promise.all(pending);

    rows.push({
      scenario: 'largest workflow state payload',
      ok: states > 0 && largestState.bytes < STATE_LIMIT_BYTES && largestRecordFailure.bytes > 0,
      runs: requests.length,
      statuses,
      statesLogged: states,
      maxBytes: largestState.bytes,
      maxAt: largestState.where,
      recordFailureMaxBytes: largestRecordFailure.bytes,
      limitBytes: STATE_LIMIT_BYTES,
    });

    // Every item the trace store wrote over those runs, as DynamoDB counts its size.
    const client = createDynamoClient({ endpoint: dynamo.endpoint });
    const doc = createDocumentClient(client);
    const largestItem: Largest = { bytes: 0, where: '' };
    let items = 0;
    try {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
        for (const item of page.Items ?? []) {
          items++;
          const size = itemSize(item);
          if (size > largestItem.bytes) Object.assign(largestItem, { bytes: size, where: `${String(item.sk ?? item.pk)}` });
        }
        start = page.LastEvaluatedKey;
      } while (start !== undefined);
    } finally {
      client.destroy();
    }
    rows.push({
      scenario: 'largest trace item',
      ok: items > 0 && largestItem.bytes < ITEM_LIMIT_BYTES,
      items,
      maxBytes: largestItem.bytes,
      maxItemSk: largestItem.where,
      limitBytes: ITEM_LIMIT_BYTES,
    });
  } finally {
    await stack.close();
    await dynamo.close();
    await server.close();
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Allow-lists against composites and network tools

/** The prompt of the composite's llm_call part: the calls that carry it are that part's. */
const PART_PROMPT = 'BENCH-COMPOSITE-PART: summarise what the documents say';

/** A loopback HTTP server that answers every GET with a short text and counts the requests. */
async function countingServer(): Promise<{ host: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Lyon lies where the Rhône meets the Saône.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { host: `127.0.0.1:${port}`, requests: () => requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The rule-based provider, counting the calls of the composite's llm_call part and the composites each plan call offers. */
class CountingProvider implements LlmProvider {
  readonly name: string;
  readonly model: string;
  readonly source: string;
  partCalls = 0;
  offered: string[][] = [];
  /** When set, every plan and repair call answers this plan: a model a document steered. */
  steered: DecompositionPlan | undefined;
  constructor(private readonly inner: LlmProvider = new RuleBasedProvider()) {
    this.name = inner.name;
    this.model = inner.model;
    this.source = inner.source;
  }
  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    const { intent } = request;
    if (intent.kind === 'answer' && intent.instruction === PART_PROMPT) this.partCalls++;
    if (intent.kind === 'plan') this.offered.push((intent.tools ?? []).map((t) => t.tool_id));
    const response = await this.inner.complete(request, signal);
    if (this.steered && (intent.kind === 'plan' || intent.kind === 'repair')) return { ...response, text: JSON.stringify(this.steered) };
    return response;
  }
}

/** A composite as synthesis writes one: `parts` in a chain, each reading the one before it, the last one its output. */
function composite(tool_id: string, parts: SynthesizedTool['steps'], source_chain: string): SynthesizedTool {
  return {
    tool_id,
    description: `Bench composite ${tool_id}.`,
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false },
    steps: parts,
    internal_wiring: [],
    parallel_groups: [],
    error_strategy: { default_behavior: 'abort', rules: [] },
    output_step: parts[parts.length - 1]!.step_index,
    source_chain,
  };
}

/** The test tools, `http.fetch` on the loopback server, two counting tools, and three composites over them. */
function allowListTools(host: string): { tools: ToolRegistry; runs: { tally: number; beacon: number } } {
  const tools = localTools();
  const runs = { tally: 0, beacon: 0 };
  tools.register(createHttpFetchTool({ allowedHosts: [host], timeoutMs: 5_000, maxBytes: 65_536 }));
  tools.register({
    name: 'bench.tally',
    description: 'Counts its runs.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, additionalProperties: false },
    async run() {
      runs.tally++;
      return { tally: runs.tally };
    },
  });
  tools.register({
    name: 'bench.beacon',
    description: 'Counts its runs: a side effect the request did not ask for.',
    network: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    async run() {
      runs.beacon++;
      return { beacon: runs.beacon };
    },
  });
  const refused = registerComposites(tools, [
    composite(
      'learned.search_summarise',
      [
        { step_index: 0, kind: 'step', tool_id: 'keyword_search', constants: { top_k: 3 }, parameter_map: { query: 'query' }, depends_on: [] },
        { step_index: 1, kind: 'step', tool_id: 'llm_call', constants: { prompt: PART_PROMPT, input_step: 1 }, parameter_map: {}, depends_on: [0] },
      ],
      'keyword_search → llm_call',
    ),
    composite(
      'learned.tally_beacon',
      [
        { step_index: 0, kind: 'tool', tool_id: 'bench.tally', constants: {}, parameter_map: { query: 'query' }, depends_on: [] },
        { step_index: 1, kind: 'tool', tool_id: 'bench.beacon', constants: {}, parameter_map: {}, depends_on: [0] },
      ],
      'bench.tally → bench.beacon',
    ),
    composite(
      'learned.fetch_search',
      [
        { step_index: 0, kind: 'tool', tool_id: 'http.fetch', constants: { url: `http://${host}/lyon` }, parameter_map: {}, depends_on: [] },
        { step_index: 1, kind: 'step', tool_id: 'keyword_search', constants: { top_k: 3 }, parameter_map: { query: 'query' }, depends_on: [0] },
      ],
      'http.fetch → keyword_search',
    ),
  ]);
  if (refused.length > 0) throw new Error(refused.map((r) => r.reason).join('; '));
  return { tools, runs };
}

/** The error of step `id` of a finished plan, from its stored output. */
async function stepError(stack: LocalStack, record: PlanRecord, id: number): Promise<{ status: string; error: string }> {
  const output = (await stack.runtime.store.listStepOutputs(record.planId)).find((o) => o.step_id === id);
  return { status: output?.status ?? 'not run', error: output?.error ?? record.error?.message ?? '' };
}

export async function allowListRows(): Promise<FaultRow[]> {
  const http = await countingServer();
  const dynamo = await startEmbeddedDynamo();
  const config = loadConfig({
    CAIRN_TABLE: 'bench-faults-allow-lists',
    CAIRN_DYNAMODB_ENDPOINT: dynamo.endpoint,
    CAIRN_PAYLOAD_DIR: join(mkdtempSync(join(tmpdir(), 'cairn-bench-faults-allow-')), 'payloads'),
    CAIRN_PLAN_CACHE: 'false',
  });
  const { tools, runs } = allowListTools(http.host);
  const llm = new CountingProvider();
  const stack = await LocalStack.open({ config, llm, tools });
  const rows: FaultRow[] = [];
  try {
    rows.push(await llmPartRefused(stack, llm));
    rows.push(await toolPartRefused(stack, runs));
    rows.push(await networkChainNotPromoted(stack, http));
    rows.push(await defaultToolsRefuseFetch(stack, llm, http));
  } finally {
    await stack.close();
    await dynamo.close();
    await http.close();
  }
  return rows;
}

/** A promoted composite with an llm_call part, called by a request that allows only tool_call and keyword_search. */
async function llmPartRefused(stack: LocalStack, llm: CountingProvider): Promise<FaultRow> {
  const before = llm.partCalls;
  const record = await stack.run({
    task: 'What does the corpus say about Lyon?',
    constraints: { allowed_step_types: ['tool_call', 'keyword_search'] },
    plan: planOf(toolStep(1, 'learned.search_summarise', { query: 'Lyon' })),
    options: { cache: false },
  });
  const step = await stepError(stack, record, 1);
  const partCalls = llm.partCalls - before;
  return {
    scenario: 'composite llm_call part outside allowed_step_types',
    ok: partCalls === 0 && step.status === 'failed' && /llm_call/.test(step.error) && /allowed_step_types/.test(step.error) && !step.error.includes('\n'),
    allowedStepTypes: ['tool_call', 'keyword_search'],
    planStatus: record.status,
    stepStatus: step.status,
    reason: step.error,
    llmCallsByThePart: partCalls,
    expectedLlmCalls: 0,
  };
}

/** A composite one of whose tools the request's tools list leaves out: no part runs. */
async function toolPartRefused(stack: LocalStack, runs: { tally: number; beacon: number }): Promise<FaultRow> {
  const before = { ...runs };
  const record = await stack.run({
    task: 'Tally the corpus',
    tools: ['learned.tally_beacon', 'bench.tally'],
    plan: planOf(toolStep(1, 'learned.tally_beacon', { query: 'Lyon' })),
    options: { cache: false },
  });
  const step = await stepError(stack, record, 1);
  const refusedRuns = runs.beacon - before.beacon;
  const partsRun = runs.tally - before.tally + refusedRuns;
  return {
    scenario: "composite tool part outside the request's tools",
    ok: refusedRuns === 0 && partsRun === 0 && step.status === 'failed' && /bench\.beacon/.test(step.error) && /tools/.test(step.error),
    tools: ['learned.tally_beacon', 'bench.tally'],
    planStatus: record.status,
    stepStatus: step.status,
    reason: step.error,
    refusedToolRuns: refusedRuns,
    partsRunBeforeRefusal: partsRun,
  };
}

/** Twelve supplied plans fetch a page then search: learning with approval off must not promote their chain. */
async function networkChainNotPromoted(stack: LocalStack, http: { host: string; requests: () => number }): Promise<FaultRow> {
  const cities = ['Lyon', 'Marseille', 'Nice', 'Paris', 'Toulouse', 'Bordeaux', 'Lille', 'Nantes', 'Grenoble', 'Rennes', 'Dijon', 'Reims'];
  const since = new Date(Date.now() - 1_000).toISOString();
  const statuses: Record<string, number> = {};
  for (const city of cities) {
    const request: PlanRequest = {
      task: `What is said about ${city}?`,
      tools: ['http.fetch', 'corpus.search'],
      plan: planOf(
        toolStep(1, 'http.fetch', { url: `http://${http.host}/city/${city}` }),
        searchStep(2, city, [1]),
        llmStep(3, 'Answer from the documents', [2]),
      ),
      options: { cache: false },
    };
    const record = await stack.run(request);
    statuses[record.status] = (statuses[record.status] ?? 0) + 1;
  }
  await new Promise((r) => setTimeout(r, 5));
  const rt = stack.runtime;
  const settings = { ...rt.config.learning, require_approval: false };
  const report = await learn(
    {
      source: sessionSource(rt.clients, rt.config.tableName, rt.store),
      tools: rt.learned.store,
      llm: new RuleBasedProvider(),
      registry: rt.phases.tools,
      settings,
    },
    { since, until: new Date().toISOString(), maxTools: 3 },
  );
  const withFetch = report.tools.filter((t) => t.definition.steps.some((s) => s.tool_id === 'http.fetch'));
  const promoted = withFetch.filter((t) => t.status === 'PROMOTED');
  return {
    scenario: 'learning a chain with a network tool, approval off',
    ok: withFetch.length > 0 && promoted.length === 0 && withFetch.every((t) => t.status === 'TESTING' || t.status === 'DRAFT'),
    suppliedPlans: cities.length,
    planStatuses: statuses,
    fetches: http.requests(),
    requireApproval: false,
    learnedWithFetch: withFetch.map((t) => `${t.id}: ${t.status}`),
    autoPromoted: promoted.length,
  };
}

/** A request with no tools list: a supplied plan calling http.fetch, and a planner a document steered into it. */
async function defaultToolsRefuseFetch(stack: LocalStack, llm: CountingProvider, http: { host: string; requests: () => number }): Promise<FaultRow> {
  const before = http.requests();
  const supplied = await stack.run({
    task: 'What does the corpus say about Lyon?',
    plan: planOf(toolStep(1, 'http.fetch', { url: `http://${http.host}/exfiltrate?q=lyon` }), llmStep(2, 'Answer from the page', [1])),
    options: { cache: false },
  });
  const suppliedFetches = http.requests() - before;
  llm.offered = [];
  llm.steered = planOf(
    searchStep(1, 'Lyon'),
    toolStep(2, 'http.fetch', { url: `http://${http.host}/exfiltrate?q=lyon` }, { dependencies: [1] }),
    llmStep(3, 'Answer', [1, 2]),
  );
  const planned = await stack.run({ task: 'What does the corpus say about Lyon? Also read the page the corpus points to.', options: { cache: false } });
  llm.steered = undefined;
  const fetches = http.requests() - before;
  const offeredNetwork = llm.offered.flat().filter((name) => name === 'learned.fetch_search').length;
  return {
    scenario: 'request without tools steered into http.fetch',
    ok: fetches === 0 && supplied.status === 'failed' && planned.status === 'failed' && offeredNetwork === 0,
    suppliedPlanStatus: supplied.status,
    suppliedReason: supplied.error?.message ?? null,
    suppliedFetches,
    steeredPlanStatus: planned.status,
    steeredReason: planned.error?.message ?? null,
    fetchesMade: fetches,
    networkCompositesOffered: offeredNetwork,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await coreFaultRows();
  if (!process.argv.includes('--json')) for (const row of rows) console.log(JSON.stringify(row));
  console.log(JSON.stringify(rows));
}
