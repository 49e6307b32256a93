/**
 * The page of one plan: reads GET /plans/{id} and /plans/{id}/trace (the HTTP API) and draws
 * them with cli/view/plan-page.ts, again every 700 ms until the plan has finished. A plan that
 * waits for input shows its question as a form; polling pauses (so the form is not redrawn
 * under the user) until the answer is posted to POST /plans/{id}/input.
 */

import { esc } from '../cli/view/html.js';
import { isFinished, planPageHtml } from '../cli/view/plan-page.js';
import { type AnswerSchema, answerFields, parseFieldInput } from '../functions/core/steps/answer-schema.js';
import type { TraceEvent } from '../functions/core/types.js';
import type { PlanView } from '../functions/core/workflow/plan-view.js';
import { appRoot, fetchJson } from './fetch-json.js';

const POLL_MS = 700;

/** The step whose panel is open, and the last answers, to draw it again without a request. */
let openStep: number | undefined;
let last: { view: PlanView; events: TraceEvent[] } | undefined;

function draw(root: HTMLElement): void {
  if (!last) return;
  const { view } = last;
  root.innerHTML = planPageHtml(view, last.events, Date.now(), openStep);
  // A new form each time: its answer is wired again.
  if (view.status === 'waiting_for_input' && view.question) wireAnswerForm(root, view.planId, view.question.schema as unknown as AnswerSchema);
}

async function refresh(root: HTMLElement, planId: string): Promise<void> {
  const path = `/plans/${encodeURIComponent(planId)}`;
  try {
    const [view, trace] = await Promise.all([fetchJson<PlanView>(path), fetchJson<{ events: TraceEvent[] }>(`${path}/trace`)]);
    last = { view, events: trace.events };
    draw(root);
    root.dataset.status = view.status;
    root.dataset.state = isFinished(view.status) ? 'done' : view.status === 'waiting_for_input' ? 'waiting' : 'live';
    if (view.status !== 'waiting_for_input' && !isFinished(view.status)) setTimeout(() => void refresh(root, planId), POLL_MS);
  } catch (error) {
    root.innerHTML = `<p class="crumbs"><a href="/">← all plans</a></p><p class="error-box">${esc(error instanceof Error ? error.message : String(error))}</p>`;
    root.dataset.state = 'error';
  }
}

/** Posts the form's answer; the server checks it against the schema and names each problem. */
function wireAnswerForm(root: HTMLElement, planId: string, schema: AnswerSchema): void {
  const form = root.querySelector<HTMLFormElement>('#answer-form');
  const errors = root.querySelector<HTMLElement>('#answer-errors');
  if (!form || !errors) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const answer: Record<string, unknown> = {};
    for (const [name, field] of answerFields(schema)) {
      const input = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      const value = input ? parseFieldInput(field, input.value) : undefined;
      if (value !== undefined) answer[name] = value;
    }
    errors.hidden = true;
    fetchJson(`/plans/${encodeURIComponent(planId)}/input`, { method: 'POST', body: JSON.stringify({ answer }) })
      .then(() => refresh(root, planId))
      .catch((error: unknown) => {
        errors.textContent = error instanceof Error ? error.message : String(error);
        errors.hidden = false;
      });
  });
}

/** A click on a step of the DAG, or on a step's chip, opens its panel; the close button or Escape shuts it. */
function wireStepPanel(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('#step-panel-close')) {
      openStep = undefined;
      return draw(root);
    }
    const opener = target.closest<Element>('#dag .dag-node[data-step-id], [data-open-step]');
    if (!opener) return;
    const id = Number(opener.getAttribute('data-open-step') ?? opener.getAttribute('data-step-id'));
    if (!Number.isInteger(id)) return;
    openStep = id;
    draw(root);
    root.querySelector<HTMLElement>('#step-panel-close')?.focus();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && openStep !== undefined) {
      openStep = undefined;
      draw(root);
    }
  });
}

const root = appRoot();
wireStepPanel(root);
void refresh(root, root.dataset.planId ?? '');
