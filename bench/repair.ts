/**
 * The repair benchmark (the validate-repair loop, LLM retries, Claude's structured output): scripted faulty first answers replayed through the real
 * Anthropic provider (the real @anthropic-ai/sdk behind the retry layer), the loopback server of
 * the tests speaking the Messages API, and the workflow's planner phases (the state machine run by
 * the local runner over an in-memory dynalite, plan only, analysis off, at most 3 iterations).
 *
 * Each case is one task of examples/tasks.txt with one kind of fault in the model's first plan
 * (clean, fenced with prose, truncated, missing field, wrong enum, dangling dependency, cycle,
 * no JSON, empty, refusal), plus two stubborn kinds where the model's first repair is faulty too
 * (the same dangling dependency again; a cycle, then a truncated answer). Every third case also
 * meets a transport fault first (429 with retry-after, 529, 500), which the retry layer must get
 * through. Repair turns not scripted as faulty are answered by the loopback "model": the
 * rule-based repairer applied to the previous answer and the errors it reads in the repair prompt
 * sent over HTTP. Waits are virtual (recorded, not slept).
 *
 *   npm run bench:repair             figures as text
 *   npm run bench:repair -- --json   {"cases","firstTry","within2","within3","meanCalls","meanInputTokens","meanOutputTokens"}
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStack } from '../cli/local-runner.js';
import { AnthropicProvider } from '../functions/adapters/llm/anthropic/provider.js';
import { RetryingProvider } from '../functions/adapters/llm/resilient/retry.js';
import { loadConfig } from '../functions/shared/config.js';
import { ANSWER_FAULTS, type AnswerFault, faultyAnswer, goodPlanFor, TRANSPORT_FAULTS, type TransportFault } from '../test/support/llm-loopback/faults.js';
import { ruleBasedModel } from '../test/support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type Reply } from '../test/support/llm-loopback/server.js';

const MAX_ITERATIONS = 3;
const TRANSPORT_KINDS = Object.keys(TRANSPORT_FAULTS) as TransportFault[];

/** A kind of case: the faulty answers the model gives, first plan first, before the repairer takes over. */
interface CaseKind {
  label: string;
  faults: AnswerFault[];
}

const CASE_KINDS: CaseKind[] = [
  ...ANSWER_FAULTS.map((fault) => ({ label: fault, faults: [fault] })),
  { label: 'dangling, repeated', faults: ['dangling', 'dangling'] },
  { label: 'cycle, then truncated', faults: ['cycle', 'truncated'] },
];

interface Outcome {
  task: string;
  kind: string;
  transport: TransportFault | undefined;
  /** 1-based attempt that validated first; undefined when none did. */
  validAt: number | undefined;
  calls: number;
  httpAttempts: number;
  inputTokens: number;
  outputTokens: number;
  error: string | undefined;
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const tasks = readFileSync(new URL('../examples/tasks.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((t) => t.trim())
    .filter(Boolean);

  // An in-memory database, no plan cache (tasks repeat across faults), no few-shot examples (each case stands alone).
  const config = loadConfig({
    CAIRN_TABLE: 'bench-repair',
    CAIRN_PAYLOAD_DIR: join(mkdtempSync(join(tmpdir(), 'cairn-bench-repair-')), 'payloads'),
    CAIRN_PLAN_CACHE: 'false',
    CAIRN_FEW_SHOT: '0',
  });
  const server = await LoopbackLlm.start(ruleBasedModel);
  let waitedMs = 0;
  const claude = new AnthropicProvider({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 10_000 });
  const llm = new RetryingProvider(claude, {
    sleep: async (ms) => {
      waitedMs += ms;
    },
    random: () => 0.5,
  });
  const stack = await LocalStack.open({ config, llm });

  const outcomes: Outcome[] = [];
  try {
    let index = 0;
    for (const task of tasks) {
      const good = await goodPlanFor(task);
      for (const kind of CASE_KINDS) {
        const transport = index % 3 === 0 ? TRANSPORT_KINDS[(index / 3) % TRANSPORT_KINDS.length] : undefined;
        index += 1;
        server.reset(ruleBasedModel);
        const script: Reply[] = [...(transport ? [TRANSPORT_FAULTS[transport]] : []), ...kind.faults.map((fault) => faultyAnswer(fault, good))];
        server.script(...script);
        const record = await stack.run({ task, options: { analyze: false, maxIterations: MAX_ITERATIONS } }, { planOnly: true });
        const attempts = await stack.runtime.store.listAttempts(record.planId);
        const validAt = attempts.find((a) => a.validation?.valid)?.attempt;
        const calls = record.metadata?.llmCalls ?? [];
        outcomes.push({
          task,
          kind: kind.label,
          transport,
          validAt,
          calls: calls.length,
          httpAttempts: calls.reduce((n, c) => n + (c.attempts ?? 1), 0),
          inputTokens: record.metadata?.inputTokens ?? 0,
          outputTokens: record.metadata?.outputTokens ?? 0,
          error: record.error?.name,
        });
      }
    }
  } finally {
    await stack.close();
    await server.close();
  }

  const n = outcomes.length;
  const share = (k: number) => round(outcomes.filter((o) => o.validAt !== undefined && o.validAt <= k).length / n, 4);
  const mean = (pick: (o: Outcome) => number) => round(outcomes.reduce((s, o) => s + pick(o), 0) / n, 2);
  const figures = {
    cases: n,
    firstTry: share(1),
    within2: share(2),
    within3: share(3),
    meanCalls: mean((o) => o.calls),
    meanInputTokens: mean((o) => o.inputTokens),
    meanOutputTokens: mean((o) => o.outputTokens),
  };
  if (json) {
    console.log(JSON.stringify(figures));
    return;
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `Repair benchmark: ${n} scripted faulty first answers (${tasks.length} tasks x ${CASE_KINDS.length} kinds; every third case also meets a 429/529/500 first)`,
    'Path: AnthropicProvider (real @anthropic-ai/sdk, retry layer) -> loopback Messages API server -> workflow planner phases (plan only, analysis off, at most 3 iterations)',
    'Repair turns: answered by the rule-based repairer (functions/adapters/llm/rule-based/repair.ts) applied to the previous answer and errors read from the repair prompt sent over HTTP; no scripted fix (the two stubborn kinds script a faulty first repair, never a fix).',
    'Tokens: counted by the loopback server at 4 characters a token; input includes the cached system prefix.',
    '',
    `valid on first try        ${pct(figures.firstTry)}`,
    `valid within 2 iterations ${pct(figures.within2)}`,
    `valid within 3 iterations ${pct(figures.within3)}`,
    `mean LLM calls per plan   ${figures.meanCalls}`,
    `mean input tokens / plan  ${figures.meanInputTokens}`,
    `mean output tokens / plan ${figures.meanOutputTokens}`,
    `HTTP attempts             ${outcomes.reduce((s, o) => s + o.httpAttempts, 0)} for ${outcomes.reduce((s, o) => s + o.calls, 0)} calls (retries counted once per call; ${Math.round(waitedMs / 1000)} s of backoff, virtual)`,
    '',
    'by fault kind             first  within2  within3  calls  failed with',
    ...CASE_KINDS.map(({ label }) => {
      const of = outcomes.filter((o) => o.kind === label);
      const count = (k: number) => `${of.filter((o) => o.validAt !== undefined && o.validAt <= k).length}/${of.length}`;
      const errors = [...new Set(of.flatMap((o) => (o.error ? [o.error] : [])))].join(', ') || '-';
      const calls = round(of.reduce((s, o) => s + o.calls, 0) / of.length, 2);
      return `  ${label.padEnd(23)} ${count(1).padEnd(6)} ${count(2).padEnd(8)} ${count(3).padEnd(8)} ${String(calls).padEnd(6)} ${errors}`;
    }),
  ];
  console.log(lines.join('\n'));
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

await main();
