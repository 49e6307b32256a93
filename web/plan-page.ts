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

async function refresh(root: HTMLElement, planId: string): Promise<void> {
  const path = `/plans/${encodeURIComponent(planId)}`;
  try {
    const [view, trace] = await Promise.all([fetchJson<PlanView>(path), fetchJson<{ events: TraceEvent[] }>(`${path}/trace`)]);
    root.innerHTML = planPageHtml(view, trace.events, Date.now());
    root.dataset.status = view.status;
    root.dataset.state = isFinished(view.status) ? 'done' : view.status === 'waiting_for_input' ? 'waiting' : 'live';
    if (view.status === 'waiting_for_input' && view.question) wireAnswerForm(root, planId, view.question.schema as unknown as AnswerSchema);
    else if (!isFinished(view.status)) setTimeout(() => void refresh(root, planId), POLL_MS);
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

const root = appRoot();
void refresh(root, root.dataset.planId ?? '');
