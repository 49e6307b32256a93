import { describe, expect, it } from 'vitest';
import { StepExecutionError } from '../../../functions/core/errors.js';
import { createCorpusIndex, type InMemoryCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { type OperatorContext, STEP_OPERATORS, type StepOperator } from '../../../functions/core/steps/index.js';
import { GRAPH_WEIGHTS, graphQuery, multiHop } from '../../../functions/core/steps/operators/graph.js';
import type { RetrievedDocument, StepOutput, StepType } from '../../../functions/core/types.js';
import { corpusDoc } from '../../support/corpus.js';
import { operatorContext } from '../../support/executor.js';
import { stepOf, stepOutput } from '../../support/plans.js';

/**
 * A bridge corpus: the studio's passage names Nadia Brook (the bridge entity), whose passage names
 * Port Vell (two links out). Quiet Valley matches the query words but is linked to nothing.
 */
const bridgeCorpus = (): InMemoryCorpusIndex =>
  createCorpusIndex([
    corpusDoc('studio', 'Harbor Films', 'Harbor Films produced the zephyr documentary with Nadia Brook.'),
    corpusDoc('nadia', 'Nadia Brook', 'Nadia Brook is a director born in Port Vell.'),
    corpusDoc('portvell', 'Port Vell', 'Port Vell is a harbour town on the marble coast.'),
    corpusDoc('quiet', 'Quiet Valley', 'Quiet Valley hosts a zephyr festival every zephyr season.'),
    corpusDoc('mine', 'Copper Mine', 'An old mine with marble walls.'),
  ]);

/** A river corpus for graph queries: Saône -> Rhône, Lyon; Rhône -> Lake Geneva -> Alps. */
const riverCorpus = (): InMemoryCorpusIndex =>
  createCorpusIndex([
    corpusDoc('saone', 'Saône', 'The Saône is a tributary that joins the Rhône at Lyon.'),
    corpusDoc('rhone', 'Rhône', 'The Rhône flows out of Lake Geneva.'),
    corpusDoc('lyon', 'Lyon', 'A city of France.'),
    corpusDoc('geneva', 'Lake Geneva', 'A lake at the foot of the Alps.'),
    corpusDoc('alps', 'Alps', 'A mountain range of Europe.'),
    corpusDoc('loire', 'Loire', 'The longest river of France, flowing west to the Atlantic.'),
  ]);

/** The query relevance multi-hop and graph_query score with: BM25 normalised to the best hit. */
async function relevanceOf(index: InMemoryCorpusIndex, query: string): Promise<(id: string) => number> {
  const hits = await index.keywordSearch(query, { topK: index.size });
  const best = hits[0]?.score ?? 0;
  return (id) => {
    const hit = hits.find((h) => h.doc.id === id);
    return hit && best > 0 ? hit.score / best : 0;
  };
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;
const seed = (id: string, rank = 1): RetrievedDocument => ({ id, text: `text of ${id}`, modality: 'text', score: 1, rank });
const scored = (docs: RetrievedDocument[]) => docs.map((d) => [d.id, d.score, d.rank]);

describe('multiHop', () => {
  it('scores a linked candidate rel(seed) + rel(next) + the link bonus, with the seed it came via', async () => {
    // Prepare: "documentary" puts the studio (the seed) first; Nadia Brook matches no query word.
    const index = bridgeCorpus();
    const rel = await relevanceOf(index, 'zephyr documentary');

    // Act
    const out = await multiHop(index, [seed('studio')], { query: 'zephyr documentary', hops: 1, topK: 10 });

    // Assess: the bridge (1 + 0 + 0.8) beats the direct match Quiet Valley (1 + 0.52), which gets no bonus.
    expect(rel('studio')).toBe(1);
    expect(rel('nadia')).toBe(0);
    expect(scored(out.documents)).toEqual([
      ['nadia', 1.8, 1],
      ['quiet', round4(1 + rel('quiet')), 2],
    ]);
    expect(out.paths).toEqual([
      { id: 'nadia', hop: 1, via: 'studio' },
      { id: 'quiet', hop: 1 },
    ]);
    expect(GRAPH_WEIGHTS.linkBonus).toBe(0.8);
  });

  it('lets a strong direct match outrank a link to a passage that matches nothing (no bridge is forced)', async () => {
    // Prepare: for "zephyr" alone Quiet Valley is the best match (rel 1), the seed is weaker.
    const index = bridgeCorpus();
    const rel = await relevanceOf(index, 'zephyr');

    // Act
    const out = await multiHop(index, [seed('studio')], { query: 'zephyr', hops: 1, topK: 10 });

    // Assess: direct = rel(anchor) + rel(quiet) = rel(studio) + 1 > linked = rel(studio) + 0 + 0.8.
    expect(rel('quiet')).toBe(1);
    expect(scored(out.documents)).toEqual([
      ['quiet', round4(rel('studio') + 1), 1],
      ['nadia', round4(rel('studio') + 0.8), 2],
    ]);
    expect(out.paths).toEqual([
      { id: 'quiet', hop: 1 },
      { id: 'nadia', hop: 1, via: 'studio' },
    ]);
  });

  it('does not offer the first seed (the anchor) back as a direct match of its own hop', async () => {
    // Prepare
    const index = bridgeCorpus();

    // Act
    const out = await multiHop(index, [seed('studio')], { query: 'zephyr documentary', hops: 1, topK: 10 });

    // Assess
    expect(out.documents.map((d) => d.id)).not.toContain('studio');
  });

  it('follows incoming links too: a seed that is mentioned reaches the passage mentioning it', async () => {
    // Prepare: Nadia Brook is named by the studio's passage (an incoming link of nadia).
    const index = bridgeCorpus();
    const rel = await relevanceOf(index, 'documentary');

    // Act
    const out = await multiHop(index, [seed('nadia')], { query: 'documentary', hops: 1, topK: 10 });

    // Assess: portvell (outgoing) and studio (incoming) both come via nadia.
    expect(out.paths).toEqual([
      { id: 'studio', hop: 1, via: 'nadia' },
      { id: 'portvell', hop: 1, via: 'nadia' },
    ]);
    expect(out.documents[0]!.score).toBe(round4(0 + rel('studio') + 0.8));
    expect(out.documents[1]!.score).toBe(0.8);
  });

  it('seeds from the first five input documents only', async () => {
    // Prepare: six seeds; only the sixth links to the studio passage.
    const index = createCorpusIndex([
      ...['s1', 's2', 's3', 's4', 's5'].map((id) => corpusDoc(id, `Seed ${id}`, 'plain text')),
      corpusDoc('s6', 'Seed six', 'This one names Target Place.'),
      corpusDoc('target', 'Target Place', 'The place.'),
    ]);
    const input = ['s1', 's2', 's3', 's4', 's5', 's6'].map((id, i) => seed(id, i + 1));

    // Act
    const five = await multiHop(index, input, { query: 'nothing matches this', hops: 1, topK: 10 });
    const withSixthFirst = await multiHop(index, [input[5]!, ...input.slice(0, 5)], { query: 'nothing matches this', hops: 1, topK: 10 });

    // Assess
    expect(GRAPH_WEIGHTS.seeds).toBe(5);
    expect(five.documents).toEqual([]);
    expect(withSixthFirst.paths).toEqual([{ id: 'target', hop: 1, via: 's6' }]);
  });

  it('finds nothing when the input found nothing', async () => {
    // Prepare
    const index = bridgeCorpus();

    // Act
    const out = await multiHop(index, [], { query: 'zephyr documentary', hops: 2, topK: 5 });

    // Assess
    expect(out.documents).toEqual([]);
    expect(out.paths).toEqual([]);
  });

  it('walks a second hop from what the first hop found when hops is 2', async () => {
    // Prepare
    const index = bridgeCorpus();

    // Act
    const one = await multiHop(index, [seed('studio')], { query: 'zephyr documentary', hops: 1, topK: 10 });
    const two = await multiHop(index, [seed('studio')], { query: 'zephyr documentary', hops: 2, topK: 10 });

    // Assess: Port Vell is two links from the studio, reached via Nadia Brook.
    expect(one.paths.map((p) => p.id)).not.toContain('portvell');
    expect(two.paths).toContainEqual({ id: 'portvell', hop: 2, via: 'nadia' });
    expect(two.documents.find((d) => d.id === 'portvell')!.score).toBe(0.8);
    expect(two.multi_hop).toBe('entity-link-expansion-v1(hops=2,seeds=5,link_bonus=0.8,graph=title-mention-graph-v2)');
  });

  it('keeps the first hop’s score and path for a document the second hop reaches again', async () => {
    // Prepare
    const index = bridgeCorpus();

    // Act
    const two = await multiHop(index, [seed('studio')], { query: 'zephyr documentary', hops: 2, topK: 10 });

    // Assess: nadia is found on hop 1 via the studio and again on hop 2; quiet once, as a direct match.
    expect(two.paths.filter((p) => p.id === 'nadia')).toEqual([{ id: 'nadia', hop: 1, via: 'studio' }]);
    expect(two.paths.filter((p) => p.id === 'quiet')).toEqual([{ id: 'quiet', hop: 1 }]);
    expect(new Set(two.documents.map((d) => d.id)).size).toBe(two.documents.length);
  });

  it('ranks the documents of every hop by score, best first, with ranks 1..n', async () => {
    // Prepare
    const index = bridgeCorpus();

    // Act
    const two = await multiHop(index, [seed('studio')], { query: 'zephyr documentary', hops: 2, topK: 10 });

    // Assess
    const scores = two.documents.map((d) => d.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(two.documents.map((d) => d.rank)).toEqual(two.documents.map((_, i) => i + 1));
    expect(two.paths.map((p) => p.id)).toEqual(two.documents.map((d) => d.id));
  });

  it('keeps top_k documents, rounds scores to four decimals and carries the corpus fields', async () => {
    // Prepare
    const index = createCorpusIndex([
      { id: 'studio', title: 'Harbor Films', text: 'Harbor Films produced the zephyr documentary with Nadia Brook.' },
      { id: 'nadia', title: 'Nadia Brook', text: 'A director.', modality: 'audio', metadata: { file: 'nadia.mp3' } },
      { id: 'quiet', title: 'Quiet Valley', text: 'A zephyr festival.' },
    ]);

    // Act
    const out = await multiHop(index, [seed('studio')], { query: 'zephyr documentary', hops: 1, topK: 1 });

    // Assess
    expect(out.documents).toEqual([
      { id: 'nadia', title: 'Nadia Brook', text: 'A director.', modality: 'audio', metadata: { file: 'nadia.mp3' }, score: 1.8, rank: 1 },
    ]);
    expect(out.paths).toEqual([{ id: 'nadia', hop: 1, via: 'studio' }]);
  });
});

describe('graphQuery', () => {
  it('seeds the entities the query names with a bonus and expands one link out at half weight', async () => {
    // Prepare: only the Saône passage holds the word "saone".
    const index = riverCorpus();

    // Act
    const out = await graphQuery(index, { query: 'Saône', depth: 1, topK: 10 });

    // Assess: saone = rel 1 + bonus 1; its links rhone and lyon = 0.5 * 2 + 0.5 * 0.
    expect(out.entities).toEqual(['saone']);
    expect(scored(out.documents)).toEqual([
      ['saone', 2, 1],
      ['rhone', 1, 2],
      ['lyon', 1, 3],
    ]);
    expect(out.graph_method).toBe('entity-seeded-expansion-v1(depth=1,graph=title-mention-graph-v2)');
  });

  it('walks further at each depth, each level worth less', async () => {
    // Prepare
    const index = riverCorpus();

    // Act
    const two = await graphQuery(index, { query: 'Saône', depth: 2, topK: 10 });
    const three = await graphQuery(index, { query: 'Saône', depth: 3, topK: 10 });

    // Assess: geneva = 0.25 * score(rhone) = 0.25; alps = 0.125 * score(geneva) = 0.03125.
    expect(scored(two.documents)).toEqual([
      ['saone', 2, 1],
      ['rhone', 1, 2],
      ['lyon', 1, 3],
      ['geneva', 0.25, 4],
    ]);
    expect(scored(three.documents).at(-1)).toEqual(['alps', 0.0313, 5]);
    expect(three.documents.map((d) => d.id)).not.toContain('loire');
  });

  it('lets a named entity outrank a document that matches the words better', async () => {
    // Prepare: "longest river" are words of the Loire passage; the Rhône is named by its title.
    const index = riverCorpus();
    const query = 'Is the longest river the Rhône?';
    const rel = await relevanceOf(index, query);

    // Act
    const out = await graphQuery(index, { query, depth: 1, topK: 10 });

    // Assess
    expect(rel('loire')).toBe(1);
    expect(rel('rhone')).toBeLessThan(1);
    expect(out.entities).toEqual(['rhone']);
    expect(out.documents[0]).toMatchObject({ id: 'rhone', score: round4(rel('rhone') + 1), rank: 1 });
    expect(out.documents.find((d) => d.id === 'loire')!.score).toBe(1);
  });

  it('lists no entities, and seeds from the best direct matches, when the query names none', async () => {
    // Prepare
    const index = riverCorpus();
    const rel = await relevanceOf(index, 'the longest river flowing west');

    // Act
    const out = await graphQuery(index, { query: 'the longest river flowing west', depth: 1, topK: 10 });

    // Assess
    expect(out.entities).toEqual([]);
    expect(out.documents[0]).toMatchObject({ id: 'loire', score: round4(rel('loire')), rank: 1 });
  });

  it('finds nothing, without failing, for a query that names nothing and matches nothing', async () => {
    // Prepare
    const index = riverCorpus();

    // Act
    const out = await graphQuery(index, { query: 'Atlantis', depth: 2, topK: 5 });

    // Assess
    expect(out).toEqual({ documents: [], entities: [], graph_method: 'entity-seeded-expansion-v1(depth=2,graph=title-mention-graph-v2)' });
  });
});

describe('graph step operators', () => {
  const ctx = (index: InMemoryCorpusIndex, extra: Partial<OperatorContext> = {}): OperatorContext =>
    operatorContext({ task: 'zephyr documentary', index, ...extra });
  const op = (type: StepType): StepOperator => STEP_OPERATORS[type]!;
  const outputOf = (step_id: number, documents: RetrievedDocument[]): StepOutput => stepOutput(step_id, 'keyword_search', { documents });

  describe("'multi-hop'", () => {
    it('walks from its input step, defaults the query to the task and one hop, and attributes each document to itself', async () => {
      // Prepare
      const index = bridgeCorpus();
      const step = stepOf(2, 'multi-hop', { input_step: 1 }, [1]);

      // Act
      const result = await op('multi-hop')(step, step.parameters, new Map([[1, outputOf(1, [seed('studio')])]]), ctx(index));

      // Assess
      expect(result).toMatchObject({
        query: 'zephyr documentary',
        count: 2,
        top_score: 1.8,
        linked: 1,
        input_step: 1,
        multi_hop: 'entity-link-expansion-v1(hops=1,seeds=5,link_bonus=0.8,graph=title-mention-graph-v2)',
        paths: [
          { id: 'nadia', hop: 1, via: 'studio' },
          { id: 'quiet', hop: 1 },
        ],
      });
      const docs = result.documents as RetrievedDocument[];
      expect(docs.map((d) => [d.id, d.rank, d.subquery_id, d.rank_in_subquery])).toEqual([
        ['nadia', 1, 'step_2', 1],
        ['quiet', 2, 'step_2', 2],
      ]);
    });

    it('uses its own query, hops and top_k, and reads its first dependency when input_step is absent', async () => {
      // Prepare
      const index = bridgeCorpus();
      const step = stepOf(3, 'multi-hop', { query: 'zephyr documentary', hops: 2, top_k: 1 }, [1]);

      // Act
      const result = await op('multi-hop')(step, step.parameters, new Map([[1, outputOf(1, [seed('studio')])]]), ctx(index, { task: 'unrelated' }));

      // Assess
      expect(result.query).toBe('zephyr documentary');
      expect(result.count).toBe(1);
      expect(result.input_step).toBe(1);
      expect(String(result.multi_hop)).toContain('hops=2');
    });

    it('fails when its input step has no output', async () => {
      // Prepare
      const index = bridgeCorpus();
      const step = stepOf(2, 'multi-hop', { input_step: 1, hops: 1 }, [1]);

      // Act
      const run = op('multi-hop')(step, step.parameters, new Map(), ctx(index));

      // Assess
      await expect(run).rejects.toThrow(StepExecutionError);
      await expect(run).rejects.toThrow('step 2: input step 1 has no output');
    });
  });

  describe("'graph_query'", () => {
    it('returns the named entities and the expansion, attributed to itself', async () => {
      // Prepare
      const index = riverCorpus();
      const step = stepOf(1, 'graph_query', { query: 'Saône', depth: 1 });

      // Act
      const result = await op('graph_query')(step, step.parameters, new Map(), ctx(index));

      // Assess
      expect(result).toMatchObject({
        query: 'Saône',
        count: 3,
        top_score: 2,
        entities: ['saone'],
        graph_method: 'entity-seeded-expansion-v1(depth=1,graph=title-mention-graph-v2)',
      });
      expect(result.reason).toBeUndefined();
      expect((result.documents as RetrievedDocument[]).map((d) => [d.id, d.subquery_id, d.rank_in_subquery])).toEqual([
        ['saone', 'step_1', 1],
        ['rhone', 'step_1', 2],
        ['lyon', 'step_1', 3],
      ]);
    });

    it('reads related_to when there is no query, and defaults depth to 1', async () => {
      // Prepare
      const index = riverCorpus();
      const step = stepOf(1, 'graph_query', { related_to: 'Lake Geneva', top_k: 10 });

      // Act
      const result = await op('graph_query')(step, step.parameters, new Map(), ctx(index));

      // Assess: the entity, then what links to it (the Rhône) and what it names (the Alps), then
      // the Rhône's own link (the Saône); Lyon and the Loire are not within one link.
      expect(result.query).toBe('Lake Geneva');
      expect(result.entities).toEqual(['geneva']);
      expect(String(result.graph_method)).toContain('depth=1');
      expect((result.documents as RetrievedDocument[]).map((d) => d.id)).toEqual(['geneva', 'rhone', 'alps', 'saone']);
    });

    it('records the reason, and does not fail, when the entity is absent from the corpus', async () => {
      // Prepare
      const index = riverCorpus();
      const step = stepOf(4, 'graph_query', { query: 'Atlantis' });

      // Act
      const result = await op('graph_query')(step, step.parameters, new Map(), ctx(index));

      // Assess
      expect(result).toEqual({
        query: 'Atlantis',
        documents: [],
        count: 0,
        top_score: 0,
        top_coverage: 0,
        entities: [],
        reason: 'no document is titled by an entity named in "Atlantis"; seeded by direct matches only',
        graph_method: 'entity-seeded-expansion-v1(depth=1,graph=title-mention-graph-v2)',
      });
    });

    it('fails on a blank query', async () => {
      // Prepare
      const index = riverCorpus();
      const step = stepOf(5, 'graph_query', { query: '   ' });

      // Act
      const run = op('graph_query')(step, step.parameters, new Map(), ctx(index));

      // Assess
      await expect(run).rejects.toThrow(new StepExecutionError('step 5: graph_query needs a query or related_to'));
    });
  });
});
