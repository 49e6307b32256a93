/**
 * The LLM fault scenarios: each whole call against its deadline (a model that never answers, a body
 * that drips a byte at a time, headers then silence), and the budgets (calls, time, tokens) over
 * parallel `llm_call` steps, failing and retried calls, and Finalize after a failing call. Real code
 * paths: the real @anthropic-ai/sdk client and the OpenAI-compatible client behind the retry layer,
 * the loopback server of the tests with its faults, and for the budgets the workflow run by the
 * local runner over an in-memory dynalite. A budget row measures what was spent where it was spent
 * (HTTP requests and their bodies at the server, each attempt's time), not what Cairn recorded.
 *
 *   node --import tsx bench/faults-llm.ts --json   the rows as a JSON array on the last line
 *
 * `llmFaultRows()` gives the same rows to a benchmark that gathers every fault scenario. Each row's
 * `ok` is computed from its figures.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalStack } from '../cli/local-runner.js';
import { loadCorpus } from '../functions/adapters/corpus/load-corpus.js';
import { AnthropicProvider } from '../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../functions/adapters/llm/openai-compatible/provider.js';
import { RetryingProvider } from '../functions/adapters/llm/resilient/retry.js';
import { executePlan } from '../functions/core/executor/run-plan.js';
import { tokenCounter } from '../functions/core/llm/token-count.js';
import type { LlmProvider } from '../functions/core/ports.js';
import { createCorpusIndex } from '../functions/core/retrieval/corpus-index.js';
import { compileToolSchema } from '../functions/core/tools/compile-schema.js';
import { registerLocalTools } from '../functions/core/tools/local-tools.js';
import { ToolRegistry } from '../functions/core/tools/registry.js';
import type { DecompositionPlan, PlanRecord } from '../functions/core/types.js';
import { loadConfig } from '../functions/shared/config.js';
import { ruleBasedModel } from '../test/support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type Reply } from '../test/support/llm-loopback/server.js';
import { FAILS, FAILS_SLOWLY, Spending, writeDenseCorpus } from '../test/support/llm-loopback/spending.js';

export interface FaultRow {
  scenario: string;
  ok: boolean;
  [figure: string]: unknown;
}

/** The deadline of one call, and the attempts the retry layer makes. */
const TIMEOUT_MS = 1_000;
const ATTEMPTS = 3;
/** How far past its deadline a call may end: the time to notice the abort and unwind. */
const SLACK_MS = 250;

const SAMPLE_CORPUS = fileURLToPath(new URL('../examples/corpus.jsonl', import.meta.url));

const DEADLINE_FAULTS: ReadonlyArray<[string, Reply]> = [
  ['LLM hang', { hang: true }],
  ['LLM slow drip', { drip: { intervalMs: 100 } }],
  ['LLM headers then silence', { silence: true }],
];

export async function llmFaultRows(): Promise<FaultRow[]> {
  const server = await LoopbackLlm.start(ruleBasedModel);
  const rows: FaultRow[] = [];
  try {
    const providers: Array<[string, () => LlmProvider]> = [
      [
        'anthropic',
        () => new AnthropicProvider({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: TIMEOUT_MS }),
      ],
      [
        'openai',
        () => new OpenAiCompatibleProvider({ apiKey: 'sk-bench', model: 'qwen2.5-7b-instruct', baseURL: server.openaiBaseURL, timeoutMs: TIMEOUT_MS }),
      ],
    ];
    for (const [scenario, fault] of DEADLINE_FAULTS) {
      for (const [provider, make] of providers) {
        server.reset(() => fault);
        // Waits between attempts are not slept: the figure is the calls' own time.
        const llm = new RetryingProvider(make(), { maxAttempts: ATTEMPTS, sleep: async () => {} });
        const started = performance.now();
        const error = await llm
          .complete({
            purpose: 'answer',
            system: 'Answer.',
            messages: [{ role: 'user', content: 'Say hello.' }],
            maxTokens: 64,
            temperature: 0,
            intent: { kind: 'answer', question: 'hello', instruction: 'Say hello.', documents: [] },
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        const wallMs = Math.round(performance.now() - started);
        const deadlineMs = ATTEMPTS * TIMEOUT_MS;
        rows.push({
          scenario: `${scenario} (${provider})`,
          ok: error !== undefined && wallMs <= deadlineMs + SLACK_MS && server.requests.length === ATTEMPTS,
          wallMs,
          deadlineMs,
          perCallTimeoutMs: TIMEOUT_MS,
          httpCalls: server.requests.length,
          error: (error as Error | undefined)?.name,
        });
      }
    }
    rows.push(...(await retryRows(server)));
    rows.push(...(await budgetRows(server)));
  } finally {
    await server.close();
  }
  return rows;
}

/**
 * One retry layer per model call: an llm_call step that may make 3 attempts, over a provider that
 * makes 3, meets a transient error (529) and fatal ones (401, a spend-limit 429).
 */
async function retryRows(server: LoopbackLlm): Promise<FaultRow[]> {
  const index = createCorpusIndex(await loadCorpus(SAMPLE_CORPUS));
  const faults: Array<[string, Reply, number]> = [
    ['transient 529', { status: 529 }, ATTEMPTS],
    ['401', { status: 401 }, 1],
    ['spend-limit 429', { status: 429, message: 'usage limits reached', errorCode: 'enforced_spend_limit_reached' }, 1],
  ];
  const rows: FaultRow[] = [];
  for (const [name, fault, expected] of faults) {
    server.reset(() => fault);
    const claude = new AnthropicProvider({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 });
    const plan: DecompositionPlan = {
      plan: [
        {
          step_id: 1,
          type: 'llm_call',
          modality: 'text',
          parameters: { prompt: 'Answer' },
          dependencies: [],
          trace: {},
          retry: { max_attempts: 3, backoff_ms: 1 },
        },
      ],
      traceability: true,
    };
    const outcome = await executePlan(plan, {
      task: 'Answer',
      index,
      llm: new RetryingProvider(claude, { maxAttempts: ATTEMPTS, sleep: async () => {} }),
      clock: { now: () => new Date() },
      concurrency: 1,
      topK: 3,
      tools: registerLocalTools(new ToolRegistry({ compile: compileToolSchema })),
    });
    rows.push({
      scenario: `one retry layer: llm_call step on a ${name}`,
      ok: outcome.status === 'failed' && server.requests.length === expected,
      httpCalls: server.requests.length,
      expectedHttpCalls: expected,
      stepAttempts: outcome.outputs[0]?.attempts,
      status: outcome.status,
    });
  }
  return rows;
}

/** An llm_call step with `prompt` as its instruction; `extra` adds its error strategy, its output limit. */
const answerStep = (step_id: number, prompt: string, dependencies: number[] = [], extra: { on_error?: 'skip'; max_tokens?: number } = {}) => ({
  step_id,
  type: 'llm_call' as const,
  modality: 'text' as const,
  parameters: { prompt, ...(extra.max_tokens !== undefined ? { max_tokens: extra.max_tokens } : {}) },
  dependencies,
  trace: {},
  ...(extra.on_error ? { on_error: extra.on_error } : {}),
});

const searchStep = (step_id: number, query: string) => ({
  step_id,
  type: 'keyword_search' as const,
  modality: 'text' as const,
  parameters: { query },
  dependencies: [],
  trace: {},
});

const planOf = (...steps: DecompositionPlan['plan']): DecompositionPlan => ({ plan: steps, traceability: true });

/** Sixteen llm_call steps with no dependency, so all run at once. */
const SIXTEEN = planOf(...Array.from({ length: 16 }, (_, i) => answerStep(i + 1, `Say something about Lyon, number ${i + 1}`)));

/**
 * How far past maxLlmMs the time spent may go. The time spent is every HTTP attempt's time, summed
 * (timed under the retry layer, failed attempts included). A call under way when the cap is reached
 * is stopped then, so the bound is the cap plus the time to notice the abort and unwind, the slack
 * of the deadline rows; not the cap plus a whole call's deadline.
 */
const MS_SLACK = SLACK_MS;

async function budgetRows(server: LoopbackLlm): Promise<FaultRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-faults-llm-'));
  const dense = writeDenseCorpus(dir);
  const config = loadConfig({
    CAIRN_TABLE: 'bench-faults-llm',
    CAIRN_PAYLOAD_DIR: join(dir, 'payloads'),
    CAIRN_PLAN_CACHE: 'false',
    CAIRN_CORPUS_ROOTS: dir,
  });
  const counter = await tokenCounter();
  const spending = new Spending(server, counter);
  const claude = new AnthropicProvider({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 10_000 });
  const stack = await LocalStack.open({ config, llm: new RetryingProvider(spending.timed(claude), { sleep: async () => {} }) });
  const rows: FaultRow[] = [];
  /**
   * The plan failed on the named budget with a one-line reason (after `step N failed: ` when a step
   * met the cap), in `phase` when one is named.
   */
  const failedOn = (record: PlanRecord, cap: string, limit: number, phase?: string) =>
    record.status === 'failed' &&
    new RegExp(`^(step \\d+ failed: )?budget ${cap} ${limit} reached: [^\\n]+$`).test(record.error?.message ?? '') &&
    (phase === undefined || record.error?.phase === phase);
  const failure = (record: PlanRecord) => ({ status: record.status, phase: record.error?.phase, error: record.error?.message });
  try {
    spending.reset();
    const byCalls = await stack.run({ task: 'Tell me about Lyon', options: { plan: SIXTEEN, maxLlmCalls: 2, concurrency: 16 } });
    const race = spending.spent();
    rows.push({
      scenario: 'budget: 16 parallel llm_call steps under maxLlmCalls 2',
      ok: race.httpCalls <= 2 && failedOn(byCalls, 'maxLlmCalls', 2),
      steps: 16,
      maxLlmCalls: 2,
      calls: race.httpCalls,
      ...failure(byCalls),
    });

    // Half of them fail and are retried: every attempt is a call, and none starts past the cap.
    spending.reset();
    const halfFailing = planOf(
      ...Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? answerStep(i + 1, `Say something about Lyon ${FAILS}, number ${i + 1}`, [], { on_error: 'skip' })
          : answerStep(i + 1, `Say something about Lyon, number ${i + 1}`),
      ),
    );
    const byRetries = await stack.run({ task: 'Tell me about Lyon', options: { plan: halfFailing, maxLlmCalls: 6, concurrency: 16 } });
    const retries = spending.spent();
    rows.push({
      scenario: 'budget: 16 parallel llm_call steps, 8 failing and retried, under maxLlmCalls 6',
      ok: retries.httpCalls <= 6 && failedOn(byRetries, 'maxLlmCalls', 6),
      steps: 16,
      maxLlmCalls: 6,
      calls: retries.httpCalls,
      ...failure(byRetries),
    });

    // Two answers at once, then a combining call that fails (a 529, retried): Finalize's answer would be one call more.
    spending.reset();
    const failingBeforeFinalize = planOf(
      searchStep(1, 'Lyon'),
      answerStep(2, 'Summarise what the sources say about Lyon', [1]),
      answerStep(3, 'List the places in Lyon the sources name', [1]),
      answerStep(4, `Combine the two ${FAILS}`, [2, 3], { on_error: 'skip' }),
    );
    const callsBeforeFinalize = await stack.run({ task: 'Tell me about Lyon', options: { plan: failingBeforeFinalize, maxLlmCalls: 3, concurrency: 4 } });
    const calls = spending.spent();
    rows.push({
      scenario: 'budget: maxLlmCalls 3, a failing llm_call before Finalize',
      ok: calls.httpCalls <= 3 && failedOn(callsBeforeFinalize, 'maxLlmCalls', 3, 'finalizing'),
      maxLlmCalls: 3,
      calls: calls.httpCalls,
      ...failure(callsBeforeFinalize),
    });

    // A call that fails after 600 ms (not retried), then Finalize's answer, which takes 700 ms.
    spending.reset({ slowAnswer: true });
    const maxLlmMs = 1_000;
    const slowFailure = planOf(searchStep(1, 'Lyon'), answerStep(2, `Summarise what the sources say about Lyon ${FAILS_SLOWLY}`, [1], { on_error: 'skip' }));
    const byTime = await stack.run({ task: 'Tell me about Lyon', options: { plan: slowFailure, maxLlmMs } });
    const time = spending.spent();
    rows.push({
      scenario: 'budget: maxLlmMs 1000, a slow failing llm_call before Finalize',
      ok: time.msSpent <= maxLlmMs + MS_SLACK && failedOn(byTime, 'maxLlmMs', maxLlmMs, 'finalizing'),
      maxLlmMs,
      boundMs: maxLlmMs + MS_SLACK,
      msSpent: time.msSpent,
      calls: time.httpCalls,
      ...failure(byTime),
    });

    // Three answers at once over dense text, a failing combining call, then Finalize's answer.
    spending.reset();
    const maxTokens = 3_000;
    const denseAnswers = planOf(
      searchStep(1, 'Lyon sensor log'),
      ...[2, 3, 4].map((id) => answerStep(id, `Summarise the readings of the logs, part ${id - 1}`, [1], { on_error: 'skip', max_tokens: 200 })),
      answerStep(5, `Combine the three summaries ${FAILS}`, [2, 3, 4], { on_error: 'skip', max_tokens: 200 }),
    );
    const byTokens = await stack.run({
      task: 'What do the Lyon sensor logs record?',
      corpus: dense,
      options: { plan: denseAnswers, maxTokens, concurrency: 4 },
    });
    const tokens = spending.spent();
    rows.push({
      scenario: 'budget: maxTokens 3000 over dense text, parallel llm_call steps and a failing one before Finalize',
      ok: tokens.tokensSent + tokens.tokensAnswered <= maxTokens && failedOn(byTokens, 'maxTokens', maxTokens),
      maxTokens,
      tokensSent: tokens.tokensSent,
      tokensAnswered: tokens.tokensAnswered,
      calls: tokens.httpCalls,
      recordedTokens: (byTokens.metadata?.inputTokens ?? 0) + (byTokens.metadata?.outputTokens ?? 0),
      ...failure(byTokens),
    });

    spending.reset();
    const sixteenTokens = 3_000;
    const bySixteenTokens = await stack.run({ task: 'Tell me about Lyon', options: { plan: SIXTEEN, maxTokens: sixteenTokens, concurrency: 16 } });
    const sixteen = spending.spent();
    rows.push({
      scenario: 'budget: 16 parallel llm_call steps under maxTokens 3000',
      ok: sixteen.tokensSent + sixteen.tokensAnswered <= sixteenTokens && failedOn(bySixteenTokens, 'maxTokens', sixteenTokens),
      steps: 16,
      maxTokens: sixteenTokens,
      tokensSent: sixteen.tokensSent,
      tokensAnswered: sixteen.tokensAnswered,
      calls: sixteen.httpCalls,
      ...failure(bySixteenTokens),
    });
  } finally {
    await stack.close();
    server.reset(ruleBasedModel);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await llmFaultRows();
  if (!process.argv.includes('--json')) for (const row of rows) console.log(JSON.stringify(row));
  console.log(JSON.stringify(rows));
}
