/**
 * The first page: a box to start a plan (POST /plans, then its page) and the last plans, read
 * again every 1.5 s while one of them is still running.
 */
import { esc } from '../cli/view/html.js';
import { isFinished, type PlanSummary, plansListHtml } from '../cli/view/plan-page.js';
import { appRoot, fetchJson } from './fetch-json.js';

const POLL_MS = 1500;

const FORM = [
  '<h1>Plans</h1>',
  '<form id="new-plan" class="new-plan">',
  '<label for="task">Task</label>',
  '<input id="task" name="task" required autocomplete="off" placeholder="Compare the populations of Lyon and Marseille">',
  '<button type="submit">Plan and run</button>',
  '</form>',
  '<p id="form-error" class="error-box" hidden></p>',
  '<section id="plans"></section>',
].join('');

async function refreshList(list: HTMLElement, root: HTMLElement): Promise<void> {
  try {
    const { plans } = await fetchJson<{ plans: PlanSummary[] }>('/ui/plans.json?limit=50');
    list.innerHTML = plansListHtml(plans, Date.now());
    root.dataset.state = 'done';
    if (plans.some((p) => !isFinished(p.status))) setTimeout(() => void refreshList(list, root), POLL_MS);
  } catch (error) {
    list.innerHTML = `<p class="error-box">${esc(error instanceof Error ? error.message : String(error))}</p>`;
    root.dataset.state = 'error';
  }
}

const root = appRoot();
root.innerHTML = FORM;
const list = root.querySelector<HTMLElement>('#plans')!;
const form = root.querySelector<HTMLFormElement>('#new-plan')!;
const problem = root.querySelector<HTMLElement>('#form-error')!;
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const task = String(new FormData(form).get('task') ?? '');
  fetchJson<{ planId: string }>('/plans', { method: 'POST', body: JSON.stringify({ task }) })
    .then(({ planId }) => {
      window.location.assign(`/ui/plans/${encodeURIComponent(planId)}`);
    })
    .catch((error: unknown) => {
      problem.textContent = error instanceof Error ? error.message : String(error);
      problem.hidden = false;
    });
});
void refreshList(list, root);
