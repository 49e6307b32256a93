/**
 * Human-readable output of the CLI. Machines get `--json` instead; nothing here is parsed back.
 */
import type { DecompositionPlan, PlanAttempt, PlanRecord, TraceEvent, ValidationIssue } from '../functions/core/types.js';
import { answeredBy, type PlanListPage } from '../functions/core/workflow/plan-list.js';
import { marksFromResults, renderTree, type StepMarks } from './view/plan-diagram.js';

/** The plan as a compact tree, each step with how it ended when `marks` says. */
export function renderPlan(plan: DecompositionPlan, marks?: StepMarks): string {
  return renderTree(plan, marks);
}

export function renderIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `  ${i.path}: ${i.message}`).join('\n');
}

export function renderRun(record: PlanRecord, attempts: readonly PlanAttempt[], wallMs: number): string {
  const lines: string[] = [];
  // The answer itself comes first: what a person asked for, before how it was reached.
  if (record.results) lines.push(shortAnswerLine(record.results), '');
  lines.push(`Plan ${record.planId} ${record.status} in ${(wallMs / 1000).toFixed(2)} s`);
  lines.push(`Task: ${record.request.task}`);
  if (record.analysis) {
    const a = record.analysis;
    lines.push('', 'Analysis');
    lines.push(`  ${a.task_kind ?? 'task'} · ${a.complexity} · entities: ${a.key_entities.join(', ') || 'none'}`);
    lines.push(`  intent: ${a.intent}`);
  }
  if (record.plan) {
    const iterations = attempts.length;
    lines.push('', `Plan: ${record.plan.plan.length} steps, valid on attempt ${iterations}, source ${record.metadata?.source ?? 'unknown'}`);
    lines.push(renderPlan(record.plan, marksFromResults(record.results?.steps)));
  }
  if (record.rounds) {
    const r = record.rounds;
    lines.push('', `Rounds: ${r.rounds.length} of at most ${r.maxRounds}`);
    for (const round of r.rounds) lines.push(`  round ${round.round}: steps ${round.stepIds.join(', ')}`);
    if (r.stop) lines.push(`  ended: ${r.stop.reason.replace(/_/g, ' ')} (${r.stop.detail})`);
  }
  for (const a of attempts.filter((x) => x.validation && !x.validation.valid)) {
    lines.push('', `Attempt ${a.attempt} (${a.kind}) was invalid:`, renderIssues(a.validation!.errors));
  }
  if (record.results) {
    const r = record.results;
    // A multi-line answer (a list, a model's paragraphs) stays indented under its heading.
    lines.push('', 'Answer', ...r.answer.split('\n').map((line) => `  ${line}`));
    const used = r.refused ? 'none: the answer cites nothing' : `coverage ${r.coverage.covered_count}/${r.coverage.subquery_count} sub-queries`;
    lines.push('', `Sources (${used})`);
    for (const [i, s] of r.sources.entries()) {
      lines.push(`  ${String(i + 1).padStart(2)}. [${s.id}] ${s.title ?? ''} · ${s.modality} · step ${s.step_id} (${s.subquery_id} #${s.rank_in_subquery})`);
      lines.push(`      ${s.snippet}`);
    }
    const also = r.alsoRetrieved ?? [];
    // Retrieved but not used by the answer: one line each, apart from the sources.
    if (also.length > 0) lines.push('', `Also retrieved (not used by the answer): ${also.map((s) => `[${s.id}]`).join(' ')}`);
  }
  if (record.error) lines.push('', `Failed in ${record.error.phase}: ${record.error.name}: ${record.error.message}`);
  const m = record.metadata;
  if (m) lines.push('', llmLine(record));
  const cost = costLine(record);
  if (cost) lines.push(cost);
  lines.push('', `Trace: npm start -- trace ${record.planId}`);
  return lines.join('\n');
}

/**
 * Who answered the plan's model calls, and what they took: the provider and model of each call
 * that answered (a fallback's, when the first provider failed), not the one configured first.
 */
export function llmLine(record: PlanRecord): string {
  const m = record.metadata!;
  const who = answeredBy(record) ?? `${m.provider}/${m.model}`;
  const failed = m.llmCalls.filter((c) => (c.failedOver?.length ?? 0) > 0).length;
  const configured = `${m.provider}/${m.model}`;
  const over = failed > 0 && who !== configured ? ` (${failed} call(s) fell back after ${configured} failed)` : '';
  return `LLM: ${who}${over}, ${m.llmCalls.length} calls, ${m.inputTokens} tokens in, ${m.outputTokens} out${m.llmCalls.some((c) => c.estimatedTokens) ? ' (estimated)' : ''}${m.confidence !== undefined ? `, confidence ${m.confidence}` : ''}`;
}

/** `cairn plans`: one line a plan, then the command of the next page. */
export function renderPlanList(page: PlanListPage, limit?: number): string {
  if (page.plans.length === 0 && !page.next) return 'no plans found';
  const lines = page.plans.map((p) =>
    [
      p.createdAt.slice(0, 19).replace('T', ' '),
      p.status.padEnd(17),
      (p.kind ?? '').padEnd(11),
      (p.costUsd !== undefined ? `$${p.costUsd.toFixed(6)}` : '').padStart(10),
      p.planId,
      p.task.length > 70 ? `${p.task.slice(0, 69)}…` : p.task,
    ].join('  '),
  );
  const shown = page.plans.filter((p) => p.costUsd !== undefined);
  if (shown.length > 0) lines.push(`${page.plans.length} plan(s); cost of those priced: $${shown.reduce((n, p) => n + (p.costUsd ?? 0), 0).toFixed(6)}`);
  const filters = [
    page.filters.status ? `--status ${page.filters.status}` : '',
    page.filters.kind ? `--kind ${page.filters.kind}` : '',
    page.filters.text ? `--text ${JSON.stringify(page.filters.text)}` : '',
    page.filters.since ? `--since ${page.filters.since}` : '',
    limit !== undefined ? `--limit ${limit}` : '',
  ].filter(Boolean);
  if (page.next) lines.push(`older: npm start -- plans ${[...filters, `--next ${page.next}`].join(' ')}`);
  return lines.join('\n');
}

/** The first line of a run: the short answer, or that the corpus does not answer, or that the answer is the text below. */
export function shortAnswerLine(results: NonNullable<PlanRecord['results']>): string {
  if (results.refused) return `Answer: none. ${results.answer}`;
  if (typeof results.shortAnswer === 'string') return `Answer: ${results.shortAnswer}`;
  return 'Answer: see below (no short answer for this task)';
}

/** `, after openai/gpt-4.1-mini failed`: the providers a call fell back from, each named by the start of its failure line. */
function fellBack(failedOver: unknown): string {
  if (!Array.isArray(failedOver) || failedOver.length === 0) return '';
  return `, after ${failedOver.map((line) => String(line).split(':')[0]).join(' and ')} failed`;
}

function eventDetail(e: TraceEvent): string {
  const d = e.data ?? {};
  switch (e.type) {
    case 'plan.received':
      return `task ${JSON.stringify(d.task)}`;
    case 'plan.status':
      return `${d.from} → ${d.to}`;
    case 'llm.call':
      // A call that got no answer says why, and how many attempts it made: the budget counted them.
      if (d.error !== undefined)
        return `${d.purpose} via ${d.provider}/${d.model}: no answer after ${d.attempts ?? 1} attempt(s), ${d.durationMs} ms: ${d.error}`;
      return `${d.purpose} via ${d.provider}/${d.model}: ${d.inputTokens} in, ${d.outputTokens} out, ${d.durationMs} ms, prompt ${d.promptHash}${fellBack(d.failedOver)}`;
    case 'analysis.completed':
      return d.skipped ? 'skipped' : `kind ${(d.analysis as { task_kind?: string } | null)?.task_kind ?? '?'}; ${(d.issues as unknown[]).length} issue(s)`;
    case 'plan.generated':
    case 'plan.extraction_failed':
      return `attempt ${d.attempt} (${d.kind})${d.error ? `: ${d.error}` : ''}`;
    case 'validation.completed': {
      const errors = d.errors as ValidationIssue[];
      return `attempt ${d.attempt}: ${d.valid ? 'valid' : `${errors.length} error(s)`}${errors.length > 0 ? `\n${renderIssues(errors).replace(/^/gm, '        ')}` : ''}`;
    }
    case 'repair.requested':
      return `attempt ${d.attempt} with ${d.errorCount} error(s) fed back`;
    case 'plan.accepted':
      return `attempt ${d.attempt}, ${d.steps} steps`;
    case 'plan.rejected':
      return `after ${d.attempts} attempt(s)`;
    case 'step.started':
      return `${d.round !== undefined ? `round ${d.round}: ` : ''}step ${d.step_id} ${d.type}`;
    case 'round.started':
      return `round ${d.round}${Array.isArray(d.steps) ? `: steps ${d.steps.join(', ')}` : ''}${typeof d.reasoning === 'string' ? ` (${d.reasoning})` : ''}`;
    case 'round.completed':
      return d.next === 'finalize'
        ? `round ${d.round} was the last: ${d.reason} (${d.detail})`
        : `round ${d.round} done; the planner added round ${d.nextRound}`;
    case 'step.completed': {
      const method = Object.entries(d).find(([k]) => k.endsWith('_method'));
      return `step ${d.step_id} ${d.type} in ${d.durationMs} ms${d.count !== undefined ? `, ${d.count} docs` : ''}${method ? `, ${method[0]} ${method[1]}` : ''}${d.run !== undefined ? `, run=${d.run}` : ''}${typeof d.because === 'string' ? ` because ${d.because}` : ''}`;
    }
    case 'step.skipped':
      return `step ${d.step_id} ${d.type} skipped: ${d.reason}`;
    case 'step.failed':
      return `step ${d.step_id} ${d.type} failed: ${d.error}`;
    case 'execution.completed':
      return `${d.status} in ${d.durationMs} ms${d.error ? `: ${d.error}` : ''}`;
    case 'plan.finalized': {
      const c = d.coverage as { covered_count: number; subquery_count: number } | undefined;
      return d.planOnly ? 'plan only' : `${d.sources} sources, coverage ${c?.covered_count}/${c?.subquery_count}, confidence ${d.confidence}`;
    }
    case 'plan.failed':
      return `${d.error}: ${d.reason}`;
    default:
      return JSON.stringify(d);
  }
}

/**
 * What the plan cost: the total, the priced model calls, and the AWS estimate with what it counted
 * (core/workflow/plan-cost.ts); nothing for a plan that has not ended.
 */
export function costLine(record: PlanRecord): string | undefined {
  const c = record.metadata?.cost;
  if (!c) return undefined;
  const unpriced = c.llm.unpricedCalls > 0 ? `, ${c.llm.unpricedCalls} call(s) with no price` : '';
  const a = c.aws;
  return `Cost: $${c.usd.toFixed(6)} = LLM $${c.llmUsd.toFixed(6)}${unpriced} + AWS $${c.awsUsd.toFixed(6)} (estimate, ${a.workflowType} workflow: ${a.stateTransitions} state transitions, ${a.lambdaRequests} Lambda requests, ${a.lambdaGbSeconds} GB-s, DynamoDB ${a.dynamodbWriteUnits} WRU / ${a.dynamodbReadUnits} RRU)`;
}

export function renderTrace(record: PlanRecord, events: readonly TraceEvent[]): string {
  const lines = [`Plan ${record.planId} · ${record.status} · ${record.request.task}`];
  let phase = '';
  for (const e of events) {
    const head = e.phase !== phase ? e.phase : '';
    phase = e.phase;
    if (head) lines.push('');
    lines.push(`${head.padEnd(11)} #${String(e.seq).padStart(3, '0')} ${e.at.slice(11, 23)} ${e.type.padEnd(22)} ${eventDetail(e)}`);
  }
  if (record.error) lines.push('', `Failed in ${record.error.phase}: ${record.error.message}`);
  const cost = costLine(record);
  if (cost) lines.push('', cost);
  return lines.join('\n');
}
