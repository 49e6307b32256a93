import { describe, expect, it } from 'vitest';

import { answerStep, rankSources } from '../../../functions/core/executor/sources.js';
import type { DecompositionPlan, RetrievedDocument, StepOutput, StepType } from '../../../functions/core/types.js';
import { retrievedDoc, stepOf, stepOutput } from '../../support/plans.js';

const doc = (id: string, score: number, extra: Partial<RetrievedDocument> = {}): RetrievedDocument =>
  retrievedDoc(id, score, { title: id.toUpperCase(), text: `Text of ${id}.`, ...extra });

/** A step's output holding `documents` (none at all when undefined) and the `extra` result fields. */
const output = (
  step_id: number,
  type: StepType,
  documents: RetrievedDocument[] | undefined,
  status: StepOutput['status'] = 'succeeded',
  extra: Record<string, unknown> = {},
): StepOutput => stepOutput(step_id, type, documents === undefined ? { ...extra } : { documents, ...extra }, status);

/** The comparison shape: two sub-queries, each searched two ways and fused, then union, rerank, answer. */
const comparison: DecompositionPlan = {
  plan: [
    stepOf(1, 'keyword_search', { query: 'A' }),
    stepOf(2, 'vector_search', { query: 'A' }),
    stepOf(3, 'aggregate', { input_steps: [1, 2], method: 'rank_fusion' }, [1, 2]),
    stepOf(4, 'keyword_search', { query: 'B' }),
    stepOf(5, 'vector_search', { query: 'B' }),
    stepOf(6, 'aggregate', { input_steps: [4, 5], method: 'rank_fusion' }, [4, 5]),
    stepOf(7, 'aggregate', { input_steps: [3, 6], method: 'union' }, [3, 6]),
    stepOf(8, 'rerank', { input_step: 7 }, [7]),
    stepOf(9, 'llm_call', { prompt: 'Compare', input_step: 8 }, [8]),
  ],
  traceability: true,
};

function comparisonOutputs(sideB: RetrievedDocument[] = [doc('x', 0.03), doc('z', 0.02)]): StepOutput[] {
  return [
    output(1, 'keyword_search', [doc('x', 5), doc('v', 1)]),
    output(2, 'vector_search', [doc('y', 0.5), doc('x', 0.4)]),
    output(3, 'aggregate', [doc('x', 0.0325, { subquery_id: 'step_1', rank_in_subquery: 1 }), doc('y', 0.0164)]),
    output(4, 'keyword_search', [doc('x', 3)]),
    output(5, 'vector_search', [doc('z', 0.6)]),
    output(6, 'aggregate', sideB),
    output(7, 'aggregate', [doc('x', 5), doc('y', 0.5), doc('z', 0.6)]),
    output(8, 'rerank', [doc('z', 0.9), doc('w', 0.812345), doc('x', 0.7), doc('y', 0.1)]),
    output(9, 'llm_call', undefined, 'succeeded', { text: 'Answer [x] [z]' }),
  ];
}

describe('Function: rankSources', () => {
  it('keeps the top NEW document of each sub-query first, then the final ranking', () => {
    // Act
    const { sources } = rankSources(comparison, comparisonOutputs(), { attributionTopN: 1, maxSources: 10 });

    // Assess
    expect(sources.map((s) => [s.id, s.step_id, s.subquery_id, s.rank_in_subquery])).toEqual([
      ['x', 3, 'step_3', 1],
      ['z', 6, 'step_6', 2],
      ['w', 8, 'step_8', 2],
      ['y', 8, 'step_8', 4],
      ['v', 1, 'step_1', 2],
    ]);
  });

  it('counts a rank_fusion of two searches as one sub-query in the coverage', () => {
    // Act
    const { coverage } = rankSources(comparison, comparisonOutputs(), { attributionTopN: 1, maxSources: 10 });

    // Assess
    expect(coverage).toEqual({ subquery_count: 2, covered_count: 2, coverage_ratio: 1 });
  });

  it('reports a sub-query that found nothing as not covered', () => {
    // Act
    const { sources, coverage } = rankSources(comparison, comparisonOutputs([]), { attributionTopN: 1, maxSources: 10 });

    // Assess
    expect(coverage).toEqual({ subquery_count: 2, covered_count: 1, coverage_ratio: 0.5 });
    expect(sources[0]).toMatchObject({ id: 'x', subquery_id: 'step_3' });
    expect(sources[1]).toMatchObject({ id: 'z', step_id: 8 });
  });

  it('keeps the top N new documents per sub-query when attributionTopN is N', () => {
    // Act
    const { sources } = rankSources(comparison, comparisonOutputs([doc('x', 0.03), doc('z', 0.02), doc('u', 0.01)]), { attributionTopN: 2, maxSources: 10 });

    // Assess
    expect(sources.slice(0, 4).map((s) => [s.id, s.subquery_id, s.rank_in_subquery])).toEqual([
      ['x', 'step_3', 1],
      ['y', 'step_3', 2],
      ['z', 'step_6', 2],
      ['u', 'step_6', 3],
    ]);
  });

  it('cuts to maxSources, rounds scores to four places and shortens long snippets', () => {
    // Prepare
    const plan: DecompositionPlan = { plan: [stepOf(1, 'keyword_search', { query: 'q' })], traceability: true };
    const long = doc('long', 1.234567, { text: `${'word '.repeat(100)}end` });

    // Act
    const { sources } = rankSources(plan, [output(1, 'keyword_search', [long, doc('b', 0.5), doc('c', 0.4)])], {
      attributionTopN: 1,
      maxSources: 2,
      snippetChars: 20,
    });

    // Assess
    expect(sources.map((s) => s.id)).toEqual(['long', 'b']);
    expect(sources[0]!.score).toBe(1.2346);
    expect(sources[0]!.snippet).toBe(`${'word '.repeat(3)}word…`);
    expect(sources[0]!.snippet).toHaveLength(20);
    expect(sources[0]).toMatchObject({ title: 'LONG', modality: 'text' });
  });

  it('counts each search as its own sub-query when a union (not a rank fusion) joins them', () => {
    // Prepare
    const plan: DecompositionPlan = {
      plan: [
        stepOf(1, 'keyword_search', { query: 'A' }),
        stepOf(2, 'keyword_search', { query: 'B' }),
        stepOf(3, 'aggregate', { input_steps: [1, 2], method: 'union' }, [1, 2]),
      ],
      traceability: true,
    };
    const outputs = [output(1, 'keyword_search', [doc('a', 2)]), output(2, 'keyword_search', []), output(3, 'aggregate', [doc('a', 2)])];

    // Act
    const { coverage } = rankSources(plan, outputs, { attributionTopN: 1, maxSources: 10 });

    // Assess
    expect(coverage).toEqual({ subquery_count: 2, covered_count: 1, coverage_ratio: 0.5 });
  });

  it('leaves out sub-queries that were skipped, and reports zero coverage when none ran', () => {
    // Prepare
    const plan: DecompositionPlan = {
      plan: [stepOf(1, 'keyword_search', { query: 'A' }), stepOf(2, 'keyword_search', { query: 'B' })],
      traceability: true,
    };

    // Act
    const some = rankSources(plan, [output(1, 'keyword_search', [doc('a', 1)]), output(2, 'keyword_search', undefined, 'skipped')], {
      attributionTopN: 1,
      maxSources: 10,
    });
    const none = rankSources(plan, [output(1, 'keyword_search', undefined, 'skipped'), output(2, 'keyword_search', undefined, 'skipped')], {
      attributionTopN: 1,
      maxSources: 10,
    });

    // Assess
    expect(some.coverage).toEqual({ subquery_count: 1, covered_count: 1, coverage_ratio: 1 });
    expect(none).toEqual({ sources: [], kept: 0, coverage: { subquery_count: 0, covered_count: 0, coverage_ratio: 0 } });
  });

  it('rounds the coverage ratio to three places', () => {
    // Prepare
    const plan: DecompositionPlan = { plan: [1, 2, 3].map((id) => stepOf(id, 'keyword_search', { query: `q${id}` })), traceability: true };
    const outputs = [output(1, 'keyword_search', [doc('a', 1)]), output(2, 'keyword_search', []), output(3, 'keyword_search', [])];

    // Act
    const { coverage } = rankSources(plan, outputs, { attributionTopN: 1, maxSources: 10 });

    // Assess
    expect(coverage).toEqual({ subquery_count: 3, covered_count: 1, coverage_ratio: 0.333 });
  });
});

/** The bridge shape: the whole question searched two ways and fused (the first hop), a multi-hop from it, the answer. */
const bridge: DecompositionPlan = {
  plan: [
    stepOf(1, 'keyword_search', { query: 'Which river flows through the town of the mill?' }),
    stepOf(2, 'vector_search', { query: 'Which river flows through the town of the mill?' }),
    stepOf(3, 'aggregate', { input_steps: [1, 2], method: 'rank_fusion' }, [1, 2]),
    stepOf(4, 'multi-hop', { input_step: 3, hops: 1 }, [3]),
    stepOf(5, 'llm_call', { prompt: 'Answer', input_steps: [3, 4] }, [3, 4]),
  ],
  traceability: true,
};
const TASK = 'Which river flows through the town of the mill?';

/** The bridge's outputs: BM25 ranks `keyword`, vectors `vector`, their fusion `fused`, the second hop `hop`. */
function bridgeOutputs(keyword: string[], vector: string[], fused: string[], hop: string[]): StepOutput[] {
  const docs = (ids: string[]) => ids.map((id, i) => doc(id, 1 / (i + 1)));
  return [
    output(1, 'keyword_search', docs(keyword)),
    output(2, 'vector_search', docs(vector)),
    output(3, 'aggregate', docs(fused)),
    output(4, 'multi-hop', docs(hop)),
    output(5, 'llm_call', undefined, 'succeeded', { text: 'Answer [a]' }),
  ];
}

describe('Function: rankSources never ranks below one search of the task', () => {
  it("keeps the first hop's two best first when BM25 and vectors agree on them, the second hop after", () => {
    // Prepare: both retrievers put a and b first; the second hop's best is c.
    const outputs = bridgeOutputs(['a', 'b', 'x'], ['b', 'a', 'y'], ['a', 'b', 'x', 'y'], ['c', 'a', 'd']);

    // Act
    const { sources, kept } = rankSources(bridge, outputs, { attributionTopN: 1, maxSources: 10, task: TASK });

    // Assess
    expect(sources.slice(0, 3).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    // The second hop's kept document stays among the attributed ones.
    expect(kept).toBe(3);
  });

  it("puts the second hop second when the retrievers disagree on the first hop's second document", () => {
    // Prepare: vectors rank y second, BM25 b: no agreement, so the hop's best comes second.
    const outputs = bridgeOutputs(['a', 'b', 'x'], ['a', 'y', 'b'], ['a', 'b', 'y', 'x'], ['c', 'a', 'd']);

    // Act
    const { sources, kept } = rankSources(bridge, outputs, { attributionTopN: 1, maxSources: 10, task: TASK });

    // Assess
    expect(sources.slice(0, 3).map((s) => s.id)).toEqual(['a', 'c', 'd']);
    expect(kept).toBe(2);
  });

  it('moves the best document of a keyword search of the whole task into the first two', () => {
    // Prepare: the fusion let vectors put y first; BM25 of the task had a first.
    const outputs = bridgeOutputs(['a', 'b'], ['y', 'z'], ['y', 'a', 'z', 'b'], ['c', 'y', 'd']);

    // Act
    const guarded = rankSources(bridge, outputs, { attributionTopN: 1, maxSources: 10, task: TASK });
    const unguarded = rankSources(bridge, outputs, { attributionTopN: 1, maxSources: 10 });

    // Assess
    expect(guarded.sources.slice(0, 3).map((s) => s.id)).toEqual(['y', 'a', 'c']);
    expect(unguarded.sources.slice(0, 2).map((s) => s.id)).toEqual(['y', 'c']);
  });

  it('keeps for a sub-query that is a name the passage titled so, where the fusion put a namesake first', () => {
    // Prepare: side B's fusion ranks the namesake n ("B Adam") over the page titled "B (film)".
    const sideB = [doc('n', 0.0325, { title: 'B Adam' }), doc('b', 0.0164, { title: 'B (film)' })];

    // Act
    const { sources } = rankSources(comparison, comparisonOutputs(sideB), { attributionTopN: 1, maxSources: 10 });

    // Assess: b kept for side B, at its own rank in the sub-query.
    expect(sources.slice(0, 2).map((s) => [s.id, s.subquery_id, s.rank_in_subquery])).toEqual([
      ['x', 'step_3', 1],
      ['b', 'step_6', 2],
    ]);
  });

  it('ranks a plan of one sub-query by its final ranking, its kept document where that ranking puts it', () => {
    // Prepare: search, fuse, rerank against the task; the rerank moves l ahead of the fusion's t.
    const plan: DecompositionPlan = {
      plan: [
        stepOf(1, 'keyword_search', { query: 'How many people live in Lyon?' }),
        stepOf(2, 'vector_search', { query: 'How many people live in Lyon?' }),
        stepOf(3, 'aggregate', { input_steps: [1, 2], method: 'rank_fusion' }, [1, 2]),
        stepOf(4, 'rerank', { input_step: 3 }, [3]),
        stepOf(5, 'llm_call', { prompt: 'Answer', input_step: 4 }, [4]),
      ],
      traceability: true,
    };
    const outputs = [
      output(1, 'keyword_search', [doc('i', 3), doc('l', 2), doc('t', 1)]),
      output(2, 'vector_search', [doc('t', 0.9), doc('l', 0.8)]),
      output(3, 'aggregate', [doc('t', 0.03), doc('l', 0.03), doc('i', 0.02)]),
      output(4, 'rerank', [doc('l', 0.9), doc('t', 0.5), doc('i', 0.4)]),
      output(5, 'llm_call', undefined, 'succeeded', { text: 'About 522,000 [l]' }),
    ];

    // Act
    const { sources, kept } = rankSources(plan, outputs, { attributionTopN: 1, maxSources: 10, task: 'How many people live in Lyon?' });

    // Assess: the rerank's l first, BM25's best i second (the guard), the kept t after them.
    expect(sources.map((s) => s.id)).toEqual(['l', 'i', 't']);
    expect(sources[2]).toMatchObject({ subquery_id: 'step_3', rank_in_subquery: 1 });
    expect(kept).toBe(3);
  });
});

describe('Function: answerStep', () => {
  it('picks the last succeeded llm_call that no step depends on', () => {
    // Prepare: step 2 is an intermediate llm_call (a bridge), step 4 the answer.
    const plan: DecompositionPlan = {
      plan: [
        stepOf(1, 'keyword_search', { query: 'q' }),
        stepOf(2, 'llm_call', { prompt: 'names' }, [1]),
        stepOf(3, 'keyword_search', { query: '{{ step_2.result.text }}' }, [2]),
        stepOf(4, 'llm_call', { prompt: 'answer' }, [3]),
      ],
      traceability: true,
    };
    const outputs = [
      output(1, 'keyword_search', []),
      output(2, 'llm_call', undefined, 'succeeded', { text: 'Nolan' }),
      output(3, 'keyword_search', []),
      output(4, 'llm_call', undefined, 'succeeded', { text: 'The answer' }),
    ];

    // Act
    const found = answerStep(plan, outputs);

    // Assess
    expect(found?.step_id).toBe(4);
  });

  it('finds no answer when the final llm_call did not succeed', () => {
    // Prepare
    const plan: DecompositionPlan = {
      plan: [stepOf(1, 'keyword_search', { query: 'q' }), stepOf(2, 'llm_call', { prompt: 'answer' }, [1])],
      traceability: true,
    };

    // Act
    const found = answerStep(plan, [output(1, 'keyword_search', []), output(2, 'llm_call', undefined, 'skipped')]);

    // Assess
    expect(found).toBeUndefined();
  });
});
