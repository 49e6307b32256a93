/**
 * `cairn`: the command line. Every command that plans or executes goes through the local runner,
 * i.e. the deployed state machine definition and the Lambda handlers, over the local database;
 * a plan enters through the same intake as POST /plans.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { FileCorpusProvider } from '../functions/adapters/corpus/file-corpus-provider.js';
import { InvalidInputError, oneLine, RequestValidationError } from '../functions/core/errors.js';
import { validatePlan } from '../functions/core/plan/validate.js';
import type { DecompositionPlan, PlanRecord, PlanRequest } from '../functions/core/types.js';
import { type LocalConfig, loadLocalConfig, withCorpusRoots } from '../functions/shared/config.js';
import { askInTerminal, describeQuestion } from './ask.js';
import { LocalStack, waitingForClients } from './local-runner.js';
import { progressWanted, startProgress } from './progress.js';
import { renderPlan, renderRun, renderTrace } from './render.js';
import { planPageOf } from './serve/serve-address.js';
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
  iterate?: boolean;
  maxRounds?: number;
  /** `--options`: the request's options as JSON, checked by intake like the API's. */
  options?: string;
}

/** The bounds of `--max-rounds`, the same as the request schema's for `options.maxRounds`. */
const MAX_ROUNDS = { min: 1, max: 20 } as const;

const roundCount = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < MAX_ROUNDS.min || n > MAX_ROUNDS.max) {
    throw new InvalidArgumentError(`--max-rounds must be an integer from ${MAX_ROUNDS.min} to ${MAX_ROUNDS.max}`);
  }
  return n;
};

const jsonOption = () => new Option('--json', 'print one JSON object');
/**
 * `--options '{"maxLlmCalls":2}'`: the request's options, as POST /plans takes them. Here only
 * JSON and an object are checked; intake checks the fields, as for every door, and names each.
 */
function requestOptions(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new InvalidInputError(`--options is not valid JSON: ${oneLine(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidInputError("--options must be a JSON object of the request's options, e.g. '{\"maxLlmCalls\":2}'");
  }
  return parsed as Record<string, unknown>;
}
const optionsOption = () => new Option('--options <json>', 'request options as JSON, as POST /plans takes them (e.g. \'{"maxLlmCalls":2,"maxTokens":4000}\')');
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
  // The run reads under these roots: checked under the same ones, a link or an index manifest
  // leading out of them fails here, before anything is read from there.
  const { corpusRoots, indexRoot, corpusMaxFileBytes } = settings.config;
  await new FileCorpusProvider(full, { roots: corpusRoots, indexRoot, maxFileBytes: corpusMaxFileBytes }).load(full);
  return full;
}

/**
 * The task a plan file answers when the command line names none: the task the plan carries, else
 * what its steps say they do (their explanations, each once), else the file's name.
 */
function taskOfPlan(plan: DecompositionPlan, file: string): string {
  if (typeof plan?.task === 'string' && plan.task.trim() !== '') return plan.task;
  const steps = Array.isArray(plan?.plan) ? plan.plan : [];
  const said = [...new Set(steps.map((s) => s?.trace?.explanation).filter((e): e is string => typeof e === 'string' && e.trim() !== ''))];
  return said.length > 0 ? said.join('; ') : `the plan in ${basename(file)}`;
}

function requestFrom(task: string, flags: RunFlags, corpus: string | undefined, plan?: DecompositionPlan): PlanRequest {
  // The flags that name an option win over the same option in --options.
  const options = requestOptions(flags.options) as NonNullable<PlanRequest['options']>;
  if (flags.analyze === false) options.analyze = false;
  if (flags.maxIterations !== undefined) options.maxIterations = flags.maxIterations;
  if (flags.iterate || flags.maxRounds !== undefined) {
    options.mode = 'iterative';
    if (flags.maxRounds !== undefined) options.maxRounds = flags.maxRounds;
  }
  if (plan) options.plan = plan;
  return { task, ...(corpus ? { corpus } : {}), ...(Object.keys(options).length > 0 ? { options } : {}) };
}

/** `inMemory` keeps the database in memory rather than under the command's folder. */
async function withStack<T>(fn: (stack: LocalStack) => Promise<T>, inMemory = false): Promise<T> {
  const { config, dataDir } = localConfig();
  const stack = await LocalStack.open(
    inMemory ? { config } : { config, dataDir, onWaitForClients: (n) => process.stderr.write(`cairn: ${waitingForClients(n)}\n`) },
  );
  try {
    return await fn(stack);
  } finally {
    await stack.close();
  }
}

async function runAndPrint(stack: LocalStack, request: PlanRequest, flags: RunFlags, planOnly = false): Promise<PlanRecord> {
  const started = performance.now();
  const record = await withProgress(stack, request.task, flags, undefined, () => stack.run(request, { planOnly }));
  await printRecord(stack, record, flags, performance.now() - started);
  return answerInTerminal(stack, record, flags);
}

/**
 * Runs `work` with live progress of one plan: `planId`'s events, or when the plan has no id yet,
 * those of the first plan whose event is stored (intake gives the id).
 */
async function withProgress(
  stack: LocalStack,
  title: string,
  flags: RunFlags,
  planId: string | undefined,
  work: () => Promise<PlanRecord>,
): Promise<PlanRecord> {
  const progress = await startProgress({
    enabled: progressWanted(flags, { stdoutIsTTY: Boolean(process.stdout.isTTY), stderrIsTTY: Boolean(process.stderr.isTTY), env: localConfig().terminal }),
    stream: process.stderr,
    title,
  });
  // The trace events the run stores, as they are stored: the progress is the trace, live.
  let followed = planId;
  const unsubscribe = stack.onEvent((event) => {
    followed ??= event.planId;
    if (event.planId === followed) progress.update(event);
  });
  try {
    return await work();
  } finally {
    unsubscribe();
    progress.stop();
  }
}

/**
 * In a terminal, a plan that waits for input asks its question field by field and goes on with
 * the answer, as often as it asks; off a terminal (or with --json) it stays waiting, its question
 * printed with the command that answers it.
 */
async function answerInTerminal(stack: LocalStack, waiting: PlanRecord, flags: RunFlags): Promise<PlanRecord> {
  let record = waiting;
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY) && !flags.json;
  while (interactive && record.status === 'waiting_for_input' && record.question) {
    const answer = await askInTerminal(record.question, { input: process.stdin, output: process.stdout });
    const started = performance.now();
    const planId = record.planId;
    record = await withProgress(stack, record.request.task, flags, planId, () => stack.answer(planId, answer));
    await printRecord(stack, record, flags, performance.now() - started);
  }
  return record;
}

async function printRecord(stack: LocalStack, record: PlanRecord, flags: RunFlags, wallMs: number): Promise<void> {
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
          results: r
            ? {
                shortAnswer: r.shortAnswer ?? null,
                answer: r.answer,
                ...(r.refused !== undefined ? { refused: r.refused } : {}),
                citations: r.citations,
                steps: r.steps,
                coverage: r.coverage,
                ...(r.rounds ? { rounds: r.rounds } : {}),
              }
            : null,
          // What the answer used; what was retrieved and not used is listed apart.
          sources: r?.sources ?? [],
          alsoRetrieved: r?.alsoRetrieved ?? [],
          validation: attempts.map((a) => ({ attempt: a.attempt, kind: a.kind, valid: a.validation?.valid ?? false, errors: a.validation?.errors ?? [] })),
          metadata: record.metadata ?? null,
          error: record.error ?? null,
          ...(record.status === 'waiting_for_input' ? { question: record.question ?? null } : {}),
          wallMs: Math.round(wallMs),
          ...pageField(record.planId),
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
    const { page } = pageField(record.planId);
    if (page !== undefined) console.log(`page: ${page}`);
    if (record.status === 'waiting_for_input' && record.question) console.log(`\n${describeQuestion(record.planId, record.question)}`);
  }
  // A plan waiting for the user's answer has not failed: it is where it should be.
  process.exitCode = record.status === 'succeeded' || record.status === 'waiting_for_input' ? 0 : 1;
}

/** The plan's page on the serve running on this home, when one runs. */
function pageField(planId: string): { page?: string } {
  const page = planPageOf(localConfig().home, planId);
  return page === undefined ? {} : { page };
}

/** The options every command that plans shares. */
function withPlanningOptions(command: Command): Command {
  return command
    .addOption(jsonOption())
    .addOption(formatOption())
    .addOption(progressOption())
    .addOption(optionsOption())
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
  withPlanningOptions(run)
    .option('--iterate', 'iterative mode: after each round the results go back to the planner, which adds steps or answers')
    .option('--max-rounds <n>', `most planning rounds in iterative mode (${MAX_ROUNDS.min} to ${MAX_ROUNDS.max}, default 5; implies --iterate)`, roundCount);
  run.action(async (task: string, flags: RunFlags) => {
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
      else console.log(`${file}: ${result.errors.length} error(s)\n${(await planFiles()).formatIssues(result.errors)}`);
      if (!result.valid) process.exitCode = 1;
    });

  program
    .command('execute')
    .description('validate and execute a plan file over the corpus, traced like a planned run')
    .argument('<file>', 'the plan file (JSON or YAML)')
    .option('--task <task>', "the task the plan answers (used by rerank and answer steps); default: the plan's task, else the steps' explanations")
    .option('--corpus <path>', 'JSONL or JSON file of documents')
    .addOption(jsonOption())
    .addOption(formatOption())
    .addOption(progressOption())
    .addOption(optionsOption())
    .action(async (file: string, flags: RunFlags & { task?: string }) => {
      const plan = (await readPlanFile(file)) as DecompositionPlan;
      const corpus = await checkCorpus(flags.corpus);
      await withStack((stack) => runAndPrint(stack, requestFrom(flags.task ?? taskOfPlan(plan, file), flags, corpus, plan), flags));
    });

  program
    .command('answer')
    .description('answer the question a plan waits on (status waiting_for_input), and let it go on')
    .argument('<planId>', 'the plan id printed by run')
    .requiredOption('--json <answer>', "the answer, a JSON object of the question's fields")
    .addOption(progressOption())
    .action(async (planId: string, flags: { json: string; progress?: boolean }) => {
      let answer: unknown;
      try {
        answer = JSON.parse(flags.json);
      } catch (error) {
        throw new InvalidInputError(`--json is not valid JSON: ${oneLine(error)}`);
      }
      // --json here is the answer given, not the output format: the plan is printed as text.
      const view: RunFlags = flags.progress === false ? { progress: false } : {};
      await withStack(async (stack) => {
        const started = performance.now();
        const record = await withProgress(stack, planId, view, planId, () =>
          stack.answer(planId, answer).catch((error: unknown) => {
            // One line naming every problem, each with its path in the answer.
            if (error instanceof RequestValidationError) {
              throw new InvalidInputError(
                `${error.message}: ${error.issues.map((i) => `${i.path.replace(/^answer\/?/, '') || 'answer'} ${i.message}`).join('; ')}`,
              );
            }
            throw error;
          }),
        );
        await printRecord(stack, record, view, performance.now() - started);
        await answerInTerminal(stack, record, view);
      });
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
        // The token that resumes a waiting plan is a credential: never printed.
        const { inputToken: _token, ...shown } = record;
        if (flags.json) console.log(JSON.stringify({ plan: shown, events }, null, 2));
        else console.log(renderTrace(record, events));
      });
    });

  program
    .command('plans')
    .description('the stored plans, newest first, filtered and a page at a time (as GET /plans)')
    .option('--status <status>', 'only the plans in this status (succeeded, failed, executing, ...)')
    .option('--kind <kind>', 'only the plans of this task kind (comparison, bridge, conditional, top_n, multimodal, lookup)')
    .option('--text <words>', 'only the plans whose task holds these words')
    .option('--since <time>', 'only the plans created at or after this ISO time, or this long ago (7d, 12h, 30m)')
    .option('--limit <n>', 'plans per page (1 to 200, default 50)')
    .option('--next <cursor>', 'the page after the one that printed this cursor')
    .option('--json', 'print one JSON object: {plans, next, filters}')
    .action(async (flags: { status?: string; kind?: string; text?: string; since?: string; limit?: string; next?: string; json?: boolean }) => {
      const { listPlanPage, parsePlanListQuery } = await import('../functions/core/workflow/plan-list.js');
      const { renderPlanList } = await import('./render.js');
      // The API's parameters, checked by the API's own parser: the same values are refused the same way.
      const params = Object.fromEntries(
        Object.entries({ status: flags.status, kind: flags.kind, q: flags.text, since: flags.since, limit: flags.limit, next: flags.next }).filter(
          ([, v]) => v !== undefined,
        ),
      ) as Record<string, string>;
      let query: ReturnType<typeof parsePlanListQuery>;
      try {
        query = parsePlanListQuery(params);
      } catch (error) {
        // The API names `q`; here it is --text.
        throw new InvalidInputError(`--${oneLine(error).replace(/^q /, 'text ')}`);
      }
      await withStack(async (stack) => {
        const page = await listPlanPage(stack.runtime.store, query);
        if (flags.json) console.log(JSON.stringify(page, null, 2));
        else console.log(renderPlanList(page, flags.limit !== undefined ? query.limit : undefined));
      });
    });

  program
    .command('replay')
    .description('execute a stored plan again, without planning, and say step by step whether its results match the trace')
    .argument('<planId>', 'the plan id printed by run')
    .addOption(jsonOption())
    .addOption(progressOption())
    .action(async (planId: string, flags: RunFlags) => {
      await withStack(async (stack) => {
        const original = await stack.runtime.store.getPlan(planId);
        if (!original) throw new InvalidInputError(`no plan ${planId} in ${localConfig().dataDir}`);
        if (!original.plan)
          throw new InvalidInputError(
            `plan ${planId} has no accepted plan to replay (it ${original.status === 'failed' ? 'failed before one was accepted' : `is ${original.status}`})`,
          );
        const before = await stack.runtime.store.listStepOutputs(planId);
        // The same request, with the accepted plan supplied: no analysis, no planner, a new plan id.
        const { options, task, context, constraints, corpus, tools } = original.request;
        const { plan: _given, ...rest } = options ?? {};
        const request: PlanRequest = {
          task,
          ...(context !== undefined ? { context } : {}),
          ...(constraints !== undefined ? { constraints } : {}),
          ...(corpus !== undefined ? { corpus } : {}),
          ...(tools !== undefined ? { tools } : {}),
          ...(Object.keys(rest).length > 0 ? { options: rest } : {}),
          plan: original.plan,
        };
        const { compareRuns } = await import('../functions/core/executor/compare-runs.js');
        const progress = await startProgress({
          enabled: progressWanted(flags, {
            stdoutIsTTY: Boolean(process.stdout.isTTY),
            stderrIsTTY: Boolean(process.stderr.isTTY),
            env: localConfig().terminal,
          }),
          stream: process.stderr,
          title: `replay of ${planId}`,
        });
        let replayId: string | undefined;
        const unsubscribe = stack.onEvent((event) => {
          replayId ??= event.planId;
          if (event.planId === replayId) progress.update(event);
        });
        let record: PlanRecord;
        try {
          record = await stack.run(request);
        } finally {
          unsubscribe();
          progress.stop();
        }
        const steps = compareRuns(before, await stack.runtime.store.listStepOutputs(record.planId));
        const matched = steps.filter((s) => s.match !== 'differs').length;
        if (flags.json) {
          console.log(JSON.stringify({ planId, replayId: record.planId, status: record.status, matched, total: steps.length, steps }, null, 2));
        } else {
          console.log(`replay of ${planId}: ${record.planId}, ${record.status}; ${matched} of ${steps.length} steps match`);
          for (const s of steps) console.log(`  step ${String(s.step_id).padEnd(3)} ${s.type.padEnd(20)} ${s.match}${s.note ? `  (${s.note})` : ''}`);
        }
        if (record.status !== 'succeeded' || matched < steps.length) process.exitCode = 1;
      });
    });

  program
    .command('serve')
    .description('the HTTP API (POST /plans, GET /plans/{id}, GET /plans/{id}/trace) and a page per plan, on 127.0.0.1')
    .option('--port <n>', 'port to listen on (0: any free port)', portNumber, 8787)
    .action(async (flags: { port: number }) => {
      const { config, dataDir, home } = localConfig();
      // Loaded here, not at start: serve's modules (esbuild for the page scripts, the API routes) cost every other command time.
      const [{ startServer }, { pageAddress, tokenFileOf }] = await Promise.all([import('./serve/server.js'), import('./serve/owner-token.js')]);
      const server = await startServer({ port: flags.port, config, dataDir, home, log: (line) => console.log(line) });
      console.log(`Cairn is serving on ${server.url}`);
      // The page takes the token from this address; another process of this machine has neither.
      console.log(`  plans: ${pageAddress(server.url, server.token)}`);
      console.log(`  API: ${server.url}plans (POST with Authorization: Bearer <${tokenFileOf(home)}>)    OpenAPI: ${server.url}openapi.json`);
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
    .command('index')
    .description('build the on-disk index of a corpus (keyword, vectors, entity graph) that run, eval, execute and serve then open')
    .requiredOption('--corpus <file>', 'JSONL or JSON corpus (a file or a folder of them)')
    .option('--out <dir>', 'the index folder (default: CAIRN_HOME/indexes/<corpus name>-<path hash>, where the other commands look)')
    .option('--json', 'print the manifest as one JSON object')
    .action(async (flags: { corpus: string; out?: string; json?: boolean }) => {
      const full = resolve(flags.corpus);
      if (!existsSync(full)) throw new InvalidInputError(`corpus file not found: ${flags.corpus}`);
      const { buildIndex } = await import('../functions/adapters/corpus/lance/lance-index.js');
      const { defaultIndexDir } = await import('../functions/adapters/corpus/lance/manifest.js');
      const { config, home } = localConfig();
      const out = resolve(flags.out ?? defaultIndexDir(config.indexRoot ?? resolve(home, 'indexes'), full));
      // The files are read as a run reads them: under the corpus folders (the one named among them), within the size cap.
      const access = { roots: withCorpusRoots(config, [full]).corpusRoots, maxFileBytes: config.corpusMaxFileBytes };
      const manifest = await buildIndex(full, out, flags.json ? { access } : { access, progress: (line) => console.error(`  ${line}`) });
      if (flags.json) console.log(JSON.stringify({ dir: out, ...manifest }));
      else {
        console.log(`indexed ${manifest.documents} documents of ${flags.corpus} into ${out} in ${(manifest.buildMs / 1000).toFixed(1)} s`);
        console.log(
          `  engine ${manifest.engine}; keyword ${manifest.keywordMethod}; vectors ${manifest.vectorMethod} (${manifest.dimensions} dimensions); graph ${manifest.graphMethod}`,
        );
        if (flags.out !== undefined) console.log(`  open it with --corpus ${out}`);
      }
    });

  program
    .command('eval')
    .description("recall@2/5/10 of the plan's sources beside a single search of the whole question, and the answer scored against the gold answer")
    .requiredOption('--corpus <file>', 'JSONL or JSON corpus')
    .requiredOption('--questions <file>', 'JSONL of {question, gold_ids, id?, answer?, aliases?, kind?, split?}')
    .option('--split <split>', 'only the questions of one split: dev or test (docs/evaluation.md)', evalSplit)
    .option('--limit <n>', 'only the first n questions', positiveInt('--limit'))
    .option('--folds <n>', 'deal the questions into n folds (question i to fold i mod n) and report each beside the whole', positiveInt('--folds'))
    .option('--iterate', 'plan each question in iterative mode (results go back to the planner between rounds)')
    .option('--max-rounds <n>', `most planning rounds with --iterate (${MAX_ROUNDS.min} to ${MAX_ROUNDS.max}, default 5)`, roundCount)
    .option('--json', 'print one JSON object')
    .action(async (flags: EvalFlags) => {
      const corpus = await checkCorpus(flags.corpus);
      const { renderEvaluation, runEvaluation } = await import('./eval.js');
      // An in-memory store: evaluation runs are not worth keeping next to the user's plans.
      const report = await withStack(
        (stack) =>
          runEvaluation(stack, {
            corpus: corpus!,
            questions: flags.questions,
            ...(flags.split ? { split: flags.split } : {}),
            ...(flags.limit ? { limit: flags.limit } : {}),
            ...(flags.folds ? { folds: flags.folds } : {}),
            ...(flags.iterate || flags.maxRounds !== undefined ? { iterate: { maxRounds: flags.maxRounds } } : {}),
          }),
        true,
      );
      console.log(flags.json ? JSON.stringify(report) : renderEvaluation(report));
    });

  addLearningCommands(program);
  return program;
}

interface EvalFlags {
  corpus: string;
  questions: string;
  split?: 'dev' | 'test';
  limit?: number;
  folds?: number;
  json?: boolean;
  iterate?: boolean;
  maxRounds?: number;
}

const evalSplit = (value: string): 'dev' | 'test' => {
  if (value !== 'dev' && value !== 'test') throw new InvalidArgumentError('--split must be dev or test');
  return value;
};

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
    .description('promote (or reject) a learned tool that waits in TESTING, or demote a promoted one')
    .argument('<tool-id>', 'the tool, as `npm start -- tools` lists it')
    .option('--promote', 'make it available to plans and the planner')
    .option('--reject', 'never offer it again')
    .option('--demote', 'take a PROMOTED tool back to TESTING (with --reject: to REJECTED)')
    .option('--json', 'print one JSON object')
    .action(async (id: string, flags: { promote?: boolean; reject?: boolean; demote?: boolean; json?: boolean }) => {
      const { approveCommand } = await import('./learn.js');
      await withStack((stack) => approveCommand(stack, id, flags));
    });
}

/** The plan-file reader, with its YAML parser (about 250 KiB), loaded only by the commands that read a plan file. */
const planFiles = () => import('../functions/core/plan/load.js');

async function readPlanFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new InvalidInputError(`plan file not found: ${file}`);
  }
  return (await planFiles()).parsePlanText(text, file);
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
