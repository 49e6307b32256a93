/**
 * Iterative mode through the deployed state machine (infra/workflow.asl.json run locally with the
 * Lambda handlers, over DynamoDB Local): Execute → Replan → Execute ... → Finalize, each round in
 * the trace, and each way the loop ends.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../cli/local-runner.js';
import { RequestValidationError } from '../../functions/core/errors.js';
import type { PlanRecord, TraceEvent } from '../../functions/core/types.js';
import { RuleBasedWithOverrides, taskOf } from '../support/llm.js';
import { openLocalStack, storedEvents } from '../support/local-workflow.js';
import { fencedJson } from '../support/plans.js';
import { tempDir } from '../support/temp-dir.js';

const BRIDGE = 'Which river flows through the city where the Lumière brothers patented the cinematograph?';

/**
 * The rule-based planner, except for tasks starting with "STUCK": between rounds it sends the
 * same search every time under a new id (a planner that never moves on), and for "ECHO" it sends
 * back the whole plan that already ran.
 */
const planner = new RuleBasedWithOverrides((request) => {
  const intent = request.intent;
  if (intent.kind !== 'next_round') return undefined;
  const task = taskOf(request);
  const next = Math.max(...intent.plan.plan.map((s) => s.step_id)) + 1;
  if (task.startsWith('STUCK')) {
    return fencedJson({
      plan: [{ step_id: next, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon rivers', top_k: 5 }, dependencies: [], trace: {} }],
      traceability: true,
    });
  }
  if (task.startsWith('ECHO')) return fencedJson(intent.plan);
  return undefined;
});

/**
 * A corpus of its own where a comparison's first round leaves a lead on each side: each film's
 * passage names its director beside a word of the question, and the fillers, which share the
 * question's words, rank above the directors' own passages.
 */
const FILMS = [
  { id: 'harbour-lights', title: 'Harbour Lights', text: 'Harbour Lights is a 1931 drama film directed by Orla Venn. It was shot in the port of Quenton.' },
  { id: 'tin-kettle', title: 'The Tin Kettle', text: 'The Tin Kettle is a 1950 comedy film directed by Marek Dorr. It follows a tinker and his cart.' },
  { id: 'orla-venn', title: 'Orla Venn', text: 'Orla Venn (1899–1961) was a stage actress from Brisk who made three pictures.' },
  { id: 'marek-dorr', title: 'Marek Dorr', text: 'Marek Dorr (1921–1990) grew up in Lusk and made comedies for the Lusk studio.' },
  {
    id: 'film-school',
    title: 'Quenton Film School',
    text: 'The Quenton Film School trains every film director born in the region; a director born later than 1950 studied there.',
  },
  {
    id: 'director-guild',
    title: "Directors' Guild of Quenton",
    text: 'The guild lists each film director, the year the director was born, and which film came later.',
  },
  {
    id: 'later-films',
    title: 'Later films of Quenton',
    text: 'Later films of Quenton: the director of each film, born in Quenton, made the film later in life.',
  },
  { id: 'born-later', title: 'Born Later', text: 'Born Later is a film about a director who was born later than his brother, also a film director.' },
  { id: 'kettle-song', title: 'Kettle song', text: 'The kettle song is sung by tinkers; no film or director is known for it.' },
  { id: 'harbour', title: 'Quenton harbour', text: 'The harbour of Quenton has a long pier; a film director was born near it.' },
];
const COMPARISON = 'Which film has the director who was born later, Harbour Lights or The Tin Kettle?';

let stack: LocalStack;
let films: string;

beforeAll(async () => {
  stack = await openLocalStack('iterative', { llm: planner });
  films = join(tempDir('iterative'), 'films.jsonl');
  writeFileSync(films, `${FILMS.map((d) => JSON.stringify(d)).join('\n')}\n`);
});

afterAll(async () => {
  await stack?.close();
});

const eventsOf = (record: PlanRecord): Promise<TraceEvent[]> => storedEvents(stack, record);
/**
 * Without the entity-graph step (multi-hop), the first plan of a bridge question finds the passage
 * naming the intermediate entity but not the passage about it: the second hop is left to round 2.
 */
const NO_GRAPH = { allowed_step_types: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'llm_call'] };
const iterative = (task: string, maxRounds?: number) => ({
  task,
  constraints: NO_GRAPH,
  // Off the plan cache, so every run asks the planner for its first plan.
  options: { mode: 'iterative' as const, cache: false, ...(maxRounds !== undefined ? { maxRounds } : {}) },
});

describe('Iterative mode: plan, act, look, plan again, through the state machine', () => {
  it("looks up in round 2 the documents round 1's passages named and it did not rank, then ends without asking the planner again", async () => {
    // Prepare: the one-shot plan of the same request, for comparison.
    const oneShot = await stack.run({ task: COMPARISON, corpus: films, options: { cache: false } });

    // Act
    const record = await stack.run({ task: COMPARISON, corpus: films, options: { mode: 'iterative', cache: false } });

    // Assess
    expect(record.status).toBe('succeeded');
    const rounds = record.rounds!;
    expect(rounds.rounds.map((r) => r.round)).toEqual([1, 2]);
    // Round 2 followed both leads: the loop ends without asking the planner again.
    expect(rounds.stop).toMatchObject({ round: 2, reason: 'covered' });
    const second = record.plan!.plan.filter((s) => rounds.rounds[1]!.stepIds.includes(s.step_id));
    expect(second.filter((s) => s.type === 'graph_query').map((s) => s.parameters.query)).toEqual(['Orla Venn', 'Marek Dorr']);
    // Each side's director is among the first five sources now, which the one-shot plan ranked lower.
    const ranked = (r: PlanRecord) =>
      [...r.results!.sources, ...(r.results!.alsoRetrieved ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).map((s) => s.id);
    expect(ranked(record).slice(0, 5)).toEqual(expect.arrayContaining(['harbour-lights', 'tin-kettle', 'orla-venn', 'marek-dorr']));
    expect(ranked(oneShot).slice(0, 5)).not.toEqual(expect.arrayContaining(['orla-venn', 'marek-dorr']));
    expect(record.results!.rounds).toMatchObject({ count: 2, reason: 'covered' });

    const events = await eventsOf(record);
    // Every step event carries its round; round 1's steps ran once, in round 1.
    const started = events.filter((e) => e.type === 'step.started');
    expect(started.map((e) => e.data?.round)).toEqual(record.plan!.plan.map((s) => (rounds.rounds[0]!.stepIds.includes(s.step_id) ? 1 : 2)));
    expect(new Set(started.map((e) => e.data?.step_id)).size).toBe(started.length);
    expect(events.filter((e) => e.type === 'round.completed').map((e) => [e.data?.round, e.data?.next])).toEqual([
      [1, 'round'],
      [2, 'finalize'],
    ]);
    // Two planner calls (the first plan, the look back after round 1) and two answers: twice the one-shot's calls.
    expect(record.metadata!.llmCalls.filter((c) => c.purpose === 'plan')).toHaveLength(2);
    expect(record.metadata!.llmCalls).toHaveLength(2 * oneShot.metadata!.llmCalls.length);
  });

  it('stops after round 1 without asking the planner when a bridge has no lead left: its graph hop found the passage its first hop names', async () => {
    // Act
    const record = await stack.run({
      task: 'Where was the director of film Harbour Lights born?',
      corpus: films,
      options: { mode: 'iterative', cache: false },
    });

    // Assess
    expect(record.rounds!.rounds).toHaveLength(1);
    expect(record.rounds!.stop).toMatchObject({ round: 1, reason: 'covered' });
    expect(record.metadata!.llmCalls.filter((c) => c.purpose === 'plan')).toHaveLength(1);
  });

  it('answers from what it has at the round limit, and says the limit was reached', async () => {
    // Act
    const record = await stack.run(iterative(BRIDGE, 1));

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.stop).toMatchObject({ round: 1, reason: 'round_limit' });
    expect(record.results!.answer).toMatch(/the round limit \(1\) was reached/);
    expect(record.results!.citations.length).toBeGreaterThan(0);
    // No look back was asked for: the limit is checked before the planner is called.
    expect(record.metadata!.llmCalls.filter((c) => c.purpose === 'plan')).toHaveLength(1);
  });

  it('ends a planner that repeats the same search every round, with the reason in the trace', async () => {
    // Act
    const record = await stack.run({ task: `STUCK: ${COMPARISON}`, corpus: films, options: { mode: 'iterative', cache: false, maxRounds: 5 } });

    // Assess: round 2 ran the new search once; round 3's identical search was refused as no progress.
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.rounds).toHaveLength(2);
    expect(record.rounds!.stop).toMatchObject({ round: 2, reason: 'no_progress' });
    expect(record.rounds!.stop!.detail).toMatch(/repeats a step that already ran/);
    expect(record.results!.answer).toMatch(/made no progress/);
    const events = await eventsOf(record);
    const searches = events.filter((e) => e.type === 'step.started' && e.data?.parameters && (e.data.parameters as { query?: string }).query === 'Lyon rivers');
    expect(searches).toHaveLength(1);
    expect(events.find((e) => e.type === 'round.completed' && e.data?.reason === 'no_progress')?.data?.detail).toMatch(/round 3 made no progress/);
  });

  it('ends a planner that sends back the plan that already ran', async () => {
    // Act
    const record = await stack.run({ task: `ECHO: ${COMPARISON}`, corpus: films, options: { mode: 'iterative', cache: false, maxRounds: 5 } });

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.rounds).toHaveLength(1);
    expect(record.rounds!.stop).toMatchObject({ round: 1, reason: 'no_progress' });
    expect(record.rounds!.stop!.detail).toMatch(/sent back the plan that already ran/);
  });

  it('stops after round 1 without asking the planner when the first plan already crossed the bridge (its graph hop found the passage about the entity)', async () => {
    // Act
    const record = await stack.run({ task: BRIDGE, options: { mode: 'iterative', cache: false } });

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.rounds).toHaveLength(1);
    expect(record.rounds!.stop).toMatchObject({ round: 1, reason: 'covered' });
    const events = await eventsOf(record);
    const lookBack = events.find((e) => e.type === 'round.completed');
    expect(lookBack?.data).toMatchObject({ round: 1, next: 'finalize', reason: 'covered' });
    expect(record.metadata!.llmCalls.filter((c) => c.purpose === 'plan')).toHaveLength(1);
  });

  it('ends after round 1 without asking the planner when a comparison asks one thing of the two things it names: no hop to follow', async () => {
    // Act
    const record = await stack.run({ task: 'Compare the populations of Lyon and Marseille', options: { mode: 'iterative', cache: false } });

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.stop).toMatchObject({ round: 1, reason: 'covered' });
    expect(record.results!.shortAnswer).toMatch(/Marseille/);
    // One planner call, the first plan: the look back was not needed.
    expect(record.metadata!.llmCalls.filter((c) => c.purpose === 'plan')).toHaveLength(1);
  });

  it('leaves a one-shot plan out of the loop', async () => {
    // Act
    const record = await stack.run({ task: BRIDGE });

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.rounds).toBeUndefined();
    expect(record.results!.rounds).toBeUndefined();
    const events = await eventsOf(record);
    expect(events.some((e) => e.type.startsWith('round.'))).toBe(false);
  });

  it.each([0, 1000])('refuses a round limit of %i in one line, before anything starts', async (maxRounds) => {
    // Act
    const run = stack.run(iterative(BRIDGE, maxRounds));

    // Assess
    await expect(run).rejects.toBeInstanceOf(RequestValidationError);
    await expect(run).rejects.toThrow(/options\/maxRounds|maxRounds/);
  });
});
