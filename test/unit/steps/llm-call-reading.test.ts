import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../../functions/core/ports.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { STEP_OPERATORS } from '../../../functions/core/steps/index.js';
import type { CorpusDocument } from '../../../functions/core/types.js';
import { corpusDoc } from '../../support/corpus.js';
import { operatorContext } from '../../support/executor.js';
import { ScriptedLlm } from '../../support/llm.js';
import { retrievedDoc, stepOf, stepOutput } from '../../support/plans.js';

/** A corpus of its own: a first hop that names the passage the answer needs, and names that lead nowhere useful. */
const CORPUS: CorpusDocument[] = [
  corpusDoc('leonor', 'Léonor', 'Léonor is a 1975 French drama film directed by Juan Luis Buñuel. It stars Liv Ullmann and Michel Piccoli.'),
  corpusDoc('bunuel', 'Juan Luis Buñuel', 'Juan Luis Buñuel is a French director, born in Paris in 1934.'),
  corpusDoc('ullmann', 'Liv Ullmann', 'Liv Ullmann is a Norwegian actress.'),
  corpusDoc('piccoli', 'Michel Piccoli', 'Michel Piccoli was a French actor.'),
  corpusDoc('trio', 'Trio', 'Trio is a film written by Liv Ullmann, Michel Piccoli and Juan Luis Buñuel.'),
  corpusDoc('paris', 'Paris', 'Paris is the capital of France.'),
  corpusDoc('marseille', 'Marseille', "Marseille is the second-largest city of France, after Paris. It lies in the Provence-Alpes-Côte d'Azur region."),
  corpusDoc('howell', 'Scott Howell (political consultant)', 'Scott Howell is an American political consultant, whose clients include Rudy Giuliani.'),
  corpusDoc('giuliani', 'Rudy Giuliani', 'Rudy Giuliani was the mayor of New York City.'),
  corpusDoc('seigne', 'Ema Seigne', 'Ema Seigne (born 22 June 1966) is a Norvian actress, known for Bitter Sun. She is married to film director Ravel Polan.'),
  corpusDoc('polan', 'Ravel Polan', 'Ravel Polan (born 18 August 1933 in Essin) is a Norvian film director.'),
  corpusDoc('sun', 'Bitter Sun', 'Bitter Sun is a 1992 film directed by Ravel Polan.'),
];

/** Runs an llm_call over one input step holding `inputIds` (in that order) for `task`. */
async function answerOver(task: string, inputIds: string[]) {
  const index = createCorpusIndex(CORPUS);
  const llm = new ScriptedLlm((_request: LlmRequest) => 'An answer.');
  const documents = inputIds.map((id, i) => {
    const doc = CORPUS.find((d) => d.id === id)!;
    return retrievedDoc(id, 1 - i / 10, { title: doc.title!, text: doc.text, rank: i + 1 });
  });
  const result = await STEP_OPERATORS.llm_call!(
    stepOf(2, 'llm_call', {}, [1]),
    { prompt: `Answer from the sources. Question: ${task}`, input_step: 1 },
    new Map([[1, stepOutput(1, 'keyword_search', { documents })]]),
    operatorContext({ task, index, llm }),
  );
  return { result, request: llm.requests[0]! };
}

describe('llm_call: the passages a first hop names', () => {
  it('reads the passage the task’s own passage names where it speaks of what is asked, after what was ranked', async () => {
    // Act
    const { result, request } = await answerOver('Where was the director of film Léonor born?', ['leonor', 'paris']);

    // Assess: the film's sentence naming its director is followed; the sentence naming its actors is not
    expect(result.read_documents).toEqual(['leonor', 'paris', 'bunuel']);
    expect(result.documents).toEqual([{ id: 'bunuel', title: 'Juan Luis Buñuel', text: 'Juan Luis Buñuel is a French director, born in Paris in 1934.' }]);
    expect((request.intent as { documents: Array<{ id: string }> }).documents.map((d) => d.id)).toContain('bunuel');
  });

  it('does not follow a name from a sentence that says nothing of what is asked when another sentence does', async () => {
    // Act
    const { result } = await answerOver('Which French region is Marseille in?', ['marseille']);

    // Assess: "after Paris" is no hop; the region is said in the passage itself
    expect(result.read_documents).toEqual(['marseille']);
    expect(result.documents).toBeUndefined();
  });

  it('follows the names of a passage none of whose sentences uses the words of what is asked', async () => {
    // Act
    const { result } = await answerOver('Scott Howell is a consultant who has worked with the mayor of what city?', ['howell']);

    // Assess
    expect(result.read_documents).toEqual(['howell', 'giuliani']);
  });

  it('follows the name of the relative a task asks through from the sentence stating the kinship, in words the task does not use', async () => {
    // Act: "born" is said in the sentence naming no one; the husband is named where she "is married to" him.
    const { result } = await answerOver('Where was the husband of Ema Seigne born?', ['seigne']);

    // Assess
    expect(result.read_documents).toContain('polan');
  });

  it('reads at most two passages named by one passage, first mentioned first', async () => {
    // Act
    const { result } = await answerOver('Who wrote the film Trio?', ['trio']);

    // Assess
    expect(result.read_documents).toEqual(['trio', 'ullmann', 'piccoli']);
  });

  it('follows no name when the task names none of the passages read', async () => {
    // Act
    const { result } = await answerOver('Which 1975 drama was directed in France?', ['leonor']);

    // Assess
    expect(result.read_documents).toEqual(['leonor']);
  });
});
