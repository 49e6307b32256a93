/**
 * The first page: a box to start a plan (POST /plans, then its page) and the plans GET /plans
 * lists, with its filters (text in the task, status, task kind, since) and its pages (the cursor
 * each page returns, kept in a stack so that the previous page comes back as it was asked). The
 * first page is read again every 1.5 s while one of its plans is still running.
 */
import { esc } from '../cli/view/html.js';
import { isFinished, type PlanSummary, plansListHtml } from '../cli/view/plan-page.js';
import { PLAN_STATUSES } from '../functions/core/types.js';
import { appRoot, fetchJson } from './fetch-json.js';

const POLL_MS = 1500;
/** Plans a page: 20, or the address's `?limit=` (1 to 200). */
const PAGE_SIZE = ((asked: number) => (Number.isInteger(asked) && asked >= 1 && asked <= 200 ? asked : 20))(
  Number(new URLSearchParams(window.location.search).get('limit')),
);
const KINDS = ['comparison', 'bridge', 'conditional', 'top_n', 'multimodal', 'lookup'];

const options = (values: readonly string[], any: string) =>
  [`<option value="">${esc(any)}</option>`, ...values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`)].join('');

const FORM = [
  '<h1>Plans</h1>',
  '<p class="crumbs"><a href="/ui/tools">learned tools →</a></p>',
  '<form id="new-plan" class="new-plan">',
  '<label for="task">Task</label>',
  '<input id="task" name="task" required autocomplete="off" placeholder="Compare the populations of Lyon and Marseille">',
  '<button type="submit">Plan and run</button>',
  '</form>',
  '<p id="form-error" class="error-box" hidden></p>',
  '<form id="filters" class="filters">',
  '<input id="q" name="q" type="search" autocomplete="off" placeholder="Search the tasks">',
  `<select id="status" name="status" aria-label="status">${options(PLAN_STATUSES, 'any status')}</select>`,
  `<select id="kind" name="kind" aria-label="task kind">${options(KINDS, 'any kind')}</select>`,
  `<select id="since" name="since" aria-label="since">${options(['1h', '24h', '7d', '30d'], 'any time')}</select>`,
  '<button type="submit">Search</button>',
  '</form>',
  '<section id="plans"></section>',
  '<nav class="pager"><button id="prev" type="button" disabled>← newer</button><span id="page-no">page 1</span><button id="next" type="button" disabled>older →</button></nav>',
].join('');

interface Listing {
  plans: PlanSummary[];
  next?: string;
}

const root = appRoot();
root.innerHTML = FORM;
const list = root.querySelector<HTMLElement>('#plans')!;
const form = root.querySelector<HTMLFormElement>('#new-plan')!;
const filters = root.querySelector<HTMLFormElement>('#filters')!;
const problem = root.querySelector<HTMLElement>('#form-error')!;
const prev = root.querySelector<HTMLButtonElement>('#prev')!;
const next = root.querySelector<HTMLButtonElement>('#next')!;
const pageNo = root.querySelector<HTMLElement>('#page-no')!;

/** The cursors of the pages shown so far: [undefined] on the first page. */
let cursors: Array<string | undefined> = [undefined];
let nextCursor: string | undefined;
let poll: ReturnType<typeof setTimeout> | undefined;

function query(cursor: string | undefined): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  for (const [name, value] of new FormData(filters)) if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  if (cursor !== undefined) params.set('next', cursor);
  return `/plans?${params}`;
}

async function show(): Promise<void> {
  clearTimeout(poll);
  root.dataset.state = 'loading';
  try {
    const cursor = cursors[cursors.length - 1];
    const page = await fetchJson<Listing>(query(cursor));
    list.innerHTML = plansListHtml(page.plans, Date.now());
    nextCursor = page.next;
    next.disabled = nextCursor === undefined;
    prev.disabled = cursors.length <= 1;
    pageNo.textContent = `page ${cursors.length}`;
    root.dataset.state = 'done';
    root.dataset.page = String(cursors.length);
    if (cursors.length === 1 && page.plans.some((p) => !isFinished(p.status))) poll = setTimeout(() => void show(), POLL_MS);
  } catch (error) {
    list.innerHTML = `<p class="error-box">${esc(error instanceof Error ? error.message : String(error))}</p>`;
    root.dataset.state = 'error';
  }
}

filters.addEventListener('submit', (event) => {
  event.preventDefault();
  cursors = [undefined];
  void show();
});
for (const select of filters.querySelectorAll('select')) select.addEventListener('change', () => filters.requestSubmit());
next.addEventListener('click', () => {
  if (nextCursor === undefined) return;
  cursors.push(nextCursor);
  void show();
});
prev.addEventListener('click', () => {
  if (cursors.length <= 1) return;
  cursors.pop();
  void show();
});
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
void show();
