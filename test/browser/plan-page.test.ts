/**
 * The pages of `cairn serve` in a real browser: the Chromium that `npm ci` brings (the package
 * @sparticuz/chromium, see ./chromium.ts), driven by playwright-core with its executable path set
 * (no browser is ever downloaded), against `cairn serve` started as a user starts it, on a free
 * loopback port, over plans it ran itself. The browser may reach this
 * machine's loopback only; every other request is refused and fails the test.
 *
 * The screenshots go to $CAIRN_SCREENSHOT_DIR (default: a temporary folder); with
 * UPDATE_SCREENSHOTS=1 they also replace the README's pictures in docs/.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFileOf } from '../../cli/serve/owner-token.js';
import { createDynamoClient } from '../../functions/adapters/dynamodb/client.js';
import { DynamoLearnedToolStore } from '../../functions/adapters/dynamodb/learned-tools.js';
import { endpointFileOf, secretFileOf } from '../../local/store/shared-store.js';
import { cairnCommand, cairnEnvironment } from '../support/cairn-process.js';
import { learnedRecord, searchThenGet } from '../support/learned.js';
import { CHROMIUM_FLAGS, chromiumExecutable } from './chromium.js';

const CONDITIONAL_TASK = 'If the corpus mentions a tram network in Lyon, summarize public transport in Lyon, otherwise describe the museums of Lyon';
const SCREENSHOT_DIR = process.env.CAIRN_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'cairn-screenshots-'));

/** A supplied plan whose second step depends on a step that does not exist: validation refuses it. */
const INVALID_PLAN_REQUEST = {
  task: 'What is the population of Lyon?',
  options: {
    plan: {
      plan: [
        { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon population' }, dependencies: [], trace: {} },
        { step_id: 2, type: 'rerank', modality: 'text', parameters: { input_step: 1 }, dependencies: [7], trace: {} },
      ],
      traceability: true,
    },
  },
};

let serve: ChildProcessByStdio<null, Readable, Readable>;
let baseUrl: string;
/** The first page's address serve printed, which hands the page serve's token. */
let pageUrl: string;
/** Serve's token, read from its home as the CLI reads it. */
let token: string;
let context: BrowserContext;
let profile: string | undefined;
const outside: string[] = [];
const consoleErrors: string[] = [];
let conditionalId: string;
let invalidId: string;
/** The serve's home, where its store and token are. */
let home: string;

/** What a page script sees of its origin's storage (the tests are typed without the DOM's types). */
type WithStorage = { localStorage: { getItem(key: string): string | null; removeItem(key: string): void } };

/** Starts `cairn serve --port 0` and resolves with the URL it prints and the page's address with the token. */
function startServe(home: string): Promise<{ url: string; page: string }> {
  serve = spawn(...cairnCommand(['serve', '--port', '0']), { env: cairnEnvironment(home), stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 30 s: ${out}${err}`)), 30_000);
    serve.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    serve.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /Cairn is serving on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      const page = /plans: (http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)/.exec(out)?.[1];
      if (url && page) {
        clearTimeout(timer);
        resolve({ url, page });
      }
    });
    serve.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}${err}`)));
  });
}

async function api(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(
    new URL(path, baseUrl),
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) },
  );
  return (await response.json()) as Record<string, unknown>;
}

async function finished(planId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i += 1) {
    const view = await api(`/plans/${planId}`);
    if (view.status === 'succeeded' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`plan ${planId} did not finish`);
}

/** A picture of `page` in SCREENSHOT_DIR; with UPDATE_SCREENSHOTS=1 also in docs/, where the README shows it. */
async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(SCREENSHOT_DIR, name);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path });
  if (process.env.UPDATE_SCREENSHOTS === '1') copyFileSync(path, join('docs', name));
}

/** Opens a page and waits until its script has drawn what the API said. */
async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${path}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${path}: ${error.message}`));
  await page.goto(new URL(path, baseUrl).toString());
  await page.waitForSelector('#app[data-state="done"]', { timeout: 15_000 });
  return page;
}

beforeAll(async () => {
  // The browser is unpacked (first run only) while serve starts and runs the plans.
  const executablePath = chromiumExecutable();
  executablePath.catch(() => undefined); // awaited below; this only keeps an early failure from counting as unhandled
  home = mkdtempSync(join(tmpdir(), 'cairn-browser-'));
  ({ url: baseUrl, page: pageUrl } = await startServe(home));
  token = readFileSync(tokenFileOf(home), 'utf8');
  conditionalId = String((await api('/plans', { task: CONDITIONAL_TASK })).planId);
  invalidId = String((await api('/plans', INVALID_PLAN_REQUEST)).planId);
  await Promise.all([finished(conditionalId), finished(invalidId)]);
  profile = mkdtempSync(join(tmpdir(), 'cairn-chromium-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: await executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 1400 },
  });
  // The browser reaches this machine's loopback and nothing else.
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (protocol === 'data:' || hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  // As its user starts: at the address serve printed, which hands the pages serve's token.
  const first = await context.newPage();
  await first.goto(pageUrl);
  await first.waitForSelector('#app[data-state="done"]', { timeout: 15_000 });
  await first.close();
}, 90_000);

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve.once('exit', resolve));
    serve.kill('SIGTERM');
    await exited;
  }
});

describe('Browser: the page of a plan', () => {
  it('shows every step of a real run as a node of its DAG, the skipped step with its condition', async () => {
    // Prepare
    const view = await api(`/plans/${conditionalId}`);
    const plan = (view.plan as { plan: Array<{ step_id: number; dependencies: number[]; condition?: string }> }).plan;
    const skipped = (view.results as { steps: Array<{ step_id: number; status: string }> }).steps.filter((s) => s.status === 'skipped').map((s) => s.step_id);

    // Act
    const page = await open(`/ui/plans/${conditionalId}`);
    const nodes = page.locator('svg.dag g.dag-node');
    const ids = (await nodes.evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-step-id'))))).sort((a, b) => a - b);
    const boxes = await nodes.evaluateAll((gs) => gs.map((g) => g.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
    const skippedNode = page.locator(`svg.dag g.dag-node[data-step-id="${skipped[0]}"]`);
    const path = join(SCREENSHOT_DIR, 'plan-page.png');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path });
    if (process.env.UPDATE_SCREENSHOTS === '1') copyFileSync(path, 'docs/plan-page.png');

    // Assess: one node per step, laid out (no two boxes overlap), and an edge per dependency.
    expect(ids).toEqual(plan.map((s) => s.step_id).sort((a, b) => a - b));
    expect(boxes.every((b) => b.w > 40 && b.h > 20)).toBe(true);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
    }
    expect(await page.locator('svg.dag g.dag-edge').count()).toBe(plan.reduce((n, s) => n + s.dependencies.length, 0));
    expect(skipped).toHaveLength(1);
    const condition = plan.find((s) => s.step_id === skipped[0])?.condition ?? '';
    expect(condition).toBe("step_2.result['run'] == False");
    expect(await skippedNode.getAttribute('data-state')).toBe('skipped');
    expect(await skippedNode.locator('text.dag-condition').textContent()).toBe(`skipped: if ${condition}`);
    expect(await page.locator('svg.dag g.dag-node[data-state="succeeded"]').count()).toBe(plan.length - 1);
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
  });

  it('shows the timeline of step timings, the attempts and the sources with their attribution', async () => {
    // Prepare
    const view = await api(`/plans/${conditionalId}`);
    const sources = view.sources as Array<{ id: string; subquery_id: string; rank_in_subquery: number }>;

    // Act
    const page = await open(`/ui/plans/${conditionalId}`);
    const bars = await page.locator('svg.timeline g.tl-step').count();
    const attempt = await page.locator('#attempts li.attempt').first().textContent();
    const rows = await page.locator('#sources tr.source').evaluateAll((trs) =>
      trs.map((tr) => ({
        id: tr.getAttribute('data-source-id'),
        subquery: tr.querySelector('.subquery')?.textContent,
        rank: Number(tr.querySelector('.rank')?.textContent),
      })),
    );

    // Assess
    expect(bars).toBe((view.plan as { plan: unknown[] }).plan.length);
    expect(await page.locator('svg.timeline g.tl-step.state-skipped .tl-note').textContent()).toContain("skipped: if step_2.result['run'] == False");
    expect(attempt).toMatch(/Attempt 1 · generate · rule-based · valid/);
    expect(rows).toEqual(sources.map((s) => ({ id: s.id, subquery: s.subquery_id, rank: s.rank_in_subquery })));
    expect(await page.locator('#answer .answer').textContent()).toContain('[lyon-transport]');
    const results = view.results as { shortAnswer: string | null; alsoRetrieved: Array<{ id: string }> };
    expect(await page.locator('header #short-answer').textContent()).toBe(`Answer: ${results.shortAnswer ?? 'see the answer below'}`);
    const unused = await page.locator('#also-retrieved li.unused').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-source-id')));
    expect(unused).toEqual(results.alsoRetrieved.map((s) => s.id));
  });

  it('opens a step into its details (inputs as run, documents with titles, scores and snippets, timing) and closes it', async () => {
    // Prepare: the first search step as GET /plans/{id} and the trace tell of it.
    const view = await api(`/plans/${conditionalId}`);
    const trace = (await api(`/plans/${conditionalId}/trace`)).events as Array<{
      type: string;
      data: { step_id?: number; parameters?: Record<string, unknown> };
    }>;
    const details = view.stepDetails as Array<{
      step_id: number;
      type: string;
      attempts: number;
      documents?: Array<{ id: string; title?: string; score?: number; snippet: string }>;
    }>;
    const search = details.find((d) => d.type === 'keyword_search' && (d.documents?.length ?? 0) > 5)!;
    const parameters = trace.find((e) => e.type === 'step.started' && e.data.step_id === search.step_id)!.data.parameters!;

    // Act
    const page = await open(`/ui/plans/${conditionalId}`);
    await page.click(`#dag g.dag-node[data-step-id="${search.step_id}"]`);
    await page.waitForSelector('#step-panel');
    const title = await page.locator('#step-panel-title').textContent();
    const shownParameters = await page.locator('#step-panel .parameters dt').allTextContents();
    const query = await page.locator('#step-panel .parameters dd').first().textContent();
    const firstDoc = await page.locator('#step-panel .panel-output .documents').first().locator('li.doc').first().textContent();
    const shownBefore = await page.locator('#step-panel .documents li.doc:visible').count();
    await page.click('#step-panel details.more-documents > summary');
    const shownAfter = await page.locator('#step-panel .documents li.doc:visible').count();
    const facts = await page.locator('#step-panel .facts').textContent();
    await screenshot(page, 'step-panel.png');
    await page.click('#step-panel-close');
    const closed = await page.locator('#step-panel').count();

    // Assess
    const doc = search.documents![0]!;
    expect(title).toBe(`Step ${search.step_id} keyword_search`);
    expect(shownParameters).toEqual(Object.keys(parameters));
    expect(query).toBe(String(parameters.query));
    expect(firstDoc).toContain(doc.title ?? doc.id);
    expect(firstDoc).toContain(`score ${doc.score!.toFixed(3)}`);
    expect(firstDoc).toContain(doc.snippet.slice(0, 40));
    expect(shownBefore).toBe(5);
    expect(shownAfter).toBe(search.documents!.length);
    expect(facts).toMatch(new RegExp(`^succeeded · started \\d\\d:\\d\\d:\\d\\d\\.\\d+ · took \\d+ ms · ${search.attempts} attempts?`));
    expect(closed).toBe(0);
  });

  it("opens an llm_call into the prompt it was given and the model's response", async () => {
    // Prepare
    const view = await api(`/plans/${conditionalId}`);
    const details = view.stepDetails as Array<{ step_id: number; type: string; status: string; text?: string }>;
    const answer = details.find((d) => d.type === 'llm_call' && d.status === 'succeeded')!;
    const step = (view.plan as { plan: Array<{ step_id: number; parameters: Record<string, unknown> }> }).plan.find((s) => s.step_id === answer.step_id)!;

    // Act
    const page = await open(`/ui/plans/${conditionalId}`);
    await page.click(`#dag g.dag-node[data-step-id="${answer.step_id}"]`);
    const instruction = await page.locator('#step-panel .panel-prompt .instruction').textContent();
    const question = await page.locator('#step-panel .panel-prompt').textContent();
    const response = await page.locator('#step-panel .panel-response .response-text').textContent();
    await page.keyboard.press('Escape');

    // Assess: a prompt with no template resolves to itself.
    expect(instruction).toBe(String(step.parameters.prompt));
    expect(question).toContain(`Question: ${CONDITIONAL_TASK}`);
    expect(response).toBe(answer.text);
    expect(await page.locator('#step-panel').count()).toBe(0);
  });

  it("groups an iterative plan's steps by round, each opening its details", async () => {
    // Prepare
    const planId = String(
      (await api('/plans', { task: 'Compare the populations of Lyon and Marseille', options: { mode: 'iterative', cache: false } })).planId,
    );
    const view = await finished(planId);
    const rounds = (view.rounds as { rounds: Array<{ round: number; stepIds: number[] }> }).rounds;

    // Act
    const page = await open(`/ui/plans/${planId}`);
    const grouped = await page
      .locator('#rounds li.round')
      .evaluateAll((lis) => lis.map((li) => [...li.querySelectorAll('[data-open-step]')].map((b) => Number(b.getAttribute('data-open-step')))));
    const first = rounds[0]!.stepIds[0]!;
    await page.click(`#rounds li.round[data-round="1"] [data-open-step="${first}"]`);
    const facts = await page.locator('#step-panel .facts').textContent();

    // Assess
    expect(grouped).toEqual(rounds.map((r) => r.stepIds));
    expect(await page.locator('#step-panel').getAttribute('data-step-id')).toBe(String(first));
    expect(facts).toContain('round 1');
  });

  it('shows the question of a waiting plan as a form built from its schema, and goes on once it is answered', async () => {
    // Prepare
    const plan = JSON.parse(readFileSync('examples/plans/elicitation.json', 'utf8')) as unknown;
    const planId = String((await api('/plans', { task: 'What is the population of the city?', options: { plan, analyze: false } })).planId);
    for (let i = 0; i < 300 && (await api(`/plans/${planId}`)).status !== 'waiting_for_input'; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const page = await context.newPage();
    page.on('pageerror', (error) => consoleErrors.push(`question: ${error.message}`));
    await page.goto(new URL(`/ui/plans/${planId}`, baseUrl).toString());
    await page.waitForSelector('#app[data-state="waiting"]', { timeout: 15_000 });

    // Act
    const message = await page.locator('#answer-form .message').textContent();
    const choices = await page.locator('#answer-city option').evaluateAll((os) => os.map((o) => o.textContent));
    const yearType = await page.locator('#answer-year').getAttribute('type');
    const waitingNode = await page.locator('.dag-node[data-step-id="1"]').getAttribute('data-state');
    await page.selectOption('#answer-city', 'Marseille');
    await page.click('#answer-form button[type="submit"]');
    await page.waitForSelector('#app[data-state="done"]', { timeout: 30_000 });

    // Assess
    expect(message).toBe('Which French city do you want the population of?');
    expect(choices).toEqual(['choose…', 'Lyon', 'Marseille', 'Paris', 'Toulouse', 'Nice']);
    expect(yearType).toBe('number');
    expect(waitingNode).toBe('waiting');
    expect(await page.locator('h1 .badge').textContent()).toBe('succeeded');
    expect(await page.locator('#answer .answer').textContent()).toContain('[marseille]');
    expect((await api(`/plans/${planId}`)).answers).toEqual({ 1: { city: 'Marseille' } });
  });

  it('shows each planner attempt with its validation errors when no plan was valid', async () => {
    // Act
    const page = await open(`/ui/plans/${invalidId}`);

    // Assess
    expect(await page.locator('h1 .badge').textContent()).toBe('failed');
    expect(await page.locator('#attempts li.attempt.invalid').count()).toBe(1);
    expect(await page.locator('#attempts ul.issues').textContent()).toContain('plan.1.dependencies.0 step 7 does not exist');
    expect(await page.locator('.plan-header .error-box').textContent()).toMatch(/^Failed in validating: PlanningFailedError/);
    expect(await page.locator('#dag .empty').textContent()).toBe('No valid plan was accepted.');
  });
});

describe('Browser: the first page', () => {
  it('takes the token from the address serve printed, keeps it for this origin and drops it from the address bar', async () => {
    // Act
    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.waitForSelector('#app[data-state="done"]', { timeout: 15_000 });

    // Assess
    expect(pageUrl).toBe(`${baseUrl}#token=${token}`);
    expect(page.url()).toBe(baseUrl);
    expect(await page.evaluate(() => (globalThis as unknown as WithStorage).localStorage.getItem('cairn-serve-token'))).toBe(token);
    await page.close();
  });

  it('lists the last plans, and a task typed there runs and opens its own page', async () => {
    // Act
    const page = await open('/');
    const listed = await page
      .locator('tr.plan-row')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-plan-id'), tr.querySelector('.badge')?.textContent]));
    await page.fill('#task', 'What is a bouchon?');
    await page.click('#new-plan button[type="submit"]');
    await page.waitForURL(/\/ui\/plans\/p-/);
    await page.waitForSelector('#app[data-status="succeeded"]', { timeout: 20_000 });

    // Assess
    expect(listed).toEqual(
      expect.arrayContaining([
        [conditionalId, 'succeeded'],
        [invalidId, 'failed'],
      ]),
    );
    expect(await page.locator('h1 .task').textContent()).toBe('What is a bouchon?');
    expect(await page.locator('svg.dag g.dag-node').count()).toBeGreaterThan(1);
  });

  it("says why a task cannot start when the page has not got serve's token", async () => {
    // Prepare: a page of this origin that forgot the token
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.waitForSelector('#app[data-state="done"]', { timeout: 15_000 });
    await page.evaluate(() => (globalThis as unknown as WithStorage).localStorage.removeItem('cairn-serve-token'));
    const before = ((await api('/plans?limit=200')).plans as unknown[]).length;

    // Act
    await page.fill('#task', 'What is a bouchon?');
    await page.click('#new-plan button[type="submit"]');
    await page.waitForSelector('#form-error:not([hidden])');
    const shown = await page.locator('#form-error').textContent();
    await page.close();
    // The token back, as its user gets it: a page loaded at the address serve printed (on this
    // page the address would only change its fragment, and the script would not run again).
    const restored = await context.newPage();
    await restored.goto(pageUrl);
    await restored.waitForSelector('#app[data-state="done"]');
    await restored.close();

    // Assess
    expect(shown).toMatch(/^401 this route needs serve's token/);
    expect(((await api('/plans?limit=200')).plans as unknown[]).length).toBe(before);
  });

  it('finds runs by the text of their task and by status, and pages through them', async () => {
    // Prepare: one plan a page
    const page = await open('/?limit=1');
    const shown = () => page.locator('tr.plan-row').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-plan-id')));
    const { plans } = (await api('/plans?limit=3')) as { plans: Array<{ planId: string }> };
    const drawn = (n: number) => page.waitForSelector(`#app[data-state="done"][data-page="${n}"]`);

    // Act: the pages, older and back
    const first = await shown();
    await page.click('#next');
    await drawn(2);
    const second = await shown();
    await page.click('#next');
    await drawn(3);
    const third = await shown();
    await page.click('#prev');
    await drawn(2);
    const back = await shown();
    // Act: text in the task, then a status
    await page.fill('#q', 'tram network');
    await page.click('#filters button[type="submit"]');
    await drawn(1);
    const byText = await shown();
    await page.fill('#q', '');
    await page.selectOption('#status', 'failed');
    await page.waitForFunction(
      () => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('tr.plan-row').length === 1,
    );
    await drawn(1);
    const byStatus = await shown();
    await page.goto(new URL('/', baseUrl).toString());
    await page.waitForSelector('#app[data-state="done"]');
    await screenshot(page, 'runs-list.png');
    await page.close();

    // Assess
    expect([first, second, third]).toEqual(plans.map((p) => [p.planId]));
    expect(back).toEqual(second);
    expect(byText).toEqual([conditionalId]);
    expect(byStatus).toEqual([invalidId]);
  });

  it('lists the learned tools with their figures, chain and corpora, and promotes, demotes and rejects them', async () => {
    // Prepare: two tools in serve's store, as a learning run leaves them (written as the store's owner)
    const dataDir = join(home, 'db');
    const { endpoint } = JSON.parse(readFileSync(endpointFileOf(dataDir), 'utf8')) as { endpoint: string };
    const client = createDynamoClient({ endpoint, maxAttempts: 1, secret: readFileSync(secretFileOf(dataDir), 'utf8') });
    const tools = new DynamoLearnedToolStore({ client, tableName: 'cairn-traces' });
    await tools.save({ ...learnedRecord('TESTING', searchThenGet({ tool_id: 'learned.search_get' }), '2030-01-02T00:00:00.000Z'), corpora: [''] });
    await tools.save({
      ...learnedRecord('PROMOTED', searchThenGet({ tool_id: 'learned.search_then_get' }), '2030-01-01T00:00:00.000Z'),
      corpora: ['examples/corpus.jsonl'],
    });
    client.destroy();
    const page = await open('/ui/tools');
    const statuses = () => page.locator('tr.tool-row').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-tool-id'), tr.getAttribute('data-status')]));
    const decideAndWait = async (selector: string, id: string, status: string) => {
      await page.click(`tr[data-tool-id="${id}"] ${selector}`);
      await page.waitForSelector(`tr[data-tool-id="${id}"][data-status="${status}"]`);
    };

    // Act
    const first = await statuses();
    const row = await page.locator('tr[data-tool-id="learned.search_get"]').textContent();
    await screenshot(page, 'tools-page.png');
    await decideAndWait('button.decide-promote', 'learned.search_get', 'PROMOTED');
    await decideAndWait('button.decide-demote-testing', 'learned.search_get', 'TESTING');
    await decideAndWait('button.decide-demote-rejected', 'learned.search_then_get', 'REJECTED');
    const last = await statuses();
    await page.close();

    // Assess
    expect(first).toEqual([
      ['learned.search_get', 'TESTING'],
      ['learned.search_then_get', 'PROMOTED'],
    ]);
    expect(row).toContain('40.0%');
    expect(row).toContain(searchThenGet().source_chain);
    expect(row).toContain('the default corpus');
    expect(last).toEqual([
      ['learned.search_get', 'TESTING'],
      ['learned.search_then_get', 'REJECTED'],
    ]);
    expect(((await api('/tools')).tools as Array<{ id: string; status: string }>).map((t) => [t.id, t.status])).toEqual(last);
  });

  it('opens a composite step into its parts, each with its own details', async () => {
    // Prepare: a composite in serve's store, promoted by a person through the API (serve loads it
    // at once), then a plan that calls it.
    const dataDir = join(home, 'db');
    const { endpoint } = JSON.parse(readFileSync(endpointFileOf(dataDir), 'utf8')) as { endpoint: string };
    const client = createDynamoClient({ endpoint, maxAttempts: 1, secret: readFileSync(secretFileOf(dataDir), 'utf8') });
    await new DynamoLearnedToolStore({ client, tableName: 'cairn-traces' }).save({
      ...learnedRecord('TESTING', searchThenGet({ tool_id: 'learned.bouchon_lookup' }), '2030-01-03T00:00:00.000Z'),
      corpora: [''],
    });
    client.destroy();
    await api('/tools/learned.bouchon_lookup/approve', { decision: 'promote' });
    const planId = String(
      (
        await api('/plans', {
          task: 'What is a bouchon?',
          plan: {
            plan: [
              {
                step_id: 1,
                type: 'tool_call',
                modality: 'text',
                parameters: { tool: 'learned.bouchon_lookup', args: { query: 'bouchon' } },
                dependencies: [],
                trace: {},
              },
            ],
            traceability: true,
          },
        })
      ).planId,
    );
    const view = await finished(planId);

    // Act
    const page = await open(`/ui/plans/${planId}`);
    await page.click('svg.dag g.dag-node[data-step-id="1"]');
    await page.waitForSelector('#step-panel .panel-parts');
    const parts = await page.locator('#step-panel .panel-parts details.part > summary').allTextContents();
    await page.click('#step-panel .panel-parts details.part[data-part-id="1"] > summary');
    const opened = await page.locator('#step-panel .panel-parts details.part[data-part-id="1"]').getAttribute('open');
    await page.click('#step-panel-close');
    const closed = await page.locator('#step-panel').count();
    await page.close();

    // Assess
    expect(view.status).toBe('succeeded');
    expect(parts).toHaveLength(3);
    expect(parts.join('\n')).toMatch(/keyword_search/);
    expect(opened).not.toBeNull();
    expect(closed).toBe(0);
  });

  it('made no request beyond this machine and raised no error in the pages', () => {
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
