/**
 * The page of one plan: reads GET /plans/{id} and /plans/{id}/trace (the HTTP API) and draws
 * them with cli/view/plan-page.ts, again every 700 ms until the plan has finished.
 */

import { esc } from '../cli/view/html.js';
import { isFinished, planPageHtml } from '../cli/view/plan-page.js';
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
    root.dataset.state = isFinished(view.status) ? 'done' : 'live';
    if (!isFinished(view.status)) setTimeout(() => void refresh(root, planId), POLL_MS);
  } catch (error) {
    root.innerHTML = `<p class="crumbs"><a href="/">← all plans</a></p><p class="error-box">${esc(error instanceof Error ? error.message : String(error))}</p>`;
    root.dataset.state = 'error';
  }
}

const root = appRoot();
void refresh(root, root.dataset.planId ?? '');
