import { describe, expect, it } from 'vitest';

import { analysisOf, readTask } from '../../../functions/adapters/llm/rule-based/reading.js';
import { validateAnalysis } from '../../../functions/core/plan/schemas.js';

describe('Function: readTask', () => {
  describe('comparison', () => {
    it.each([
      ['Compare Mount Everest and K2 on elevation', ['Mount Everest', 'K2'], 'elevation'],
      ['Which is older, Inception or Memento?', ['Inception', 'Memento'], 'older'],
      ['Were Lyon and Marseille both founded by Greeks?', ['Lyon', 'Marseille'], 'founded by Greeks'],
    ])('reads "%s" as a comparison of %j on %s', (task, pair, attribute) => {
      // Act
      const reading = readTask(task);

      // Assess
      expect(reading.kind).toBe('comparison');
      expect(reading.pair).toEqual(pair);
      expect(reading.attribute).toBe(attribute);
    });

    it('leaves the attribute out when only cue words remain', () => {
      // Act
      const reading = readTask('What is the difference between the Nile vs the Amazon River?');

      // Assess
      expect(reading.kind).toBe('comparison');
      expect(reading.pair).toEqual(['Nile', 'Amazon River']);
      expect(reading.attribute).toBeUndefined();
    });
  });

  describe('bridge', () => {
    it.each([
      ['What is the nationality of the director of Inception?', ['Inception']],
      ['Who directed the film that starred Leonardo DiCaprio in 2010?', ['Leonardo DiCaprio', '2010']],
      // A relative two steps away (the mother, then her father), and what is asked of a relative.
      ['Who is the maternal grandfather of Vesko Yarvich?', ['Vesko Yarvich']],
      ['Where was the husband of Olga Hill born?', ['Olga Hill']],
    ])('reads the nested question "%s" as a bridge', (task, entities) => {
      // Act
      const reading = readTask(task);

      // Assess
      expect(reading.kind).toBe('bridge');
      expect(reading.entities).toEqual(entities);
      expect(reading.pair).toBeUndefined();
    });
  });

  describe('conditional', () => {
    it('reads the condition, the then-clause and the otherwise-clause', () => {
      // Act
      const reading = readTask('When K2 is in Pakistan, describe the Karakoram; otherwise describe the Himalayas.');

      // Assess
      expect(reading).toMatchObject({
        kind: 'conditional',
        condition: 'K2 is in Pakistan',
        // biome-ignore lint/suspicious/noThenProperty: the reading's then-clause, not a promise
        then: 'describe the Karakoram',
        otherwise: 'describe the Himalayas',
      });
    });

    it('reads a conditional with no otherwise-clause', () => {
      // Act
      const reading = readTask('If the Nile flows into the Mediterranean Sea, list the cities on its delta.');

      // Assess
      expect(reading.kind).toBe('conditional');
      expect(reading.condition).toBe('the Nile flows into the Mediterranean Sea');
      expect(reading.then).toBe('list the cities on its delta');
      expect(reading.otherwise).toBeUndefined();
    });

    it('reads the question before "If so" as the condition', () => {
      // Act
      const reading = readTask('Is Everest in Nepal? If so, describe the Khumbu Icefall, otherwise describe K2.');

      // Assess
      expect(reading.condition).toBe('Is Everest in Nepal');
    });
  });

  describe('top_n', () => {
    it.each([
      ['List the top 3 highest mountains', 3],
      ['What are the five largest rivers in the world?', 5],
      ['Name three films by Christopher Nolan', 3],
      ['Top-10 mountains in Asia', 10],
    ])('reads "%s" as top %i', (task, n) => {
      // Act
      const reading = readTask(task);

      // Assess
      expect(reading.kind).toBe('top_n');
      expect(reading.n).toBe(n);
    });

    it('does not take a top-N over 50 as a ranking request', () => {
      // Act
      const reading = readTask('List the top 100 rivers');

      // Assess
      expect(reading.kind).toBe('lookup');
      expect(reading.n).toBeUndefined();
    });
  });

  describe('multimodal', () => {
    it('reads audio, image and table files with their modality', () => {
      // Act
      const reading = readTask('Summarize interview.mp3, compare it with photos/base.JPG and check peaks.csv');

      // Assess
      expect(reading.kind).toBe('multimodal');
      expect(reading.files).toEqual([
        { file: 'interview.mp3', modality: 'audio' },
        { file: 'photos/base.JPG', modality: 'image' },
        { file: 'peaks.csv', modality: 'table' },
      ]);
    });

    it('reads a task about "the photo" as multimodal even without a file name', () => {
      // Act
      const reading = readTask('What is shown in the photo of Everest base camp?');

      // Assess
      expect(reading.kind).toBe('multimodal');
      expect(reading.files).toEqual([]);
    });
  });

  describe('lookup', () => {
    it.each(['Everest height', 'rivers of the world'])('reads the short task "%s" as a lookup', (task) => {
      // Act
      const reading = readTask(task);

      // Assess
      expect(reading.kind).toBe('lookup');
    });
  });

  it('reads "Which came first the forming of A or the birth of B?" as a comparison of A and B', () => {
    // Act
    const reading = readTask('Which came first the forming of The Dandy Hols or the birth of Rob Yong?');

    // Assess
    expect(reading.kind).toBe('comparison');
    expect(reading.pair).toEqual(['Dandy Hols', 'Rob Yong']);
  });

  it('reads a parenthesis saying which one a name is ("(1936 Film)") as no entity of its own', () => {
    // Act
    const reading = readTask('Where was the director of Four Live Ghosts (1936 Film) born?');
    const named = readTask('Who sang Greatest Love (Ciara Song)?');

    // Assess
    expect(reading.entities).toEqual(['Four Live Ghosts']);
    expect(named.entities).toEqual(['Greatest Love', 'Ciara Song']);
  });

  it('normalises whitespace in the task it keeps', () => {
    // Act
    const reading = readTask('  Everest \n\t height  ');

    // Assess
    expect(reading.task).toBe('Everest height');
  });
});

describe('Function: analysisOf', () => {
  it.each([
    ['Compare Mount Everest and K2 on elevation', 'comparison', 'moderate', false, false],
    ['What is the nationality of the director of Inception?', 'bridge', 'complex', false, false],
    ['When K2 is in Pakistan, describe the Karakoram; otherwise describe the Himalayas.', 'conditional', 'complex', false, true],
    ['List the top 3 highest mountains', 'top_n', 'moderate', false, false],
    ['What does the guide say in interview.mp3?', 'multimodal', 'complex', true, false],
    ['Everest height', 'lookup', 'simple', false, false],
  ])('analyses "%s" as %s, %s, tools %s, routing %s, and the analysis validates', (task, kind, complexity, tools, routing) => {
    // Act
    const analysis = analysisOf(readTask(task));

    // Assess
    expect(analysis.task_kind).toBe(kind);
    expect(analysis.complexity).toBe(complexity);
    expect(analysis.requires_tools).toBe(tools);
    expect(analysis.requires_routing).toBe(routing);
    expect(validateAnalysis(analysis)).toEqual([]);
  });

  it('suggests only the media step types the mentioned files need, and lists files first', () => {
    // Act
    const analysis = analysisOf(readTask('What does Tenzing say in sherpa.mp3?'));

    // Assess
    expect(analysis.suggested_step_types).toEqual(['audio_transcription', 'keyword_search', 'vector_search', 'aggregate', 'llm_call']);
    expect(analysis.key_entities).toEqual(['sherpa.mp3', 'Tenzing']);
    expect(analysis.intent).toBe('Read sherpa.mp3 and answer: What does Tenzing say in sherpa.mp3?');
  });

  it('states the intent of a comparison and of a conditional', () => {
    // Act
    const comparison = analysisOf(readTask('Compare Mount Everest and K2 on elevation'));
    const conditional = analysisOf(readTask('When K2 is in Pakistan, describe the Karakoram; otherwise describe the Himalayas.'));

    // Assess
    expect(comparison.intent).toBe('Compare Mount Everest and K2 on elevation');
    expect(conditional.intent).toBe('Check whether K2 is in Pakistan; then describe the Karakoram, otherwise describe the Himalayas');
  });
});
