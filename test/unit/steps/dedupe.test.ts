import { describe, expect, it } from 'vitest';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { dedupeDocuments } from '../../../functions/core/steps/dedupe.js';
import { type OperatorContext, STEP_OPERATORS } from '../../../functions/core/steps/index.js';
import { compileToolSchema } from '../../../functions/core/tools/compile-schema.js';
import { ToolRegistry } from '../../../functions/core/tools/registry.js';
import type { DecompositionPlan, DecompositionStep, RetrievedDocument, StepOutput } from '../../../functions/core/types.js';

const doc = (id: string, text: string, score: number, extra: Partial<RetrievedDocument> = {}): RetrievedDocument => ({
  id,
  text,
  modality: 'text',
  score,
  rank: 1,
  ...extra,
});
const ids = (documents: readonly RetrievedDocument[]) => documents.map((d) => d.id);

describe('Function: dedupeDocuments', () => {
  it('drops a second copy of the same id and keeps the copy ranked better in its own list', () => {
    // Prepare: "granite" is third in step 1's list and first in step 2's.
    const first = [doc('basalt', 'basalt lava rock', 9), doc('marble', 'marble metamorphic stone', 8), doc('granite', 'granite intrusive rock', 7)];
    const second = [doc('granite', 'granite intrusive rock', 2, { subquery_id: 'rocks', rank_in_subquery: 1 }), doc('slate', 'slate roof tiles', 1)];

    // Act
    const out = dedupeDocuments([
      { stepId: 1, documents: first },
      { stepId: 2, documents: second },
    ]);

    // Assess: first hits of both lists lead, then second hits, then the rest; ranks are 1..n.
    expect(ids(out.documents)).toEqual(['basalt', 'granite', 'marble', 'slate']);
    expect(out.documents.map((d) => d.rank)).toEqual([1, 2, 3, 4]);
    const granite = out.documents.find((d) => d.id === 'granite');
    expect(granite).toMatchObject({ score: 2, subquery_id: 'rocks', rank_in_subquery: 1 });
    expect(out.dropped).toBe(1);
    expect(out.duplicates).toEqual([{ id: 'granite', step_id: 1, duplicate_of: 'granite', similarity: 1 }]);
    expect(out.dedupe_method).toBe('id+cosine-tf@0.9');
  });

  it('gives a copy without attribution that of the list it came from', () => {
    // Act
    const out = dedupeDocuments([
      { stepId: 4, documents: [doc('a', 'quartz crystal', 1)] },
      { stepId: 5, documents: [doc('b', 'feldspar mineral', 1), doc('c', 'mica sheets', 0.5)] },
    ]);

    // Assess
    expect(out.documents.map((d) => [d.id, d.subquery_id, d.rank_in_subquery])).toEqual([
      ['a', 'step_4', 1],
      ['b', 'step_5', 1],
      ['c', 'step_5', 2],
    ]);
    expect(out.dropped).toBe(0);
  });

  it('drops a near-duplicate text at or above the threshold, and keeps it below', () => {
    // Prepare: term vectors (1,1,1,0) and (1,1,0,1): cosine 2/3.
    const lists = [
      { stepId: 1, documents: [doc('x', 'glacier moraine valley', 3)] },
      { stepId: 2, documents: [doc('y', 'glacier moraine fjord', 3)] },
    ];

    // Act
    const loose = dedupeDocuments(lists, 0.6);
    const exact = dedupeDocuments(lists, 2 / 3);
    const strict = dedupeDocuments(lists, 0.7);

    // Assess
    expect(ids(loose.documents)).toEqual(['x']);
    expect(loose.duplicates).toEqual([{ id: 'y', step_id: 2, duplicate_of: 'x', similarity: 0.667 }]);
    expect(loose.dedupe_method).toBe('id+cosine-tf@0.6');
    expect(ids(exact.documents)).toEqual(['x']);
    expect(ids(strict.documents)).toEqual(['x', 'y']);
    expect(strict.dropped).toBe(0);
  });

  it('counts repeated words: the same words in other proportions are less similar', () => {
    // Prepare: (3,1) against (1,3): cosine 6/10.
    const lists = [
      { stepId: 1, documents: [doc('p', 'volcano volcano volcano crater', 1)] },
      { stepId: 2, documents: [doc('q', 'volcano crater crater crater', 1)] },
    ];

    // Act + Assess
    expect(dedupeDocuments(lists, 0.6).duplicates).toEqual([{ id: 'q', step_id: 2, duplicate_of: 'p', similarity: 0.6 }]);
    expect(dedupeDocuments(lists, 0.61).dropped).toBe(0);
  });

  it('keeps the better-ranked of two near-duplicates: by rank in its list, then by score, then by input order', () => {
    // Prepare: the same text under three ids.
    const text = 'tidal estuary salt marsh';
    const byRank = dedupeDocuments([
      { stepId: 1, documents: [doc('other', 'desert dune sand', 9), doc('late', text, 9)] },
      { stepId: 2, documents: [doc('early', text, 1)] },
    ]);
    const byScore = dedupeDocuments([
      { stepId: 1, documents: [doc('low', text, 1)] },
      { stepId: 2, documents: [doc('high', text, 5)] },
    ]);
    const byOrder = dedupeDocuments([
      { stepId: 1, documents: [doc('left', text, 1)] },
      { stepId: 2, documents: [doc('right', text, 1)] },
    ]);

    // Assess
    expect(ids(byRank.documents)).toEqual(['other', 'early']);
    expect(byRank.duplicates).toEqual([{ id: 'late', step_id: 1, duplicate_of: 'early', similarity: 1 }]);
    expect(ids(byScore.documents)).toEqual(['high']);
    expect(ids(byOrder.documents)).toEqual(['left']);
  });

  it('never merges documents that have no content word to compare', () => {
    // Act: only stopwords, different ids.
    const out = dedupeDocuments([{ stepId: 1, documents: [doc('s1', 'the and of', 1), doc('s2', 'the and of', 1)] }]);

    // Assess
    expect(ids(out.documents)).toEqual(['s1', 's2']);
  });
});

const output = (step_id: number, documents: RetrievedDocument[], status: StepOutput['status'] = 'succeeded'): StepOutput => ({
  step_id,
  type: 'keyword_search',
  status,
  result: status === 'succeeded' ? { documents } : {},
  startedAt: '',
  endedAt: '',
  durationMs: 0,
  attempts: 1,
});

const step = (step_id: number, type: DecompositionStep['type'], parameters: Record<string, unknown>, dependencies: number[] = []): DecompositionStep => ({
  step_id,
  type,
  modality: 'text',
  parameters,
  dependencies,
  trace: {},
});

const noLlm: LlmProvider = {
  name: 'none',
  model: 'none',
  source: 'test',
  complete: () => Promise.reject(new Error('no model call is expected')),
};

describe('Operator: dedupe', () => {
  const ctx = (): OperatorContext => ({
    task: 'rocks',
    index: createCorpusIndex([]),
    llm: noLlm,
    topK: 5,
    signal: new AbortController().signal,
    tools: new ToolRegistry({ compile: compileToolSchema }),
    recordLlmCall: () => {},
  });

  it('reads its input_steps, defaults the threshold to 0.9 and says what it dropped and which inputs were missing', async () => {
    // Prepare
    const inputs = new Map([
      [1, output(1, [doc('a', 'lava basalt flow', 2), doc('b', 'granite batholith', 1)])],
      [2, output(2, [doc('b', 'granite batholith', 4), doc('c', 'lava basalt flow', 3)])],
      [3, output(3, [], 'skipped')],
    ]);

    // Act
    const result = await STEP_OPERATORS.dedupe(step(4, 'dedupe', { input_steps: [1, 2, 3] }, [1, 2, 3]), { input_steps: [1, 2, 3] }, inputs, ctx());

    // Assess: c is a's text under another id; b is found twice.
    expect(ids(result.documents as RetrievedDocument[])).toEqual(['b', 'a']);
    expect(result).toMatchObject({
      count: 2,
      dropped: 2,
      dedupe_method: 'id+cosine-tf@0.9',
      input_steps: [1, 2],
      missing_inputs: [3],
      duplicates: [
        { id: 'c', step_id: 2, duplicate_of: 'a', similarity: 1 },
        { id: 'b', step_id: 1, duplicate_of: 'b', similarity: 1 },
      ],
    });
  });
});

describe('Validation: dedupe steps', () => {
  const plan = (parameters: Record<string, unknown>, dependencies = [1, 2]): unknown => ({
    plan: [step(1, 'keyword_search', { query: 'granite' }), step(2, 'keyword_search', { query: 'basalt' }), step(3, 'dedupe', parameters, dependencies)],
    traceability: true,
  });
  const lines = (candidate: unknown) => validatePlan(candidate).errors.map((e) => `${e.path}: ${e.message}`);

  it('accepts input steps that are dependencies, with or without a threshold', () => {
    expect(lines(plan({ input_steps: [1, 2] }))).toEqual([]);
    expect(lines(plan({ input_steps: [1, 2], threshold: 0.75 }))).toEqual([]);
  });

  it('requires its input steps to be among its dependencies', () => {
    expect(lines(plan({ input_steps: [1, 2] }, [1]))).toEqual(["plan.2.parameters.input_steps.1: step 2 is not in this step's dependencies [1]"]);
  });

  it('refuses an empty input list, a threshold outside 0..1 and unknown parameters', () => {
    expect(lines(plan({ input_steps: [] }))).toEqual(['plan.2.parameters.input_steps: must NOT have fewer than 1 items']);
    expect(lines(plan({ input_steps: [1], threshold: 1.5 }))).toEqual(['plan.2.parameters.threshold: must be <= 1']);
    expect(lines(plan({ input_steps: [1], method: 'union' }))).toEqual([
      "plan.2.parameters: must NOT have additional property 'method' (allowed: input_steps, threshold)",
    ]);
  });
});

describe('Execution: a plan with a dedupe step', () => {
  it('runs after its searches, goes on when one of them was skipped, and its documents become the sources', async () => {
    // Prepare: two searches over a small corpus; the second is skipped by its condition.
    const index = createCorpusIndex([
      { id: 'granite', title: 'Granite', text: 'Granite is an intrusive igneous rock.' },
      { id: 'basalt', title: 'Basalt', text: 'Basalt is an extrusive igneous rock from lava.' },
      { id: 'marble', title: 'Marble', text: 'Marble is a metamorphic rock.' },
    ]);
    const plan: DecompositionPlan = {
      plan: [
        step(1, 'keyword_search', { query: 'igneous rock' }),
        { ...step(2, 'keyword_search', { query: 'metamorphic rock' }), condition: 'false' },
        step(3, 'dedupe', { input_steps: [1, 2] }, [1, 2]),
      ],
      traceability: true,
    };

    // Act
    const outcome = await executePlan(plan, {
      task: 'igneous and metamorphic rocks',
      index,
      llm: noLlm,
      clock: { now: () => new Date(0) },
      concurrency: 2,
      topK: 5,
      tools: new ToolRegistry({ compile: compileToolSchema }),
    });

    // Assess
    expect(outcome.status).toBe('succeeded');
    expect(outcome.outputs.map((o) => o.status)).toEqual(['succeeded', 'skipped', 'succeeded']);
    const dedupe = outcome.outputs[2]!;
    expect(dedupe.result).toMatchObject({ input_steps: [1], missing_inputs: [2], dropped: 0 });
    expect(ids(dedupe.result.documents as RetrievedDocument[])).toEqual(ids(outcome.outputs[0]!.result.documents as RetrievedDocument[]));
  });
});
