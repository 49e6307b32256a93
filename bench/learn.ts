/**
 * Learning from the traces, end to end, and what it changes for tasks it has not seen.
 *
 * A workload is generated from a corpus: each task comes from one of a few templates ("What is X?",
 * "Compare X and Y", "Which documents say the most about X? top 3", ...) filled with the corpus's
 * own titles, so the same plan shapes recur with different entities. About one task in four (by a
 * hash of its text) is held apart; the others ("mined") run through the local workflow (the state machine of `cairn run`,
 * the keyless planner, an embedded store in memory). Then the held-out tasks run once with no
 * learned tool in the store ("before"); then one learning round reads the mined plans only
 * (mine, synthesize with the rule-based provider, replay, store with approval off, so a tool that
 * passes is promoted at once); then the held-out tasks run again ("after"), the promoted tools in
 * the registry and offered to the planner.
 *
 * With --claude-iterative, every task runs in iterative mode on the Claude path: the Anthropic
 * provider pointed at the loopback server (test/support/llm-loopback/server.ts) that answers with
 * the rule-based model, as bench:tokens runs it. Each held-out task's model calls and tokens are
 * then counted from the request and response bodies the server saw (bench/tokens-count.ts:
 * o200k_base, system, tools and schemas included), before and after promotion. Synthesis asks the
 * in-process rule-based provider: the loopback model reads plans and answers, not synthesis
 * prompts, and what synthesis costs is not a held-out task's.
 *
 * With --questions FILE (a questions.jsonl beside a corpus: {"question", "gold_ids"?} a line), the
 * workload is those questions instead of the templates: the sample corpus's tasks never make a
 * second round, 2WikiMultihopQA's comparisons of two films by their directors mostly do, so a
 * composite learned from a later round (core/learn/later-rounds.ts) has rounds to save there. The
 * held-out tasks are then also split by whether their shape is one a promoted later-round tool is
 * offered for ("matching") or not ("other"), and their recall at 5 is given when the file has gold ids.
 *
 *   npm run bench:learn [-- CORPUS.jsonl] [--tasks N] [--claude-iterative] [--questions FILE] [--max-tools N]   figures as text
 *   npm run bench:learn -- --json [CORPUS.jsonl]         last line {"sessions", "chainsMined", ...}
 *
 * CORPUS defaults to the sample corpus (examples/corpus.jsonl); N to 200 (with --questions, every question).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadQuestions } from '../cli/eval.js';
import { LocalStack } from '../cli/local-runner.js';
import { RuleBasedProvider } from '../functions/adapters/llm/rule-based/provider.js';
import { rankSources } from '../functions/core/executor/sources.js';
import { parseLearningSettings } from '../functions/core/learn/settings.js';
import { tokenCounter } from '../functions/core/llm/token-count.js';
import { taskShape } from '../functions/core/planner/sizing.js';
import type { PlanRecord } from '../functions/core/types.js';
import { learn, sessionSource } from '../functions/runtime/learning.js';
import { type CairnConfig, loadConfig, loadLocalConfig, withCorpusRoots } from '../functions/shared/config.js';
import { ruleBasedModel } from '../test/support/llm-loopback/rule-based-model.js';
import { LoopbackLlm } from '../test/support/llm-loopback/server.js';
import { WireCounter } from './tokens-count.js';

const DEFAULT_CORPUS = 'examples/corpus.jsonl';
const DEFAULT_TASKS = 200;
/** About one task in this many is held apart from mining (by a hash of its text). */
const HOLD_OUT_EVERY = 4;

interface CorpusEntry {
  id: string;
  title: string;
  topic?: string;
}

/** The task templates: one entity, or two of the same topic. */
const SINGLE: ReadonlyArray<(x: string) => string> = [
  (x) => `What is ${x}?`,
  (x) => `Tell me about ${x}`,
  (x) => `What does the corpus say about ${x}?`,
  (x) => `Which documents say the most about ${x}? List the top 3`,
];
const PAIR: ReadonlyArray<(a: string, b: string) => string> = [(a, b) => `Compare ${a} and ${b}`, (a, b) => `How does ${a} differ from ${b}?`];

async function loadEntries(path: string): Promise<CorpusEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new Error(`cannot read the corpus ${path}`);
  }
  const entries: CorpusEntry[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let doc: { id?: unknown; title?: unknown; metadata?: { topic?: unknown } };
    try {
      doc = JSON.parse(line) as typeof doc;
    } catch {
      throw new Error(`${path} line ${i + 1} is not JSON`);
    }
    if (typeof doc.id !== 'string' || typeof doc.title !== 'string') continue;
    // A title with a parenthesis names a medium ("(photo)"), not an entity to ask about.
    const title = doc.title.replace(/\s*\(.*\)\s*$/, '').trim();
    entries.push({ id: doc.id, title, ...(typeof doc.metadata?.topic === 'string' ? { topic: doc.metadata.topic } : {}) });
  }
  if (entries.length < 2) throw new Error(`${path} holds fewer than two documents with an id and a title`);
  return entries;
}

/**
 * `count` tasks from the templates over the corpus's titles: shape after shape, entity after entity
 * (pairs within a topic first), so every shape recurs with many entities. Past what the corpus has
 * distinct, tasks repeat (as users repeat questions).
 */
export function generateTasks(entries: readonly CorpusEntry[], count: number): string[] {
  const titles = [...new Set(entries.map((e) => e.title))];
  const pairs: Array<[string, string]> = [];
  for (const [i, a] of entries.entries()) {
    for (const b of entries.slice(i + 1)) if (a.topic !== undefined && b.topic === a.topic && a.title !== b.title) pairs.push([a.title, b.title]);
  }
  for (const [i, a] of titles.entries()) pairs.push([a, titles[(i + 1) % titles.length]!]);
  const unique: string[] = [];
  const seen = new Set<string>();
  const total = Math.max(titles.length * SINGLE.length, pairs.length * PAIR.length);
  for (let k = 0; k < total; k++) {
    const candidates = [
      ...SINGLE.map((t, j) => (k < titles.length * SINGLE.length ? t(titles[(k + j) % titles.length]!) : undefined)),
      ...PAIR.map((t, j) => (k < pairs.length * PAIR.length ? t(...pairs[(k + j) % pairs.length]!) : undefined)),
    ];
    for (const task of candidates) {
      if (task === undefined || seen.has(task)) continue;
      seen.add(task);
      unique.push(task);
    }
  }
  return Array.from({ length: count }, (_, i) => unique[i % unique.length]!);
}

/** The tasks of a questions file (`cairn eval`'s reader), with the gold documents of those that give them. */
export async function loadTasks(path: string): Promise<{ tasks: string[]; gold: Map<string, string[]> }> {
  const questions = await loadQuestions(path, { goldOptional: true });
  return {
    tasks: questions.map((q) => q.question),
    gold: new Map(questions.flatMap((q) => (q.gold_ids ? [[q.question, q.gold_ids] as const] : []))),
  };
}

/** A task is held out by a hash of its text: every shape is held out alike, and a repeated task stays on one side. */
export function heldOut(task: string): boolean {
  let hash = 2166136261;
  for (let i = 0; i < task.length; i++) hash = Math.imul(hash ^ task.charCodeAt(i), 16777619) >>> 0;
  return hash % HOLD_OUT_EVERY === 0;
}

export interface PhaseFigures {
  /**
   * Means per held-out task: steps of the plan (a learned tool's call counts one), LLM calls, wall
   * time, and this process's CPU time (user + system: the workflow, the store and the planner all
   * run in it), steadier than wall time on a shared machine.
   */
  steps: number;
  llmCalls: number;
  wallMs: number;
  cpuMs: number;
  /** Held-out plans that call a learned tool, and plans that failed. */
  usingLearned: number;
  failed: number;
  /**
   * On the Claude path (--claude-iterative), means per held-out task of what the loopback server
   * saw: model calls, tokens counted from the bodies (input uncached; Claude's cache apart), and the
   * rounds each plan ran.
   */
  wire?: WireFigures;
  /**
   * With --questions on the Claude path: the same means over the held-out tasks of a shape a
   * promoted later-round tool is offered for, and over the others.
   */
  matching?: WireFigures & { tasks: number };
  other?: WireFigures & { tasks: number };
  /** Mean recall at 5 of the held-out tasks (their plan's first five sources against the gold ids), when the questions give them. */
  recallAt5?: number;
}

export interface WireFigures {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  rounds: number;
}

export interface LearnFigures {
  tasks: number;
  mined: number;
  heldOut: number;
  sessions: number;
  chainsMined: number;
  synthesized: number;
  validated: number;
  promoted: number;
  /** Mean over the promoted tools of their replay's mean similarity and latency ratio. */
  meanSimilarity: number;
  latencyRatio: number;
  tools: Array<{ id: string; status: string; chain: string; problems?: string[] }>;
  /** Chains no tool came of, one line each (a later round round one cannot bind among them). */
  failures: string[];
  before: PhaseFigures;
  after: PhaseFigures;
  /** Wall time of the whole run. */
  totalMs: number;
}

interface Run {
  records: PlanRecord[];
  wallMs: number[];
  cpuMs: number;
  /** Each task's calls and tokens as the loopback server saw them (Claude path). */
  perTask?: Array<Omit<WireFigures, 'rounds'>>;
  /** Each task's recall at 5, when its gold ids are known. */
  recall?: Array<number | undefined>;
}

/** The model path a run takes: the keyless planner in process, or Claude (iterative) through the loopback server. */
interface Path {
  iterative: boolean;
  server?: LoopbackLlm;
  counter?: Awaited<ReturnType<typeof tokenCounter>>;
}

async function runAll(
  stack: LocalStack,
  tasks: readonly string[],
  corpus: string,
  path: Path = { iterative: false },
  gold?: ReadonlyMap<string, readonly string[]>,
): Promise<Run> {
  const records: PlanRecord[] = [];
  const wallMs: number[] = [];
  const bounds: number[] = [path.server?.requests.length ?? 0];
  const cpu = process.cpuUsage();
  for (const task of tasks) {
    const started = performance.now();
    // The plan cache off: every task is planned, so "after" sees the learned tools.
    records.push(await stack.run({ task, corpus, options: { cache: false, ...(path.iterative ? { mode: 'iterative' } : {}) } }));
    wallMs.push(performance.now() - started);
    bounds.push(path.server?.requests.length ?? 0);
  }
  const used = process.cpuUsage(cpu);
  const run: Run = { records, wallMs, cpuMs: (used.user + used.system) / 1000 };
  if (gold && gold.size > 0) run.recall = await Promise.all(records.map((r) => recallAt5(stack, r, gold.get(r.request.task))));
  if (!path.server || !path.counter) return run;
  const wire = new WireCounter(path.counter);
  const requests = path.server.requests;
  run.perTask = tasks.map((_, i) => {
    const calls = requests.slice(bounds[i], bounds[i + 1]).map((r) => wire.count({ api: r.api, body: r.body, response: r.response }));
    const sum = (f: (c: (typeof calls)[number]) => number) => calls.reduce((n, c) => n + f(c), 0);
    return {
      calls: calls.length,
      inputTokens: sum((c) => c.inputTokens),
      outputTokens: sum((c) => c.outputTokens),
      cacheReadTokens: sum((c) => c.cacheReadTokens),
      cacheWriteTokens: sum((c) => c.cacheWriteTokens),
    };
  });
  return run;
}

/** A plan's recall at 5: the share of the gold documents among its first five sources, as the iterative gate ranks them. */
async function recallAt5(stack: LocalStack, record: PlanRecord, gold: readonly string[] | undefined): Promise<number | undefined> {
  if (!gold || gold.length === 0 || !record.plan) return undefined;
  const outputs = await stack.runtime.store.listStepOutputs(record.planId);
  const top = new Set(rankSources(record.plan, outputs, { attributionTopN: 1, maxSources: 5, task: record.request.task }).sources.map((s) => s.id));
  return gold.filter((id) => top.has(id)).length / gold.length;
}

/** Means over the tasks `pick` keeps of their calls, tokens and rounds. */
function wireOf(run: Run, pick: (i: number) => boolean = () => true): (WireFigures & { tasks: number }) | undefined {
  if (!run.perTask) return undefined;
  const kept = run.perTask.flatMap((t, i) => (pick(i) ? [{ ...t, rounds: run.records[i]?.rounds?.rounds.length ?? 1 }] : []));
  const per = (f: (t: (typeof kept)[number]) => number, digits: number) => round(kept.reduce((n, t) => n + f(t), 0) / Math.max(1, kept.length), digits);
  return {
    tasks: kept.length,
    calls: per((t) => t.calls, 3),
    inputTokens: per((t) => t.inputTokens, 1),
    outputTokens: per((t) => t.outputTokens, 1),
    cacheReadTokens: per((t) => t.cacheReadTokens, 1),
    cacheWriteTokens: per((t) => t.cacheWriteTokens, 1),
    rounds: per((t) => t.rounds, 3),
  };
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;

function phaseFigures(run: Run, matching?: (task: string) => boolean): PhaseFigures {
  const steps = run.records.map((r) => r.plan?.plan.length ?? 0);
  const all = wireOf(run);
  const recalls = (run.recall ?? []).filter((r): r is number => r !== undefined);
  const taskAt = (i: number) => run.records[i]?.request.task ?? '';
  const groups = matching && all ? { matching: wireOf(run, (i) => matching(taskAt(i)))!, other: wireOf(run, (i) => !matching(taskAt(i)))! } : undefined;
  return {
    steps: round(mean(steps)),
    llmCalls: round(mean(run.records.map((r) => r.metadata?.llmCalls?.length ?? 0))),
    wallMs: round(mean(run.wallMs), 1),
    cpuMs: round(run.cpuMs / Math.max(1, run.records.length), 1),
    usingLearned: run.records.filter((r) => r.plan?.plan.some((s) => s.type === 'tool_call' && String(s.parameters.tool ?? s.tool).startsWith('learned.')))
      .length,
    failed: run.records.filter((r) => r.status !== 'succeeded').length,
    ...(all ? { wire: (({ tasks: _tasks, ...w }) => w)(all) } : {}),
    ...(groups ?? {}),
    ...(recalls.length > 0 ? { recallAt5: round(mean(recalls)) } : {}),
  };
}

export async function runLearnBench(options: {
  corpus: string;
  tasks: number;
  /** Learning settings over the configuration's (a test replays fewer sessions). */
  learning?: Record<string, unknown>;
  /** Every task in iterative mode on the Claude path, against the loopback server (see the top). */
  claudeIterative?: boolean;
  /** A questions.jsonl whose questions are the workload instead of the templates (see the top). */
  questions?: string;
  /** Most tools one learning round synthesizes (3 by default; a later round's tool is picked first). */
  maxTools?: number;
  onProgress?: (line: string) => void;
}): Promise<LearnFigures> {
  const started = performance.now();
  const say = options.onProgress ?? (() => {});
  const corpus = resolve(options.corpus);
  const asked = options.questions ? await loadTasks(resolve(options.questions)) : undefined;
  const tasks = asked ? asked.tasks.slice(0, options.tasks) : generateTasks(await loadEntries(corpus), options.tasks);
  const gold = asked?.gold;
  const held = tasks.filter(heldOut);
  const mined = tasks.filter((t) => !heldOut(t));
  if (held.length === 0 || mined.length === 0) throw new Error('the workload is too small to hold tasks apart: raise --tasks');
  const server = options.claudeIterative ? await LoopbackLlm.start(ruleBasedModel) : undefined;
  const folder = server ? await mkdtemp(join(tmpdir(), 'cairn-bench-learn-')) : undefined;
  const path: Path = server ? { iterative: true, server, counter: await tokenCounter() } : { iterative: false };
  let stack: LocalStack | undefined;
  try {
    const base: CairnConfig = server && folder ? claudeConfig(server, folder) : loadLocalConfig().config;
    // A store in memory, whatever endpoint the environment names: nothing of an earlier run (plans or tools) is read.
    stack = await LocalStack.open({ config: { ...withCorpusRoots(base, [resolve(corpus, '..')]), dynamoEndpoint: undefined } });
    say(`running ${mined.length} mined tasks${server ? ' (iterative, Claude path)' : ''}`);
    await runAll(stack, mined, corpus, path);
    // Learning reads the plans made before this instant: the mined ones.
    await new Promise((r) => setTimeout(r, 5));
    const until = new Date().toISOString();
    say(`running ${held.length} held-out tasks with no learned tool`);
    const before = await runAll(stack, held, corpus, path, gold);

    const rt = stack.runtime;
    const settings = parseLearningSettings({ ...rt.config.learning, ...options.learning, require_approval: false });
    say('learning: mine, synthesize, replay, promote');
    const report = await learn(
      {
        source: sessionSource(rt.clients, rt.config.tableName, rt.store),
        tools: rt.learned.store,
        llm: server ? new RuleBasedProvider() : rt.llm,
        registry: rt.phases.tools,
        settings,
      },
      { until, maxPages: Math.ceil(mined.length / 100) + 1, ...(options.maxTools !== undefined ? { maxTools: options.maxTools } : {}) },
    );
    const loaded = await rt.learned.refresh({ force: true });
    if (loaded.refused.length > 0) throw new Error(`promoted tools refused: ${loaded.refused.join('; ')}`);
    say(`running ${held.length} held-out tasks with ${loaded.registered.length} learned tool(s)`);
    const after = await runAll(stack, held, corpus, path, gold);

    const promoted = report.tools.filter((t) => t.status === 'PROMOTED');
    // The shapes a promoted later-round tool is offered for: a held-out task of one of them is "matching".
    const kinds = new Set(promoted.flatMap((t) => t.definition.later_round?.task_kinds ?? []));
    const matching = options.questions ? (task: string) => kinds.has(taskShape(task)) : undefined;
    return {
      tasks: tasks.length,
      mined: mined.length,
      heldOut: held.length,
      sessions: report.sessions,
      chainsMined: report.chainsMined,
      synthesized: report.synthesized,
      validated: report.validated,
      promoted: report.promoted,
      meanSimilarity: round(mean(promoted.map((t) => t.figures.meanSimilarity ?? 0))),
      latencyRatio: round(mean(promoted.map((t) => t.figures.latencyRatio ?? 0))),
      tools: report.tools.map((t) => ({ id: t.id, status: t.status, chain: t.definition.source_chain, ...(t.problems ? { problems: t.problems } : {}) })),
      failures: report.failures,
      before: phaseFigures(before, matching),
      after: phaseFigures(after, matching),
      totalMs: Math.round(performance.now() - started),
    };
  } finally {
    await stack?.close();
    await server?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}

/** The configuration of the Claude path: the Anthropic provider at the loopback server, payloads and indexes in `folder`. */
function claudeConfig(server: LoopbackLlm, folder: string): CairnConfig {
  // Only what the bench sets: a developer's own keys and settings in the environment play no part.
  return loadConfig({
    CAIRN_LLM_PROVIDER: 'anthropic',
    ANTHROPIC_API_KEY: 'sk-ant-bench',
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    CAIRN_ANTHROPIC_MODEL: 'claude-sonnet-4-6',
    CAIRN_TABLE: 'bench-learn',
    CAIRN_PAYLOAD_DIR: join(folder, 'payloads'),
    CAIRN_INDEX_ROOT: join(folder, 'indexes'),
    // No examples from recent plans: which plans fall within their minute differs between the
    // runs before and after by timing alone, so without them a difference is what learning made.
    CAIRN_FEW_SHOT: '0',
  });
}

function render(f: LearnFigures): string {
  const row = (label: string, p: PhaseFigures) =>
    `${label.padEnd(8)} ${p.steps.toFixed(2).padStart(6)} ${p.llmCalls.toFixed(2).padStart(10)} ${p.wallMs.toFixed(1).padStart(9)} ${p.cpuMs.toFixed(1).padStart(8)} ${String(p.usingLearned).padStart(14)} ${String(p.failed).padStart(7)}`;
  return [
    `${f.tasks} tasks: ${f.mined} mined, ${f.heldOut} held out (1 in ${HOLD_OUT_EVERY} by a hash of the text); ${f.sessions} sessions, ${f.chainsMined} chains mined, ${f.synthesized} synthesized, ${f.validated} passed replay, ${f.promoted} promoted`,
    ...f.tools.map((t) => `  ${t.status.padEnd(9)} ${t.id}  (${t.chain})${t.problems ? `\n            ${t.problems.join('; ')}` : ''}`),
    ...f.failures.map((line) => `  no tool   ${line}`),
    `promoted tools: mean similarity ${f.meanSimilarity}, latency ratio ${f.latencyRatio}`,
    `held out  steps  LLM calls   wall ms   CPU ms  using learned  failed   (means per task)`,
    row('before', f.before),
    row('after', f.after),
    ...(f.before.wire && f.after.wire
      ? [
          'iterative, Claude path (loopback): model calls, rounds and tokens (o200k_base) per held-out task',
          `                  calls  rounds   input  cache read  cache write  output`,
          ...(['before', 'after'] as const).flatMap((label) =>
            (['wire', 'matching', 'other'] as const).flatMap((group) => {
              const w = f[label][group];
              if (!w) return [];
              const name = group === 'wire' ? label : `  ${group}${'tasks' in w ? ` (${String(w.tasks)})` : ''}`;
              return [
                `${name.padEnd(16)} ${w.calls.toFixed(2).padStart(6)} ${w.rounds.toFixed(2).padStart(7)} ${String(w.inputTokens).padStart(7)} ${String(w.cacheReadTokens).padStart(11)} ${String(w.cacheWriteTokens).padStart(12)} ${String(w.outputTokens).padStart(7)}`,
              ];
            }),
          ),
        ]
      : []),
    ...(f.before.recallAt5 !== undefined ? [`recall at 5 of the held-out tasks: ${f.before.recallAt5} before, ${f.after.recallAt5 ?? '-'} after`] : []),
    `total ${(f.totalMs / 1000).toFixed(1)} s`,
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const at = args.indexOf('--tasks');
  const q = args.indexOf('--questions');
  const questions = q < 0 ? undefined : args[q + 1];
  if (q >= 0 && (questions === undefined || questions.startsWith('--'))) throw new Error('--questions needs a questions.jsonl file');
  const m = args.indexOf('--max-tools');
  const maxTools = m < 0 ? undefined : Number(args[m + 1]);
  if (maxTools !== undefined && !(Number.isInteger(maxTools) && maxTools >= 1)) throw new Error('--max-tools needs an integer of at least 1');
  const tasks = at < 0 ? (questions ? Number.MAX_SAFE_INTEGER : DEFAULT_TASKS) : Number(args[at + 1]);
  if (!Number.isInteger(tasks) || tasks < HOLD_OUT_EVERY * 2) throw new Error(`--tasks needs an integer of at least ${HOLD_OUT_EVERY * 2}`);
  const positional = args.filter((a, i) => !a.startsWith('--') && !['--tasks', '--questions', '--max-tools'].includes(args[i - 1] ?? ''));
  const figures = await runLearnBench({
    corpus: positional[0] ?? DEFAULT_CORPUS,
    tasks,
    ...(questions ? { questions } : {}),
    ...(maxTools !== undefined ? { maxTools } : {}),
    claudeIterative: args.includes('--claude-iterative'),
    onProgress: (line) => console.error(`bench:learn: ${line}`),
  });
  console.log(render(figures));
  if (json) {
    const { sessions, chainsMined, synthesized, validated, promoted, meanSimilarity, latencyRatio, before, after } = figures;
    console.log(
      JSON.stringify({
        sessions,
        chainsMined,
        synthesized,
        validated,
        promoted,
        meanSimilarity,
        latencyRatio,
        before,
        after,
        tasks: figures.tasks,
        heldOut: figures.heldOut,
      }),
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(`bench:learn: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
