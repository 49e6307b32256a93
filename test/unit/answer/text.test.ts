/**
 * Names and sentences read from surface cues.
 */
import { describe, expect, it } from 'vitest';

import { describedThing, readQuestion } from '../../../functions/core/answer/question.js';
import { answerFormat, askedPart, entitySpans, itAsPreamble, sentences, summaryTopic } from '../../../functions/core/answer/text.js';

describe('Function: entitySpans and sentences on a case name', () => {
  it('keeps "Craig v. Boren" one name and one sentence', () => {
    // Act
    const text = 'Craig v. Boren, 429 U.S. 190 (1976), was the first case of its kind. It was argued in 1976.';

    // Assess: "v." neither ends the name nor the sentence.
    expect(entitySpans(text)[0]).toBe('Craig v. Boren');
    expect(sentences(text)).toHaveLength(2);
    expect(readQuestion('Which case came first, Craig v. Boren or United States v. Paramount Pictures, Inc.?').options).toEqual([
      'Craig v. Boren',
      'United States v. Paramount Pictures',
    ]);
  });
});

describe('Function: entitySpans on Arabic names', () => {
  it('keeps a patronym ("ibn", "bin") and an article joined by a hyphen ("al-Tabari") inside the name', () => {
    // Act
    const spans = entitySpans('Ali ibn Sahl Rabban al-Tabari was a physician; Osama bin Laden was not.');
    const reading = readQuestion('Did Ali ibn Sahl Rabban al-Tabari or Muhammad Yunus write an encyclopedia of medicine?');

    // Assess: the question is a choice between the two names.
    expect(spans).toEqual(['Ali ibn Sahl Rabban al-Tabari', 'Osama bin Laden']);
    expect(reading.options).toEqual(['Ali ibn Sahl Rabban al-Tabari', 'Muhammad Yunus']);
  });
});

describe('Function: entitySpans on a figure after a connector', () => {
  it('ends a name before a figure after "for" ("Essin Group for $2.4 billion"), keeping a year after "of"', () => {
    // Act
    const spans = entitySpans('It was bought by Essin Group for $2.4 billion after the War of 1812 ended.');

    // Assess
    expect(spans).toEqual(['Essin Group', '2.4', 'War of 1812']);
  });
});

describe('Function: sentences', () => {
  it('ends no sentence at "c.", "b.", "d." or "fl." before a year, and still ends one before a year', () => {
    // Act
    const said = sentences('Mieszko Bolan (c. 1069–1089) was the son of Bolan II. Ann Vell (b. 1950) is a poet. It was 1990. 1991 came.');

    // Assess
    expect(said).toEqual(['Mieszko Bolan (c. 1069–1089) was the son of Bolan II.', 'Ann Vell (b. 1950) is a poet.', 'It was 1990.', '1991 came.']);
  });
});

describe('Function: askedPart', () => {
  it('writes out a contracted question word and leaves out a preamble before a dash, unless a pronoun points into it', () => {
    // Act & Assess
    expect(askedPart("what's the population of Lyon?")).toBe('what is the population of Lyon?');
    expect(askedPart("I'm planning a museum trip — what's the largest museum in France?")).toBe('what is the largest museum in France?');
    expect(askedPart('Lyon - what is its population?')).toBe('Lyon - what is its population?');
    expect(askedPart('Which is larger: Lyon or Nice?')).toBe('Which is larger: Lyon or Nice?');
    expect(askedPart('essin and vell — what nationality')).toBe('what nationality is essin and vell?');
  });

  it('leaves a contraction inside a title written in capitals as it is', () => {
    // Act & Assess
    expect(askedPart("Which film came first, Gray Harbour or There'S One Born In Essin?")).toBe(
      "Which film came first, Gray Harbour or There'S One Born In Essin?",
    );
    expect(askedPart("I know Essin. What's its river?")).toBe('I know Essin. What is its river?');
  });

  it('reads a keyword query "<noun> of <name>" as asking what that noun of the name is, and no list or summary so', () => {
    // Act & Assess
    expect(askedPart('capital of norvia')).toBe('What is the capital of norvia?');
    expect(askedPart('headquarters of Veltro?')).toBe('What is the headquarters of Veltro?');
    expect(askedPart('list of museums of essin')).toBe('list of museums of essin');
    expect(askedPart('museums of essin opened in 2014')).toBe('museums of essin opened in 2014');
  });

  it('reads every request for a summary or a description as "Tell me about <topic>", and a request going on with a question word as that question', () => {
    // Act & Assess
    expect(askedPart('Summarize what the corpus says about cycling in Essin')).toBe('Tell me about cycling in Essin');
    expect(askedPart('Give me a short overview of electricity generation in Norvia.')).toBe('Tell me about electricity generation in Norvia');
    expect(askedPart('Describe public transport in Essin')).toBe('Tell me about public transport in Essin');
    expect(askedPart('What do we know about the Vell river?')).toBe('Tell me about the Vell river');
    expect(askedPart('What does the corpus say about bouchons?')).toBe('Tell me about bouchons');
    expect(askedPart('What is Essin known for?')).toBe('Tell me about Essin');
    expect(askedPart('An overview of wind power in Norvia')).toBe('Tell me about wind power in Norvia');
    expect(askedPart('Explain how the kinetoscope worked')).toBe('Explain how the kinetoscope worked');
    expect(askedPart('Describe where the Vell rises')).toBe('Describe where the Vell rises');
    expect(askedPart('What is the population of Essin?')).toBe('What is the population of Essin?');
    expect(askedPart('Find information about the Vell')).toBe('Tell me about the Vell');
    expect(askedPart('Show me everything about Velib')).toBe('Tell me about Velib');
    expect(askedPart('What happened in 1891?')).toBe('Tell me about 1891');
    expect(askedPart('What are the differences between Essin and Orne?')).toBe('Compare Essin and Orne');
    expect(askedPart('How do Essin and Orne differ?')).toBe('Compare Essin and Orne');
  });

  it('reads "what is X and how ...?" as a request for what is said of X, after a preamble too, and a pronoun there as pointing to X', () => {
    // Act & Assess
    expect(askedPart("I'm curious: what is Vell'o and how big is it?")).toBe("Tell me about Vell'o");
    expect(askedPart('What are bouchons and where are they found?')).toBe('Tell me about bouchons');
    expect(askedPart('What is the population of Essin and how has it changed?')).toBe('What is the population of Essin and how has it changed?');
    expect(askedPart('Essin - what is its population?')).toBe('Essin - what is its population?');
    // A question naming nothing after a preamble that names something asks of it.
    expect(askedPart('compare the metro lines of Essin and Vell: which has more?')).toBe('compare the metro lines of Essin and Vell: which has more?');
    expect(askedPart("I'm planning a trip — what's the largest museum?")).toBe('what is the largest museum?');
  });

  it('asks a query for things with a property as "Which ... have ...?", leaves the corpus named out, and reads options before a dash as before a colon', () => {
    // Act & Assess
    expect(askedPart('cities with fewer than 500,000 inhabitants in 2020')).toBe('Which cities have fewer than 500,000 inhabitants in 2020?');
    expect(askedPart('list museums with a cinema')).toBe('Which museums have a cinema?');
    expect(askedPart('Which cities in the collection sit on the coast?')).toBe('Which cities sit on the coast?');
    expect(askedPart('gas or wind — which produced more in 2023?')).toBe('gas or wind: which produced more in 2023?');
  });

  it('leaves out how the answer is to be written, which answerFormat reads', () => {
    // Act & Assess
    expect(askedPart('Summarize public transport in Essin as a bullet list')).toBe('Tell me about public transport in Essin');
    expect(askedPart('In one sentence, what is a bouchon?')).toBe('what is a bouchon?');
    expect(askedPart('Briefly describe Essin')).toBe('Tell me about Essin');
    expect(askedPart('Which king reigned briefly?')).toBe('Which king reigned briefly?');
    expect(askedPart('Describe Essin briefly.')).toBe('Tell me about Essin');
    expect(askedPart("quick question — what's a bouchon? give me the gist")).toBe('what is a bouchon?');
    expect(answerFormat("quick question — what's a bouchon? give me the gist")).toEqual({ sentences: 1 });
    expect(answerFormat('Describe Essin briefly.')).toEqual({ sentences: 1 });
    expect(answerFormat('Summarize public transport in Essin as a bullet list')).toEqual({ bullets: true });
    expect(answerFormat('Summarise Essin in two sentences')).toEqual({ sentences: 2 });
    expect(answerFormat('Briefly describe Essin')).toEqual({ sentences: 1 });
    expect(answerFormat('What is the population of Essin?')).toEqual({});
    expect(askedPart('tell me about the port of essin in a sentence or two')).toBe('tell me about the port of essin');
    // A role asked alone after a dash is the named preamble's; a preamble about the asker is not asked of.
    expect(askedPart('The Toy of Essin (1919, silent) - who was the director?')).toBe('who was the director of The Toy of Essin (1919, silent)?');
    expect(askedPart("I'm visiting Essin next week - what's the scheme called?")).toBe("I'm visiting Essin next week - what is the scheme called?");
    expect(answerFormat('tell me about the port of essin in a sentence or two')).toEqual({ sentences: 2 });
  });

  it('puts a year before a yes/no question\'s verb last, and reads "more X ... or more Y?" as the choice of X and Y', () => {
    // Act
    const asked = askedPart('In 2023 did Norvia have more wind capacity installed or more solar?');
    const reading = readQuestion(asked);

    // Assess
    expect(asked).toBe('Did Norvia have more wind capacity installed or more solar in 2023?');
    expect(reading).toMatchObject({ type: 'choice', options: ['wind', 'solar'] });
  });

  it('reads "greater Essin" and "the metro area" as a metropolitan area', () => {
    // Act & Assess
    expect(askedPart('How many people live in greater Essin?')).toBe('How many people live in Essin metropolitan area?');
    expect(askedPart("What is the population of Vell's metro area?")).toBe("What is the population of Vell's metropolitan area?");
  });

  it('keeps the options a question chooses between before its colon ("Gas or solar: which ...?")', () => {
    // Act & Assess
    expect(askedPart('Gas or solar: which generated more?')).toBe('Gas or solar: which generated more?');
    expect(askedPart('Tidal or wind power — which is older?')).toBe('Tidal or wind power: which is older?');
  });

  it('asks a question opened by a phrase of place with its question word first, keeping the phrase and a year where it stands', () => {
    // Act & Assess
    expect(askedPart('In the photograph of the basilica, which river is visible?')).toBe('Which river is visible in the photograph of the basilica?');
    expect(askedPart('In 2023, what share of electricity came from wind?')).toBe('In 2023, what share of electricity came from wind?');
    expect(askedPart('In 2023, which had more capacity: solar or wind?')).toBe('In 2023, which had more capacity: solar or wind?');
    expect(readQuestion('between Essin and Vell which one has fewer inhabitants').options).toEqual(['Essin', 'Vell']);
    expect(readQuestion('does Essin have more tram lines or metro lines').options).toEqual(['tram lines', 'metro lines']);
    expect(readQuestion('essin vs vell — which is more populous').options).toEqual(['essin', 'vell']);
    expect(readQuestion('Essin versus Vell: which is bigger?').options).toEqual(['Essin', 'Vell']);
    expect(readQuestion('Between Essin and Vell, which one has fewer inhabitants?').options).toEqual(['Essin', 'Vell']);
  });
});

describe('Function: readQuestion as people type', () => {
  it('reads an owner without its possessive, a lower-case adverb before the question word, and a request for a figure', () => {
    // Act
    const owner = readQuestion("How many people live in the city that hosts Airbus's head office?");
    const roughly = readQuestion('roughly how many people live in lyon');
    const tell = readQuestion('Tell me the headcount of Paris as of 2020.');
    const want = readQuestion('I want to know what percent of electricity came from wind');

    // Assess
    expect(owner.names).toEqual(['Airbus']);
    expect(owner.relation).not.toContain('airbuss');
    expect(roughly.relation).not.toContain('roughly');
    expect(tell).toMatchObject({ type: 'number', answerClass: 'headcount' });
    expect(want).toMatchObject({ type: 'number', answerClass: 'percent' });
    expect(readQuestion('solar of norvian electricity 2023 percent')).toMatchObject({ type: 'number', answerClass: 'percent' });
    expect(readQuestion('solar share of norvian electricity 2023').type).toBe('number');
    expect(readQuestion("hydro percentage of norvia's electricity mix, 2023").type).toBe('number');
  });
});

describe('Function: describedThing', () => {
  it('finds the thing "through the city where ..." and "is the city that ..." describe, a clause in lower case naming two words too', () => {
    // Act & Assess
    // A clause naming nothing asks for a thing of the noun's kind.
    expect(describedThing('How many people live in the city where vellade originated?')).toEqual({
      phrase: 'the city where vellade originated',
      find: 'Where vellade originated?',
      kind: 'city',
      also: 'In which city vellade originated?',
    });
    // "Where FC Varn plays?" may find its league: the noun is asked by besides.
    expect(describedThing('What is the capacity of the stadium where FC Varn plays?')?.also).toBe('In which stadium FC Varn plays?');
    // A clause with its verb "be" is asked in a question's order.
    expect(describedThing('What river runs through the city where the kinetograph was first shown?')?.find).toBe('Where was the kinetograph first shown?');
    expect(describedThing('What is the population of the city where FC Varn is based?')?.find).toBe('Where is FC Varn based?');
    expect(describedThing('In which region is the city that has the Grand Port?')?.find).toBe('Which city has the Grand Port?');
    expect(describedThing('What is the population of the city where it rains?')).toBeUndefined();
  });

  it('reads a clause with no relative word as the one with "that", active or passive', () => {
    // Act & Assess
    expect(describedThing('How long is the river the Kell Bridge crosses?')).toEqual({
      phrase: 'the river the Kell Bridge crosses',
      find: 'Which river the Kell Bridge crosses?',
    });
    expect(describedThing('What is the population of the town Ada Brisk was born in?')?.find).toBe('Which town Ada Brisk was born in?');
    expect(describedThing('How long is the river crossed by the Kell Bridge?')?.find).toBe('Which river was crossed by the Kell Bridge?');
    // After "was", the question's own participle ends the clause: "was the band that recorded X formed?".
    expect(describedThing('In which city was the band that recorded Low Water formed?')).toEqual({
      phrase: 'the band that recorded Low Water',
      find: 'Which band recorded Low Water?',
    });
    // After a verb in the past: "codified the sport ...".
    expect(describedThing('Who codified the sport Ada Brisk plays?')?.find).toBe('Which sport Ada Brisk plays?');
    // The question's own verb is no part of the clause: "the college Ada Brisk attended" is its subject.
    expect(describedThing('When was the college Ada Brisk attended founded?')).toBeUndefined();
  });

  it('reads the thing after "did" up to the question\'s own verb, and nothing when no verb of its own ends it', () => {
    // Act & Assess
    expect(describedThing('When did the shipyard that built the MS Tarn close?')).toEqual({
      phrase: 'the shipyard that built the MS Tarn',
      find: 'Which shipyard built the MS Tarn?',
    });
    expect(describedThing('When did the shipyard that built the MS Tarn?')).toBeUndefined();
  });
});

describe('Function: readQuestion on a word of asking said as a verb in the past', () => {
  it('keeps "described" as what was done, and leaves "called" out as asking a name', () => {
    // Act & Assess
    expect(readQuestion('Who first described Tarn fever?').relation).toContain('described');
    expect(readQuestion('Describe Tarn fever.').relation).not.toContain('describe');
    expect(readQuestion("What is Lyon's tram network called?").relation).not.toContain('called');
  });

  it('reads such a verb as what was done only when the question opens on it, not after "is"', () => {
    // Act & Assess
    expect(readQuestion('Which botanist described the Ossen pine?').relation).toContain('described');
    expect(readQuestion('Who listed the ships of the Varn fleet?').relation).toContain('listed');
    expect(readQuestion('Which band is described as the loudest in Estmark?').relation).not.toContain('described');
    expect(readQuestion('The river listed as the longest in Estmark rises where?').relation).not.toContain('listed');
  });

  it('reads a word in -s after "what" and before a name as a verb, not the class asked', () => {
    // Act & Assess
    expect(readQuestion('What spreads Tarn fever?').answerClass).toBeUndefined();
    expect(readQuestion('Which country Anne Aghion is from?').answerClass).toBe('country');
  });

  it('reads a period asked as a span of time, and an orbital period as a figure', () => {
    // Act & Assess
    expect(readQuestion('During which period was Vellia governed by a council?').type).toBe('date');
    expect(readQuestion('What is the orbital period of 52P/Sarka?').type).toBe('number');
  });
});

describe('Function: readQuestion on a verb in the past that is not regular', () => {
  it('reads the noun before "built", "bought" or "beat" as the class asked', () => {
    // Act & Assess
    expect(readQuestion('Which shipyard built the MS Tarn?').answerClass).toBe('shipyard');
    expect(readQuestion('Which company bought Vell Systems?').answerClass).toBe('company');
    expect(readQuestion('Which team beat Elmbury Rovers in the final?').answerClass).toBe('team');
  });
});

describe('Function: readQuestion on a class after a name adjective', () => {
  it('reads the class of "what <Name> <noun>" ending the question, the adjective left out', () => {
    // Act
    const band = readQuestion('The Vell record covers a song by what Ostmarker rock band?');
    const album = readQuestion('The tour came before the release of which Essin album?');

    // Assess
    expect(band).toMatchObject({ type: 'entity', answerClass: 'rock band' });
    expect(album).toMatchObject({ type: 'entity', answerClass: 'album' });
  });
});

describe('Function: askedPart on a question tag', () => {
  it('asks the statement a tag questions when its verb is an auxiliary, and a yes/no question after a clause of time, and leaves any other as written', () => {
    // Act & Assess
    expect(askedPart('Essin is in Ostmark, right?')).toBe('Is Essin in Ostmark?');
    expect(askedPart("Essin was founded by sailors, wasn't it?")).toBe('Was Essin founded by sailors?');
    expect(askedPart("essin was founded by sailors, wasn't it")).toBe('Was essin founded by sailors?');
    expect(askedPart('Essin lies on a river, right?')).toBe('Essin lies on a river, right?');
    expect(askedPart('When Vell opened in 2005, was it the first?')).toBe('Was it the first when Vell opened in 2005?');
    expect(askedPart('When did Essin, the city, open its metro?')).toBe('When did Essin, the city, open its metro?');
    expect(askedPart('What is Essin, right?')).toBe('What is Essin, right?');
  });
});

describe('Function: readQuestion on how a question is asked', () => {
  it('reads "exactly" as how plainly to answer, and "what you know about X" as a request for a summary of X', () => {
    // Act & Assess
    expect(readQuestion("what's a kinetoscope exactly").relation).not.toContain('exactly');
    expect(readQuestion('What actually is a bouchon?').relation).not.toContain('actually');
    expect(summaryTopic('can you summarize what you know about essin')).toBe('essin');
    expect(summaryTopic('Summarise what we have on the port of Essin')).toBe('the port of Essin');
  });
});

describe('Function: readQuestion on options set against each other', () => {
  it('cuts the second option of "A vs B ..." to the first\'s length when it runs on with what both are compared on', () => {
    // Act
    const share = readQuestion('gas vs solar share of norvian electricity 2023, which is higher');
    const towns = readQuestion('essin vs brugh population - which is larger');
    const names = readQuestion('Orne Institute vs Vell Museum, which opened first');

    // Assess
    expect(share.options).toEqual(['gas', 'solar']);
    expect(share.relation).not.toContain('vs');
    expect(towns.options).toEqual(['essin', 'brugh']);
    expect(names.options).toEqual(['Orne Institute', 'Vell Museum']);
  });
});

describe('Function: askedPart on questions typed as said', () => {
  it('writes out a question word typed without its apostrophe, and "gimme"', () => {
    // Act & Assess
    expect(askedPart('whats the budget of the film')).toBe('what is the budget of the film');
    expect(askedPart('gimme the name of the main town')).toBe('give me the name of the main town');
  });

  it('reads "that" or "it" after a yes/no question\'s verb as the name the preamble gives', () => {
    // Act & Assess
    expect(askedPart('Harbour Lights from 1963 - was that a French production?')).toBe('was Harbour Lights from 1963 a French production?');
    expect(askedPart("I'm planning a trip - is it worth visiting Lyon?")).toBe('is it worth visiting Lyon?');
  });

  it('leaves out words said before a question, but not a title that opens with one', () => {
    // Act & Assess
    expect(askedPart('ok so where was she born')).toBe('where was she born');
    expect(askedPart('So Long, Marianne was written by whom?')).toContain('So Long');
  });

  it('asks a question after a statement and a comma as after a dash, not a phrase of time or options', () => {
    // Act & Assess
    expect(askedPart('the studio got bought at some point, who bought it')).toBe('the studio got bought at some point — who bought it');
    expect(askedPart('In 2023, what was the share of wind?')).not.toContain('—');
    expect(askedPart('gas vs solar share in 2023, which is higher')).not.toContain('—');
  });
});

describe('Function: itAsPreamble', () => {
  it('reads "it" after a statement opening with a name as that name', () => {
    // Act & Assess
    expect(itAsPreamble('The Vendel Line runs ferries — where is it based?')).toBe('Where is The Vendel Line based?');
  });

  it('leaves a question whose preamble is a name alone, or opens with none', () => {
    // Act & Assess
    expect(itAsPreamble('Kockums - who founded it?')).toBe('Kockums - who founded it?');
    expect(itAsPreamble('the line runs ferries — where is it based?')).toBe('the line runs ferries — where is it based?');
  });
});

describe('Function: readQuestion on a date of birth asked as a noun', () => {
  it('reads a birth date, a birthday and a death date as when someone was born or died', () => {
    // Act & Assess
    expect(readQuestion('What is the birth date of Kari Holm?')).toMatchObject({ names: ['Kari Holm'], type: 'date', relation: ['born'] });
    expect(readQuestion("What is Kari Holm's birthday?")).toMatchObject({ names: ['Kari Holm'], type: 'date', relation: ['born'] });
    expect(readQuestion('Kari Holm birthday')).toMatchObject({ names: ['Kari Holm'], type: 'date', relation: ['born'] });
    expect(readQuestion('Per Lie death date')).toMatchObject({ names: ['Per Lie'], type: 'date' });
  });
});
