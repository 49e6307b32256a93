/**
 * The panel a step of the plan page opens into: its resolved inputs (the parameters its
 * step.started event carries, templates filled in), its output (documents with titles, scores and
 * snippets, the first few shown and the rest behind a disclosure), timing, attempts and errors;
 * for an llm_call the prompt it was given and the response; a composite tool's parts, each with
 * its own details. Pure HTML from GET /plans/{id} (stepDetails) and its trace.
 */
import type { TraceEvent } from '../../functions/core/types.js';
import type { PlanView } from '../../functions/core/workflow/plan-view.js';
import type { DocumentDetail, StepDetail } from '../../functions/core/workflow/step-details.js';
import { formatDuration, type StepActivity } from './activity.js';
import { esc } from './html.js';

/** Documents shown before the rest is folded away. */
const DOCUMENTS_SHOWN = 5;

const badge = (status: string) => `<span class="badge status-${esc(status)}" data-status="${esc(status)}">${esc(status)}</span>`;
const json = (value: unknown) => esc(JSON.stringify(value, null, 2));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the step.started events say of a step: the last run's parameters, and its round. */
function startedOf(events: readonly TraceEvent[], stepId: number): { parameters?: Record<string, unknown>; round?: number; at?: string } {
  const started = events.filter((e) => e.type === 'step.started' && e.data?.step_id === stepId).sort((a, b) => a.seq - b.seq);
  const last = started.at(-1);
  if (!last) return {};
  const parameters = isRecord(last.data?.parameters) ? last.data.parameters : undefined;
  const round = typeof last.data?.round === 'number' ? last.data.round : undefined;
  return { ...(parameters ? { parameters } : {}), ...(round !== undefined ? { round } : {}), at: last.at };
}

function valueHtml(value: unknown): string {
  if (typeof value === 'string') return `<span class="value">${esc(value)}</span>`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return `<code>${esc(String(value))}</code>`;
  return `<pre class="json">${json(value)}</pre>`;
}

function parametersHtml(parameters: Record<string, unknown>): string {
  const rows = Object.entries(parameters).map(([key, value]) => `<dt>${esc(key)}</dt><dd>${valueHtml(value)}</dd>`);
  return rows.length > 0 ? `<dl class="parameters">${rows.join('')}</dl>` : '<p class="empty">No parameters.</p>';
}

function documentRow(d: DocumentDetail, i: number): string {
  return `<li class="doc" data-doc-id="${esc(d.id)}"><span class="num">${i + 1}.</span> <strong>${esc(d.title ?? d.id)}</strong> <span class="mono small">${esc(d.id)}</span>${d.score !== undefined ? ` <span class="score">score ${esc(d.score.toFixed(3))}</span>` : ''}<br><span class="snippet">${esc(d.snippet)}</span></li>`;
}

function documentsHtml(detail: StepDetail): string {
  const docs = detail.documents ?? [];
  if (detail.documents === undefined) return '';
  if (docs.length === 0) return '<p class="empty">No documents.</p>';
  const first = docs.slice(0, DOCUMENTS_SHOWN).map(documentRow);
  const rest = docs.slice(DOCUMENTS_SHOWN).map((d, i) => documentRow(d, i + DOCUMENTS_SHOWN));
  const notCarried = (detail.documentCount ?? docs.length) - docs.length;
  return [
    `<ol class="documents">${first.join('')}</ol>`,
    rest.length > 0
      ? `<details class="more-documents"><summary>${rest.length} more document${rest.length === 1 ? '' : 's'}</summary><ol class="documents">${rest.join('')}</ol></details>`
      : '',
    notCarried > 0 ? `<p class="small">… and ${notCarried} more the step returned, not carried in the view.</p>` : '',
  ].join('');
}

/** An llm_call's prompt (its instruction, the task, the documents it read) and its response. */
function llmCallHtml(detail: StepDetail | undefined, parameters: Record<string, unknown> | undefined, task: string): string {
  const out = detail?.output ?? {};
  const call = isRecord(out.llm_call) ? out.llm_call : undefined;
  const read = Array.isArray(out.read_documents) ? out.read_documents.map(String) : [];
  const prompt = [
    '<section class="panel-prompt"><h3>Prompt</h3>',
    `<p class="instruction">${esc(String(parameters?.prompt ?? ''))}</p>`,
    `<p class="small">Question: ${esc(task)}</p>`,
    read.length > 0 ? `<p class="small">Documents read: ${read.map((id) => `<span class="mono">${esc(id)}</span>`).join(', ')}</p>` : '',
    '</section>',
  ].join('');
  if (detail?.status !== 'succeeded') return prompt;
  const short = out.short_answer;
  const citations = Array.isArray(out.citations) ? out.citations.map(String) : [];
  return [
    prompt,
    '<section class="panel-response"><h3>Response</h3>',
    typeof short === 'string' ? `<p class="short">Short answer: <strong>${esc(short)}</strong></p>` : '',
    detail.text !== undefined ? `<pre class="response-text">${esc(detail.text)}</pre>` : '',
    citations.length > 0 ? `<p class="small">Cites ${citations.map((id) => `<span class="mono">${esc(id)}</span>`).join(', ')}</p>` : '',
    call
      ? `<p class="small">${esc(String(call.provider ?? ''))}/${esc(String(call.model ?? ''))} · ${esc(String(call.input_tokens ?? '?'))} tokens in, ${esc(String(call.output_tokens ?? '?'))} out · ${esc(String(call.duration_ms ?? '?'))} ms</p>`
      : '',
    '</section>',
  ].join('');
}

/** The fields of the output the sections above do not show. */
function outputFieldsHtml(detail: StepDetail, shown: readonly string[]): string {
  const rest = Object.fromEntries(Object.entries(detail.output).filter(([key]) => !shown.includes(key)));
  if (Object.keys(rest).length === 0) return '';
  return `<details class="output-fields"><summary>Output fields</summary><pre class="json">${json(rest)}</pre></details>`;
}

function factsHtml(detail: StepDetail | undefined, activity: StepActivity | undefined, round: number | undefined): string {
  const facts = [
    badge(detail?.status ?? activity?.state ?? 'pending'),
    round !== undefined ? `round ${round}` : '',
    detail?.startedAt ? `started ${esc(detail.startedAt.slice(11, 23))}` : '',
    detail ? `took ${esc(formatDuration(detail.durationMs))}` : activity?.durationMs !== undefined ? `took ${esc(formatDuration(activity.durationMs))}` : '',
    detail ? `${detail.attempts} attempt${detail.attempts === 1 ? '' : 's'}` : '',
    activity && activity.retries > 0 ? `${activity.retries} retr${activity.retries === 1 ? 'y' : 'ies'}` : '',
  ].filter(Boolean);
  return `<p class="facts">${facts.join(' · ')}</p>`;
}

function problemsHtml(detail: StepDetail | undefined): string {
  if (!detail) return '';
  return [
    detail.error ? `<p class="error-box">Error: ${esc(detail.error)}</p>` : '',
    detail.reason ? `<p class="reason">Why: ${esc(detail.reason)}</p>` : '',
    detail.condition ? `<p class="reason">Condition: <code>${esc(detail.condition)}</code></p>` : '',
  ].join('');
}

/** A composite's part: a disclosure holding its own facts, errors, documents and output. */
function partHtml(part: StepDetail): string {
  const shown = ['llm_call', 'read_documents', 'citations', 'short_answer'];
  return [
    `<details class="part" data-part-id="${part.step_id}"><summary>part ${part.step_id} · ${esc(part.type)} · ${badge(part.status)} · ${esc(formatDuration(part.durationMs))}</summary>`,
    problemsHtml(part),
    documentsHtml(part),
    part.text !== undefined ? `<pre class="response-text">${esc(part.text)}</pre>` : '',
    outputFieldsHtml(part, shown),
    part.parts && part.parts.length > 0 ? `<div class="parts">${part.parts.map(partHtml).join('')}</div>` : '',
    '</details>',
  ].join('');
}

/** The panel of step `stepId`, or nothing when the plan has no such step. */
export function stepPanelHtml(view: PlanView, events: readonly TraceEvent[], steps: readonly StepActivity[], stepId: number): string {
  const planned = view.plan?.plan.find((s) => s.step_id === stepId);
  if (!planned) return '';
  const detail = view.stepDetails?.find((d) => d.step_id === stepId);
  const activity = steps.find((s) => s.stepId === stepId);
  const started = startedOf(events, stepId);
  const round = started.round ?? activity?.round;
  const parameters = started.parameters ?? (planned.parameters as Record<string, unknown>);
  const isLlm = planned.type === 'llm_call';
  const sections = [
    `<section class="panel-inputs"><h3>Inputs <small>${started.parameters ? 'as run, templates filled in' : 'as planned: not run yet'}</small></h3>`,
    parametersHtml(parameters),
    planned.dependencies.length > 0
      ? `<p class="small">After ${planned.dependencies.map((d) => `<button type="button" class="step-chip" data-open-step="${d}">step ${d}</button>`).join(' ')}</p>`
      : '',
    '</section>',
    isLlm ? llmCallHtml(detail, parameters, view.task) : '',
  ];
  if (detail) {
    const shown = isLlm ? ['llm_call', 'read_documents', 'citations', 'short_answer'] : [];
    sections.push(
      '<section class="panel-output"><h3>Output</h3>',
      documentsHtml(detail),
      !isLlm && detail.text !== undefined ? `<pre class="response-text">${esc(detail.text)}</pre>` : '',
      outputFieldsHtml(detail, shown),
      '</section>',
    );
    if (detail.parts && detail.parts.length > 0) {
      sections.push(
        `<section class="panel-parts"><h3>Parts <small>${detail.parts.length} steps of the composite</small></h3>`,
        detail.parts.map(partHtml).join(''),
        '</section>',
      );
    }
  } else if (activity?.state === 'running') sections.push('<p class="empty">Running…</p>');
  return [
    `<aside id="step-panel" role="dialog" aria-labelledby="step-panel-title" data-step-id="${stepId}">`,
    `<header><h2 id="step-panel-title">Step ${stepId} <small>${esc(planned.type)}</small></h2><button type="button" id="step-panel-close" aria-label="Close the step's details">×</button></header>`,
    factsHtml(detail, activity, round),
    problemsHtml(detail),
    ...sections,
    '</aside>',
  ].join('');
}
