/**
 * A question typed in lower case, cased from the names its passages spell, on a corpus of its own.
 */
import { describe, expect, it } from 'vitest';

import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { answerStructured } from '../../../functions/adapters/llm/rule-based/answer/index.js';
import { checkEvidence } from '../../../functions/core/answer/evidence.js';
import { truecased } from '../../../functions/core/answer/truecase.js';

const doc = (id: string, title: string, text: string) => ({ id, title, text });
const MUSEUMS = doc('museums', 'Museums of Lyon', "Lyon's museums include the Musée des Confluences, a science museum opened in 2014.");
const TOULOUSE = doc('toulouse', 'Toulouse', 'Toulouse is a city of southern France. It lies on the Garonne river.');
const RHONE = doc('rhone', 'Rhône', 'The Rhône is a river of Europe that flows through Lyon, where it meets the Saône.');
const NICE = doc('nice', 'Nice', 'Nice is a city on the Mediterranean coast.');
const CAMERA = doc('cinematograph', 'Cinematograph', 'The cinematograph is a motion picture camera patented in 1895.');
const SOUP = doc('bouillabaisse', 'Bouillabaisse', 'Bouillabaisse is a fish stew from Marseille.');
const ALL = [MUSEUMS, TOULOUSE, RHONE, NICE, CAMERA, SOUP];

describe('Function: truecased', () => {
  it('writes the names the passages spell, accents and possessives kept', () => {
    // Act
    const cased = (q: string) => truecased(q, ALL, wordNet());

    // Assess: a name said inside a sentence, and a title that is a name.
    expect(cased('who was the architect of the musee des confluences')).toBe('who was the architect of the Musée des Confluences');
    expect(cased("what river flows through toulouse and what is lyon's oldest museum")).toBe(
      "what river flows through Toulouse and what is Lyon's oldest museum",
    );
    expect(cased('where does the saone rise')).toBe('where does the Saône rise');
    expect(cased('what river flows through nice')).toBe('what river flows through Nice');
  });

  it('leaves common nouns, and a question its writer cased, as written', () => {
    // Act
    const cased = (q: string) => truecased(q, ALL, wordNet());

    // Assess: a title the passages write in lower case, a title of common words, a cased question.
    expect(cased('who patented the cinematograph')).toBe('who patented the cinematograph');
    expect(cased('is bouillabaisse a stew')).toBe('is bouillabaisse a stew');
    expect(cased('Which river flows through toulouse in France?')).toBe('Which river flows through toulouse in France?');
  });

  it('writes a long title a cased question writes partly in lower case as the title, and leaves extra capitals', () => {
    // Prepare
    const award = doc('award', '2010 Norvian Footballer of the Year', 'The 2010 Norvian Footballer of the Year was awarded to Ian Brask of Essin.');
    const film = doc('film', 'Hit Parade of 1941', 'Hit Parade of 1941 is a film directed by John Vell.');

    // Act
    const cased = (q: string) => truecased(q, [award, film], wordNet());

    // Assess: the title's capitals are given; a capital the title lacks ("Of") is the writer's.
    expect(cased('Who was awarded the 2010 Norvian footballer of the year?')).toBe('Who was awarded the 2010 Norvian Footballer of the Year?');
    expect(cased('Who directed Hit Parade Of 1941?')).toBe('Who directed Hit Parade Of 1941?');
    expect(cased('Name the museums of Lyon.')).toBe('Name the museums of Lyon.');
  });

  it('lets the answerer and the relevance rule read a lower-case question as its cased form', () => {
    // Act
    const river = answerStructured({ question: 'what river flows through toulouse', instruction: 'Answer.', documents: [RHONE, TOULOUSE] }, wordNet());
    const architect = checkEvidence('who was the architect of the musee des confluences', [MUSEUMS], { shortAnswer: "Lyon's museums" }, wordNet());
    const niceRiver = checkEvidence('what river flows through nice', [NICE, RHONE], { shortAnswer: 'Rhône' }, wordNet());

    // Assess: Toulouse's river, not the Rhône of the first passage; no architect and no river of Nice is said.
    expect(river.shortAnswer).toBe('Garonne');
    expect(architect.covered).toBe(false);
    expect(niceRiver.covered).toBe(false);
  });
});

describe('Function: truecased on letters no decomposition takes apart', () => {
  it('writes "kjaer" and "romo" as the passages spell Kjær and Rømø', () => {
    // Arrange
    const docs = [doc('actress', 'Lene Kjær', 'Lene Kjær is a Danish actress, born in Aarhus.'), doc('island', 'Rømø', 'Rømø is a Danish island.')];

    // Act & Assess
    expect(truecased('where was lene kjaer born', docs, wordNet())).toBe('where was Lene Kjær born');
    expect(truecased('how big is romo', docs, wordNet())).toBe('how big is Rømø');
  });
});
