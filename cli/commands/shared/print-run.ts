/**
 * A plan run from the command line, shown: live progress while it runs, the record printed (text,
 * a diagram, or one JSON object), a waiting plan's question asked in a terminal, and the exit code.
 */
import type { DecompositionPlan, PlanRecord, PlanRequest } from '../../../functions/core/types.js';
import { askInTerminal, describeQuestion } from '../../ask.js';
import type { LocalStack } from '../../local-runner.js';
import { progressWanted, startProgress } from '../../progress.js';
import { renderRun } from '../../render.js';
import { planPageOf } from '../../serve/serve-address.js';
import { marksFromResults, toDot, toMermaid } from '../../view/plan-diagram.js';
import { localConfig } from './context.js';
import type { PlanFormat, RunFlags } from './options.js';

/** The plan as a diagram (`--format mermaid|dot`), with how each step ended; undefined for text. */
export function diagramOf(plan: DecompositionPlan, format: PlanFormat | undefined, steps?: NonNullable<PlanRecord['results']>['steps']): string | undefined {
  if (format === 'mermaid') return toMermaid(plan, marksFromResults(steps));
  if (format === 'dot') return toDot(plan, marksFromResults(steps));
  return undefined;
}

export async function runAndPrint(stack: LocalStack, request: PlanRequest, flags: RunFlags, planOnly = false): Promise<PlanRecord> {
  const started = performance.now();
  const record = await withProgress(stack, request.task, flags, undefined, () => stack.run(request, { planOnly }));
  await printRecord(stack, record, flags, performance.now() - started);
  return answerInTerminal(stack, record, flags);
}

/**
 * Runs `work` with live progress of one plan: `planId`'s events, or when the plan has no id yet,
 * those of the first plan whose event is stored (intake gives the id).
 */
export async function withProgress(
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
export async function answerInTerminal(stack: LocalStack, waiting: PlanRecord, flags: RunFlags): Promise<PlanRecord> {
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

export async function printRecord(stack: LocalStack, record: PlanRecord, flags: RunFlags, wallMs: number): Promise<void> {
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
