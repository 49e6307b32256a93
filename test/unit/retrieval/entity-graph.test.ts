import { beforeAll, describe, expect, it } from 'vitest';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { ENTITY_GRAPH_METHOD, EntityGraph, mentionKeys } from '../../../functions/core/retrieval/entity-graph.js';
import { corpusDoc, miniCorpusIndex } from '../../support/corpus.js';

describe('EntityGraph', () => {
  describe('links', () => {
    it('links a document to each document whose title its text mentions, and back', async () => {
      // Prepare
      const graph = new EntityGraph([
        corpusDoc('film', 'Inception', 'Inception was directed by Christopher Nolan and scored by Hans Zimmer.'),
        corpusDoc('nolan', 'Christopher Nolan', 'A British-American director.'),
        corpusDoc('zimmer', 'Hans Zimmer', 'A German film composer.'),
      ]);

      // Act
      const fromFilm = graph.neighbors('film');
      const fromNolan = graph.neighbors('nolan');

      // Assess
      expect(fromFilm).toEqual(['nolan', 'zimmer']);
      expect(fromNolan).toEqual(['film']);
      expect(graph.neighbors('zimmer')).toEqual(['film']);
      expect(graph.edgeCount).toBe(2);
    });

    it('lists outgoing links in the order the text mentions them, then incoming links in corpus order', async () => {
      // Prepare: hub mentions C then A; B and D mention hub; A also mentions hub (mutual).
      const graph = new EntityGraph([
        corpusDoc('a', 'Alpha Point', 'Alpha Point lies north of Hub City.'),
        corpusDoc('b', 'Bravo Point', 'Bravo Point trades with Hub City.'),
        corpusDoc('hub', 'Hub City', 'Hub City is linked to Charlie Point and to Alpha Point.'),
        corpusDoc('c', 'Charlie Point', 'A quiet place.'),
        corpusDoc('d', 'Delta Point', 'Delta Point is a suburb of Hub City.'),
      ]);

      // Act
      const neighbors = graph.neighbors('hub');

      // Assess: outgoing c, a; incoming b, d (a is already listed, so not repeated).
      expect(neighbors).toEqual(['c', 'a', 'b', 'd']);
    });

    it('never links a document to itself', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('lyon', 'Lyon', 'Lyon is a city. Lyon lies on the Rhône.')]);

      // Act
      const neighbors = graph.neighbors('lyon');

      // Assess
      expect(neighbors).toEqual([]);
      expect(graph.edgeCount).toBe(0);
    });

    it('gives an unknown id no neighbors', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('a', 'Alpha Point', 'text')]);

      // Act
      const neighbors = graph.neighbors('nope');

      // Assess
      expect(neighbors).toEqual([]);
    });

    it('lets a document without a title link out, though nothing can link to it', async () => {
      // Prepare
      const graph = new EntityGraph([
        corpusDoc('note', undefined, 'A note about Mount Everest.'),
        corpusDoc('everest', 'Mount Everest', 'The highest mountain.'),
      ]);

      // Act
      const fromNote = graph.neighbors('note');
      const fromEverest = graph.neighbors('everest');

      // Assess
      expect(fromNote).toEqual(['everest']);
      expect(fromEverest).toEqual(['note']);
      expect(graph.namedIn('the note')).toEqual([]);
    });

    it('links every document that carries the same title', async () => {
      // Prepare
      const graph = new EntityGraph([
        corpusDoc('paris-fr', 'Paris', 'The capital of France.'),
        corpusDoc('paris-tx', 'Paris (Texas)', 'A city in Texas.'),
        corpusDoc('trip', 'Road trip', 'We drove to Paris.'),
      ]);

      // Act
      const neighbors = graph.neighbors('trip');

      // Assess
      expect(neighbors).toEqual(['paris-fr', 'paris-tx']);
    });
  });

  describe('title matching', () => {
    it('drops a trailing parenthetical from a title ("Big Stone Gap (film)" is mentioned as "Big Stone Gap")', async () => {
      // Prepare
      const graph = new EntityGraph([
        corpusDoc('film', 'Big Stone Gap (film)', 'A 2014 comedy.'),
        corpusDoc('review', 'A review', 'Big Stone Gap is a film directed by Adriana Trigiani.'),
      ]);

      // Act
      const named = graph.namedIn('Who directed Big Stone Gap?');
      const withParenthetical = graph.namedIn('Big Stone Gap (film) was shot in Virginia');

      // Assess
      expect(named).toEqual(['film']);
      expect(withParenthetical).toEqual(['film']);
      expect(graph.neighbors('review')).toEqual(['film']);
    });

    it('keeps a parenthetical that is not at the end of the title', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('x', 'Gap (band) Tour', 'text')]);

      // Act
      const named = graph.namedIn('the gap band tour');
      const withoutMiddle = graph.namedIn('the gap tour');

      // Assess
      expect(named).toEqual(['x']);
      expect(withoutMiddle).toEqual([]);
    });

    it('matches titles case-insensitively and with diacritics folded', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('rhone', 'Rhône', 'A river.'), corpusDoc('cafe', 'Café Procope', 'A café.')]);

      // Act
      const named = graph.namedIn('the RHONE flows past the cafe procope');

      // Assess
      expect(named).toEqual(['rhone', 'cafe']);
    });

    it('matches whole tokens only, never part of a word', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('lyon', 'Lyon', 'A city.'), corpusDoc('art', 'Art Deco', 'A style.')]);

      // Act
      const named = graph.namedIn('Lyonnaise cuisine and artful decorations');

      // Assess
      expect(named).toEqual([]);
    });

    it('matches a title across punctuation between its words', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('nd', 'Notre-Dame de Fourvière', 'A basilica.')]);

      // Act
      const named = graph.namedIn('the basilica of Notre Dame de Fourviere');

      // Assess
      expect(named).toEqual(['nd']);
    });

    it('finds a two-word title mentioned with a middle name, but not across a stopword', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('has', 'Tomasz Orel', 'A director.'), corpusDoc('ab', 'Vessa Brill', 'A town.')]);

      // Act
      const named = graph.namedIn('a film directed by Tomasz Jerzy Orel, shot between Vessa and Brill');
      const keys = mentionKeys('Tomasz Jerzy Orel', 3);

      // Assess
      expect(named).toEqual(['has']);
      expect(keys.has('tomasz orel')).toBe(true);
    });

    it('finds every title in an overlapping mention, short and long', async () => {
      // Prepare
      const graph = new EntityGraph([
        corpusDoc('ny', 'New York', 'A state.'),
        corpusDoc('nyc', 'New York City', 'A city.'),
        corpusDoc('city', 'City Hall', 'A building.'),
      ]);

      // Act
      const named = graph.namedIn('She moved to New York City Hall last year');

      // Assess
      expect(named).toEqual(['ny', 'nyc', 'city']);
    });

    it('does not link one-token titles that are stopwords or shorter than three letters', async () => {
      // Prepare
      const graph = new EntityGraph([
        corpusDoc('the', 'The', 'An article.'),
        corpusDoc('it', 'It (novel)', 'A novel by Stephen King.'),
        corpusDoc('k2', 'K2', 'A mountain.'),
        corpusDoc('nile', 'Nile', 'A river.'),
        corpusDoc('page', 'A page', 'Mentions: the, it, K2 and the Nile.'),
      ]);

      // Act
      const fromPage = graph.neighbors('page');

      // Assess
      expect(fromPage).toEqual(['nile']);
      expect(graph.namedIn('It is the K2')).toEqual([]);
    });

    it('links a title of several tokens even when its tokens are stopwords', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('band', 'The Who', 'A rock band.')]);

      // Act
      const named = graph.namedIn('I saw the Who live');

      // Assess
      expect(named).toEqual(['band']);
    });

    it('ignores a title that is only a parenthetical, or longer than ten tokens', async () => {
      // Prepare
      const graph = new EntityGraph([
        corpusDoc('paren', '(untitled)', 'text'),
        corpusDoc('long', 'one two three four five six seven eight nine ten eleven', 'text'),
        corpusDoc('ten', 'alpha bravo charlie delta echo foxtrot golf hotel india juliet', 'text'),
      ]);

      // Act
      const named = graph.namedIn(
        'untitled: one two three four five six seven eight nine ten eleven; alpha bravo charlie delta echo foxtrot golf hotel india juliet',
      );

      // Assess
      expect(named).toEqual(['ten']);
    });

    it('lists the documents a text names in the order it names them, each once', async () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('k', 'Kyoto', 'x'), corpusDoc('o', 'Osaka', 'x'), corpusDoc('n', 'Nara', 'x')]);

      // Act
      const named = graph.namedIn('From Osaka to Kyoto, then back to Osaka');

      // Assess
      expect(named).toEqual(['o', 'k']);
    });

    it('links a possessive form ("Lyon\'s" mentions Lyon)', () => {
      // Prepare
      const graph = new EntityGraph([corpusDoc('lyon', 'Lyon', 'A city.')]);

      // Act
      const named = graph.namedIn("Lyon's public transport and Lyon’s museums");

      // Assess
      expect(named).toEqual(['lyon']);
    });
  });
});

describe('InMemoryCorpusIndex graph', () => {
  it('names its graph construction', async () => {
    // Act
    const index = createCorpusIndex([corpusDoc('a', 'Alpha Point', 'x')]);

    // Assess
    expect(index.graphMethod).toBe('title-mention-graph-v2');
    expect(ENTITY_GRAPH_METHOD).toBe('title-mention-graph-v2');
  });

  describe('over the mini fixture corpus', () => {
    let index: ReturnType<typeof createCorpusIndex>;
    beforeAll(async () => {
      index = await miniCorpusIndex();
    });

    it('exposes the entity graph: what a document mentions, then what mentions it', async () => {
      // Act
      const inception = await index.linkedDocuments('t-inception');
      const everest = await index.linkedDocuments('t-everest');
      const nolan = await index.linkedDocuments('t-nolan');

      // Assess: Inception's text names Christopher Nolan (Nolan's only link is that one, incoming);
      // K2's text and the Sherpa interview name Mount Everest.
      expect(inception).toEqual(['t-nolan']);
      expect(nolan).toEqual(['t-inception']);
      expect(everest).toEqual(['t-k2', 'a-sherpa']);
      // K2's title is two characters: nothing links to it.
      expect(await index.linkedDocuments('t-k2')).toEqual(['t-everest']);
      expect(await index.linkedDocuments('missing')).toEqual([]);
    });

    it('names the documents whose titles a query mentions', async () => {
      // Act
      const named = await index.documentsNamedIn('Who directed Inception, and where is Mount Everest?');

      // Assess
      expect(named).toEqual(['t-inception', 't-everest']);
      expect(await index.documentsNamedIn('nothing here at all')).toEqual([]);
    });
  });
});
