/**
 * The `cairn` command as a user runs it: a separate Node process, its exit code and its output.
 * Each test gets its own CAIRN_HOME, so the embedded database starts empty.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cairnEnvironment, type ProcessRun, runCairn } from '../support/cairn-process.js';
import { tempDir } from '../support/temp-dir.js';

const home = tempDir('cli');

function cairn(args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  return runCairn(args, cairnEnvironment(home, env));
}

function file(name: string, text: string): string {
  const path = join(home, name);
  writeFileSync(path, text);
  return path;
}

describe('cairn CLI', () => {
  it('runs a task and prints one JSON object, then shows its trace phase by phase', async () => {
    // Act
    const run = await cairn(['run', 'Compare the populations of Lyon and Marseille', '--json']);

    // Assess
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['planId', 'status', 'analysis', 'plan', 'results', 'sources', 'alsoRetrieved']));
    expect(out.status).toBe('succeeded');
    // The short answer leads the results: a comparison names its winner with both figures.
    const results = out.results as { shortAnswer: string | null; refused: boolean };
    expect(results.refused).toBe(false);
    expect(results.shortAnswer).toMatch(/Marseille.*873,000.*522,000/);
    expect((out.plan as { plan: unknown[] }).plan.length).toBeGreaterThan(3);
    expect((out.sources as Array<{ id: string }>).slice(0, 2).map((s) => s.id)).toEqual(['lyon', 'marseille']);

    const trace = await cairn(['trace', String(out.planId)]);
    expect(trace.code).toBe(0);
    for (const phase of ['received', 'analyzing', 'planning', 'validating', 'executing', 'finalizing', 'succeeded']) {
      expect(trace.stdout).toMatch(new RegExp(`^${phase}\\s`, 'm'));
    }
    expect(trace.stdout).toContain('step.completed');
  });

  it.each([
    ['an empty task', ['run', ''], 'cairn: the task is empty'],
    ['a task over 8 KB', ['run', 'x'.repeat(8200)], 'cairn: the task is 8200 bytes, over the limit of 8192'],
    ['a missing corpus', ['run', 'What is a bouchon?', '--corpus', 'no/such/file.jsonl'], 'cairn: corpus file not found: no/such/file.jsonl'],
    ['an unknown plan id', ['trace', 'p-does-not-exist'], 'cairn: no plan p-does-not-exist in'],
    ['a missing plan file', ['validate', 'no/such/plan.json'], 'cairn: plan file not found: no/such/plan.json'],
  ])('refuses %s with one line and exit 1', async (_label, args, message) => {
    const run = await cairn(args);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim()).toContain(message);
  });

  it('reads a --corpus file the user names, but never prints its text when it is not a corpus', async () => {
    // Act
    const run = await cairn(['run', 'Lyon', '--corpus', '/etc/passwd']);

    // Assess
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('cairn: /etc/passwd line 1: not valid JSON');
  });

  it('indexes a corpus once, then runs over the index without reading the corpus again', async () => {
    // Prepare
    const corpus = file('indexed.jsonl', readFileSync(join(process.cwd(), 'examples', 'corpus.jsonl'), 'utf8'));

    // Act
    const index = await cairn(['index', '--corpus', corpus, '--json']);
    const run = await cairn(['run', 'Which river flows through Lyon?', '--corpus', corpus, '--json']);

    // Assess
    expect(index.code).toBe(0);
    const manifest = JSON.parse(index.stdout) as { dir: string; documents: number; keywordMethod: string };
    expect(manifest.dir.startsWith(join(home, 'indexes'))).toBe(true);
    expect(manifest.documents).toBeGreaterThan(10);
    expect(run.code).toBe(0);
    const trace = await cairn(['trace', String((JSON.parse(run.stdout) as { planId: string }).planId), '--json']);
    expect(trace.stdout).toMatch(/"search_method": "lancedb-fts-bm25"/);
  });

  it('refuses to index a corpus line without an id, in one line', async () => {
    const corpus = file('no-id.jsonl', '{"id": "a", "text": "Lyon"}\n{"text": "no id"}\n');
    const run = await cairn(['index', '--corpus', corpus]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^cairn: .*no-id\.jsonl line 2: not a document: "id" must be a non-empty string$/);
  });

  it('names the line of a corpus entry that is not a document', async () => {
    const corpus = file('bad.jsonl', '{"id": "a", "text": "Lyon"}\n["not", "a", "document"]\n');
    const run = await cairn(['run', 'Lyon', '--corpus', corpus]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^cairn: .*bad\.jsonl line 2: /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('validates plan files: valid YAML exits 0, a cycle exits 1 naming it, garbage is refused', async () => {
    const yaml = file(
      'plan.yaml',
      'plan:\n  - {step_id: 1, type: keyword_search, modality: text, parameters: {query: Lyon}, dependencies: [], trace: {}}\n  - {step_id: 2, type: rerank, modality: text, parameters: {input_step: 1}, dependencies: [1], trace: {}}\ntraceability: true\n',
    );
    const cyclic = file(
      'cycle.json',
      JSON.stringify({
        plan: [
          { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [2], trace: {} },
          { step_id: 2, type: 'rerank', modality: 'text', parameters: { input_step: 1 }, dependencies: [1], trace: {} },
        ],
        traceability: true,
      }),
    );
    const garbage = file('garbage.txt', '{ this is: [not json');

    const [ok, bad, junk] = await Promise.all([cairn(['validate', yaml]), cairn(['validate', cyclic]), cairn(['validate', garbage])]);

    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('valid plan, 2 steps');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('plan: dependency cycle');
    expect(junk.code).toBe(1);
    expect(junk.stderr.trim()).toMatch(/^cairn: .*garbage\.txt: not JSON or YAML/);
  });

  it('executes a supplied plan with a cycle into a failed, traced plan', async () => {
    const cyclic = file(
      'cycle-exec.json',
      JSON.stringify({
        plan: [
          { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [2], trace: {} },
          { step_id: 2, type: 'rerank', modality: 'text', parameters: { input_step: 1 }, dependencies: [1], trace: {} },
        ],
        traceability: true,
      }),
    );
    const run = await cairn(['execute', cyclic, '--task', 'Lyon', '--json']);
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as { status: string; error: { message: string }; planId: string };
    expect(out.status).toBe('failed');
    expect(out.error.message).toMatch(/dependency cycle/);
    const trace = await cairn(['trace', out.planId]);
    expect(trace.stdout).toMatch(/plan\.failed\s+PlanningFailedError/);
  });

  it('executes the example plan of four identical corpus.get calls: the third and fourth are blocked, not run', async () => {
    // Act: no --task, so the steps' explanations stand for it.
    const run = await cairn(['execute', 'examples/plans/duplicate-calls.json', '--json']);

    // Assess
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      planId: string;
      status: string;
      results: { steps: Array<{ step_id: number; status: string; error?: string; output?: { document?: { id: string } } }> };
      metadata: { duplicateCalls?: { blocked: number; byRule: Record<string, number> } };
    };
    expect(out.status).toBe('succeeded');
    expect(out.results.steps.map((s) => `${s.step_id}:${s.status}:${s.error ?? ''}`)).toEqual([
      '1:succeeded:',
      '2:succeeded:',
      '3:skipped:duplicate_call_blocked',
      '4:skipped:duplicate_call_blocked',
    ]);
    expect(out.results.steps[2]?.output?.document?.id).toBe('lyon');
    expect(out.metadata.duplicateCalls).toMatchObject({ blocked: 2, byRule: { consecutive: 2 } });

    // The trace says it too: two calls completed, two skipped with the marker and the last output.
    const trace = await cairn(['trace', out.planId, '--json']);
    const events = (JSON.parse(trace.stdout) as { events: Array<{ type: string; data: Record<string, unknown> }> }).events;
    expect(events.filter((e) => e.type === 'step.completed').map((e) => e.data.step_id)).toEqual([1, 2]);
    const blocked = events.filter((e) => e.type === 'step.skipped');
    expect(blocked.map((e) => [e.data.step_id, e.data.error, e.data.rule])).toEqual([
      [3, 'duplicate_call_blocked', 'consecutive'],
      [4, 'duplicate_call_blocked', 'consecutive'],
    ]);
    expect(blocked[0]?.data.output).toMatchObject({ document: { id: 'lyon' } });
  });

  it('replays a stored plan without planning and reports every step matching its trace; an unknown plan id exits 1', async () => {
    // Prepare
    const first = await cairn(['run', 'Compare the populations of Lyon and Marseille', '--json']);
    const planId = String((JSON.parse(first.stdout) as { planId: string }).planId);

    // Act
    const replay = await cairn(['replay', planId, '--json']);
    const text = await cairn(['replay', planId]);
    const unknown = await cairn(['replay', 'p-does-not-exist']);

    // Assess
    expect(replay.code).toBe(0);
    const out = JSON.parse(replay.stdout) as { replayId: string; status: string; matched: number; total: number; steps: Array<{ match: string }> };
    expect(out.status).toBe('succeeded');
    expect(out.replayId).not.toBe(planId);
    expect(out.total).toBeGreaterThan(3);
    expect(out.matched).toBe(out.total);
    expect(out.steps.every((s) => s.match === 'exact')).toBe(true);
    // The replay planned nothing: no analysis, no planner call, its source is the supplied plan.
    const trace = JSON.parse((await cairn(['trace', out.replayId, '--json'])).stdout) as {
      plan: { metadata: { source: string; llmCalls: Array<{ purpose: string }> } };
      events: Array<{ phase: string }>;
    };
    expect(trace.plan.metadata.source).toBe('supplied');
    expect(trace.plan.metadata.llmCalls.map((c) => c.purpose)).not.toContain('plan');
    expect(trace.events.map((e) => e.phase)).not.toContain('analyzing');
    expect(text.stdout).toMatch(/steps match\n\s+step 1\s+\S+\s+exact/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/^cairn: no plan p-does-not-exist in /);
  });

  it('validates and executes the example plan whose two keyword searches feed a dedupe step', async () => {
    // Act
    // The plan carries its task: "Describe Lyon: its population and its rivers."
    const run = await cairn(['execute', 'examples/plans/dedupe.json', '--json']);

    // Assess
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      planId: string;
      status: string;
      results: { steps: Array<{ type: string; status: string }> };
      sources: Array<{ id: string }>;
    };
    expect(out.status).toBe('succeeded');
    expect(out.results.steps.map((s) => `${s.type}:${s.status}`)).toEqual([
      'keyword_search:succeeded',
      'keyword_search:succeeded',
      'dedupe:succeeded',
      'llm_call:succeeded',
    ]);
    const ids = out.sources.map((s) => s.id);
    expect(ids).toContain('lyon');
    expect(new Set(ids).size).toBe(ids.length);

    // Both searches find Lyon: the dedupe step says it dropped that copy, and how.
    const trace = await cairn(['trace', out.planId, '--json']);
    const events = (JSON.parse(trace.stdout) as { events: Array<{ type: string; data: Record<string, unknown> }> }).events;
    const done = events.filter((e) => e.type === 'step.completed');
    const [first, second, dedupe] = [1, 2, 3].map((id) => done.find((e) => e.data.step_id === id)?.data);
    expect(dedupe).toMatchObject({ dedupe_method: 'id+cosine-tf@0.9' });
    expect(dedupe?.dropped).toBeGreaterThanOrEqual(1);
    expect(dedupe?.count).toBe(Number(first?.count) + Number(second?.count) - Number(dedupe?.dropped));
  });
});
