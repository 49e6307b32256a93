/**
 * `cairn`: the command line. Every command that plans or executes goes through the local runner,
 * i.e. the deployed state machine definition and the Lambda handlers, over the local database;
 * a plan enters through the same intake as POST /plans.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { FileCorpusProvider } from '../functions/adapters/corpus/file-corpus-provider.js';
import { InvalidInputError, oneLine } from '../functions/core/errors.js';
import { formatIssues, parsePlanText } from '../functions/core/plan/load.js';
import { validatePlan } from '../functions/core/plan/validate.js';
import type { DecompositionPlan, PlanRecord, PlanRequest } from '../functions/core/types.js';
import { type LocalConfig, loadLocalConfig, withCorpusRoots } from '../functions/shared/config.js';
import { LocalStack } from './local-runner.js';
import { progressWanted, startProgress } from './progress.js';
import { renderPlan, renderRun, renderTrace } from './render.js';
import { marksFromResults, toDot, toMermaid } from './view/plan-diagram.js';

let local: LocalConfig | undefined;

/** The command's configuration, read from the environment once, when a command first needs it. */
function localConfig(): LocalConfig {
  local ??= loadLocalConfig();
  return local;
}

const positiveInt = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return n;
};

type PlanFormat = 'text' | 'mermaid' | 'dot';

const portNumber = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('--port must be an integer from 0 to 65535');
  return n;
};

interface RunFlags {
  corpus?: string;
  json?: boolean;
  format?: PlanFormat;
  progress?: boolean;
  analyze?: boolean;
  maxIterations?: number;
}

const jsonOption = () => new Option('--json', 'print one JSON object');
const progressOption = () => new Option('--no-progress', 'do not draw live progress (it is drawn only when stdout and stderr are terminals)');
/** `--format`: how the plan is printed; `--json` stays the one machine format. */
const formatOption = () =>
  new Option('--format <format>', 'text, or the plan as a mermaid flowchart or a Graphviz digraph')
    .choices(['text', 'mermaid', 'dot'])
    .default('text')
    .conflicts('json');

/** The plan as a diagram (`--format mermaid|dot`), with how each step ended; undefined for text. */
function diagramOf(plan: DecompositionPlan, format: PlanFormat | undefined, steps?: NonNullable<PlanRecord['results']>['steps']): string | undefined {
  if (format === 'mermaid') return toMermaid(plan, marksFromResults(steps));
  if (format === 'dot') return toDot(plan, marksFromResults(steps));
  return undefined;
}

/**
 * Fails fast, before any plan starts, on a corpus that cannot be read. A path given on the command
 * line is one the user chose, so it joins the folders a corpus may be read from.
 */
async function checkCorpus(path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined;
  const full = resolve(path);
  if (!existsSync(full)) throw new InvalidInputError(`corpus file not found: ${path}`);
  const settings = localConfig();
  settings.config = withCorpusRoots(settings.config, [full]);
  await new FileCorpusProvider(full).load(full);
  return full;
}

function requestFrom(task: string, flags: RunFlags, corpus: string | undefined, plan?: DecompositionPlan): PlanRequest {
  const options: NonNullable<PlanRequest['options']> = {};
  if (flags.analyze === false) options.analyze = false;
  if (flags.maxIterations !== undefined) options.maxIterations = flags.maxIterations;
  if (plan) options.plan = plan;
  return { task, ...(corpus ? { corpus } : {}), ...(Object.keys(options).length > 0 ? { options } : {}) };
}

/** `inMemory` keeps the database in memory rather than under the command's folder. */
async function withStack<T>(fn: (stack: LocalStack) => Promise<T>, inMemory = false): Promise<T> {
  const { config, dataDir } = localConfig();
  const stack = await LocalStack.open(inMemory ? { config } : { config, dataDir });
  try {
    return await fn(stack);
  } finally {
    await stack.close();
  }
}

async function runAndPrint(stack: LocalStack, request: PlanRequest, flags: RunFlags, planOnly = false): Promise<PlanRecord> {
  const started = performance.now();
  const progress = startProgress({
    enabled: progressWanted(flags, { stdoutIsTTY: Boolean(process.stdout.isTTY), stderrIsTTY: Boolean(process.stderr.isTTY), env: localConfig().terminal }),
    stream: process.stderr,
    title: request.task,
  });
  // The trace events the run stores, as they are stored: the progress is the trace, live. The
  // command runs one plan, whose id intake gives: the first event stored is that plan's.
  let planId: string | undefined;
  const unsubscribe = stack.onEvent((event) => {
    planId ??= event.planId;
    if (event.planId === planId) progress.update(event);
  });
  let record: PlanRecord;
  try {
    record = await stack.run(request, { planOnly });
  } finally {
    unsubscribe();
    progress.stop();
  }
  const wallMs = performance.now() - started;
  const attempts = await stack.runtime.store.listAttempts(record.planId);
  if (flags.json) {
    const r = record.results;
    console.log(
      JSON.stringify(
        {
          planId: record.planId,
          status: record.status,
          analysis: record.analysis ?? null,
          plan: record.plan ?? null,
          reasoning: record.reasoning ?? null,
          results: r ? { answer: r.answer, citations: r.citations, steps: r.steps, coverage: r.coverage } : null,
          sources: r?.sources ?? [],
          validation: attempts.map((a) => ({ attempt: a.attempt, kind: a.kind, valid: a.validation?.valid ?? false, errors: a.validation?.errors ?? [] })),
          metadata: record.metadata ?? null,
          error: record.error ?? null,
          wallMs: Math.round(wallMs),
        },
        null,
        2,
      ),
    );
  } else if (flags.format === 'mermaid' || flags.format === 'dot') {
    if (record.plan) console.log(diagramOf(record.plan, flags.format, record.results?.steps));
    else console.error(`cairn: no valid plan to draw; plan ${record.planId} failed${record.error ? ` in ${record.error.phase}: ${record.error.message}` : ''}`);
  } else {
    console.log(renderRun(record, attempts, wallMs));
  }
  if (record.status !== 'succeeded') process.exitCode = 1;
  return record;
}

/** The options every command that plans shares. */
function withPlanningOptions(command: Command): Command {
  return command
    .addOption(jsonOption())
    .addOption(formatOption())
    .addOption(progressOption())
    .option('--no-analyze', 'skip the task analysis phase')
    .option('--max-iterations <n>', 'planner attempts before giving up', positiveInt('--max-iterations'));
}

export function buildProgram(): Command {
  const program = new Command('cairn')
    .description('Turn a task in plain language into a validated plan, execute it over a corpus, and trace every phase.')
    .showHelpAfterError()
    .exitOverride();

  const run = program
    .command('run')
    .description('analyse, plan, validate (repairing if needed), execute and trace a task')
    .argument('<task>', 'the task, in plain language')
    .option('--corpus <path>', 'JSONL or JSON file of documents {id, title?, text, modality?, metadata?}');
  withPlanningOptions(run).action(async (task: string, flags: RunFlags) => {
    const corpus = await checkCorpus(flags.corpus);
    await withStack((stack) => runAndPrint(stack, requestFrom(task, flags, corpus), flags));
  });

  const plan = program.command('plan').description('plan and validate a task without executing it').argument('<task>', 'the task, in plain language');
  withPlanningOptions(plan).action(async (task: string, flags: RunFlags) => {
    await withStack((stack) => runAndPrint(stack, requestFrom(task, flags, undefined), flags, true));
  });

  program
    .command('validate')
    .description('validate a plan file (JSON or YAML); exit 0 when valid, 1 when not')
    .argument('<file>', 'the plan file')
    .option('--json', 'print one JSON object')
    .addOption(formatOption())
    .action(async (file: string, flags: { json?: boolean; format?: PlanFormat }) => {
      const plan = await readPlanFile(file);
      const result = validatePlan(plan);
      const diagram = result.valid ? diagramOf(plan as DecompositionPlan, flags.format) : undefined;
      if (flags.json) console.log(JSON.stringify(result, null, 2));
      else if (diagram !== undefined) console.log(diagram);
      else if (result.valid) console.log(`${file}: valid plan, ${(plan as DecompositionPlan).plan.length} steps\n${renderPlan(plan as DecompositionPlan)}`);
      else console.log(`${file}: ${result.errors.length} error(s)\n${formatIssues(result.errors)}`);
      if (!result.valid) process.exitCode = 1;
    });

  program
    .command('execute')
    .description('validate and execute a plan file over the corpus, traced like a planned run')
    .argument('<file>', 'the plan file (JSON or YAML)')
    .requiredOption('--task <task>', 'the task the plan answers (used by rerank and answer steps)')
    .option('--corpus <path>', 'JSONL or JSON file of documents')
    .addOption(jsonOption())
    .addOption(formatOption())
    .addOption(progressOption())
    .action(async (file: string, flags: RunFlags & { task: string }) => {
      const plan = (await readPlanFile(file)) as DecompositionPlan;
      const corpus = await checkCorpus(flags.corpus);
      await withStack((stack) => runAndPrint(stack, requestFrom(flags.task, flags, corpus, plan), flags));
    });

  program
    .command('trace')
    .description('show the trace of a plan, phase by phase')
    .argument('<planId>', 'the plan id printed by run')
    .option('--json', 'print the record and its events as JSON')
    .action(async (planId: string, flags: { json?: boolean }) => {
      await withStack(async (stack) => {
        const record = await stack.runtime.store.getPlan(planId);
        if (!record) throw new InvalidInputError(`no plan ${planId} in ${localConfig().dataDir}`);
        const events = await stack.runtime.store.listEvents(planId);
        if (flags.json) console.log(JSON.stringify({ plan: record, events }, null, 2));
        else console.log(renderTrace(record, events));
      });
    });

  program
    .command('serve')
    .description('the HTTP API (POST /plans, GET /plans/{id}, GET /plans/{id}/trace) and a page per plan, on 127.0.0.1')
    .option('--port <n>', 'port to listen on (0: any free port)', portNumber, 8787)
    .action(async (flags: { port: number }) => {
      const { config, dataDir } = localConfig();
      // Loaded here, not at start: serve's modules (esbuild for the page scripts, the API routes) cost every other command time.
      const { startServer } = await import('./serve/server.js');
      const server = await startServer({ port: flags.port, config, dataDir, log: (line) => console.log(line) });
      console.log(`Cairn is serving on ${server.url}`);
      console.log(`  plans: ${server.url}    API: ${server.url}plans    OpenAPI: ${server.url}openapi.json`);
      console.log('  Ctrl-C stops it (plans under way finish first).');
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await server.close();
    });

  program
    .command('eval')
    .description("recall@2/5/10 of the plan's sources beside a single search of the whole question")
    .requiredOption('--corpus <file>', 'JSONL or JSON corpus')
    .requiredOption('--questions <file>', 'JSONL of {question, gold_ids, type?}')
    .option('--limit <n>', 'only the first n questions', positiveInt('--limit'))
    .option('--folds <n>', 'deal the questions into n folds (question i to fold i mod n) and report each beside the whole', positiveInt('--folds'))
    .option('--json', 'print one JSON object')
    .action(async (flags: { corpus: string; questions: string; limit?: number; folds?: number; json?: boolean }) => {
      const corpus = await checkCorpus(flags.corpus);
      const { renderEvaluation, runEvaluation } = await import('./eval.js');
      // An in-memory store: evaluation runs are not worth keeping next to the user's plans.
      const report = await withStack(
        (stack) =>
          runEvaluation(stack, {
            corpus: corpus!,
            questions: flags.questions,
            ...(flags.limit ? { limit: flags.limit } : {}),
            ...(flags.folds ? { folds: flags.folds } : {}),
          }),
        true,
      );
      console.log(flags.json ? JSON.stringify(report) : renderEvaluation(report));
    });

  addLearningCommands(program);
  return program;
}

const fraction = (value: string) => {
  const n = Number(value);
  if (!(n > 0 && n <= 1)) throw new InvalidArgumentError('--min-support must be a number in (0, 1]');
  return n;
};

/** mine, learn, tools, approve: learning from the stored traces (cli/learn.ts, loaded by these commands only). */
function addLearningCommands(program: Command): void {
  const windowed = (command: Command) =>
    command
      .option('--since <time>', 'plans created at or after this ISO time, or this long ago (7d, 12h, 30m)')
      .option('--until <time>', 'plans created before this ISO time, or this long ago')
      .option('--min-support <s>', 'least share of sessions a chain must occur in', fraction)
      .option('--max-pages <n>', 'index pages to read at most (100 plans each)', positiveInt('--max-pages'))
      .option('--json', 'print one JSON object');
  windowed(program.command('mine').description('find the chains of steps and tool calls that recur in the stored plans')).action(async (flags) => {
    const { mineCommand } = await import('./learn.js');
    await withStack((stack) => mineCommand(stack, flags));
  });
  windowed(program.command('learn').description('mine, synthesize composite tools, validate them by replay, and store them for approval'))
    .option('--max-tools <n>', 'how many of the strongest chains to synthesize', positiveInt('--max-tools'))
    .option('--no-approval', 'promote a tool that passes replay at once, without a person')
    .action(async (flags) => {
      const { learnCommand } = await import('./learn.js');
      await withStack((stack) => learnCommand(stack, flags));
    });
  program
    .command('tools')
    .description('the learned tools, with status and figures')
    .option('--json', 'print one JSON object')
    .action(async (flags: { json?: boolean }) => {
      const { toolsCommand } = await import('./learn.js');
      await withStack((stack) => toolsCommand(stack, flags));
    });
  program
    .command('approve')
    .description('promote (or reject) a learned tool that passed validation and waits in TESTING')
    .argument('<tool-id>', 'the tool, as `cairn tools` lists it')
    .option('--promote', 'make it available to plans and the planner')
    .option('--reject', 'never offer it again')
    .option('--json', 'print one JSON object')
    .action(async (id: string, flags: { promote?: boolean; reject?: boolean; json?: boolean }) => {
      const { approveCommand } = await import('./learn.js');
      await withStack((stack) => approveCommand(stack, id, flags));
    });
}

async function readPlanFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new InvalidInputError(`plan file not found: ${file}`);
  }
  return parsePlanText(text, file);
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    console.error(`cairn: ${oneLine(error)}`);
    if (local?.debug) console.error(error);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
