/**
 * What a question costs on the model path: tokens, model calls and wall time per question, for
 * Cairn on Claude and on an OpenAI-compatible server, and for a peer on the same Claude model
 * (LangGraph.js plan-and-execute, bench/peer/), on the same questions.
 *
 * Questions: the first --limit of the HotpotQA sample (--data, ../shared/data/hotpotqa-100 by
 * default; its corpus written to a temporary folder as bench/hotpotqa-convert.ts writes it), then
 * the sample tasks (examples/tasks.txt over examples/corpus.jsonl).
 *
 * Cairn runs the real local workflow (cli/local-runner.ts, the state machine over the embedded
 * store) with its provider chosen by configuration and pointed at the loopback server
 * (test/support/llm-loopback/server.ts), whose model is the rule-based one: a competent model,
 * valid plans at the first try, answers from the evidence. The peer's requests are answered by
 * bench/peer/model.ts, the same reading and answerer for LangGraph's prompts.
 *
 * Counting: every request and response body the server received and sent, with the project's
 * tokenizer (o200k_base; bench/tokens-count.ts): system prompts, tool definitions and schemas
 * included. Anthropic publishes no tokenizer for Claude, so Claude's figures use the same one.
 * Claude's cache writes and reads are counted apart; `inputTokens` is the uncached input. Each call
 * is given its phase from what its request asks for.
 *
 * Time: the server holds every reply 800 ms, for every system alike, and each question's wall time
 * is measured from its start to its end (so parallel steps overlap their calls). Questions run
 * --concurrency at a time (8 by default), each worker with its own server and, for Cairn, its own
 * local stack; worker w runs questions w, w+C, w+2C, ... in order, so a run is repeatable for a
 * given C (few-shot examples come from the plans of the worker's earlier questions).
 *
 *   npm run bench:tokens [-- --json] [--write] [--data DIR] [--limit N] [--concurrency C]
 *
 * --write also puts the figures as text into docs/benchmarks.md, between the markers
 * `<!-- tokens:start -->` and `<!-- tokens:end -->`, so no figure there is copied by hand.
 *
 * --json prints one line per phase and per task kind, then, last, the means per question:
 * {"questions":N,"anthropic":{"inputTokens","outputTokens","cacheReadTokens","cacheWriteTokens","calls","wallMs"},"openai":{...},"peer":{...}}
 */
import './peer/loopback-only.js';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalStack } from '../cli/local-runner.js';
import { tokenCounter } from '../functions/core/llm/token-count.js';
import { createCorpusIndex, type InMemoryCorpusIndex } from '../functions/core/retrieval/corpus-index.js';
import type { CorpusDocument, PlanRecord } from '../functions/core/types.js';
import { loadConfig, withCorpusRoots } from '../functions/shared/config.js';
import { ruleBasedModel } from '../test/support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type RecordedRequest, type Responder } from '../test/support/llm-loopback/server.js';
import { refusedRequests } from './peer/loopback-only.js';
import { peerModel } from './peer/model.js';
import { planAndExecute } from './peer/plan-execute.js';
import { PEER_PHASES, peerPhaseOf } from './peer/prompts.js';
import { hotpotqaDir } from './shared-data.js';
import { answerPromptsOf, CAIRN_PHASES, type CallTokens, cairnPhaseOf, lastUserText, WireCounter } from './tokens-count.js';

/** The model's time per call, slept by the loopback server for every system alike. */
const MODEL_MS = 800;
const SAMPLE_CORPUS = resolve('examples/corpus.jsonl');
const SAMPLE_TASKS = resolve('examples/tasks.txt');
const CLAUDE_MODEL = 'claude-sonnet-4-6';

const SYSTEMS = ['anthropic', 'openai', 'peer'] as const;
type System = (typeof SYSTEMS)[number];

interface Item {
  id: string;
  task: string;
  corpus: string;
  source: 'hotpotqa' | 'sample';
  /** HotpotQA's type (bridge, comparison); a sample task's kind is its analysis' (task_kind). */
  kind?: string;
}

interface CallRow {
  phase: string;
  tokens: CallTokens;
  arrival: number;
  /** A plan prompt showing few-shot examples of earlier plans. */
  fewShot: boolean;
}

interface ItemRun {
  item: Item;
  wallMs: number;
  ok: boolean;
  error?: string;
  kind?: string;
  calls: CallRow[];
}

interface Means {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  calls: number;
  wallMs: number;
}

async function main(): Promise<void> {
  let values: { json?: boolean; write?: boolean; data?: string; limit?: string; concurrency?: string };
  try {
    ({ values } = parseArgs({
      options: {
        json: { type: 'boolean', default: false },
        write: { type: 'boolean', default: false },
        data: { type: 'string' },
        limit: { type: 'string' },
        concurrency: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const limit = positive('--limit', values.limit, 100);
  const concurrency = positive('--concurrency', values.concurrency, 8);
  const dataDir = hotpotqaDir('tokens', values.data, '--data');

  const folder = await mkdtemp(join(tmpdir(), 'cairn-bench-tokens-'));
  try {
    const hotpot = await hotpotItems(dataDir, folder, limit);
    const samples = (await readFile(SAMPLE_TASKS, 'utf8'))
      .split('\n')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((task, i): Item => ({ id: `sample-${i + 1}`, task, corpus: SAMPLE_CORPUS, source: 'sample' }));
    const items = [...hotpot.items, ...samples];
    const counter = await tokenCounter();

    const runs = {} as Record<System, ItemRun[]>;
    for (const system of SYSTEMS) {
      const started = performance.now();
      runs[system] = await runSystem(system, items, concurrency, folder, hotpot.documents, counter);
      if (!values.json) console.error(`${system}: ${items.length} questions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    // A sample task's kind is what Cairn's analysis (on Claude) said it was, for every system.
    const kinds = new Map(runs.anthropic.map((r) => [r.item.id, r.kind]));
    for (const system of SYSTEMS) for (const run of runs[system]) run.kind = kindLabel(run.item, kinds.get(run.item.id) ?? run.kind);

    const text = print(runs, items.length, concurrency, values.json === true);
    if (values.write) await writeFigures(text);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Bad input: one line, exit status 2. */
class UsageError extends Error {}

function positive(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}

/** The first `limit` HotpotQA questions, and their corpus written as bench/hotpotqa-convert.ts writes it. */
async function hotpotItems(dataDir: string, folder: string, limit: number): Promise<{ items: Item[]; documents: CorpusDocument[] }> {
  let corpus: Record<string, string[]>;
  let questions: Array<{ _id: string; question: string; type: string }>;
  try {
    corpus = JSON.parse(await readFile(join(dataDir, 'train_corpus.json'), 'utf8')) as Record<string, string[]>;
    questions = JSON.parse(await readFile(join(dataDir, 'qa_train.json'), 'utf8')) as typeof questions;
  } catch (error) {
    throw new UsageError(`cannot read the HotpotQA sample in ${dataDir} (qa_train.json, train_corpus.json): ${(error as Error).message}`);
  }
  const documents: CorpusDocument[] = Object.entries(corpus).map(([title, sentences]) => ({ id: title, title, text: sentences.join('').trim() }));
  const file = join(folder, 'hotpotqa-corpus.jsonl');
  await writeFile(file, `${documents.map((d) => JSON.stringify(d)).join('\n')}\n`);
  const items = questions.slice(0, limit).map((q): Item => ({ id: q._id, task: q.question, corpus: file, source: 'hotpotqa', kind: q.type }));
  return { items, documents };
}

/** Every item through one system, `concurrency` workers at a time; calls counted in the order the servers received them. */
async function runSystem(
  system: System,
  items: readonly Item[],
  concurrency: number,
  folder: string,
  hotpotDocuments: readonly CorpusDocument[],
  counter: Awaited<ReturnType<typeof tokenCounter>>,
): Promise<ItemRun[]> {
  let arrivals = 0;
  const arrival = new WeakMap<RecordedRequest, number>();
  const model: Responder = system === 'peer' ? peerModel : ruleBasedModel;
  const stamped: Responder = (request) => {
    arrival.set(request, arrivals++);
    return model(request);
  };
  const indexes = system === 'peer' ? await peerIndexes(items, hotpotDocuments) : undefined;
  await warmUp(system, items, folder, indexes);
  const workers = Math.min(concurrency, items.length);
  const results: Array<{ run: Omit<ItemRun, 'calls'>; requests: RecordedRequest[]; answerPrompts: string[] }> = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const server = await LoopbackLlm.start(stamped, { latencyMs: MODEL_MS });
      const runner = system === 'peer' ? peerRunner(server, indexes!) : await cairnRunner(system, server, folder, String(w), items);
      try {
        for (let i = w; i < items.length; i += workers) {
          const item = items[i]!;
          const before = server.requests.length;
          const started = performance.now();
          const outcome = await runner.run(item);
          const wallMs = performance.now() - started;
          results[i] = {
            run: { item, wallMs, ok: outcome.ok, ...(outcome.error ? { error: outcome.error } : {}), ...(outcome.kind ? { kind: outcome.kind } : {}) },
            requests: server.requests.slice(before),
            answerPrompts: outcome.answerPrompts,
          };
        }
      } finally {
        await runner.close();
        await server.close();
      }
    }),
  );
  // The cache is written by the first request that carries a prefix, whichever question sent it.
  const wire = new WireCounter(counter);
  const calls = results.flatMap((r, i) => r.requests.map((request) => ({ i, request, answerPrompts: r.answerPrompts })));
  calls.sort((a, b) => (arrival.get(a.request) ?? 0) - (arrival.get(b.request) ?? 0));
  const rows = results.map(() => [] as CallRow[]);
  for (const { i, request, answerPrompts } of calls) {
    const call = { api: request.api, body: request.body, response: request.response };
    rows[i]!.push({
      phase: system === 'peer' ? peerPhaseOf(call) : cairnPhaseOf(call, answerPrompts),
      tokens: wire.count(call),
      arrival: arrival.get(request) ?? 0,
      fewShot: lastUserText(call).startsWith('Valid plans written for earlier, similar tasks'),
    });
  }
  return results.map((r, i) => ({ ...r.run, calls: rows[i]! }));
}

/**
 * One question of each corpus through the system on a stack and server of their own, untimed and
 * uncounted: the code every question runs is loaded and compiled once before the first timed one,
 * and no worker's store keeps these plans (they would be few-shot examples).
 */
async function warmUp(system: System, items: readonly Item[], folder: string, indexes: Map<string, InMemoryCorpusIndex> | undefined): Promise<void> {
  const server = await LoopbackLlm.start(system === 'peer' ? peerModel : ruleBasedModel);
  const runner = system === 'peer' ? peerRunner(server, indexes!) : await cairnRunner(system, server, folder, 'warm-up', items);
  try {
    for (const corpus of new Set(items.map((i) => i.corpus))) await runner.run(items.find((i) => i.corpus === corpus)!);
  } finally {
    await runner.close();
    await server.close();
  }
}

interface Runner {
  run(item: Item): Promise<{ ok: boolean; error?: string; kind?: string; answerPrompts: string[] }>;
  close(): Promise<void>;
}

/** A local stack whose configured provider is the loopback server, its corpora indexed before the first question. */
async function cairnRunner(system: 'anthropic' | 'openai', server: LoopbackLlm, folder: string, worker: string, items: readonly Item[]): Promise<Runner> {
  const provider =
    system === 'anthropic'
      ? { CAIRN_LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-bench', ANTHROPIC_BASE_URL: server.anthropicBaseURL, CAIRN_ANTHROPIC_MODEL: CLAUDE_MODEL }
      : { CAIRN_LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-bench', CAIRN_OPENAI_BASE_URL: server.openaiBaseURL };
  // Only what the bench sets: a developer's own keys and settings in the environment play no part.
  const config = loadConfig({
    ...provider,
    CAIRN_TABLE: 'bench-tokens',
    CAIRN_PAYLOAD_DIR: join(folder, `payloads-${system}-${worker}`),
    CAIRN_INDEX_ROOT: join(folder, `indexes-${system}-${worker}`),
    // Each question is asked once; no plan is served from the cache.
    CAIRN_PLAN_CACHE: 'false',
  });
  const stack = await LocalStack.open({ config: withCorpusRoots(config, [...new Set(items.map((i) => i.corpus))]) });
  for (const corpus of new Set(items.map((i) => i.corpus))) await stack.runtime.phases.corpora.load(corpus);
  return {
    run: async (item) => {
      let record: PlanRecord;
      try {
        record = await stack.run({ task: item.task, corpus: item.corpus });
      } catch (error) {
        return { ok: false, error: (error as Error).message, answerPrompts: [] };
      }
      const kind = record.analysis?.task_kind;
      return {
        ok: record.status === 'succeeded',
        ...(record.error ? { error: `${record.error.name}: ${record.error.message}` } : {}),
        ...(kind ? { kind } : {}),
        answerPrompts: answerPromptsOf(record.plan),
      };
    },
    close: () => stack.close(),
  };
}

/** The corpus indexes the peer's search tool searches: Cairn's own in-memory index (BM25) of each corpus. */
async function peerIndexes(items: readonly Item[], hotpotDocuments: readonly CorpusDocument[]): Promise<Map<string, InMemoryCorpusIndex>> {
  const indexes = new Map<string, InMemoryCorpusIndex>();
  for (const corpus of new Set(items.map((i) => i.corpus))) {
    const documents =
      corpus === SAMPLE_CORPUS
        ? (await readFile(corpus, 'utf8'))
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => JSON.parse(line) as CorpusDocument)
        : hotpotDocuments;
    indexes.set(corpus, createCorpusIndex(documents));
  }
  return indexes;
}

function peerRunner(server: LoopbackLlm, indexes: Map<string, InMemoryCorpusIndex>): Runner {
  const graphs = new Map(
    [...indexes].map(([corpus, index]) => [corpus, planAndExecute({ baseURL: server.anthropicBaseURL, apiKey: 'sk-ant-bench', model: CLAUDE_MODEL, index })]),
  );
  return {
    run: async (item) => {
      try {
        const result = await graphs.get(item.corpus)!(item.task);
        return { ok: result.response !== '', answerPrompts: [] };
      } catch (error) {
        return { ok: false, error: (error as Error).message, answerPrompts: [] };
      }
    },
    close: async () => undefined,
  };
}

function kindLabel(item: Item, analysed: string | undefined): string {
  return item.source === 'hotpotqa' ? `hotpotqa ${item.kind}` : `sample ${analysed ?? 'unknown'}`;
}

/** Means per item of its calls' tokens, its calls and its wall time. */
function meansOf(runs: readonly ItemRun[], pick: (call: CallRow) => boolean = () => true): Means {
  const n = runs.length || 1;
  const sum = (f: (c: CallTokens) => number) => runs.reduce((s, r) => s + r.calls.filter(pick).reduce((t, c) => t + f(c.tokens), 0), 0) / n;
  return {
    inputTokens: Math.round(sum((t) => t.inputTokens)),
    outputTokens: Math.round(sum((t) => t.outputTokens)),
    cacheReadTokens: Math.round(sum((t) => t.cacheReadTokens)),
    cacheWriteTokens: Math.round(sum((t) => t.cacheWriteTokens)),
    calls: Math.round((runs.reduce((s, r) => s + r.calls.filter(pick).length, 0) / n) * 100) / 100,
    wallMs: Math.round(runs.reduce((s, r) => s + r.wallMs, 0) / n),
  };
}

const total = (m: Means) => m.inputTokens + m.outputTokens + m.cacheReadTokens + m.cacheWriteTokens;

/** The page whose marked block holds the figures as text. */
const FIGURES_PAGE = 'docs/benchmarks.md';
const START = '<!-- tokens:start -->';
const END = '<!-- tokens:end -->';

/** The text figures into FIGURES_PAGE between its markers; a page without them is bad input. */
async function writeFigures(text: string): Promise<void> {
  const page = await readFile(FIGURES_PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new UsageError(`${FIGURES_PAGE} has no ${START} ... ${END} block to write the figures into`);
  await writeFile(FIGURES_PAGE, `${page.slice(0, start + START.length)}\n\n\`\`\`\n${text}\n\`\`\`\n\n${page.slice(end)}`);
  console.error(`bench:tokens: figures written to ${FIGURES_PAGE}`);
}

/** Prints the figures (JSON lines, or text) and returns them as text. */
function print(runs: Record<System, ItemRun[]>, questions: number, concurrency: number, json: boolean): string {
  const phases: Record<System, readonly string[]> = { anthropic: CAIRN_PHASES, openai: CAIRN_PHASES, peer: PEER_PHASES };
  const kinds = [...new Set(runs.anthropic.map((r) => r.kind!))];
  const summary = Object.fromEntries([['questions', questions], ...SYSTEMS.map((s) => [s, meansOf(runs[s])])]);
  const lines: string[] = [];
  if (json) {
    for (const system of SYSTEMS) {
      for (const phase of phases[system]) {
        const { wallMs: _, ...m } = meansOf(runs[system], (c) => c.phase === phase);
        console.log(JSON.stringify({ system, phase, ...m }));
      }
      for (const kind of kinds) {
        const of = runs[system].filter((r) => r.kind === kind);
        console.log(JSON.stringify({ system, kind, questions: of.length, ...meansOf(of) }));
      }
      const failed = runs[system].filter((r) => !r.ok);
      console.log(JSON.stringify({ system, failed: failed.length, errors: [...new Set(failed.map((r) => r.error ?? 'no answer'))] }));
    }
    console.log(JSON.stringify(summary));
  }
  const head = `${'means per question'.padEnd(24)}${['input', 'cache read', 'cache write', 'output', 'total', 'calls', 'wall ms'].map((h) => h.padStart(12)).join('')}`;
  const line = (label: string, m: Means, wall = true) =>
    `${label.padEnd(24)}${[m.inputTokens, m.cacheReadTokens, m.cacheWriteTokens, m.outputTokens, total(m), m.calls, wall ? m.wallMs : '']
      .map((v) => String(v).padStart(12))
      .join('')}`;
  const names: Record<System, string> = {
    anthropic: 'Cairn, Claude (Anthropic Messages API)',
    openai: 'Cairn, OpenAI-compatible (chat completions)',
    peer: 'LangGraph.js plan-and-execute, Claude',
  };
  const out = [
    `Token bench: ${questions} questions (${runs.anthropic.filter((r) => r.item.source === 'hotpotqa').length} HotpotQA, ${runs.anthropic.filter((r) => r.item.source === 'sample').length} sample tasks), ${concurrency} at a time`,
    'Tokens: o200k_base (js-tiktoken) over the request and response bodies the loopback server received and sent: system, turns, tool definitions and schemas.',
    "Anthropic publishes no tokenizer for Claude: Claude's figures use the same vocabulary (close, not exact). input = uncached input; Claude's cache counted apart",
    `(a prefix of at least 1,024 tokens up to its cache_control mark: written on first sight, read after). Model time: ${MODEL_MS} ms per call, slept by the server.`,
    `Outbound requests refused (anything but loopback): ${refusedRequests().length}`,
    '',
  ];
  for (const system of SYSTEMS) {
    const failed = runs[system].filter((r) => !r.ok);
    const fewShot = runs[system].filter((r) => r.calls.some((c) => c.fewShot)).length;
    out.push(
      `${names[system]}${failed.length ? `: ${failed.length} failed (${[...new Set(failed.map((r) => r.error ?? 'no answer'))].join('; ')})` : ''}${system === 'peer' ? '' : `; ${fewShot} plan prompts with few-shot examples`}`,
    );
    out.push(head);
    for (const phase of phases[system]) {
      const m = meansOf(runs[system], (c) => c.phase === phase);
      if (m.calls > 0) out.push(line(`  ${phase}`, m, false));
    }
    out.push(line('  all', meansOf(runs[system])), '');
  }
  out.push(`by task kind${' '.repeat(12)}${['input', 'cache read', 'cache write', 'output', 'total', 'calls', 'wall ms'].map((h) => h.padStart(12)).join('')}`);
  for (const kind of kinds) {
    out.push(`${kind} (${runs.anthropic.filter((r) => r.kind === kind).length})`);
    for (const system of SYSTEMS) out.push(line(`  ${system}`, meansOf(runs[system].filter((r) => r.kind === kind))));
  }
  out.push('', JSON.stringify(summary));
  lines.push(...out);
  if (!json) console.log(lines.join('\n'));
  return lines.join('\n');
}

try {
  await main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench:tokens: ${error.message}`);
  process.exitCode = 2;
}
