/**
 * The learned tools: GET /tools drawn with cli/view/tools-page.ts, and each decision posted to
 * POST /tools/{id}/approve with serve's token, then the list read again.
 */
import { esc } from '../cli/view/html.js';
import { type ToolRow, toolsPageHtml } from '../cli/view/tools-page.js';
import { appRoot, fetchJson } from './fetch-json.js';

const root = appRoot();

async function show(): Promise<void> {
  try {
    const { tools } = await fetchJson<{ tools: ToolRow[] }>('/tools');
    root.innerHTML = toolsPageHtml(tools);
    root.dataset.state = 'done';
  } catch (error) {
    root.innerHTML = `<p class="error-box">${esc(error instanceof Error ? error.message : String(error))}</p>`;
    root.dataset.state = 'error';
  }
}

root.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.decide');
  if (!button) return;
  const { toolId, decision, to } = button.dataset;
  root.dataset.state = 'loading';
  fetchJson(`/tools/${encodeURIComponent(toolId ?? '')}/approve`, { method: 'POST', body: JSON.stringify({ decision, ...(to ? { to } : {}) }) })
    .then(() => show())
    .catch((error: unknown) => {
      const problem = root.querySelector<HTMLElement>('#tool-error');
      if (problem) {
        problem.textContent = error instanceof Error ? error.message : String(error);
        problem.hidden = false;
      }
      root.dataset.state = 'done';
    });
});
void show();
