/**
 * The LLM fault scenarios: each whole call against its deadline (a model that never answers, a body
 * that drips a byte at a time, headers then silence), and one budget over sixteen `llm_call` steps
 * that run at once. Real code paths: the real @anthropic-ai/sdk client and the OpenAI-compatible
 * client behind the retry layer, the loopback server of the tests with its faults, and for the
 * budgets the workflow run by the local runner over an in-memory dynalite.
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
import type { LlmProvider } from '../functions/core/ports.js';
import { createCorpusIndex } from '../functions/core/retrieval/corpus-index.js';
import { compileToolSchema } from '../functions/core/tools/compile-schema.js';
import { registerLocalTools } from '../functions/core/tools/local-tools.js';
import { ToolRegistry } from '../functions/core/tools/registry.js';
import type { DecompositionPlan } from '../functions/core/types.js';
import { loadConfig } from '../functions/shared/config.js';
import { ruleBasedModel } from '../test/support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type Reply } from '../test/support/llm-loopback/server.js';

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

/** Sixteen llm_call steps with no dependency, so all run at once. */
const SIXTEEN: DecompositionPlan = {
  plan: Array.from({ length: 16 }, (_, i) => ({
    step_id: i + 1,
    type: 'llm_call' as const,
    modality: 'text' as const,
    parameters: { prompt: `Say something about Lyon, number ${i + 1}` },
    dependencies: [],
    trace: {},
  })),
  traceability: true,
};

async function budgetRows(server: LoopbackLlm): Promise<FaultRow[]> {
  const config = loadConfig({
    CAIRN_TABLE: 'bench-faults-llm',
    CAIRN_PAYLOAD_DIR: join(mkdtempSync(join(tmpdir(), 'cairn-bench-faults-llm-')), 'payloads'),
    CAIRN_PLAN_CACHE: 'false',
  });
  const claude = new AnthropicProvider({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 10_000 });
  const stack = await LocalStack.open({ config, llm: new RetryingProvider(claude, { sleep: async () => {} }) });
  const rows: FaultRow[] = [];
  try {
    server.reset(ruleBasedModel);
    const byCalls = await stack.run({ task: 'Tell me about Lyon', options: { plan: SIXTEEN, maxLlmCalls: 2, concurrency: 16 } });
    const calls = server.requests.length;
    rows.push({
      scenario: 'budget: 16 parallel llm_call steps under maxLlmCalls 2',
      ok: calls <= 2 && byCalls.status === 'failed' && /budget exceeded/.test(byCalls.error?.message ?? ''),
      steps: 16,
      maxLlmCalls: 2,
      calls,
      status: byCalls.status,
    });

    server.reset(ruleBasedModel);
    const maxTokens = 3_000;
    const byTokens = await stack.run({ task: 'Tell me about Lyon', options: { plan: SIXTEEN, maxTokens, concurrency: 16 } });
    const tokens = (byTokens.metadata?.inputTokens ?? 0) + (byTokens.metadata?.outputTokens ?? 0);
    rows.push({
      scenario: 'budget: 16 parallel llm_call steps under maxTokens 3000',
      ok: tokens <= maxTokens && byTokens.status === 'failed' && /budget exceeded/.test(byTokens.error?.message ?? ''),
      steps: 16,
      maxTokens,
      calls: server.requests.length,
      tokens,
      status: byTokens.status,
    });
  } finally {
    await stack.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await llmFaultRows();
  if (!process.argv.includes('--json')) for (const row of rows) console.log(JSON.stringify(row));
  console.log(JSON.stringify(rows));
}
