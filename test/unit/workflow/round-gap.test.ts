/**
 * The iterative loop's gate (workflow/round-gap.ts) over a small corpus of its own: another round
 * runs only for a lead, a document a passage the answer read names beside a word of the question
 * that the round did not rank in its first five.
 */
import { describe, expect, it } from 'vitest';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import type { DecompositionPlan, RetrievedDocument, StepOutput, StepType } from '../../../functions/core/types.js';
import { leadCue, type RoundOf, roundGap, roundLeads } from '../../../functions/core/workflow/round-gap.js';
import { retrievedDoc, stepOf, stepOutput } from '../../support/plans.js';

const FILMS = [
  { id: 'harbour-lights', title: 'Harbour Lights', text: 'Harbour Lights is a 1931 drama film directed by Orla Venn. It was shot in Quenton.' },
  { id: 'tin-kettle', title: 'The Tin Kettle', text: 'The Tin Kettle is a 1950 comedy film directed by Marek Dorr, starring Ada Lusk.' },
  { id: 'orla-venn', title: 'Orla Venn', text: 'Orla Venn (1899–1961) was a stage actress from Brisk who made three pictures.' },
  { id: 'marek-dorr', title: 'Marek Dorr', text: 'Marek Dorr (1921–1990) grew up in Lusk and made comedies.' },
  { id: 'ada-lusk', title: 'Ada Lusk', text: 'Ada Lusk was an actress.' },
  { id: 'quenton', title: 'Quenton', text: 'Quenton is a port town.' },
  ...[1, 2, 3, 4].map((n) => ({ id: `filler-${n}`, title: `Filler ${n}`, text: `Filler ${n} is about film and directors born later.` })),
].map((d) => ({ ...d, modality: 'text' as const }));
const index = createCorpusIndex(FILMS);
const byId = new Map(FILMS.map((d) => [d.id, d]));

const COMPARISON = 'Which film has the director who was born later, Harbour Lights or The Tin Kettle?';

/** A list of the corpus's documents, best first. */
const list = (...ids: string[]): RetrievedDocument[] =>
  ids.map((id, i) => retrievedDoc(id, 1 / (i + 1), { title: byId.get(id)!.title, text: byId.get(id)!.text }));
const ran = (step_id: number, type: StepType, documents?: RetrievedDocument[]): StepOutput =>
  stepOutput(step_id, type, documents === undefined ? { text: 'The Tin Kettle', short_answer: 'The Tin Kettle' } : { documents });

/** Round 1 of a comparison: one search per side, the answer reading both. */
const sides: DecompositionPlan = {
  plan: [
    stepOf(1, 'keyword_search', { query: 'Harbour Lights director' }),
    stepOf(2, 'keyword_search', { query: 'The Tin Kettle director' }),
    stepOf(3, 'llm_call', { prompt: 'Compare', input_steps: [1, 2] }, [1, 2]),
  ],
  traceability: true,
};
const fillers = ['filler-1', 'filler-2', 'filler-3', 'filler-4'];
const roundOne = (first: string[], second: string[]): RoundOf => ({
  task: COMPARISON,
  taskKind: 'comparison',
  plan: sides,
  outputs: [ran(1, 'keyword_search', list(...first)), ran(2, 'keyword_search', list(...second)), ran(3, 'llm_call')],
  rounds: undefined,
  round: 1,
});

describe('Function: leadCue', () => {
  it('finds the word of the question a name follows, within four words', () => {
    // Act + Assess: "film" is among the four words before the name ("directed" would do too: it
    // shares its first five letters with "director").
    expect(leadCue('Harbour Lights is a 1931 drama film directed by Orla Venn.', 'Orla Venn', COMPARISON, 'Harbour Lights')).toBe('film');
    expect(leadCue('Harbour Lights, a drama, was directed by Orla Venn.', 'Orla Venn', COMPARISON, 'Harbour Lights')).toBe('director');
    expect(leadCue('The Tin Kettle is a 1950 comedy film directed by Marek Dorr, starring Ada Lusk.', 'Ada Lusk', COMPARISON, 'The Tin Kettle')).toBe(
      undefined,
    );
  });

  it('finds none when the question asks one thing of the things it names', () => {
    // Act + Assess: "populations" is what is compared, not a hop to another entity.
    expect(leadCue('Lyon is the third-largest city by population, after Paris.', 'Paris', 'Compare the populations of Lyon and Marseille')).toBe(undefined);
  });
});

describe('Function: roundGap (the iterative loop asks for another round only when it has something to find)', () => {
  it('names the documents each side names beside a word of the question that round 1 did not rank in its first five', async () => {
    // Prepare: each side found its film first and fillers after it; the directors are not among the first five.
    const of = roundOne(['harbour-lights', ...fillers], ['tin-kettle', ...fillers]);

    // Act
    const leads = await roundLeads(of, index);
    const gap = await roundGap(of, index);

    // Assess
    expect(leads.map((l) => [l.id, l.namedIn, l.cue])).toEqual([
      ['orla-venn', 'harbour-lights', 'film'],
      ['marek-dorr', 'tin-kettle', 'film'],
    ]);
    expect(gap).toMatch(/round 1 left 2 documents its passages name and it did not rank: Orla Venn \(named in harbour-lights beside "film"\)/);
  });

  it('ends the loop when round 1 already ranked what its passages name in its first five', async () => {
    // Prepare
    const of = roundOne(['harbour-lights', 'orla-venn'], ['tin-kettle', 'marek-dorr']);

    // Act + Assess
    expect(await roundLeads(of, index)).toEqual([]);
    expect(await roundGap(of, index)).toBeUndefined();
  });

  it('ends the loop after a round that looked the leads up, whether or not they ranked', async () => {
    // Prepare: round 2 looked both directors up by their titles.
    const first = roundOne(['harbour-lights', ...fillers], ['tin-kettle', ...fillers]);
    const plan: DecompositionPlan = {
      ...sides,
      plan: [...sides.plan, stepOf(4, 'graph_query', { query: 'Orla Venn' }), stepOf(5, 'graph_query', { query: 'Marek Dorr' })],
    };
    const of: RoundOf = {
      ...first,
      plan,
      outputs: [...first.outputs, ran(4, 'graph_query', list('quenton')), ran(5, 'graph_query', list('quenton'))],
      rounds: {
        maxRounds: 5,
        rounds: [
          { round: 1, stepIds: [1, 2, 3] },
          { round: 2, stepIds: [4, 5] },
        ],
      },
      round: 2,
    };

    // Act + Assess
    expect(await roundGap(of, index)).toBeUndefined();
  });

  it('leaves a task of unknown kind to its planner', async () => {
    // Act + Assess
    expect(await roundGap({ ...roundOne(['harbour-lights'], ['tin-kettle']), taskKind: undefined }, index)).toMatch(/unknown kind/);
  });
});
