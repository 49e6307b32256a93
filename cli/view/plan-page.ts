/**
 * The pages of `cairn serve`, as HTML from the API's own answers: the list of recent plans, and
 * one plan (its DAG, the timeline of its steps, the planner's attempts with their errors, the
 * answer and the sources with their attribution). Pure: the browser renders with it, tests read it.
 */
import { type AnswerField, type AnswerSchema, answerFields } from '../../functions/core/steps/answer-schema.js';
import type { PlanStatus, TraceEvent } from '../../functions/core/types.js';
import { answeredBy, type PlanSummary } from '../../functions/core/workflow/plan-list.js';
import type { PlanView } from '../../functions/core/workflow/plan-view.js';
import { type Activity, elapsedMs, foldTrace, formatDuration } from './activity.js';
import { esc } from './html.js';
import { marksFromActivity, marksFromResults } from './plan-diagram.js';
import { planSvg } from './plan-svg.js';
import { stepPanelHtml } from './step-panel.js';
import { timelineSvg } from './timeline-svg.js';

/** A plan as the list shows it: GET /plans's rows. */
export type { PlanSummary } from '../../functions/core/workflow/plan-list.js';

export function isFinished(status: PlanStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** `2026-05-01 14:03:07 UTC`: the same on every machine. */
export function formatTime(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const badge = (status: string) => `<span class="badge status-${esc(status)}" data-status="${esc(status)}">${esc(status)}</span>`;

/** USD with the digits a small amount needs: `$0.0042`, `$1.25`. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  return `$${usd >= 0.1 ? usd.toFixed(2) : usd.toPrecision(2)}`;
}

export function plansListHtml(plans: readonly PlanSummary[], now: number): string {
  if (plans.length === 0) return '<p class="empty">No plans found. Start one above, or <code>POST /plans</code>.</p>';
  const rows = plans.map((p) => {
    const took = isFinished(p.status) ? Date.parse(p.updatedAt) - Date.parse(p.createdAt) : now - Date.parse(p.createdAt);
    return [
      `<tr class="plan-row" data-plan-id="${esc(p.planId)}">`,
      `<td>${badge(p.status)}</td>`,
      `<td class="task"><a href="/ui/plans/${encodeURIComponent(p.planId)}">${esc(p.task)}</a></td>`,
      `<td class="small">${esc(p.kind ?? '')}</td>`,
      `<td class="small">${esc(p.answeredBy ?? '')}</td>`,
      `<td class="time" title="${esc(p.createdAt)}">${esc(formatTime(p.createdAt))}</td>`,
      `<td class="num">${Number.isFinite(took) ? esc(formatDuration(Math.max(0, took))) : ''}</td>`,
      `<td class="num cost">${p.costUsd !== undefined ? esc(formatUsd(p.costUsd)) : ''}</td>`,
      `<td class="mono small">${esc(p.planId)}</td>`,
      '</tr>',
    ].join('');
  });
  // The sum of the runs shown: what the page's filters select, not every plan stored.
  const priced = plans.filter((p) => p.costUsd !== undefined);
  const total = priced.reduce((n, p) => n + (p.costUsd ?? 0), 0);
  const foot = `<tfoot><tr><td colspan="7" class="small">${plans.length} plan(s) shown; ${priced.length} with a cost</td><td class="num cost" id="cost-total" data-usd="${esc(Math.round(total * 1e6) / 1e6)}">${esc(formatUsd(total))}</td><td></td></tr></tfoot>`;
  return `<table class="plans"><thead><tr><th>status</th><th>task</th><th>kind</th><th>answered by</th><th>created</th><th>took</th><th>cost</th><th>plan id</th></tr></thead><tbody>${rows.join('')}</tbody>${foot}</table>`;
}

/** The plan's cost: the total, its two parts, and what the AWS estimate counted in the tooltip. */
function costHtml(cost: NonNullable<NonNullable<PlanView['metadata']>['cost']>): string {
  const a = cost.aws;
  const counted = `AWS estimate (${a.workflowType} workflow): ${a.stateTransitions} state transitions, ${a.lambdaRequests} Lambda requests, ${a.lambdaGbSeconds} GB-s, DynamoDB ${a.dynamodbWriteUnits} write / ${a.dynamodbReadUnits} read units`;
  const unpriced = cost.llm.unpricedCalls > 0 ? `; ${cost.llm.unpricedCalls} model call(s) have no price` : '';
  return `<span id="plan-cost" data-usd="${esc(cost.usd)}" title="${esc(counted + unpriced)}">cost ${esc(formatUsd(cost.usd))} (LLM ${esc(formatUsd(cost.llmUsd))} + AWS ${esc(formatUsd(cost.awsUsd))} est.)</span>`;
}

/** Who answered the model calls, and the provider configured first when a fallback answered instead. */
function whoAnswered(view: PlanView): string {
  const m = view.metadata!;
  const configured = `${m.provider}/${m.model}`;
  const who = answeredBy(view) ?? configured;
  const fell = m.llmCalls.some((c) => (c.failedOver?.length ?? 0) > 0);
  return fell && who !== configured ? `answered by ${who} (after ${configured} failed)` : `answered by ${who}`;
}

function headerHtml(view: PlanView, activity: Activity, now: number): string {
  const m = view.metadata;
  const facts = [
    `<span class="mono">${esc(view.planId)}</span>`,
    `created ${esc(formatTime(view.createdAt))}`,
    activity.startedAt !== undefined ? `${isFinished(view.status) ? 'took' : 'running for'} ${esc(formatDuration(elapsedMs(activity, now)))}` : '',
    view.corpus !== undefined ? `corpus <span class="mono" id="plan-corpus">${esc(view.corpus)}</span>` : 'corpus <span id="plan-corpus">the default</span>',
    m
      ? `<span id="answered-by">${esc(whoAnswered(view))}</span> · ${m.llmCalls.length} LLM call${m.llmCalls.length === 1 ? '' : 's'} · ${m.inputTokens} tokens in, ${m.outputTokens} out`
      : '',
    m?.confidence !== undefined ? `confidence ${esc(m.confidence)}` : '',
    m?.cost ? costHtml(m.cost) : '',
  ].filter(Boolean);
  return [
    '<header class="plan-header">',
    `<p class="crumbs"><a href="/">← all plans</a></p>`,
    `<h1>${badge(view.status)} <span class="task">${esc(view.task)}</span></h1>`,
    `<p class="facts">${facts.join(' · ')}</p>`,
    view.error ? `<p class="error-box">Failed in ${esc(view.error.phase)}: <strong>${esc(view.error.name)}</strong>: ${esc(view.error.message)}</p>` : '',
    shortAnswerHtml(view),
    '</header>',
  ].join('');
}

const LEGEND = ['succeeded', 'running', 'waiting', 'pending', 'skipped', 'failed']
  .map((state) => `<span class="legend-item state-${state}"><span class="swatch"></span>${state}</span>`)
  .join('');

function dagHtml(view: PlanView, activity: Activity): string {
  if (!view.plan)
    return `<section id="dag"><h2>Plan</h2><p class="empty">${isFinished(view.status) ? 'No valid plan was accepted.' : 'Planning…'}</p></section>`;
  // The trace is live; the results, once there, are the final word.
  const marks = view.results ? marksFromResults(view.results.steps) : marksFromActivity(activity);
  return `<section id="dag"><h2>Plan <small>${view.plan.plan.length} steps · click a step for its details</small></h2><div class="legend">${LEGEND}</div><div class="scroll">${planSvg(view.plan, marks)}</div></section>`;
}

function attemptsHtml(activity: Activity): string {
  if (activity.attempts.length === 0) return '<section id="attempts"><h2>Planner attempts</h2><p class="empty">None yet.</p></section>';
  const items = activity.attempts.map((a) => {
    const verdict =
      a.extractionError !== undefined
        ? 'no plan in the answer'
        : a.valid === undefined
          ? 'validating…'
          : a.valid
            ? 'valid'
            : `${a.errors.length} error${a.errors.length === 1 ? '' : 's'}`;
    const errors = [
      ...(a.extractionError !== undefined ? [`<li><code>(text)</code> ${esc(a.extractionError)}</li>`] : []),
      ...a.errors.map((e) => `<li><code>${esc(e.path)}</code> ${esc(e.message)}</li>`),
    ];
    return [
      `<li class="attempt ${a.valid === false || a.extractionError !== undefined ? 'invalid' : a.valid ? 'valid' : ''}" data-attempt="${a.attempt}">`,
      `<strong>Attempt ${a.attempt}</strong> · ${esc(a.kind)}${a.source ? ` · ${esc(a.source)}` : ''} · <span class="verdict">${esc(verdict)}</span>`,
      errors.length > 0 ? `<ul class="issues">${errors.join('')}</ul>` : '',
      '</li>',
    ].join('');
  });
  return `<section id="attempts"><h2>Planner attempts</h2><ol class="attempts">${items.join('')}</ol></section>`;
}

/** An iterative plan's rounds: the steps each added, and why the loop ended. */
function roundsHtml(view: PlanView, activity: Activity): string {
  const stored = view.rounds;
  if (!stored && !activity.rounds) return '';
  const byRound = stored
    ? stored.rounds.map((r) => [r.round, r.stepIds] as const)
    : Object.entries(activity.rounds!.steps).map(([r, ids]) => [Number(r), ids] as const);
  // Each round's steps together, each one opening its details.
  const typeOf = (id: number) => view.plan?.plan.find((step) => step.step_id === id)?.type ?? 'step';
  const chips = (ids: readonly number[]) =>
    ids.map((id) => `<button type="button" class="step-chip" data-open-step="${id}">${id} · ${esc(typeOf(id))}</button>`).join(' ');
  const items = byRound.map(([round, ids]) => `<li class="round" data-round="${round}"><strong>Round ${round}</strong> ${chips(ids)}</li>`);
  const stop = stored?.stop ?? activity.rounds?.stop;
  const ended = stop ? `<p class="round-stop">Ended: <strong>${esc(stop.reason.replace(/_/g, ' '))}</strong> · ${esc(stop.detail)}</p>` : '';
  return `<section id="rounds"><h2>Rounds${stored ? ` <small>at most ${stored.maxRounds}</small>` : ''}</h2><ol class="rounds">${items.join('')}</ol>${ended}</section>`;
}

/** The answer itself, on top: what was asked for, before how it was reached. */
function shortAnswerHtml(view: PlanView): string {
  const r = view.results;
  if (!r) return '';
  const text = r.refused ? 'none: the corpus does not answer this' : typeof r.shortAnswer === 'string' ? r.shortAnswer : 'see the answer below';
  return `<p id="short-answer" class="short-answer${r.refused ? ' refused' : ''}">Answer: <strong>${esc(text)}</strong></p>`;
}

/** Retrieved but not used by the answer: listed apart from the sources, marked unused. */
function alsoRetrievedHtml(view: PlanView): string {
  const also = view.results?.alsoRetrieved ?? [];
  if (also.length === 0) return '';
  const items = also.map((s) => `<li class="unused" data-source-id="${esc(s.id)}"><strong>${esc(s.id)}</strong>${s.title ? ` · ${esc(s.title)}` : ''}</li>`);
  return `<section id="also-retrieved"><h2>Also retrieved <small>not used by the answer</small></h2><ul class="also-retrieved">${items.join('')}</ul></section>`;
}

function sourcesHtml(view: PlanView): string {
  const results = view.results;
  const answer = results ? `<section id="answer"><h2>Answer</h2><p class="answer">${esc(results.answer)}</p></section>` : '';
  if (view.sources.length === 0)
    return `${answer}<section id="sources"><h2>Sources</h2><p class="empty">${results?.refused ? 'None: the answer cites nothing.' : isFinished(view.status) ? 'No sources.' : 'Once the plan has run.'}</p></section>${alsoRetrievedHtml(view)}`;
  const coverage = results ? ` <small>coverage ${results.coverage.covered_count}/${results.coverage.subquery_count} sub-queries</small>` : '';
  const rows = view.sources.map(
    (s, i) =>
      `<tr class="source" data-source-id="${esc(s.id)}"><td class="num">${i + 1}</td><td><strong>${esc(s.id)}</strong>${s.title ? `<br><span class="small">${esc(s.title)}</span>` : ''}</td><td>${esc(s.modality)}</td><td class="num">${esc(s.score.toFixed(3))}</td><td class="num">${s.step_id}</td><td class="mono subquery">${esc(s.subquery_id ?? '')}</td><td class="num rank">${s.rank_in_subquery ?? ''}</td><td class="snippet">${esc(s.snippet)}</td></tr>`,
  );
  return `${answer}<section id="sources"><h2>Sources${coverage}</h2><table class="sources"><thead><tr><th>#</th><th>document</th><th>modality</th><th>score</th><th>step</th><th>subquery_id</th><th>rank_in_subquery</th><th>snippet</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>${alsoRetrievedHtml(view)}`;
}

/** One input per field of the answer's schema: a list for a choice, yes/no for a boolean, a number or text box. */
function fieldInputHtml(name: string, field: AnswerField, required: boolean): string {
  const id = `answer-${esc(name)}`;
  const attrs = `id="${id}" name="${esc(name)}" data-type="${esc(field.type)}"${required ? ' required' : ''}`;
  let input: string;
  if (field.enum !== undefined || field.type === 'boolean') {
    const choices = field.enum ?? [true, false];
    const options = choices.map(
      (c) => `<option value="${esc(String(c))}"${c === field.default ? ' selected' : ''}>${esc(c === true ? 'yes' : c === false ? 'no' : String(c))}</option>`,
    );
    input = `<select ${attrs}>${required && field.default === undefined ? '<option value="" selected disabled>choose…</option>' : '<option value=""></option>'}${options.join('')}</select>`;
  } else {
    const type = field.type === 'string' ? 'text' : 'number';
    const bounds = [
      field.minimum !== undefined ? ` min="${field.minimum}"` : '',
      field.maximum !== undefined ? ` max="${field.maximum}"` : '',
      field.type === 'integer' ? ' step="1"' : field.type === 'number' ? ' step="any"' : '',
      field.maxLength !== undefined ? ` maxlength="${field.maxLength}"` : '',
      field.default !== undefined ? ` value="${esc(String(field.default))}"` : '',
    ].join('');
    input = `<input type="${type}" ${attrs}${bounds}>`;
  }
  const label = `${esc(field.title ?? name)}${required ? '' : ' <small>(optional)</small>'}`;
  return `<p class="field"><label for="${id}">${label}</label> ${input}${field.description ? ` <small>${esc(field.description)}</small>` : ''}</p>`;
}

/** While the plan waits for input: its question as a form built from the answer's schema, posted to POST /plans/{id}/input. */
function questionHtml(view: PlanView): string {
  const question = view.question;
  if (view.status !== 'waiting_for_input' || question === undefined) return '';
  const schema = question.schema as unknown as AnswerSchema;
  const required = new Set(schema.required ?? []);
  const fields = answerFields(schema).map(([name, field]) => fieldInputHtml(name, field, required.has(name)));
  return [
    `<section id="question"><h2>Question <small>step ${question.step_id}</small></h2>`,
    `<form id="answer-form" data-step-id="${question.step_id}"><p class="message">${esc(question.message)}</p>${fields.join('')}`,
    '<p><button type="submit">Answer</button></p><p id="answer-errors" class="error-box" hidden></p></form></section>',
  ].join('');
}

/** The whole plan page from `GET /plans/{id}` and `GET /plans/{id}/trace`; with `openStep`, that step's panel. */
export function planPageHtml(view: PlanView, events: readonly TraceEvent[], now: number, openStep?: number): string {
  const activity = foldTrace(events);
  return [
    headerHtml(view, activity, now),
    questionHtml(view),
    dagHtml(view, activity),
    `<section id="timeline"><h2>Timeline</h2><div class="scroll">${timelineSvg(activity, now)}</div></section>`,
    attemptsHtml(activity),
    roundsHtml(view, activity),
    sourcesHtml(view),
    openStep !== undefined ? stepPanelHtml(view, events, activity.steps, openStep) : '',
  ].join('');
}
