import { describe, expect, it } from 'vitest';
import { convertTwoWiki, isComplete, parseTwoWiki } from '../../../bench/twowiki-convert.js';
import { splitOf } from '../../../cli/eval-scores.js';

const FILM = {
  _id: 'q-film',
  type: 'compositional',
  question: 'Where was the director of film Quiet Harbour born?',
  context: [
    ['Quiet Harbour', ['Quiet Harbour is a 1961 film', 'directed by Ana Ruiz.']],
    ['Ana Ruiz', ['Ana Ruiz (born in Bilbao) is a film director.']],
    ['Loud Harbour', ['Loud Harbour is a 1970 film.']],
  ],
  supporting_facts: [
    ['Quiet Harbour', 1],
    ['Ana Ruiz', 0],
  ],
  answer: 'Bilbao',
};

const SONG = {
  _id: 'q-song',
  type: 'comparison',
  question: 'Which song came out first, Loud Harbour or Blue Field?',
  context: [
    ['Loud Harbour', ['Loud Harbour is a 1970 film.']],
    ['Blue Field', ['Blue Field is a 1965 song.']],
  ],
  supporting_facts: [
    ['Blue Field', 0],
    ['Loud Harbour', 0],
  ],
  answer: 'Blue Field',
  answer_aliases: ['Blue Field (song)'],
};

describe('parseTwoWiki', () => {
  it('reads the dataset layout, JSON Lines, and the repack whose fields are JSON text, to the same records', () => {
    // Prepare
    const asList = JSON.stringify([FILM, SONG]);
    const asLines = `${JSON.stringify(FILM)}\n\n${JSON.stringify(SONG)}\n`;
    const repacked = JSON.stringify(
      [FILM, SONG].map((r) => ({ ...r, context: JSON.stringify(r.context), supporting_facts: JSON.stringify(r.supporting_facts) })),
    );
    // Act
    const [a, b, c] = [parseTwoWiki(asList, 'list.json'), parseTwoWiki(asLines, 'lines.jsonl'), parseTwoWiki(repacked, 'hf.json')];
    // Assess
    expect(a.map((r) => r.id)).toEqual(['q-film', 'q-song']);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a[0]!.supportingTitles).toEqual(['Quiet Harbour', 'Ana Ruiz']);
    expect(a[1]!.aliases).toEqual(['Blue Field (song)']);
  });

  it('reads a pandas export by columns, where _id became _1, in row order', () => {
    // Prepare
    const rows = [SONG, FILM];
    const columns: Record<string, Record<string, unknown>> = { id: {}, _1: {}, type: {}, question: {}, context: {}, supporting_facts: {}, answer: {} };
    rows.forEach((r, i) => {
      columns.id![i] = String(7000 + i);
      columns._1![i] = r._id;
      for (const f of ['type', 'question', 'context', 'supporting_facts', 'answer'] as const) columns[f]![i] = r[f];
    });
    // Act
    const records = parseTwoWiki(JSON.stringify(columns), 'pandas.json');
    // Assess
    expect(records.map((r) => [r.id, r.answer])).toEqual([
      ['q-song', 'Blue Field'],
      ['q-film', 'Bilbao'],
    ]);
  });

  it('reads paragraphs as {title, text} objects and supporting facts by columns, as the record with its context does', () => {
    // Prepare
    const { _id, context, supporting_facts, ...rest } = FILM;
    const objects = {
      ...rest,
      id: _id,
      paragraphs: context.map(([title, sentences]) => ({ title, text: (sentences as string[]).join('  '), is_gold: true })),
      supporting_facts: { title: supporting_facts.map(([t]) => t), sent_id: supporting_facts.map(([, i]) => i) },
    };
    // Act
    const [record] = parseTwoWiki(JSON.stringify(objects), 'paragraphs.jsonl');
    const { documents } = convertTwoWiki([record!]);
    // Assess
    expect(record!.id).toBe('q-film');
    expect(record!.supportingTitles).toEqual(['Quiet Harbour', 'Ana Ruiz']);
    expect(documents[0]).toEqual({ id: 'Quiet Harbour', title: 'Quiet Harbour', text: 'Quiet Harbour is a 1961 film directed by Ana Ruiz.' });
  });

  it('names the record that lacks a field, and a line that is not JSON', () => {
    expect(() => parseTwoWiki(JSON.stringify([FILM, { ...SONG, answer: undefined }]), 'x.json')).toThrow(
      'x.json record 2: a record needs an id (_id), a question and an answer',
    );
    expect(() => parseTwoWiki(JSON.stringify([{ ...FILM, context: 'none' }]), 'x.json')).toThrow('context is not a list');
    expect(() => parseTwoWiki(`${JSON.stringify(FILM)}\n{oops`, 'x.jsonl')).toThrow('x.jsonl line 2: not JSON');
  });
});

describe('convertTwoWiki', () => {
  it('pools the context paragraphs into one document per title and writes each question with its gold, kind and split', () => {
    // Prepare
    const records = parseTwoWiki(JSON.stringify([FILM, SONG]), 'list.json');
    // Act
    const out = convertTwoWiki(records);
    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['Quiet Harbour', 'Ana Ruiz', 'Loud Harbour', 'Blue Field']);
    expect(out.documents[0]!.text).toBe('Quiet Harbour is a 1961 film directed by Ana Ruiz.');
    expect(out.questions[0]).toEqual({
      id: 'q-film',
      question: FILM.question,
      gold_ids: ['Quiet Harbour', 'Ana Ruiz'],
      answer: 'Bilbao',
      kind: 'compositional',
      split: splitOf('q-film'),
    });
    expect(out.questions[1]!.aliases).toEqual(['Blue Field (song)']);
    expect(out.conflicts).toBe(0);
    expect(out.missingGold).toBe(0);
  });

  it('keeps the first text of a title seen twice with different texts, and counts gold titles no paragraph carries', () => {
    // Prepare
    const other = { ...SONG, _id: 'q-other', context: [['Loud Harbour', ['Loud Harbour is a 1971 film.']]] };
    const records = parseTwoWiki(JSON.stringify([FILM, other]), 'list.json');
    // Act
    const out = convertTwoWiki(records);
    // Assess
    expect(out.documents.find((d) => d.id === 'Loud Harbour')!.text).toBe('Loud Harbour is a 1970 film.');
    expect(out.conflicts).toBe(1);
    expect(out.missingGold).toBe(1);
  });
});

describe('isComplete', () => {
  it('keeps a record whose own context holds every gold paragraph and drops one that lacks one', () => {
    // Prepare: the song's question loses its gold paragraph "Blue Field" from its context.
    const lacking = { ...SONG, _id: 'q-lacking', context: [SONG.context[0]] };
    const [film, song, partial] = parseTwoWiki(JSON.stringify([FILM, SONG, lacking]), 'in.json');

    // Act
    const kept = [film!, song!, partial!].filter(isComplete).map((r) => r.id);

    // Assess
    expect(kept).toEqual(['q-film', 'q-song']);
  });
});
