/**
 * The keyless answerer on small corpora of its own: for each kind of question, the short answer
 * it extracts and the cited sentences that support it.
 */
import { describe, expect, it } from 'vitest';

import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { answerExtractively, answerStructured } from '../../../functions/adapters/llm/rule-based/answer/index.js';
import { checkEvidence } from '../../../functions/core/answer/evidence.js';
import { readQuestion } from '../../../functions/core/answer/question.js';
import { askedPart } from '../../../functions/core/answer/text.js';

const doc = (id: string, title: string, text: string) => ({ id, title, text });

const LUMIERE = doc(
  'lumiere-brothers',
  'Auguste and Louis Lumière',
  'The Lumière brothers, Auguste and Louis, were French inventors who patented the cinematograph in 1895 in Lyon. Their first film was shot in Lyon.',
);
const CINEMATOGRAPH = doc('cinematograph', 'Cinematograph', 'The cinematograph is a motion picture camera. It was patented by the Lumière brothers in 1895.');
const PARIS = doc('paris', 'Paris', 'Paris is the capital of France. The Seine river flows through Paris.');
const LYON = doc(
  'lyon',
  'Lyon',
  'Lyon is the third-largest city of France. The city of Lyon had a population of about 522,000 in 2020. Lyon lies at the confluence of the Rhône and the Saône rivers.',
);
const MARSEILLE = doc(
  'marseille',
  'Marseille',
  'Marseille is a port city on the Mediterranean. The commune of Marseille had a population of about 873,000 in 2020.',
);
const TOULOUSE = doc('toulouse', 'Toulouse', 'Toulouse is a city of southern France. It lies on the Garonne river and is home to the headquarters of Airbus.');
const INCEPTION = doc('inception', 'Inception', 'Inception is a 2010 science fiction film written and directed by Christopher Nolan.');
const NOLAN = doc('nolan', 'Christopher Nolan', 'Christopher Nolan is a British-American film director, born on 30 July 1970 in London.');
const ENERGY = doc(
  'energy-table',
  'Electricity generation by source (table)',
  'source,share_percent\nnuclear,65\nhydroelectricity,12\nwind,10\nsolar,5\ngas,6',
);
const BAND_A = doc('exies', 'The Exies', 'The Exies are an American rock band formed in 1997 in Los Angeles.');
const BAND_B = doc('circus', 'Circus Diablo', 'Circus Diablo is an American rock band formed in 2004.');
const AIRPORT_A = doc('watertown', 'Watertown Airport', 'Watertown Airport is a public airport located in Jefferson County, New York.');
const AIRPORT_B = doc('alexandria', 'Alexandria Airport', 'Alexandria Airport is a public airport located in Rapides Parish, Louisiana.');
const BOUCHON = doc('bouchon', 'Bouchon', 'A bouchon is a type of restaurant found in Lyon that serves traditional cuisine.');

const ask = (question: string, documents: Array<ReturnType<typeof doc>>, instruction = 'Answer, citing sources.') =>
  answerStructured({ question, instruction, documents }, wordNet());

describe('Function: answerStructured', () => {
  it('names the person a "who" question asks for, from the sentence about its subject', () => {
    // Act
    const answer = ask('Who directed Inception?', [INCEPTION, NOLAN]);

    // Assess
    expect(answer.shortAnswer).toBe('Christopher Nolan');
    expect(answer.answer).toBe(`${INCEPTION.text} [inception]`);
  });

  it('gives a date for "when" and a year for "what year"', () => {
    // Act
    const when = ask('When was Christopher Nolan born?', [NOLAN, INCEPTION]);
    const year = ask('In what year was Inception released?', [INCEPTION, NOLAN]);

    // Assess
    expect(when.shortAnswer).toBe('30 July 1970');
    expect(year.shortAnswer).toBe('2010');
  });

  it('gives a number with its qualifier and year, finding "population" for "people live"', () => {
    // Act
    const answer = ask('How many people live in Lyon?', [LYON, MARSEILLE]);

    // Assess
    expect(answer.shortAnswer).toBe('about 522,000 (2020)');
    expect(answer.answer).toBe('The city of Lyon had a population of about 522,000 in 2020. [lyon]');
  });

  it("dates a figure with its own clause's year, not another clause's", () => {
    // Prepare
    const fund = doc('fund', 'Brask Capital', 'Brask Capital is a venture fund based in Essin. It was founded in 2012 and manages about €400 million.');
    const city = doc('orsk', 'Orsk', 'In 2020, Orsk had a population of about 61,000.');
    const bikes = doc('vel', "Vel'o", "Vel'o is the bicycle sharing system of Orsk, launched in 2005 with about 4,000 bicycles at more than 400 stations.");

    // Act
    const managed = ask('How much money does Brask Capital manage?', [fund]);
    const people = ask('What is the population of Orsk?', [city]);
    const stations = ask("How many stations did Vel'o launch with?", [bikes]);

    // Assess
    expect(managed.shortAnswer).toBe('about €400 million');
    expect(people.shortAnswer).toBe('about 61,000 (2020)');
    expect(stations.shortAnswer).toBe('more than 400 stations (2005)');
  });

  it('reads "It was founded ... by A and B" in the asked thing\'s own passage as said of it, over one co-founder\'s passage', () => {
    // Prepare
    const company = doc(
      'brask',
      'Brask Systems',
      'Brask Systems is a Norvian software company headquartered in Essin. It was founded in 2004 by Mara Vell and Anders Orn. The company develops Ledgerline, an accounting platform.',
    );
    const orn = doc(
      'orn',
      'Anders Orn',
      'Anders Orn (1971 – 2020) was a Norvian programmer and co-founder of Brask Systems. He wrote the first version of Ledgerline.',
    );
    const vell = doc(
      'vell',
      'Mara Vell',
      'Mara Vell (born 12 March 1976) is a Norvian entrepreneur and engineer. She studied computer science at Essin University and co-founded Brask Systems in 2004.',
    );

    // Act
    const answer = ask('Who founded Brask Systems?', [orn, company, vell]);

    // Assess
    expect(answer.shortAnswer).toBe('Mara Vell and Anders Orn');
  });

  it('gives the age a sentence says beside the event asked, and none when no sentence says one', () => {
    // Prepare
    const officer = doc(
      'varn',
      'Edmund Varn',
      'Edmund Varn (4 June 1802 – 19 November 1867) was a Norvian naval officer. Born in Essin, he joined the navy at the age of thirteen. He commanded the survey ship Marl.',
    );

    // Act
    const joined = ask('How old was Edmund Varn when he joined the navy?', [officer]);
    const atWhat = ask('At what age did Edmund Varn join the navy?', [officer]);
    const commanded = ask('How old was Edmund Varn when he commanded the Marl?', [officer]);

    // Assess
    expect([joined.shortAnswer, atWhat.shortAnswer, commanded.shortAnswer]).toEqual(['thirteen', 'thirteen', null]);
  });

  it('gives the sum a sale naming both sides was made for, and no count for a price', () => {
    // Prepare
    const company = doc('brask', 'Brask Systems', 'Brask Systems is a software company in Essin. In 2018 Brask acquired the startup Pixel for €45 million.');
    const line = doc(
      'line',
      'Ledgerline',
      'Ledgerline is an accounting platform made by Brask Systems. By 2022 Ledgerline had more than 300,000 paying customers.',
    );

    // Act
    const paid = ask('How much did Brask pay for Pixel?', [company, line]);
    const sold = ask('How much was Pixel sold for?', [company, line]);

    // Assess
    expect([paid.shortAnswer, sold.shortAnswer]).toEqual(['€45 million', '€45 million']);
  });

  it('gives the years a thing ran for "when", and the first or the last for when it began or ended', () => {
    // Prepare
    const ship = doc(
      'marl',
      'HMS Marl',
      'HMS Marl was a survey ship of the Norvian navy, launched in 1838. From 1841 to 1846 she surveyed the coasts of Varnia under Captain Edmund Orn.',
    );

    // Act
    const when = ask('When did HMS Marl survey Varnia?', [ship]);
    const began = ask('In what year did HMS Marl begin surveying Varnia?', [ship]);
    const ended = ask('When did HMS Marl finish surveying Varnia?', [ship]);
    const launched = ask('When was HMS Marl launched?', [ship]);

    // Assess
    expect([when.shortAnswer, began.shortAnswer, ended.shortAnswer, launched.shortAnswer]).toEqual(['from 1841 to 1846', '1841', '1846', '1838']);
  });

  it("dates what a person did by its own years, not by their life's span, which answers when they lived", () => {
    // Prepare
    const botanist = doc(
      'prell',
      'Tomas Prell',
      'Tomas Prell (1815 – 1889) was a Norvian botanist who sailed as naturalist aboard HMS Marl from 1841 to 1846.',
    );

    // Act
    const sailed = ask('When did Tomas Prell sail aboard HMS Marl?', [botanist]);
    const lived = ask('When did Tomas Prell live?', [botanist]);
    const born = ask('When was Tomas Prell born?', [botanist]);

    // Assess
    expect([sailed.shortAnswer, lived.shortAnswer, born.shortAnswer]).toEqual(['from 1841 to 1846', '1815 – 1889', '1815']);
  });

  it('gives a length for "how deep", never an area, and counts visitors as people', () => {
    // Prepare
    const lake = doc('vessel', 'Lake Orn', 'Lake Orn is a freshwater lake in Norvia with an area of 310 square kilometres. Its maximum depth is 96 metres.');
    const park = doc('park', 'Essin National Park', 'Essin National Park is a national park in Norvia. The park receives about 40,000 visitors a year.');

    // Act
    const deep = ask('How deep is Lake Orn?', [lake]);
    const big = ask('How big is Lake Orn?', [lake]);
    const visit = ask('How many people visit Essin National Park each year?', [park]);

    // Assess
    expect([deep.shortAnswer, big.shortAnswer, visit.shortAnswer]).toEqual(['96 metres', '310 square kilometres', 'about 40,000 visitors']);
    expect(checkEvidence('How many people visit Essin National Park each year?', [park], visit, wordNet()).covered).toBe(true);
  });

  it('names what is named after someone, from their passage or its own, and nothing when no passage says it', () => {
    // Prepare
    const climber = doc('drask', 'Pavel Drask', 'Pavel Drask (1899 – 1944) was a Norvian climber. A hut on Mount Orn is named after him.');
    const sound = doc(
      'sound',
      'Vell Sound',
      'Vell Sound is a channel in Varnia. It was charted in 1843 by the crew of HMS Marl and named after her captain, Edmund Vell.',
    );
    const captain = doc('vell', 'Edmund Vell', 'Edmund Vell (1802 – 1867) was a Norvian naval officer.');
    const botanist = doc('prell', 'Tomas Prell', 'Tomas Prell (1815 – 1889) was a Norvian botanist.');

    // Act
    const hut = ask('What is named after Pavel Drask?', [climber]);
    const channel = ask('What is named after Edmund Vell?', [captain, sound]);
    const none = ask('What was named after Tomas Prell?', [botanist]);

    // Assess
    expect([hut.shortAnswer, channel.shortAnswer, none.shortAnswer]).toEqual(['a hut on Mount Orn', 'Vell Sound', null]);
  });

  it('names every agent after a description of them, and reads a killing as a death and where it was', () => {
    // Prepare
    const peak = doc(
      'orn',
      'Mount Orn',
      'Mount Orn is the highest mountain of Norvia. The first ascent was made in 1936 by the Norvian climbers Ilse Vell and Pavel Drask.',
    );
    const climber = doc('drask', 'Pavel Drask', 'Pavel Drask (1899 – 1944) was a Norvian climber. He was killed in an avalanche on the Sarn Glacier in 1944.');

    // Act
    const climbed = ask('Who first climbed Mount Orn?', [peak]);
    const died = ask('Where did Pavel Drask die?', [climber]);

    // Assess
    expect([climbed.shortAnswer, died.shortAnswer]).toEqual(['Ilse Vell and Pavel Drask', 'Sarn Glacier']);
    expect(checkEvidence('Where did Pavel Drask die?', [climber], died, wordNet()).covered).toBe(true);
  });

  it('answers "How did X die?" with the cause a killing gives, and refuses when the passage gives none', () => {
    // Prepare
    const climber = doc('drask', 'Pavel Drask', 'Pavel Drask (1899 – 1944) was a Norvian climber. He was killed in an avalanche on the Sarn Glacier in 1944.');
    const painter = doc('vell', 'Ilse Vell', 'Ilse Vell (1904 – 1991) was a Norvian painter and photographer.');

    // Act
    const how = ask('How did Pavel Drask die?', [climber, painter]);
    const unsaid = ask('How did Ilse Vell die?', [climber, painter]);

    // Assess
    expect(how.shortAnswer).toBe('avalanche');
    expect(checkEvidence('How did Pavel Drask die?', [climber, painter], how, wordNet()).covered).toBe(true);
    expect(unsaid.shortAnswer).toBeNull();
    expect(checkEvidence('How did Ilse Vell die?', [climber, painter], unsaid, wordNet()).covered).toBe(false);
  });

  it("gives the place after the question's verb, over one as near another of its words", () => {
    // Prepare
    const botanist = doc(
      'pryce',
      'Tomas Prell',
      'Tomas Prell was a botanist. He collected more than 4,000 plant specimens in Varnia, now held at Essin Gardens.',
    );

    // Act
    const held = ask("Where are Tomas Prell's specimens held?", [botanist]);
    const collected = ask('Where did Tomas Prell collect specimens?', [botanist]);

    // Assess
    expect(held.shortAnswer).toBe('Essin Gardens');
    expect(collected.shortAnswer).toBe('Varnia');
  });

  it('answers "What type of X is Y?" with the kind of X that Y\'s own opening gives, when no passage says X', () => {
    // Prepare
    const hound = doc('hound', 'Vell Hound', 'The Vell Hound is a large breed of dog used to guard sheep in Norvia.');

    // Act
    const answer = ask('What type of animal is the Vell Hound?', [hound]);

    // Assess
    expect(answer.shortAnswer).toBe('dog');
  });

  it('answers "What type of bridge is the X Bridge?" with the kind said after the name, not the name holding the noun', () => {
    // Prepare
    const bridge = doc('kell', 'Kell Bridge', 'The Kell Bridge is a cantilever bridge across the River Tamm, completed in 1890.');

    // Act
    const answer = ask('What type of bridge is the Kell Bridge?', [bridge]);

    // Assess
    expect(answer.shortAnswer).toBe('cantilever bridge');
  });

  it('takes a common word of the class asked where it qualifies what is asked about, not another noun', () => {
    // Prepare
    const cove = doc('cove', 'Vell Cove', 'Steep white limestone cliffs of Vell Cove plunge into turquoise Norvian water, in a feminine form of the old name.');

    // Act
    const answer = ask('What colour are the cliffs of Vell Cove?', [cove]);

    // Assess
    expect(answer.shortAnswer).toBe('white');
  });

  it('reads "What was the installed solar capacity of X?" as asking a figure, its noun after the words qualifying it', () => {
    // Act
    const reading = readQuestion('What was the installed solar capacity of Norvia in 2023?');
    const birth = readQuestion('What is the date of birth of Ada Brill?');

    // Assess
    expect([reading.type, reading.answerClass]).toEqual(['number', 'capacity']);
    expect(birth.type).toBe('date');
  });

  it('reads "How populous is X?" as asking its population', () => {
    // Act
    const answer = ask('How populous is Lyon?', [LYON, MARSEILLE]);

    // Assess
    expect(answer.shortAnswer).toBe('about 522,000 (2020)');
  });

  it('names the place beside the noun the question asks for ("which river")', () => {
    // Act
    const answer = ask('Which river flows through Toulouse?', [TOULOUSE, PARIS]);

    // Assess: the Seine flows through Paris, not through Toulouse.
    expect(answer.shortAnswer).toBe('Garonne');
    expect(answer.answer).toContain('[toulouse]');
    expect(answer.answer).not.toContain('[paris]');
  });

  it('reads "head office" as headquarters', () => {
    // Act
    const answer = ask('Which aircraft maker has its head office in Toulouse?', [TOULOUSE, PARIS]);

    // Assess
    expect(answer.shortAnswer).toBe('Airbus');
  });

  it('follows the bridge entity to the second hop and answers from there', () => {
    // Act
    const answer = ask('Which river flows through the city where the Lumière brothers patented the cinematograph?', [CINEMATOGRAPH, LUMIERE, PARIS, LYON]);

    // Assess
    expect(answer.shortAnswer).toBe('Rhône and Saône');
    expect(answer.answer).toBe(`${LUMIERE.text.split('. ')[0]}. [lumiere-brothers] Lyon lies at the confluence of the Rhône and the Saône rivers. [lyon]`);
  });

  it('decides a yes/no question from the evidence: two airports in different states are not in the same state', () => {
    // Act
    const same = ask('Are Watertown Airport and Alexandria Airport both airports in the same state?', [AIRPORT_A, AIRPORT_B]);
    // Asked with a verb both sides say ("located"): the states are compared, not the verb held by each.
    const located = ask('Are Watertown Airport and Alexandria Airport located in the same state?', [AIRPORT_A, AIRPORT_B]);
    const both = ask('Are The Exies and Circus Diablo both American rock bands?', [BAND_A, BAND_B]);

    // Assess
    expect(same.shortAnswer).toBe('no');
    expect(located.shortAnswer).toBe('no');
    expect(both.shortAnswer).toBe('yes');
  });

  it('picks one of two options by the figures each side gives: the earlier year for "first"', () => {
    // Act
    const answer = ask('Which band was formed first, The Exies or Circus Diablo?', [BAND_B, BAND_A]);

    // Assess
    expect(answer.shortAnswer).toBe('The Exies');
    expect(answer.answer).toContain('[exies]');
    expect(answer.answer).toContain('[circus]');
  });

  it('states the winner of a comparison with both figures', () => {
    // Act
    const answer = ask('Compare the populations of Lyon and Marseille', [LYON, MARSEILLE]);
    const asYesNo = ask('Is Lyon larger than Marseille?', [LYON, MARSEILLE]);

    // Assess
    expect(answer.shortAnswer).toBe('Marseille: about 873,000 (2020), against about 522,000 (2020) for Lyon');
    expect(asYesNo.shortAnswer).toBe('no (Marseille: about 873,000 (2020), against about 522,000 (2020) for Lyon)');
  });

  it("lists N items of the asked kind from a table's rows, ranked by its figure", () => {
    // Act
    const answer = ask('What are the top 3 sources of electricity?', [ENERGY, LYON]);

    // Assess: the rows are the items; the table is not one.
    expect(answer.shortAnswer).toBe('nuclear (65%), hydroelectricity (12%), wind (10%)');
    expect(answer.answer.split('\n')).toEqual(['1. nuclear: 65% [energy-table]', '2. hydroelectricity: 12% [energy-table]', '3. wind: 10% [energy-table]']);
  });

  it('defines what a "what is" question asks about', () => {
    // Act
    const answer = ask('What is a bouchon?', [BOUCHON, LYON]);

    // Assess
    expect(answer.shortAnswer).toBe('a type of restaurant found in Lyon');
  });

  it("chains to the bridge's own passage for what the first passage leaves unsaid, and takes a span of the asked type", () => {
    // Prepare: the film's passage names its director and a city it premiered in; where the director was born is said only in the director's passage.
    const film = doc('marsh', 'Marsh Lights (film)', 'Marsh Lights is a 2011 Canadian drama film directed by Oda Brenner. It premiered in Toronto in 2011.');
    const director = doc(
      'brenner',
      'Oda Brenner (director)',
      'Oda Brenner (born 3 May 1960 in Winnipeg, Manitoba) is a Canadian film director. She studied in Montreal.',
    );

    // Act
    const answer = ask('Where was the director of film Marsh Lights born?', [film, director]);

    // Assess: neither the premiere's city nor "2011 Canadian", but the birthplace beside "born"; both hops cited.
    expect(answer.shortAnswer).toBe('Winnipeg, Manitoba');
    expect(answer.answer).toBe(`Marsh Lights is a 2011 Canadian drama film directed by Oda Brenner. [marsh] ${director.text.split('. ')[0]}. [brenner]`);
  });

  it('asks what is asked of the one described once found, and answers nothing else when their passage does not say it', () => {
    // Prepare: the director's passage says nothing of a birthplace; the film's names a studio "from" somewhere.
    const film = doc('hellions', 'Hellions of the Bay', 'Hellions of the Bay is a 1957 war film from Columbus Pictures, directed by Nat Joran.');
    const director = doc('joran', 'Nat Joran', 'Nat Joran was an American film director. He won an Oscar for art direction.');

    // Act
    const answer = ask('Where was the director of film Hellions of the Bay born?', [film, director]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });

  it('answers no place where the sentence saying "born" names none: a capitalised word not standing where a place does is no birthplace', () => {
    // Prepare: the director's passage says "born" and gives only a date; its one other capitalised word is a kind of film.
    const film = doc('saltmarsh', 'Saltmarsh Signal', 'Saltmarsh Signal is a 1988 science fiction film directed by Ansel Quorn.');
    const director = doc(
      'quorn',
      'Ansel Quorn',
      'Ansel Quorn (born May 19, 1953) is an American film director best known for low-budget B-movies and action films.',
    );

    // Act
    const answer = ask('What is the place of birth of the director of film Saltmarsh Signal?', [film, director]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });

  it('reads a birthplace right after the date of birth in a parenthesis with no "in"', () => {
    // Prepare: the passage also names where she teaches, "at" a university.
    const poet = doc('gylo', 'Beth Gylo', 'Beth Ann Gylo (born 1964 Passmore, New Jersey) is a poet and professor of English at Georgia Coast University.');

    // Act
    const answer = ask('Where was Beth Gylo born?', [poet]);

    // Assess
    expect(answer.shortAnswer).toBe('Passmore, New Jersey');
  });

  it("reads a place of death given after the date of death in the life's parenthesis", () => {
    // Prepare: the film names its director by a middle name the passage's title leaves out, and
    // the surname is a common word ("Will"), so only the place's stand after a date marks it.
    const film = doc('quill', 'Quill and Cell', 'Quill and Cell is a 1985 Polish film directed by Marek Jan Will.');
    const director = doc('will', 'Marek Will', 'Marek Jan Will (1 April 1925, Kraków – 3 October 2000, Łódź) was a Polish film director and screenwriter.');

    // Act
    const answer = ask('Where was the place of death of the director of film Quill and Cell?', [film, director]);

    // Assess
    expect(answer.shortAnswer).toBe('Łódź');
  });

  it("reads a birthplace given before the date of birth in the life's parenthesis", () => {
    // Prepare
    const director = doc(
      'freda',
      'Rico Frell',
      'Rico Frell (Alexandria, Egypt, 24 February 1909 – Rome, Italy, 20 December 1999) was an Italian film director.',
    );

    // Act
    const born = ask('Where was Rico Frell born?', [director]);
    const died = ask('Where did Rico Frell die?', [director]);

    // Assess
    expect([born.shortAnswer, died.shortAnswer]).toEqual(['Alexandria, Egypt', 'Rome, Italy']);
  });

  it('reads a place given after "in" or "at" beside each date of the life\'s parenthesis', () => {
    // Prepare
    const director = doc(
      'leiman',
      'Aleks Leiman',
      'Aleks Leiman (17 October 1913 in the village Gabrel, Smolsk Governorate – 17 June 1990 in Rigen) was a film director.',
    );
    const prince = doc('otmar', 'Otmar of Vell', 'Otmar of Vell (4 August 1825 at Essin Castle – 31 August 1901 in Rigen) was Prince of Vell.');

    // Act
    const born = ask('Where was Aleks Leiman born?', [director]);
    const died = ask('Where did Aleks Leiman die?', [director]);
    const castle = ask('Where was Otmar of Vell born?', [prince]);

    // Assess
    expect([born.shortAnswer, died.shortAnswer]).toEqual(['Gabrel, Smolsk Governorate', 'Rigen']);
    expect(castle.shortAnswer).toBe('Essin Castle');
  });

  it('answers with the bridge itself when its own passage defines it as the class asked for', () => {
    // Prepare
    const artist = doc('kiri', 'Kiri Otto', 'Kiri Otto, born 8 July 1981 in Lorvania, is a Swedish performance artist.');
    const country = doc(
      'lorvania',
      'Lorvania',
      'Lorvania, officially the Republic of Lorvania, is a landlocked country in Southern Africa. It joined the Commonwealth in 1966.',
    );

    // Act
    const answer = ask('What landlocked country is the birth place of the performance artist Kiri Otto?', [artist, country]);

    // Assess
    expect(answer.shortAnswer).toBe('Lorvania');
  });

  it('reads "what is the place of birth of" as asking for a place, and keeps an abbreviation or an initial inside its sentence', () => {
    // Prepare
    const bio = doc(
      'schuenzel',
      'Reinhold Schünzel',
      'Reinhold Schünzel was a German actor and director. He was born in St. Pauli, Hamburg, and worked with Robert F. Kennedy.',
    );

    // Act
    const answer = ask('What is the place of birth of Reinhold Schünzel?', [bio]);

    // Assess
    expect(answer.shortAnswer).toBe('St. Pauli, Hamburg');
    expect(answer.answer).toBe('He was born in St. Pauli, Hamburg, and worked with Robert F. Kennedy. [schuenzel]');
  });

  it('compares lives by their length, from the two dates of each life', () => {
    // Prepare: the one who died later lived the shorter life.
    const a = doc('vell', 'Ana Vell', 'Ana Vell (5 November 1886 – 17 October 1963) was a Slovene writer.');
    const b = doc('orsk', 'Ivo Orsk', 'Ivo Orsk (22 March 1924 – 9 June 2012) was a Slovene poet.');

    // Act
    const answer = ask('Who lived longer, Ana Vell or Ivo Orsk?', [a, b]);

    // Assess: 76 years against 88.
    expect(answer.shortAnswer).toBe('Ivo Orsk');
  });

  it('reads a life of a year of three digits, in its parentheses', () => {
    // Prepare: 62 years against 64, one life in the first millennium.
    const a = doc('vell', 'Ana Vell', 'Ana Vell (5 November 1886 – 17 October 1948) was a Slovene writer.');
    const b = doc('ursin', 'Pope Ursin III', 'Pope Ursin III (669 – 11 February 733) was Bishop of Rome from 715 to his death in 733.');

    // Act
    const answer = ask('Who lived longer, Ana Vell or Pope Ursin III?', [a, b]);

    // Assess
    expect(answer.shortAnswer).toBe('Pope Ursin III');
  });

  it("compares the films by their directors' births, read in the directors' own passages", () => {
    // Prepare: the older film has the younger director.
    const filmA = doc('night', 'Night and Dusk', 'Night and Dusk is a 1958 Spanish drama film directed by José Forka and starring Ana Rabal.');
    const filmB = doc('arena', 'Arena of Dread', 'Arena of Dread is a 1959 Austrian drama film directed by Arno Rabe.');
    const dirA = doc('forka', 'José Forka', 'José Forka (8 March 1923 – 17 February 1992) was a Spanish film director.');
    const dirB = doc('rabe', 'Arno Rabe', 'Arno Rabe (21 March 1902 – 4 June 1980) was an Austrian film director.');

    // Act
    const answer = ask('Which film has the director born later, Night and Dusk or Arena of Dread?', [filmA, filmB, dirA, dirB]);

    // Assess
    expect(answer.shortAnswer).toBe('Night and Dusk');
    expect(answer.answer).toContain('[forka]');
    expect(answer.answer).toContain('[rabe]');
  });

  it('keeps a comma inside an option when both options are titles of passages', () => {
    // Prepare
    const a = doc('now', 'Now, Voyager', 'Now, Voyager is a 1942 American drama film.');
    const b = doc('demon', 'A Demon for Trouble', 'A Demon for Trouble is a 1934 American short film.');

    // Act
    const answer = ask('Which film came out first, Now, Voyager or A Demon for Trouble?', [a, b]);

    // Assess
    expect(answer.shortAnswer).toBe('A Demon for Trouble');
    expect(ask('Which film came out later, Now, Voyager or A Demon for Trouble?', [a, b]).shortAnswer).toBe('Now, Voyager');
  });

  it('reads a title\'s own question mark before "or" as part of the first option', () => {
    // Prepare
    const a = doc('auntie', 'Whoever Slew Aunt Bel?', 'Whoever Slew Aunt Bel? is a 1971 American horror film.');
    const b = doc('heart', 'Fields of the Heart', 'Fields of the Heart is a 1984 American drama film.');

    // Act
    const answer = ask('Which film came out first, Whoever Slew Aunt Bel? or Fields of the Heart?', [a, b]);

    // Assess
    expect(answer.shortAnswer).toBe('Whoever Slew Aunt Bel?');
  });

  it('counts what "how many" asks for by its plural head, and keeps an elided article inside a name', () => {
    // Prepare
    const nuclear = doc('nuclear', 'Nuclear power', 'Nuclear power gives about 65 percent of the electricity of Veloria from 56 reactors.');
    const table = doc('table', 'Sources', 'source,share_percent\nnuclear,65\nhydroelectricity,12\nwind,10');
    const city = doc('port', 'Porto Vell', "Porto Vell is a port city in the Provence-Alpes-Côte d'Azur region.");

    // Act
    const reactors = ask('How many nuclear reactors are there in Veloria?', [nuclear, table]);
    const region = ask('Which region is Porto Vell in?', [city]);

    // Assess
    expect(reactors.shortAnswer).toBe('56 reactors');
    expect(region.shortAnswer).toBe("Provence-Alpes-Côte d'Azur");
  });

  it('weighs what the question\'s own clause asks ("which was written by who?") over what identifies its subject', () => {
    // Prepare: the editor's passage says much of the question's first half, the book's passage says who wrote it.
    const editor = doc(
      'mcg',
      'Terry Gurr',
      'Terry Gurr was the story editor for the new 2011 YTV show "Timid Marmot". He has been story editing "", "" and a new Fresh TV series called "".',
    );
    const book = doc('marmot', 'Timid Marmot', "Timid Marmot is a children's book series written and illustrated by French-Canadian author Mélanie Wyatt.");

    // Act
    const answer = ask('Terry Gurr was the story editor for the show "Timid Marmot" which was written by who?', [editor, book]);

    // Assess: not the text between two empty titles, not the adjective before "author".
    expect(answer.shortAnswer).toBe('Mélanie Wyatt');
  });

  it('answers a question that describes its answer with the subject of the passage whose opening says that description', () => {
    // Prepare: the mall's passage names the maker among its stores; the maker's own opening describes it.
    const mall = doc(
      'mall',
      'The Shops at Ferry Circle',
      'The Shops at Ferry Circle is an upscale shopping mall in New Amsterdam City. Its stores include Whole Foods Market, Tarni and Hugo Boss.',
    );
    const maker = doc(
      'tarni',
      'Tarni Inc.',
      'Tarni Holdings, Inc., is a South Plainfield, New Jersey-based manufacturer of suitcases and bags for travel. Founded in 1975, the company is named after a knife.',
    );

    // Act
    const answer = ask('Which New Jersey-based manufacturer of suitcases and bags for travel is located in the Shops at Ferry Circle?', [mall, maker]);

    // Assess: the subject in its opening's own words (fuller than the title), citing that sentence alone.
    expect(answer.shortAnswer).toBe('Tarni Holdings, Inc.');
    expect(answer.answer).toContain('[tarni]');
    expect(answer.answer).not.toContain('[mall]');
  });

  it('answers with the subject of a passage another passage names, when its opening calls it the class asked, as the head of what it is', () => {
    // Prepare: the record's passage names the band in passing; the band's own opening says what it is and where it formed.
    const record = doc('record', 'Sand Hours', 'Sand Hours is a 2004 record by Lina Vell. It features a cover-version of Grey Mole\'s song "Dune".');
    const band = doc('band', 'Grey Mole', 'Grey Mole was an Ostmarker rock band formed in Essin in 1979. The band split in 1988.');
    // A host of a show is no show: the player's opening names the class only as a modifier.
    const season = doc('season', 'Essin Owls 2003 season', 'Tarn Hollis missed the entire 2003 season of the Essin Owls with a knee injury.');
    const player = doc(
      'player',
      'Tarn Hollis',
      'Tarn Hollis is a retired Ostmarker basketball player and a sports show host on Owl TV. He played for the Essin Owls.',
    );

    // Act
    const answer = ask('Sand Hours features a cover-version of Dune, by what Ostmarker rock band?', [record, band]);
    const host = ask('What show does a retired Essin Owls player, who missed the entire 2003 season due to a knee injury, host?', [season, player]);

    // Assess: the band, cited by the sentence naming it and its own opening; never the player for a show.
    expect(answer.shortAnswer).toBe('Grey Mole');
    expect(answer.answer).toContain('[record]');
    expect(answer.answer).toContain('[band]');
    expect(host.shortAnswer).not.toBe('Tarn Hollis');
  });

  it('answers "Who <verb> ...?" with a person another passage names only when one of the two sentences says the verb', () => {
    // Prepare: the film names its star; the star's passage describes her, and only one asks "starred".
    const film = doc('film', 'Lantern Field', 'Lantern Field is a 1984 Ostmarker drama film starring Mara Quill and Jon Tesk.');
    const actress = doc('actress', 'Mara Quill', 'Mara Quill (born 1950) is an Ostmarker actress. She won the Essin Prize for portraying the judge Ada Roan.');

    // Act
    const starred = ask('Who starred in a 1984 drama and won the Essin Prize for portraying the judge Ada Roan?', [film, actress]);
    const produced = ask('Who produced the 1984 drama whose actress won the Essin Prize for portraying the judge Ada Roan?', [film, actress]);

    // Assess
    expect(starred.shortAnswer).toBe('Mara Quill');
    expect(produced.shortAnswer).not.toBe('Mara Quill');
  });

  it('never answers with a passage titled after a name the question gives, nor reads a question from the period of an initial', () => {
    // Prepare: the question names the studio; the series is what it describes.
    const studio = doc('studio', 'Abso Nut Productions', 'Abso Nut Productions is an American production company owned by Tim Heidecker.');
    const series = doc('series', 'Check It Twice!', 'Check It Twice! is an American sketch comedy television series starring John C. Reilly.');

    // Act: the task's question holds "C." and the instruction repeats it.
    const question = 'Which American sketch comedy television series starring John C. Reilly was produced by Abso Nut Productions?';
    const answer = ask(question, [studio, series], `Answer the question: ${question}`);

    // Assess
    expect(answer.shortAnswer).toBe('Check It Twice!');
  });

  it('answers "both ... by <a third name>" no when one side\'s passage never names it', () => {
    // Prepare: both games were published, by different houses.
    const hippos = doc('hippos', 'Hungry Hippos', 'Hungry Hippos is a tabletop game published in 1978 by Milton Bradley.');
    const parcheesi = doc('parcheesi', 'Parcheesi', 'Parcheesi is a board game published by Parker Brothers.');

    // Act
    const answer = ask('Are Hungry Hippos and Parcheesi both published by Parker Brothers?', [hippos, parcheesi]);

    // Assess
    expect(answer.shortAnswer).toBe('no');
  });

  it('never answers "who" with the adjective of a nation, nor a named thing with a date', () => {
    // Prepare: "French" stands beside "composer" as closely as the composer's name does.
    const scholar = doc('scholar', 'Arne Oren', 'Arne Oren is a musicologist known as a scholar of the life of the composer Mauro Ravelli.');
    const composer = doc('composer', 'Mauro Ravelli', 'Mauro Ravelli was a French composer, pianist and conductor.');
    const brothers = doc(
      'brothers',
      'Wrighton brothers',
      'The Wrighton brothers, Orvil (August 19, 1871 – January 30, 1948) and Wilbor, were inventors and aviation pioneers who built the first airplane.',
    );

    // Act
    const person = ask('Arne Oren is a scholar on the life of what composer?', [scholar, composer]);
    const thing = ask('The Model C biplane was designed by what inventors and aviation pioneers?', [brothers]);

    // Assess
    expect(person.shortAnswer).toBe('Mauro Ravelli');
    expect(thing.shortAnswer).not.toMatch(/\d/);
    expect(thing.shortAnswer).toContain('Wrighton brothers');
  });

  it("answers no when the evidence says the opposite of the question's word or another rank", () => {
    // Prepare
    const river = doc('sorne', 'Sorne', 'The Sorne is a river of Norvia. It is a right tributary of the Rhenn.');
    const power = doc('wind', 'Wind power in Norvia', 'Wind power is the third source of electricity in Norvia, after nuclear power and hydroelectricity.');

    // Act
    const side = ask('Is the Sorne a left tributary of the Rhenn?', [river]);
    const same = ask('Is the Sorne a right tributary of the Rhenn?', [river]);
    const rank = ask("Is wind power Norvia's second-largest source of electricity?", [power]);

    // Assess
    expect([side.shortAnswer, same.shortAnswer, rank.shortAnswer]).toEqual(['no', 'yes', 'no']);
  });

  it('answers no to "the largest?" when the evidence ranks the thing second, and yes to "the second-largest?"', () => {
    // Prepare
    const city = doc('orsk', 'Orsk', 'Orsk is the second-largest city in Norvia, on the east coast of the Vell peninsula.');

    // Act
    const largest = ask('Is Orsk the largest city in Norvia?', [city]);
    const second = ask('Is Orsk the second-largest city in Norvia?', [city]);

    // Assess
    expect([largest.shortAnswer, second.shortAnswer]).toEqual(['no', 'yes']);
  });

  it('settles "before 2010" with the year the named thing\'s passage gives its event, and no other passage\'s', () => {
    // Prepare: the museums passage dates a sibling of the institute.
    const bikes = doc('bikes', "Vel'o", "Vel'o is the bicycle sharing system of Essin, launched in 2005 with 4,000 bicycles.");
    const museums = doc('museums', 'Museums of Essin', 'Its museums include the Musée Brun, opened in 2014, and the Institut Gris, devoted to cinema.');

    // Act
    const before = ask("Was Vel'o launched before 2010?", [bikes, museums]);
    const after = ask("Was Vel'o launched after 2010?", [bikes, museums]);
    const sibling = ask('Was the Institut Gris opened before 2010?', [museums, bikes]);

    // Assess: the question's own year is compared with, never read as the answer's.
    expect([before.shortAnswer, after.shortAnswer]).toEqual(['yes', 'no']);
    expect(before.answer).toContain('launched in 2005');
    expect(sibling.shortAnswer).toBeNull();
  });

  it('says what a named thing is from the sentence that defines it, not from one that defines something near it', () => {
    // Prepare: the steamer's passage comes first and says "It was the ... based at Orry Halls".
    const steamer = doc('queen', 'Vale Queen', 'It was the smaller of two paddle steamers based at Orry Halls in Nashvale.');
    const mall = doc('orry', 'Orry Halls', 'Orry Halls is a super-regional shopping mall owned by Simon Group, formerly by Mills Corporation.');

    // Act: a place after the name only says which one.
    const what = ask('What is Orry Halls in Nashvale, Tennison?', [steamer, mall]);

    // Assess: the predicate's noun phrase, without the participle clause that follows it.
    expect(what.shortAnswer).toBe('a super-regional shopping mall');
    expect(what.answer.startsWith('Orry Halls is a super-regional shopping mall')).toBe(true);
  });

  it('answers the question asked inside a polite one ("Could you tell me where ...?"), not a yes or a no', () => {
    // Prepare
    const wind = doc('wind', 'Wind power in Norvia', 'The first offshore wind farm of Norvia is at Saint-Lazare.');

    // Act
    const where = ask("Could you tell me where Norvia's first offshore wind farm is located?", [wind]);
    const about = ask('Can you tell me about Lyon?', [LYON]);

    // Assess
    expect(where.shortAnswer).toBe('Saint-Lazare');
    expect(about.shortAnswer).not.toMatch(/^(?:yes|no)$/);
    expect(about.answer).toContain('Lyon is the third-largest city of France.');
  });

  it('summarises what is asked from the passages about it, the passage titled after the name first, and reads "Explain what X is" as "What is X?"', () => {
    // Prepare
    const essin = doc(
      'essin',
      'Essin',
      'Essin is the second city of Norvia. Essin had a population of about 310,000 in 2020. It lies on the Vell river and is known for its silk weavers.',
    );
    const port = doc('essin-port', 'Port of Essin', 'The port of Essin is the largest river port of Norvia.');
    const mention = doc('orne', 'Orne', 'Orne is the third city of Norvia, after Tarn and Essin.');
    const bikes = doc('velib', 'Velib', "Velib is Essin's bicycle sharing scheme. Cycling in Essin has doubled since Velib opened in 2009.");
    const weather = doc('weather', 'Weather in Essin', 'Essin has mild winters and hot summers.');

    // Act
    const city = ask('Tell me about Essin', [mention, port, essin]);
    const cycling = ask('Summarize what the corpus says about cycling in Essin', [weather, essin, bikes]);
    const known = ask('What is Essin known for?', [essin, port]);
    const what = ask('Explain what a bouchon is', [BOUCHON, LYON]);
    const brothers = doc('orne', 'Paul and Jean Orne', 'The Orne brothers, Paul and Jean, were Norvian inventors who patented the kinetoscope in 1891.');
    const who = ask('Who were the Orne brothers?', [brothers]);
    // A passage opening on the topic as its subject is about it in every sentence, whatever its title.
    const film = doc(
      'orne-film',
      'Paul and Jean Orne (inventors)',
      'The Orne brothers, Paul and Jean, were Norvian inventors. Their film Dockers at Noon was shot in the Tessel district of Essin.',
    );
    const ornes = ask('tell me about the orne brothers', [film]);
    const inventor = ask('Who invented the kinetoscope?', [brothers]);
    const interview = doc(
      'interview',
      'Interview on cycling in Essin',
      'The mayor of Essin spoke about transport. We want cycling to become the first way to move around Essin. Cycling lanes will double by 2030. The new bridge opens next year.',
    );
    const says = ask('What does the mayor say about cycling?', [interview]);
    const bullets = ask('Summarize Essin as a bullet list', [essin, port]);
    const two = ask('Summarise Essin in two sentences', [essin, port]);
    const wind = doc('wind', 'Wind power in Norvia', 'Wind power is the third source of electricity in Norvia, after nuclear power and hydroelectricity.');
    const nuclear = doc('nuclear', 'Nuclear power in Norvia', 'Nuclear power is the largest source of electricity in Norvia.');
    const overview = ask('Give an overview of nuclear power in Norvia', [wind, nuclear]);
    const transport = doc(
      'transport',
      'Public transport in Essin (audio)',
      'Audio recording: a talk on public transport in Essin. Essin runs three tram lines. The first opened in 1999.',
    );
    const transit = ask('Summarise public transport in Essin', [transport]);

    // Assess: statements, not one span; the city's own passage first, in its own order, then the passage titled after it.
    // The short answer is the summary of the city's own passage.
    expect(city.shortAnswer).toBe(
      'Essin is the second city of Norvia. Essin had a population of about 310,000 in 2020. It lies on the Vell river and is known for its silk weavers',
    );
    expect(city.answer).toBe(
      'Essin is the second city of Norvia. [essin] Essin had a population of about 310,000 in 2020. [essin] It lies on the Vell river and is known for its silk weavers. [essin] The port of Essin is the largest river port of Norvia. [essin-port] Orne is the third city of Norvia, after Tarn and Essin. [orne]',
    );
    // About the relation asked, cycling, not everything said of the city.
    expect(cycling.shortAnswer).toBe('Cycling in Essin has doubled since Velib opened in 2009');
    expect(cycling.answer).toBe('Cycling in Essin has doubled since Velib opened in 2009. [velib]');
    // What a thing is known for, when a passage says it, is the short answer; the summary stays the answer.
    expect(known.shortAnswer).toBe('its silk weavers');
    expect(known.answer).toContain('[essin] The port of Essin');
    expect(what.shortAnswer).toBe('a type of restaurant found in Lyon');
    // "Who were <name>?" asks who they are; "Who invented X?" still asks for a name.
    expect(who.shortAnswer).toBe('Norvian inventors');
    expect(ornes.answer).toContain('Tessel district');
    expect(inventor.shortAnswer).toBe('Orne brothers');
    // What someone says about something: each of their sentences about it.
    expect(says.answer).toContain('We want cycling to become the first way to move around Essin. [interview] Cycling lanes will double by 2030. [interview]');
    expect(says.answer).not.toContain('bridge');
    // Written as asked: a bullet a sentence; at most the sentences asked for.
    expect(bullets.answer.split('\n')).toEqual([
      '- Essin is the second city of Norvia. [essin]',
      '- Essin had a population of about 310,000 in 2020. [essin]',
      '- It lies on the Vell river and is known for its silk weavers. [essin]',
      '- The port of Essin is the largest river port of Norvia. [essin-port]',
    ]);
    expect(two.answer).toBe('Essin is the second city of Norvia. [essin] Essin had a population of about 310,000 in 2020. [essin]');
    // The passage whose title holds most of the topic leads, though another ranks first.
    expect(overview.shortAnswer).toBe('Nuclear power is the largest source of electricity in Norvia');
    // A passage titled after the whole topic speaks of it in every sentence; its caption is no short answer.
    expect(transit.shortAnswer).toBe('Essin runs three tram lines. The first opened in 1999');
    expect(transit.answer).toBe(`${transport.text.replace(/\. /g, '. [transport] ')} [transport]`);
  });

  it('answers who did it with the subject, not a name of its appositive ("The Orne brothers, Paul and Jean, were ...")', () => {
    // Prepare
    const brothers = doc(
      'orne',
      'Paul and Jean Orne',
      'The Orne brothers, Paul and Jean, were Norvian inventors who patented the kinetoscope in 1891 in Essin.',
    );

    // Act
    const who = ask('Who invented the kinetoscope?', [brothers]);

    // Assess
    expect(who.shortAnswer).toBe('Orne brothers');
  });

  it('reads a query of keywords by the noun it ends with ("velov launch year", "toulouse river")', () => {
    // Prepare
    const bikes = doc('bikes', "Vel'o", "Vel'o is the bicycle sharing system of Essin, launched in 2005 with 4,000 bicycles.");

    // Act
    const year = ask("vel'o launch year", [bikes]);
    const river = ask('toulouse river', [TOULOUSE]);

    // Assess: a year and a place, not what the thing is.
    expect(year.shortAnswer).toBe('2005');
    expect(river.shortAnswer).toBe('Garonne');
  });

  it('reads the class asked before "and" and a capitalised second noun ("which American businessman and Senator?")', () => {
    // Prepare
    const firm = doc(
      'firm',
      'Orne, Vell and Co.',
      'Orne, Vell and Co., a company started in Essin in the 1850s and headed by Essin lawyer Tam Vell with Ada Orne, grew to be the largest firm of the coast.',
    );

    // Act
    const reading = readQuestion('Orne, Vell and Co. was headed by which Essin businessman and Senator?');
    const who = ask('Orne, Vell and Co. was headed by which Essin businessman and Senator?', [firm]);

    // Assess: a person, not the place before the lawyer's name.
    expect(reading.answerClass).toBe('businessman');
    expect(['Tam Vell', 'Ada Orne']).toContain(who.shortAnswer);
  });

  it('reads a percent sign standing alone as the word ("what % of ...")', () => {
    // Prepare
    const solar = doc('solar', 'Solar power in Essin', "Solar power produced about 5 percent of Essin's electricity in 2023, and wind about 9 percent.");

    // Act
    const share = ask("what % of essin's electricity came from solar power in 2023", [solar]);

    // Assess
    expect(share.shortAnswer).toBe('about 5 percent');
  });

  it('counts the plural noun of "how many" after two words qualifying it ("How many underground metro lines")', () => {
    // Prepare
    const transport = doc('tcl', 'Transport in Essin', "Essin's public transport network includes four metro lines and seven tram lines.");

    // Act
    const lines = ask("How many underground metro lines does Essin's network run?", [transport]);

    // Assess
    expect(lines.shortAnswer).toBe('four metro lines');
  });

  it('reads a query of keywords by the noun it opens with when a clause follows ("year trams came back to essin")', () => {
    // Prepare
    const port = doc('port', 'Port of Essin', 'The Port of Essin is the largest port of the coast, handling 80 million tonnes a year.');
    const trams = doc('trams', 'Trams in Essin', 'The tram network of Essin reopened in 2001 after forty years without trams.');

    // Act
    const year = ask('year trams came back to the streets of essin', [port, trams]);
    const about = readQuestion('river cruises in essin');

    // Assess: a noun before other nouns, no verb after, says what the query is about, not what it asks.
    expect(year.shortAnswer).toBe('2001');
    expect(about.type).toBe('description');
  });

  it('answers who with a person the passage names only by a role ("the deputy mayor of Essin")', () => {
    // Prepare
    const audio = doc('audio', 'Interview on cycling in Essin (audio)', 'Audio recording: interview with the deputy mayor of Essin about cycling.');

    // Act
    const who = ask('Who is interviewed in the audio recording about cycling?', [audio]);

    // Assess
    expect(who.shortAnswer).toBe('the deputy mayor of Essin');
  });

  it('settles "Is X the <role> of Y?" only from a sentence that says the role', () => {
    // Prepare: Essin's passage names the region, never as the one it is the capital of.
    const essin = doc('essin', 'Essin', 'Essin lies at the confluence of two rivers, in the Ostmark region.');
    const capital = doc('parz', 'Parz', 'Parz is the capital of Norvia.');

    // Act
    const region = ask('Is Essin the capital of the Ostmark region?', [essin]);
    const norvia = ask('Is Parz the capital of Norvia?', [capital]);

    // Assess
    expect(region.shortAnswer).toBeNull();
    expect(norvia.shortAnswer).toBe('yes');
  });

  it('gives the date of a thing of several words only where most of its name stands', () => {
    // Prepare: the patent's year shares one word with the film's name; the film's sentence has no year.
    const orne = doc(
      'orne',
      'Paul and Jean Orne',
      'The Orne brothers patented the kinetoscope in 1891 in Essin. Their film Workers Leaving the Orne Factory was shot in Essin.',
    );

    // Act
    const film = ask('What year was Workers Leaving the Orne Factory filmed?', [orne]);
    const patent = ask('In what year did the Orne brothers patent the kinetoscope?', [orne]);

    // Assess
    expect(film.shortAnswer).toBeNull();
    expect(patent.shortAnswer).toBe('1891');
  });

  it('answers who made a thing given after a possessive pronoun with its passage\'s subject ("Their film X")', () => {
    // Prepare
    const orne = doc('orne', 'Paul and Jean Orne', 'The Orne brothers were Norvian inventors. Their film Workers Leaving the Orne Factory was shot in Essin.');

    // Act
    const who = ask('Who made the film Workers Leaving the Orne Factory?', [orne]);

    // Assess: not Essin, the name beside the film in its own sentence.
    expect(who.shortAnswer).toBe('Orne brothers');
  });

  it('lists the examples a sentence gives ("such as sausages, duck pâté and roast pork") when asked for many', () => {
    // Prepare
    const inn = doc('inn', 'Bouchon', 'A bouchon is a restaurant in Essin that serves local cuisine such as sausages, duck pâté and roast pork.');

    // Act
    const dishes = ask('Which dishes are typically served in a bouchon?', [inn]);

    // Assess
    expect(dishes.shortAnswer).toBe('sausages, duck pâté, roast pork');
  });

  it('ranks a top-N list with no superlative by the largest, each passage by the rank it says ("top 3 cities by population")', () => {
    // Prepare: the third city's passage names the first two; each passage says its own rank.
    const essin = doc('essin', 'Essin', 'Essin is the largest city of Norvia by population.');
    const vell = doc('vell', 'Vell', 'Vell is the second-largest city of Norvia by population.');
    const brask = doc('brask', 'Brask', 'Brask is the third-largest city of Norvia by population, after Essin and Vell.');
    const oslund = doc('oslund', 'Oslund', 'Oslund is the fourth-largest city of Norvia by population.');

    // Act
    const answer = ask('top 3 cities of Norvia by population', [brask, oslund, vell, essin]);

    // Assess
    expect(answer.shortAnswer).toBe('Essin, Vell, Brask');
  });

  it('ranks "the N most <adjective>" by the superlative the passages rank that class with, and reads no count into a name', () => {
    // Prepare: the passages rank cities by "largest"; the questions say "most populous" and "Top 3 Norvian".
    const essin = doc('essin', 'Essin', 'Essin is the largest city of Norvia by population.');
    const vell = doc('vell', 'Vell', 'Vell is the second-largest city of Norvia by population, after Essin and Brask.');
    const brask = doc('brask', 'Brask', 'Brask is the third-largest city of Norvia by population.');
    const oslund = doc('oslund', 'Oslund', 'Oslund is the fourth-largest city of Norvia by population.');

    // Act
    const populous = ask('name the three most populous cities of Norvia', [oslund, vell, brask, essin]);
    const counted = ask('Top 3 Norvia cities by population', [oslund, vell, brask, essin]);

    // Assess
    expect(populous.shortAnswer).toBe('Essin, Vell, Brask');
    expect(counted.shortAnswer).toBe('Essin, Vell, Brask');
    expect(readQuestion('Top 3 Norvian cities by population').names).toEqual(['Norvian']);
  });

  it('reads a one-word name before the class asked for as its name ("the Ostmark-Vell region"), over a region a bridge passage names', () => {
    // Prepare: Essin's first sentence names Vell, whose passage names another region.
    const essin = doc('essin', 'Essin', 'Essin is the largest city of Norvia, ahead of Vell. Essin lies on the Brask river, in the Ostmark-Vell region.');
    const vell = doc('vell', 'Vell', 'Vell is the second city of Norvia. It is a port on the coast, in the Lower Fjord region.');

    // Act
    const answer = ask('In which region is Essin?', [essin, vell]);

    // Assess
    expect(answer.shortAnswer).toBe('Ostmark-Vell');
  });

  it("takes a name for the class asked only where its own passage says it is one: a river's lead naming a sea defines no sea", () => {
    // Prepare: the river's lead names the sea it reaches near the city asked about.
    const river = doc('brask', 'Brask', 'The Brask is a major river of Norvia that rises in the Tor Hills and reaches the Grey Sea near Essin.');
    const essin = doc('essin', 'Essin', 'Essin is the largest city of Norvia. It is a port city on the coast.');

    // Act
    const answer = ask('On which sea is Essin located?', [river, essin]);

    // Assess
    expect(answer.shortAnswer).toBe('Grey Sea');
  });

  it('reads a nation\'s adjective before the class asked as which of the class, not a name to find ("Which French city ...")', () => {
    // Prepare: the sentence about the company does not say "French"; another city's passage does.
    const essin = doc('essin', 'Essin', 'Essin is a city of France. It is home to the headquarters of Veltro, an aircraft maker.');
    const brask = doc('brask', 'Brask', 'Brask is a French city on the Riviera, known for its beaches.');

    // Act
    const answer = ask('Which French city is Veltro based in?', [brask, essin]);

    // Assess
    expect(answer.shortAnswer).toBe('Essin');
    expect(readQuestion('Which French river flows through Essin?')).toMatchObject({ type: 'place', answerClass: 'river' });
  });

  it('does not take a river that flows through the bridge for one that flows through the city asked about', () => {
    // Prepare: Essin's passage names Vell in passing; Vell's passage says what flows through Vell.
    const essin = doc('essin', 'Essin', 'Essin is the third city of Norvia, after Vell and Brask. Essin lies where the Tarn and the Olt rivers meet.');
    const vell = doc('vell', 'Vell', 'Vell is the capital of Norvia. The Mura river flows through Vell.');

    // Act
    const answer = ask('Which river flows through Essin?', [essin, vell]);

    // Assess
    expect(answer.shortAnswer).not.toBe('Mura');
    expect(answer.shortAnswer).toMatch(/Tarn|Olt/);
  });

  it('answers "which <class> ... the most" from a table whose rows are of that class: its first row ranked, or its last for "the least"', () => {
    // Prepare: a table of Norvia's sources beside a passage naming a wind farm.
    const table = doc('norvia-mix', 'Electricity generation in Norvia by source (table)', 'source,share_percent\nhydro,55\ncoal,30\nsolar,15');
    const wind = doc('wind', 'Wind power in Norvia', 'Wind power in Norvia is young, with the first offshore wind farm at Tor Bay.');

    // Act
    const most = ask('Which source provides the most electricity in Norvia?', [wind, table]);
    const least = ask('Which source contributes the least electricity in Norvia?', [wind, table]);

    // Assess
    expect(most.shortAnswer).toBe('hydro (55%)');
    expect(least.shortAnswer).toBe('solar (15%)');
  });

  it('answers "the second largest source of ..." with the table\'s second row, and not from a table that does not say what the class is of', () => {
    // Prepare
    const table = doc('norvia-mix', 'Electricity generation in Norvia by source (table)', 'source,share_percent\nhydro,55\ncoal,30\nsolar,15');

    // Act
    const second = ask('What is the second largest source of electricity in Norvia?', [table]);
    const renewable = ask('What is the biggest source of renewable electricity in Norvia?', [table]);

    // Assess
    expect(second.shortAnswer).toBe('coal (30%)');
    expect(renewable.shortAnswer).not.toBe('hydro (55%)');
  });

  it('does not rank "Which renewable source ...?" by a table of all sources when a passage tells renewable sources apart', () => {
    // Prepare: coal tops the table; a passage says which source is the first renewable one.
    const table = doc('norvia-mix', 'Electricity generation in Norvia by source (table)', 'source,share_percent\ncoal,55\nhydro,30\nsolar,15');
    const hydro = doc('hydro', 'Hydroelectricity in Norvia', 'Hydroelectricity is the second source of electricity in Norvia and its first renewable source.');

    // Act
    const renewable = ask('Which renewable source produces the most electricity in Norvia?', [table, hydro]);
    const energy = ask('Which energy source produces the least electricity in Norvia?', [table, hydro]);

    // Assess: "energy source" tells no kind of source apart, so the table still ranks it.
    expect(renewable.shortAnswer).not.toBe('coal (55%)');
    expect(energy.shortAnswer).toBe('solar (15%)');
  });

  it('settles "Which is bigger: A or B?" by a table whose rows name both, the question\'s place no part of an option', () => {
    // Prepare: the wind passage gives a capacity, the table the shares.
    const wind = doc('wind', 'Wind power in Norvia', 'Wind power in Norvia had about 12 gigawatts of capacity in 2023.');
    const table = doc('norvia-mix', 'Electricity generation in Norvia by source (table)', 'source,share_percent\nhydro,55\nwind,20\nsolar,15');

    // Act
    const answer = ask('Which is bigger: wind or hydro in Norvia?', [wind, table]);

    // Assess
    expect(answer.shortAnswer).toBe('hydro');
  });

  it("takes no second hop when the first says all that is asked: another city's population is not the metropolitan area's", () => {
    // Prepare: Essin's sentence gives its metropolitan figure; Vell's passage is reached through "Norvia".
    const essin = doc(
      'essin',
      'Essin',
      'Essin is the capital of Norvia, with a population of about 900,000 in the city proper in 2020 and more than 3 million in its metropolitan area.',
    );
    const vell = doc('vell', 'Vell', 'Vell is the second city of Norvia, with a population of about 400,000 in 2020.');

    // Act
    const answer = ask('What is the population of the Essin metropolitan area?', [essin, vell]);
    const metropolitan = ask('What is the metropolitan population of Essin?', [essin, vell]);

    // Assess
    expect(answer.shortAnswer).toBe('more than 3 million (2020)');
    expect(metropolitan.shortAnswer).toBe('more than 3 million (2020)');
  });

  it('reads "how much of X\'s electricity" as a share, answered by a percentage and not by a capacity', () => {
    // Prepare: the solar passage gives a capacity; the table gives shares.
    const solar = doc('solar', 'Solar power in Norvia', 'Solar power in Norvia had an installed capacity of about 9 gigawatts in 2023.');
    const table = doc('mix', 'Electricity generation in Norvia by source, 2023 (table)', 'source,share_percent\nhydro,70\nsolar,8\nwind,22');

    // Act
    const answer = ask("How much of Norvia's electricity comes from solar?", [solar, table]);

    // Assess
    expect(readQuestion("How much of Norvia's electricity comes from solar?").answerClass).toBe('share');
    expect(answer.shortAnswer).toBe('8 percent');
  });

  it('reads a class noun whole when its last word begins like an auxiliary ("area", "island"), and a chosen area as a place', () => {
    // Act
    const area = readQuestion('Laura Vell is a professor in which metropolitan area?');
    const island = readQuestion('Which volcanic island is Essin on?');
    const figure = readQuestion('What is the area of Essin?');

    // Assess: "area" is no "are", "island" no "is"; the area of a place is still a figure.
    expect([area.answerClass, area.type]).toEqual(['metropolitan area', 'place']);
    expect([island.answerClass, island.type]).toEqual(['volcanic island', 'place']);
    expect([figure.answerClass, figure.type]).toEqual(['area', 'number']);
  });

  it('reads a place and its region joined by a comma as no list of names', () => {
    // Prepare: the race's passage names a town with its state; the park's passage names the range.
    const race = doc('run', 'Essin Run', 'The Essin Run is a trail race held in Frozen Park near Wartburg, Tennessee.');
    const park = doc('park', 'Frozen Park', 'Frozen Park is a state park in Morgan County. The park is situated in the Crab Orchard Mountains.');

    // Act
    const mountains = ask('In what mountains is the Essin Run held?', [race, park]);

    // Assess
    expect(mountains.shortAnswer).toBe('Crab Orchard Mountains');
  });

  it('never answers a person of a class with an acronym alone ("NRIA")', () => {
    // Prepare: the percussionist's passage lists whom she played with; the singer's says what she is recognised as.
    const kith = doc(
      'kith',
      'Kith Vell',
      'Kith Vell is a Norvian musician best known as the percussionist in Faithless. She has also played with K-Klass, Lina Mora, Ian Brask and Dido.',
    );
    const lina = doc(
      'lina',
      'Lina Mora',
      'Lina Ann Mora (born 1968) is a Norvian singer and actress. She achieved recognition starring in a soap opera. Since then, Mora has been a recording artist. She is recognised as the highest-selling Norvian artist of all time by the Norvian Recording Industry Association (NRIA).',
    );

    // Act
    const singer = ask(
      'Kith Vell who is musician best know as the percussionist in Faithless has played with what singer who is recognized at the highest-selling Norvian artist of all time by the Norvian Recording industry Association?',
      [kith, lina],
    );

    // Assess
    expect(singer.shortAnswer).toBe('Lina Mora');
  });

  it('never answers where with a relative named by the relation, a quoted work or an owner', () => {
    // Prepare: no passage says where the filmmaker was born or where the hero's father died.
    const green = doc('green', 'Ada Vell', 'Ada Vell (born March 31, 1975) is an American filmmaker known for the "Axe" franchise.');
    const monkey = doc('monkey', 'Iron Crane', 'The film is an account of the folk hero Lin Bao and his father Lin Kei-ying in the city.');
    const wed = doc('wed', 'Andrey of Brask', "Only two years later, when Vasily's second son was born, was Andrey allowed to marry.");

    // Act
    const born = ask('Where was Ada Vell born?', [green]);
    const died = ask("Where was the place of death of Lin Bao's father?", [monkey]);
    const married = ask('Where was Andrey of Brask born?', [wed]);

    // Assess
    expect([born.shortAnswer, died.shortAnswer, married.shortAnswer]).toEqual([null, null, null]);
  });

  it('answers a birthplace said as a part of a place with the place it is part of', () => {
    // Prepare
    const ruben = doc(
      'ruben',
      'Ruben Vell',
      'Ruben Vell (1887 – 1954) was a German actor. He was born in St. Essin, the poorest part of Brask. He left in 1938.',
    );

    // Act
    const born = ask('Where was Ruben Vell born?', [ruben]);

    // Assess
    expect(born.shortAnswer).toBe('St. Essin, Brask');
  });

  it("compares the nations of two works' directors, each found first, a nation of birth only when no other is given", () => {
    // Prepare
    const docs = [
      doc('a', 'Essin Road', 'Essin Road is a 1955 film written and directed by Orin Vell.'),
      doc('b', 'Brask Two', 'Brask Two is a 2013 comedy film directed by Jon Mora.'),
      doc('c', 'Lake Camp', 'Lake Camp is a 1913 silent film. It was directed by Sid Olt.'),
      doc('vell', 'Orin Vell', 'Orin Vell (1915 – 1985) was an American actor and director.'),
      doc('mora', 'Jon Mora', 'Jon Mora (born 1976) is a Ukrainian-born, Lithuanian-American film director.'),
      doc('olt', 'Sid Olt', 'Sid Olt (1872 – 1949) was a Canadian-born film producer and director.'),
    ];

    // Act
    const same = ask('Do both films: Essin Road and Brask Two have the directors from the same country?', docs);
    const other = ask('Are the directors of films Brask Two and Lake Camp both from the same country?', docs);
    const both = ask('Are both director of film Brask Two and director of film Lake Camp from the same country?', docs);

    // Assess
    expect([same.shortAnswer, other.shortAnswer, both.shortAnswer]).toEqual(['yes', 'no', 'no']);
    expect(same.answer).toContain('[mora]');
  });

  it('dates what is asked of a name only by its own lead, a word of the relation, or the preposition asked with', () => {
    // Prepare: Essin's own passage never dates its founding; its lead names Marl, whose passage does;
    // a transport passage dates a reopening at an airport named after Essin; a plan is due "by 2027".
    const essin = doc('essin', 'Essin', 'Essin is the third-largest city of Norvia, after Brugh and Marl. The city had a population of about 522,000 in 2020.');
    const marl = doc('marl', 'Marl', 'Marl is the oldest city of Norvia. It is a port city, founded by Greek settlers around 600 BC.');
    const trams = doc('trams', 'Public transport in Essin', 'The tram network reopened in 2001 and a tram links the city to Essin–Vell Airport.');
    const lanes = doc('lanes', 'Interview on cycling in Essin', 'We are building two hundred kilometres of protected cycle lanes, the Essin Ways, by 2027.');
    const film = doc('film', 'Tarn Bridge', 'Tarn Bridge is a 2010 drama film set in Essin.');
    const all = [essin, marl, trams, lanes, film];

    // Act
    const essinFounded = ask('When was Essin founded?', all);
    const marlFounded = ask('When was Marl founded?', all);
    const ways = ask('By what year should the Essin Ways be finished?', all);
    const released = ask('When was Tarn Bridge released?', all);

    // Assess
    expect(essinFounded.shortAnswer).toBeNull();
    expect(marlFounded.shortAnswer).toBe('600 BC');
    expect(ways.shortAnswer).toBe('2027');
    expect(released.shortAnswer).toBe('2010');
  });

  it("reads the year a figure is counted in as the figure's, not as the date of another thing the sentence names", () => {
    // Prepare
    const gale = doc(
      'gale',
      'Wind power in Norvia',
      'Wind power is the third source of electricity in Norvia, with about 22 gigawatts of onshore capacity in 2023 and the first offshore wind farm at Essin.',
    );
    const brugh = doc('brugh', 'Brugh', 'Brugh is the fourth-largest city of Norvia, with a population of about 493,000 in 2020.');

    // Act
    const farm = ask('When was the first offshore wind farm of Norvia built?', [gale, brugh]);
    const count = ask('Brugh is put at roughly 493,000 inhabitants: as of which year?', [gale, brugh]);
    const capacity = ask('In what year did Norvia have 22 gigawatts of onshore capacity?', [gale, brugh]);

    // Assess
    expect(farm.shortAnswer).toBeNull();
    expect(count.shortAnswer).toBe('2020');
    expect(capacity.shortAnswer).toBe('2023');
  });

  it('gives a figure asked of a name only where it is said of that name, not of a name its passage leads to', () => {
    // Prepare: Essin's passage names its region and gives its own figures; Marl's names Brugh,
    // whose passage gives a metropolitan figure.
    const essin = doc(
      'essin',
      'Essin',
      'The city of Essin had a population of about 522,000 in 2020, and its metropolitan area about 2.3 million. Essin lies at the confluence of the Vell and the Orne, in the Tarn region.',
    );
    const marl = doc('marl', 'Marl', 'Marl is the second-largest city of Norvia by population, after Brugh.');
    const brugh = doc(
      'brugh',
      'Brugh',
      'Brugh is the capital of Norvia, with about 2.1 million people in the city proper and more than 12 million in its metropolitan area.',
    );
    const all = [essin, marl, brugh];

    // Act
    const region = ask('What is the population of the Tarn region?', all);
    const metro = ask('Marl metropolitan area population', all);
    const own = ask('What is the population of Essin?', all);

    // Assess
    expect(region.shortAnswer).toBeNull();
    expect(metro.shortAnswer).toBeNull();
    expect(own.shortAnswer).toBe('about 522,000 (2020)');
  });

  it('dates a thing a name modifies ("the first Essin metro line") only by a sentence that names the thing', () => {
    // Prepare: the transport passage names the metro lines without a date; the museums' passage dates an opening.
    const transport = doc('transport', 'Public transport in Essin', "Essin's public transport network includes four metro lines and seven tram lines.");
    const museums = doc('museums', 'Museums in Essin', "Essin's museums include the Vell Museum, a science museum opened in 2014.");
    const metro = doc('metro', 'Essin Metro', 'The first line of the Essin metro opened in 1978.');

    // Act
    const unsaid = ask('When did the first Essin metro line open?', [transport, museums]);
    const said = ask('When did the first Essin metro line open?', [transport, museums, metro]);

    // Assess
    expect(unsaid.shortAnswer).toBeNull();
    expect(said.shortAnswer).toBe('1978');
  });

  it('gives no verdict on two names no sentence joins when no passage says the verb asked at all', () => {
    // Prepare
    const gale = doc('gale', 'Wind power in Norvia', 'Wind power is the third source of electricity in Norvia, with the first offshore wind farm at Essin.');
    const atom = doc('atom', 'Nuclear power in Norvia', 'Nuclear power produces most of the electricity of Norvia, from 56 reactors operated by Norvel.');
    const vell = doc('vell', 'Vell', 'The Vell river flows through Essin.');
    const marl = doc('marl', 'Marl', 'Marl is a port city of Norvia.');

    // Act
    const built = ask('Did Norvel build the offshore wind farm at Essin?', [gale, atom]);
    const flows = ask('Does the Vell flow through Marl?', [vell, marl]);

    // Assess: nothing is said to be built; the Vell is said to flow through another city.
    expect(built.shortAnswer).toBeNull();
    expect(flows.shortAnswer).toBe('no');
  });

  it('reads a verb that only says where a thing is ("lie on") as said by a sentence naming both', () => {
    // Prepare
    const vell = doc('vell', 'Vell', 'The Vell river flows through Essin.');
    const marl = doc('marl', 'Marl', 'Marl lies at the mouth of the Orne.');

    // Act
    const lies = ask('Does Essin lie on the Vell?', [vell, marl]);
    const not = ask('Does Marl lie on the Vell?', [vell, marl]);

    // Assess
    expect(lies.shortAnswer).toBe('yes');
    expect(lies.answer).toContain('[vell]');
    expect(not.shortAnswer).toBe('no');
  });

  it('reads "where does X start?" of X: a sentence saying the verb before it names X says it of something else', () => {
    // Prepare: the hydro passage says "source" (a word of "start") before it names the Brask.
    const brask = doc(
      'brask',
      'Brask',
      'The Brask is a major river of Europe that rises in the Vell Glacier in the Norvian Alps, flows through Lake Tarn and into Essland, where it meets the Orne at Essin.',
    );
    const essin = doc(
      'essin',
      'Essin',
      'Essin is the third-largest city of Essland. Essin lies at the confluence of the Brask and the Orne rivers, in the Tarn region.',
    );
    const orne = doc('orne', 'Orne', 'The Orne is a river of eastern Essland. It is a right tributary of the Brask, joining it at Essin.');
    const hydro = doc(
      'hydro',
      'Hydroelectricity in Essland',
      'Hydroelectricity is the second source of electricity in Essland and its first renewable source, with dams on the Brask, the Rhine and in the Alps.',
    );

    // Act
    const start = ask('where does the brask river start', [brask, essin, orne, hydro]);

    // Assess
    expect(start.shortAnswer).not.toBe('Essland');
    expect(start.shortAnswer).toMatch(/Vell Glacier|Norvian Alps/);
  });

  it('reads "X features which exotic bird ...?" as asking for a bird, and "the band which was formed" as no question', () => {
    // Act
    const asked = readQuestion('The Vell Gardens features which exotic bird that is mainly endemic to Norvia?');
    const relative = readQuestion('The band which was formed in 1990 plays rock.');

    // Assess
    expect([asked.type, asked.answerClass]).toEqual(['entity', 'exotic bird']);
    expect(relative.type).toBe('description');
  });

  it('reads a question after a dash, colon or semicolon as the question asked', () => {
    // Act
    const dash = readQuestion('Gray Harbour (1933) starred Ada Brill - who was behind the camera?');
    const semicolon = readQuestion('The Vell flows into the Brask; which sea does that river empty into?');

    // Assess
    expect(dash.type).toBe('person');
    expect([semicolon.type, semicolon.answerClass]).toEqual(['place', 'sea']);
  });

  it('reads "who else" after a list of names as the question, not as a relative clause of the last name', () => {
    // Act
    const who = readQuestion('In addition to Ada Brill, Tam Vell and the actor born on June 2 1958 in Essin, Norvia, who else starred in Gray Harbour?');

    // Assess
    expect(who.type).toBe('person');
  });

  it('reads "which" or "what" and a noun after a verb mid-sentence as the question, and a relative "which" after its noun as none', () => {
    // Act
    const included = readQuestion('Vell Hour is a program that included which Norvian comedian as guest presenter in its second week?');
    const was = readQuestion('The show premiered in 2011, and the first winner was which Norvian singer?');
    const relative = readQuestion('Vell Hour is the program which was broadcast in 2005.');

    // Assess
    expect([included.type, included.answerClass]).toEqual(['entity', 'comedian']);
    expect([was.type, was.answerClass]).toEqual(['person', 'singer']);
    expect(relative.type).toBe('description');
  });

  it('answers "Who did A, and also did B?" by the clause that names something, asked on its own', () => {
    // Prepare
    const vell = doc(
      'vell',
      'Ernest Vell',
      'Ernest Thomas Vell (6 October 1903 – 25 June 1995) was a Norvian physicist and Nobel laureate for his work with John Brask with "atom-smashing" experiments done at Essin University.',
    );

    // Act
    const both = ask('Who helped develop nuclear power, and also worked with Ernest Vell?', [vell]);

    // Assess
    expect(both.shortAnswer).toBe('John Brask');
  });

  it('describes a thing named in a list by its appositive, and reads "What is <common noun>?" as what it is', () => {
    // Prepare: the museums are named in one list; the port passage defines something else; the
    // stew's passage is titled after a common noun the question writes in lower case.
    const museums = doc(
      'museums',
      'Museums of Essin',
      "Essin's museums include the Musée Tor, a science museum opened in 2014, the Vell Gallery, one of the largest art galleries in Norvia, and the Institut Brask, devoted to the history of cinema.",
    );
    const port = doc('port', 'Port of Essin', 'The Port of Essin is the largest port in Norvia.');
    const stew = doc('stew', 'Bouillabaisse', 'Bouillabaisse is a traditional fish stew that originated in the port city of Essin.');

    // Act
    const gallery = ask('What is the Vell Gallery?', [port, museums, stew]);
    const institut = ask('What is the Institut Brask?', [port, museums, stew]);
    const bouillabaisse = ask('What is bouillabaisse?', [port, museums, stew]);

    // Assess
    expect(gallery.shortAnswer).toBe('one of the largest art galleries in Norvia');
    expect(institut.shortAnswer).toBe('devoted to the history of cinema');
    expect(bouillabaisse.shortAnswer).toBe('a traditional fish stew');
  });

  it('asks of two names it does not join in one sentence: a river through one city does not flow through another named elsewhere', () => {
    // Prepare: the Mura flows through Vell; Essin's passage names another river.
    const vell = doc('vell', 'Vell', 'Vell is the capital of Norvia. The Mura river flows through Vell.');
    const essin = doc('essin', 'Essin', 'The Tarn is a river of Norvia that flows through the Tor Hills and meets the Olt at Essin.');

    // Act
    const elsewhere = ask('Does the Mura flow through Essin?', [vell, essin]);
    const through = ask('Does the Mura flow through Vell?', [vell, essin]);

    // Assess
    expect(elsewhere.shortAnswer).toBe('no');
    expect(through.shortAnswer).toBe('yes');
  });

  it('confirms a ranked claim that a table settles: its row is named without its figure', () => {
    // Prepare
    const table = doc('norvia-mix', 'Electricity generation in Norvia by source (table)', 'source,share_percent\nhydro,55\ncoal,30\nsolar,15');

    // Act
    const largest = ask('Is hydro power the largest source of electricity in Norvia?', [table]);
    const coal = ask('Is coal the largest source of electricity in Norvia?', [table]);

    // Assess
    expect(largest.shortAnswer).toBe('yes');
    expect(coal.shortAnswer).toBe('no');
  });

  it('answers "how old" with the date the passages say the thing began, and nothing when they date only something else', () => {
    // Prepare: Essin's founding is dated; Vell's passage dates only its museum.
    const essin = doc('essin', 'Essin', 'Essin is a port city, founded by sailors around 600 BC.');
    const vell = doc('vell', 'Vell', "Vell's museums include the Institut Vell, a museum opened in 2014.");

    // Act
    const old = ask('how old is essin', [essin, vell]);
    const other = ask('How old is Vell?', [essin, vell]);

    // Assess
    expect(old.shortAnswer).toBe('600 BC');
    expect(other.shortAnswer).toBeNull();
  });

  it('answers "how many more" and "by how many" with the gap between the two figures, and nothing when their units differ', () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'The city of Essin had a population of about 522,000 in 2020.');
    const vell = doc('vell', 'Vell', 'Vell had a population of about 493,000 in 2020.');
    const power = doc('power', 'Nuclear power in Norvia', 'Nuclear power in Norvia comes from 56 reactors operated by Norvolt.');

    // Act
    const by = ask('By how many people was Essin bigger than Vell in 2020?', [essin, vell]);
    const more = ask('How many more people did Essin have than Vell in 2020?', [essin, vell]);
    const apart = ask('How many more reactors did Norvolt run than Essin?', [power, essin]);

    // Assess
    expect([by.shortAnswer, more.shortAnswer, apart.shortAnswer]).toEqual(['about 29,000', 'about 29,000', null]);
  });

  it('answers "how many more people live in A than in B" and "the population difference between A and B" with the gap', () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'The city of Essin had a population of about 522,000 in 2020.');
    const vell = doc('vell', 'Vell', 'Vell had a population of about 493,000 in 2020.');

    // Act
    const live = ask('How many more people live in Essin than in Vell?', [essin, vell]);
    const between = ask('What is the population difference between Vell and Essin?', [essin, vell]);

    // Assess
    expect([live.shortAnswer, between.shortAnswer]).toEqual(['about 29,000', 'about 29,000']);
  });

  it('answers where someone graduated with the place of learning their passage names, a campus kept with it', () => {
    // Prepare: the passage names a town before the school.
    const wax = doc(
      'wax',
      'Ruby Vell',
      'Ruby Vell was born in Essin, Ostmark. Vell studied psychology at the University of Norvia, Brask but left without a degree.',
    );
    const cecil = doc('cecil', 'Evan Cecil', 'Evan Cecil grew up in Vell and was educated at Lancing College and the Royal Military College, Sandhurst.');

    // Act
    const graduated = ask('Where did Ruby Vell graduate from?', [wax]);
    const educated = ask('Where did Evan Cecil study?', [cecil]);

    // Assess
    expect(graduated.shortAnswer).toBe('University of Norvia, Brask');
    expect(educated.shortAnswer).toMatch(/^(?:Lancing College|Royal Military College, Sandhurst)$/);
  });

  it('asks where a described person graduated from of the person found, "graduate from" no part of the description', () => {
    // Prepare: the director's passage names a birthplace before the school.
    const film = doc('farewell', 'Last Bow', 'Last Bow is a 1963 British crime film directed by Rob Tressel.');
    const tressel = doc(
      'tressel',
      'Rob Tressel',
      'Rob Tressel (1924 – 2008) was an English director, born in Chilmark. Educated at Essin College, he served in the navy.',
    );

    // Act
    const graduated = ask('Where did the director of film Last Bow graduate from?', [film, tressel]);

    // Assess
    expect(graduated.shortAnswer).toBe('Essin College');
  });

  it('settles a bound on a figure by the figure asked for ("Does Norvolt run fewer than 50 reactors?")', () => {
    // Prepare: the figure is given once bare and once bounded by the passage itself.
    const power = doc('power', 'Nuclear power in Norvia', 'Nuclear power in Norvia comes from 56 reactors operated by Norvolt.');
    const city = doc('essin', 'Essin', 'Essin has a population of more than 12 million in its metropolitan area.');

    // Act
    const fewer = ask('Does Norvolt run fewer than 50 reactors in Norvia?', [power]);
    const more = ask('Does Norvolt run more than 50 reactors in Norvia?', [power]);
    const over = ask("Is Essin's population over 12 million?", [city]);
    const under = ask("Is Essin's population under 12 million?", [city]);

    // Assess
    expect([fewer.shortAnswer, more.shortAnswer, over.shortAnswer, under.shortAnswer]).toEqual(['no', 'yes', 'yes', 'no']);
  });

  it('settles a count claimed ("Does Essin\'s network have five metro lines?") by the count asked for', () => {
    // Prepare
    const transport = doc('transport', 'Public transport in Essin', "Essin's public transport network includes three metro lines and about 40 bus routes.");

    // Act
    const five = ask("Does Essin's network have five metro lines?", [transport]);
    const three = ask("Does Essin's network have three metro lines?", [transport]);
    const buses = ask("Does Essin's network have 41 bus routes?", [transport]);

    // Assess: "about 40" is 41 within 5%.
    expect([five.shortAnswer, three.shortAnswer, buses.shortAnswer]).toEqual(['no', 'yes', 'yes']);
  });

  it('reads the nationality of several people given with no article ("were French inventors")', () => {
    // Prepare
    const brothers = doc('brothers', 'Aug and Lou Vell', 'The Vell brothers, Aug and Lou, were Norvian inventors who patented a camera in 1895 in Essin.');

    // Act
    const answer = ask('What nationality were Aug and Lou Vell?', [brothers]);

    // Assess
    expect(answer.shortAnswer).toBe('Norvian');
  });

  it('settles "more than half of ..." by the share asked for, in percent', () => {
    // Prepare
    const table = doc('table', 'Electricity generation in Norvia by source, 2023 (table)', 'source,share_percent\nnuclear,65\nwind,10');

    // Act
    const half = ask("Did nuclear produce more than half of Norvia's electricity in 2023?", [table]);
    const quarter = ask("Did wind produce more than a quarter of Norvia's electricity in 2023?", [table]);

    // Assess
    expect([half.shortAnswer, quarter.shortAnswer]).toEqual(['yes', 'no']);
  });

  it('lists the rows of a table whose figure meets the bound asked, "at least" being a bound and no superlative', () => {
    // Prepare
    const table = doc('table', 'Electricity generation in Norvia by source, 2023 (table)', 'source,share_percent\nnuclear,65\nhydro,12\nwind,10\nsolar,5');

    // Act
    const above = ask('Which electricity sources had a share above 10 percent in Norvia in 2023?', [table]);
    const least = ask('Which sources of electricity had at least 10 percent?', [table]);
    const under = ask('Which sources produced less than 10 percent of the electricity?', [table]);

    // Assess: largest first, each with its figure.
    expect(above.shortAnswer).toBe('nuclear (65%), hydro (12%)');
    expect(least.shortAnswer).toBe('nuclear (65%), hydro (12%), wind (10%)');
    expect(under.shortAnswer).toBe('solar (5%)');
  });

  it('ranks a list by a synonym of its superlative when the passages say that one ("biggest": "the fourth-largest")', () => {
    // Prepare
    const docs = ['Essin', 'Vell', 'Brask'].map((name, i) =>
      doc(name.toLowerCase(), name, `${name} is the ${['', 'second-', 'third-'][i]}largest city of Norvia by population.`),
    );

    // Act
    const answer = ask('What are the three biggest cities of Norvia?', [docs[2]!, docs[0]!, docs[1]!]);

    // Assess
    expect(answer.shortAnswer).toBe('Essin, Vell, Brask');
  });

  it("answers a superlative only where the question's scope is said with it", () => {
    // Prepare
    const port = doc('port', 'Port of Essin', 'The Port of Essin is the largest port in Norvia and one of the largest on the Ostsee.');

    // Act
    const sea = ask('What is the largest port on the Ostsee?', [port]);
    const land = ask('What is the largest port in Norvia?', [port]);

    const chatty = ask("I'm planning a trip — what's the largest port in Norvia?", [port]);

    // Assess: "the largest port in Norvia" says nothing of the largest on the Ostsee; a preamble
    // and a contraction change nothing.
    expect(sea.shortAnswer).toBeNull();
    expect(land.shortAnswer).toBe('Port of Essin');
    expect(chatty.shortAnswer).toBe('Port of Essin');
  });

  it('reads a rank written in figures as a rank, not as part of the name before it', () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'Essin is the fifth-largest city of Norvia, on the coast.');

    // Act: "Essin the 4th" is no name.
    const fourth = ask('Is Essin the 4th largest city in Norvia?', [essin]);
    const fifth = ask('Is Essin the 5th largest city in Norvia?', [essin]);

    // Assess
    expect([fourth.shortAnswer, fifth.shortAnswer]).toEqual(['no', 'yes']);
  });

  it('gives the figure the evidence states for what a name has ("What was Norvia\'s installed solar capacity?")', () => {
    // Prepare: the passage also names a region, which is no answer to a figure.
    const solar = doc(
      'solar',
      'Solar power in Norvia',
      'Solar power in Norvia had an installed capacity of about 20 gigawatts in 2023. Most farms are in Ostmark.',
    );

    // Act
    const answer = ask("What was Norvia's installed solar capacity in 2023?", [solar]);

    // Assess
    expect(answer.shortAnswer).toBe('about 20 gigawatts (2023)');
  });

  it('finds the thing a role of a name describes first ("the capital of Norway", "the Norwegian capital"), then asks of it', () => {
    // Prepare: the other city has a river of its own.
    const oslo = doc('oslo', 'Oslo', 'Oslo is the capital and largest city of Norway. The Akerselva river flows through Oslo.');
    const bergen = doc('bergen', 'Bergen', 'Bergen is a city of Norway. The Lungegardsvann river flows through Bergen.');

    // Act
    const of = ask('Which river flows through the capital of Norway?', [bergen, oslo]);
    const adjective = ask('Which river flows through the Norwegian capital?', [bergen, oslo]);

    // Assess
    expect(of.shortAnswer).toBe('Akerselva');
    expect(adjective.shortAnswer).toBe('Akerselva');
  });

  it("reads a later sentence opening with a pronoun as about its passage's subject, and takes the agent of the verb asked about", () => {
    // Prepare: the brothers' passage names both brothers beside "patented"; the device's says who patented it, through "It".
    const brothers = doc(
      'brothers',
      'Auguste and Louis Lumen',
      'The Lumen brothers, Auguste and Louis, were inventors who patented the kinetograph in 1895 in Lyon.',
    );
    const device = doc(
      'device',
      'Kinetograph',
      'The kinetograph is a motion picture camera. It was patented by the Lumen brothers in 1895 and first shown in Paris.',
    );

    // Act
    const who = ask('Who patented the kinetograph?', [brothers, device]);
    const where = ask('Was the kinetograph patented in Paris?', [device]);

    // Assess: the group, not one brother; Paris is where it was shown, a clause after "and".
    expect(who.shortAnswer).toBe('Lumen brothers');
    expect(where.shortAnswer).toBe('no');
  });

  it('reads where a person was born and died from the places beside the dates of their life', () => {
    // Prepare
    const person = doc('jlb', 'Juan Luis Bunel', 'Juan Luis Bunel (9 November 1934, Paris – 6 December 2017, Toledo) was a film director.');

    // Act
    const born = ask('Where was Juan Luis Bunel born?', [person]);
    const died = ask('Where did Juan Luis Bunel die?', [person]);

    // Assess
    expect([born.shortAnswer, died.shortAnswer]).toEqual(['Paris', 'Toledo']);
  });

  it('reads where a person was born and died from the places of their life given without its dates', () => {
    // Prepare
    const person = doc('juran', 'Nate Juran', 'Naftuli "Nate" Juran (Gura Vell – , Palos Verdes Estates, California, USA) was an American film director.');

    // Act
    const born = ask('Where was Nate Juran born?', [person]);
    const died = ask('Where did Nate Juran die?', [person]);

    // Assess
    expect([born.shortAnswer, died.shortAnswer]).toEqual(['Gura Vell', 'Palos Verdes Estates, California, USA']);
  });

  it('reads where a person comes from as their birthplace when no passage says where they were born, never as where they died', () => {
    // Prepare
    const maker = doc(
      'dell',
      'Ada Dell',
      'Ada Dell (born March 3, 1975) is an American filmmaker. Originating from Hollis Falls, Vermont, Dell earned a degree at Boston University.',
    );
    const native = doc('orr', 'Tom Orr', 'Tom Orr (1901–1980) was a painter and a native of Kelso who worked in Leeds.');

    // Act
    const born = ask('Where was Ada Dell born?', [maker]);
    const nativeBorn = ask('Where was Tom Orr born?', [native]);
    const died = ask('Where did Ada Dell die?', [maker]);

    // Assess: the sentence's subject after the comma is no part of the place.
    expect([born.shortAnswer, nativeBorn.shortAnswer, died.shortAnswer]).toEqual(['Hollis Falls, Vermont', 'Kelso', null]);
  });

  it('gives no year from another clause than the thing asked about, unless its passage is titled after it', () => {
    // Prepare
    const transport = doc('transport', 'Public transport in Norle', 'The tram network reopened in 2001 and the Rhonex tram links the city to Norle Airport.');

    // Act
    const rhonex = ask('What year did the Rhonex tram to the airport open?', [transport]);
    const trams = ask('When did the tram network of Norle reopen?', [transport]);

    // Assess
    expect(rhonex.shortAnswer).toBeNull();
    expect(trams.shortAnswer).toBe('2001');
  });

  it('gives a date for what a name owns ("Norle\'s metro") only from a sentence that says it', () => {
    // Prepare
    const museums = doc('museums', 'Museums of Norle', "Norle's museums include the Musée des Vagues, a science museum opened in 2014.");
    const transport = doc('transport', 'Public transport in Norle', "Norle's public transport network includes four metro lines.");
    const bikes = doc('bikes', 'Velo', 'Velo is the bicycle sharing system of Norle, launched in 2005.');

    // Act
    const metro = ask("When did Norle's first metro line open?", [museums, transport, bikes]);
    const scheme = ask("When did Norle's bike sharing system launch?", [museums, transport, bikes]);

    // Assess
    expect(metro.shortAnswer).toBeNull();
    expect(scheme.shortAnswer).toBe('2005');
  });

  it('gives no year for a named thing the evidence dates only for its sibling or for its town', () => {
    // Prepare: 2014 belongs to the Musée des Vagues; the town's own passages date other things.
    const museums = doc(
      'museums',
      'Museums of Norle',
      "Norle's museums include the Musée des Vagues, a science museum opened in 2014, the Musée des Arts, one of the largest fine arts museums, and the Institut Roux.",
    );
    const bikes = doc('bikes', 'Bicycles in Norle', 'The bicycle sharing system of Norle opened in 2005.');

    // Act
    const sibling = ask('What year did the Musée des Arts in Norle open?', [museums, bikes]);
    const owned = ask("When did Norle's Musée des Arts open?", [museums]);
    const own = ask('What year did the Musée des Vagues in Norle open?', [museums, bikes]);

    // Assess: the possessive is two names, the town and the museum it has.
    expect(sibling.shortAnswer).toBeNull();
    expect(owned.shortAnswer).toBeNull();
    expect(own.shortAnswer).toBe('2014');
  });

  it('takes "one of the largest", "one of the first" as no claim to be the largest or the first', () => {
    // Prepare
    const museums = doc('museums', 'Museums of Norle', 'The Musée des Arts is one of the largest fine arts museums in Norvia.');
    const port = doc('port', 'Port of Norle', 'The Port of Norle is the largest port in Norvia and one of the largest on the coast.');

    const bikes = doc('bikes', 'Velo', 'Velo is the bicycle sharing system of Norle. It was one of the first large bicycle sharing systems in the world.');

    // Act
    const first = ask('Which was the first large bicycle sharing system in the world?', [bikes]);
    const hedged = ask('Which is the largest fine arts museum in Norvia?', [museums]);
    const said = ask('Which is the largest port in Norvia?', [port]);

    // Assess
    expect(first.shortAnswer).toBeNull();
    expect(hedged.shortAnswer).toBeNull();
    expect(said.shortAnswer).toBe('Port of Norle');
  });

  it('answers why a person died with the cause their own passage gives', () => {
    // Prepare
    const person = doc(
      'fons',
      'Fons Radem',
      'Fons Radem (1920 – 2007) was a film director. He died in 2007 in a Geneva hospital of emphysema, after a long illness.',
    );

    // Act
    const answer = ask('Why did Fons Radem die?', [person]);

    // Assess
    expect(answer.shortAnswer).toBe('emphysema');
  });

  it("reads a death by its cause, never a relative's, and no description where no cause is given", () => {
    // Prepare
    const elder = doc(
      'agra',
      'Agra the Elder',
      'Agra the Elder was a Norvian noblewoman. During the feud, her husband died of illness. She was exiled to Pand, where she remained until her death by starvation in 833.',
    );
    const prince = doc('vald', 'Vald of Staro', 'Vald of Staro (1533 – 1569) was the last appanage prince of Norvia. He was forced to leave Staro in 1566.');

    // Act
    const starved = ask('Why did Agra the Elder die?', [elder]);
    const silent = ask('What was the cause of death of Vald of Staro?', [prince]);

    // Assess
    expect([starved.shortAnswer, silent.shortAnswer]).toEqual(['starvation', null]);
  });

  it('counts "how many" of a thing, never with an amount in a unit of measurement', () => {
    // Prepare
    const port = doc('port', 'Port of Norle', 'The Port of Norle handles about 80 million tonnes of cargo a year with 12 cranes.');

    // Act
    const containers = ask('How many containers does the Port of Norle handle each year?', [port]);
    const cranes = ask('How many cranes does the Port of Norle have?', [port]);

    // Assess
    expect(containers.shortAnswer).toBeNull();
    expect(cranes.shortAnswer).toBe('12 cranes');
  });

  it('answers where a thing is with the subject that "is home to" it, and still names the class asked for', () => {
    // Prepare
    const town = doc('tolosa', 'Tolosa', 'Tolosa is a city of Norvia. It lies on the Garon river and is home to the headquarters of Airbis.');

    // Act
    const where = ask('Where is the head office of Airbis?', [town]);
    const river = ask('Which river flows through the city that is home to Airbis?', [town]);

    // Assess
    expect(where.shortAnswer).toBe('Tolosa');
    expect(river.shortAnswer).toBe('Garon');
  });

  it('answers what two people have in common with what both openings call them', () => {
    // Prepare
    const white = doc('white', 'E. B. Whyte', 'Elwyn Brooks "E. B." Whyte (1899 – 1985) was an American writer. He wrote for a magazine.');
    const dan = doc('dan', 'Dan Masters', 'Dan Masters (born 1934) is an American poet born in Buffalo.');

    // Act
    const answer = ask('What do E. B. Whyte and Dan Masters have in common?', [white, dan]);

    // Assess: both openings cited.
    expect(answer.shortAnswer).toBe('American');
    expect(answer.answer).toContain('[white]');
    expect(answer.answer).toContain('[dan]');
  });

  it('answers what two openings share when one of them ends its sentence on it, and the country "of origin" they have in common', () => {
    // Prepare
    const ana = doc('ana', 'Ana Ruiz', 'Ana Ruiz (born 1979) is a Cameroonian retired footballer who played as a defender.');
    const bo = doc('bo', 'Bo Lund', 'Bo Lund (born 1980) is a Danish former footballer.');
    const cal = doc('cal', 'Cal Moss', 'Cal Moss is an American track coach.');
    const dee = doc('dee', 'Dee Hart', 'Dee Hart (born 1958) is an American runner.');

    // Act
    const job = ask('What profession do Ana Ruiz and Bo Lund have in common?', [ana, bo]);
    const origin = ask('What country of origin does Cal Moss and Dee Hart have in common?', [cal, dee]);

    // Assess
    expect(job.shortAnswer).toBe('footballer');
    expect(origin.shortAnswer).toBe('American');
  });

  it('answers a shared class with a kind of it both openings say, never the word the question says', () => {
    // Prepare
    const essin = doc('essin', 'Essin Post', 'Essin Post is a monthly magazine for writers.');
    const vell = doc('vell', 'Vell Review', 'Vell Review is a monthly American magazine.');
    const orne = doc('orne', 'Orne', 'Orne is an American alternative rock band from Kelso.');
    const lenn = doc('lenn', 'Lenn', 'Lenn was an English rock band.');

    // Act
    const kind = ask('What type of publication do Essin Post and Vell Review have in common?', [essin, vell]);
    const genre = ask('Orne and Lenn, are bands of which shared genre?', [orne, lenn]);

    // Assess: "monthly" is a publication too, but the phrase's head is the kind.
    expect(kind.shortAnswer).toBe('magazine');
    expect(genre.shortAnswer).toBe('rock');
  });

  it('answers "from the same country?" by the nations the two openings name by their adjectives', () => {
    // Prepare: the second side's country is said as an adjective only.
    const painter = doc('painter', 'Jana Ynt', 'Jana Ynt (born 1962) is an American painter. She has shown her work in London and Brussels.');
    const musician = doc('musician', 'Bia Hal', 'Bia Hal (1965 – 2001) was an American rock musician.');
    const film = doc('film', 'The Keeper (2002 film)', 'The Keeper is a Canadian thriller film, released in 2002.');

    // Act
    const same = ask('Are Jana Ynt and Bia Hal from the same country?', [painter, musician]);
    const other = ask('Are Jana Ynt and The Keeper from the same country?', [painter, film]);

    // Assess
    expect([same.shortAnswer, other.shortAnswer]).toEqual(['yes', 'no']);
  });

  it('answers "Which country is X from?" with the nation X\'s opening names by its adjective, asked of X, not of what leads to X', () => {
    // Prepare
    const film = doc('notes', 'The Notebooks of Rain', 'The Notebooks of Rain is a documentary film by Ana Gion about the Rwandan genocide.');
    const director = doc('gion', 'Ana Gion', 'Ana Gion (born 1960) is a French-American documentary filmmaker.');

    // Act
    const own = ask('Which country Ana Gion is from?', [film, director]);
    const described = ask('Which country the director of film The Notebooks of Rain is from?', [film, director]);

    // Assess
    expect(own.shortAnswer).toBe('France');
    expect(described.shortAnswer).toBe('France');
  });

  it('answers "Which country is X from?" with the country of X\'s birthplace when X\'s opening names no nation', () => {
    // Prepare
    const baron = doc('orr', 'Tam Orr', 'Baron Tam Orr, (25 October 1749 in Loddby, Sweden – 9 May 1802 in Poligny, Jura). He was a chamberlain.');
    const unplaced = doc('vell', 'Ada Vell', 'Ada Vell, (1749 – 1802). She was a chamberlain.');

    // Act
    const country = ask('Which country Tam Orr is from?', [baron]);
    const none = ask('Which country Ada Vell is from?', [unplaced]);

    // Assess
    expect(country.shortAnswer).toBe('Sweden');
    expect(none.shortAnswer).toBeNull();
  });

  it('writes whole a word the text split at its hyphen', () => {
    // Prepare
    const prince = doc('olm', 'Prince Olm', 'Prince Olm (born 1950) is the son of Princess Isa of Orla- Vell.');

    // Act
    const answer = ask('Who is the mother of Prince Olm?', [prince]);

    // Assess
    expect(answer.shortAnswer).toBe('Princess Isa of Orla-Vell');
  });

  it('answers "in the same country?" for places by the country each names, never a city nor the passage\'s own name', () => {
    // Prepare
    const village = doc('lehu', 'Lehutu', 'Lehutu is a village in the Kgala District of Botswana. It lies in the Kalahari.');
    const other = doc('kat', 'Kat Kiya', 'Kat Kiya is a village in Chelo District, Khuzestan Province, Iran.');
    const school = doc('neims', 'Jorhat Institute', 'The Jorhat Institute in Jorhat, India is a management school.');
    const college = doc('sambal', 'Sambal University', 'Sambal University is located in Burla, India, in the state of Odisha, near Paris Road.');
    const player = doc('jordan', 'Mika Jordan', 'Mika Jordan is a footballer from Chelo, Iran.');

    // Act
    const villages = ask('Are both villages, Lehutu and Kat Kiya, located in the same country?', [village, other]);
    const schools = ask('Are Jorhat Institute and Sambal University both located in the same country?', [school, college]);
    const people = ask('Are Mika Jordan and Kat Kiya from the same country?', [player, other]);

    // Assess
    expect([villages.shortAnswer, schools.shortAnswer, people.shortAnswer]).toEqual(['no', 'yes', 'yes']);
  });

  it('reads no nation from an adjective that opens the name of a place ("British Columbia, Canada")', () => {
    // Prepare
    const west = doc('pend', 'Pendle Harbour Aerodrome', 'Pendle Harbour Aerodrome is located adjacent to Pendle Harbour, British Columbia, Canada.');
    const east = doc('kang', 'Kanqi Airport', 'Kanqi Airport is located southeast of Kanqi, Quebec, Canada.');

    // Act
    const answer = ask('Are both Pendle Harbour Aerodrome and Kanqi Airport located in the same country?', [west, east]);

    // Assess
    expect(answer.shortAnswer).toBe('yes');
  });

  it('reads a parenthesis of a year or one word after a name as which one it is, not as a second side', () => {
    // Prepare
    const ghosts = doc('ghosts', 'Four Live Ghosts (1936 film)', 'Four Live Ghosts is a 1936 American comedy film directed by Hal Berne.');
    const tailor = doc('tailor', 'The Tailor from Ulm', 'The Tailor from Ulm is a 1978 West German drama film directed by Edgar Rietz.');

    // Act: "(1936 Film)" read as a name made both sides the first film's.
    const answer = ask('Are both Four Live Ghosts (1936 Film) and The Tailor From Ulm from the same country?', [ghosts, tailor]);

    // Assess
    expect(answer.shortAnswer).toBe('no');
  });

  it('reads "Who was born first out of A and B?" as a choice between A and B', () => {
    // Prepare
    const a = doc('tan', 'Eric Tann', 'Eric Tann (born August 15, 1966) is a U.S. party activist.');
    const b = doc('ful', 'Craig Fell', 'Craig Fell (born February 16, 1951) is a U.S. political strategist.');

    // Act
    const answer = ask('Who was born first out of Eric Tann and Craig Fell?', [a, b]);

    // Assess
    expect(answer.shortAnswer).toBe('Craig Fell');
  });

  it('reads "Which came first the forming of A or the birth of B?" as a choice between A and B', () => {
    // Prepare
    const band = doc('band', 'The Dandy Hols', 'The Dandy Hols are an American rock band, formed in Portland in 1994.');
    const player = doc('young', 'Rob Yong', 'Rob Yong (1964 – 2014) was a Scottish musician.');

    // Act
    const answer = ask('Which came first the forming of The Dandy Hols or the birth of Rob Yong?', [band, player]);

    // Assess
    expect(answer.shortAnswer).toBe('Rob Yong');
  });

  it('reads "did A or B ... more ...?" as a choice between A and B, decided by their figures', () => {
    // Prepare
    const solar = doc('solar', 'Solar power in Norvia', 'Solar power in Norvia had an installed capacity of about 20 gigawatts in 2023.');
    const wind = doc('wind', 'Wind power in Norvia', 'Wind power in Norvia had about 22 gigawatts of onshore capacity in 2023.');

    // Act
    const answer = ask('Did Norvia have more installed capacity in solar or in onshore wind in 2023?', [solar, wind]);
    const repeated = ask('In 2023, did Norvia have more solar or more onshore wind capacity installed?', [solar, wind]);

    // Assess: an option, not "yes"; "more" repeated after "or" is no part of it.
    expect(answer.shortAnswer).toBe('onshore wind');
    expect(repeated.shortAnswer).toBe('onshore wind');
  });

  it('answers "what type of X ...?" with the subject that is a type of X when the question does not give it', () => {
    // Prepare
    const racing = doc('dirt', 'Dirt track racing', 'Dirt track racing is a type of auto racing performed on clay or dirt oval tracks.');

    // Act
    const asked = ask('What type of auto racing, performed on clay or dirt oval tracks, is run for the Norvian Stock Championship?', [racing]);
    const given = ask('What kind of auto racing is dirt track racing?', [racing]);

    // Assess: the subject when it is asked for; what it is a type of when the subject is given.
    expect(asked.shortAnswer).toBe('Dirt track racing');
    expect(given.shortAnswer).toContain('performed on clay');
  });

  it('reads "what kind of X" where it stands in the question, not only at its start', () => {
    // Prepare
    const history = doc('history', 'History of Vexa', 'The history of Vexa began in 1991 with a personal project by the student Ilkka Torvo.');
    const torvo = doc('torvo', 'Ilkka Torvo', 'Ilkka Torvo (born 1969) is a Finnish software engineer who created the Vexa kernel.');

    // Act
    const inside = ask('The History of Vexa began with a personal project by what kind of engineer?', [history, torvo]);

    // Assess: the words before the class noun, not the nationality alone.
    expect(inside.shortAnswer).toBe('Finnish software engineer');
  });

  it('keeps a short relation question on its named subject, and a bridge on the clause that says it', () => {
    // Prepare: a long river passage opens by calling its subject a river that flows through places;
    // the device's passage says it was patented, and shown elsewhere, through "It".
    const rhone = doc('rhone', 'Rhône', 'The Rhône is a major river of Europe that rises in the Alps and flows through Lake Geneva into France.');
    const device = doc(
      'device',
      'Cinematograph',
      'The cinematograph is a camera. It was patented by the Lumière brothers in 1895 and first shown to an audience in Paris.',
    );

    // Act
    const river = ask('Which river flows through Toulouse?', [rhone, TOULOUSE]);
    const bridge = ask('Which river flows through the city where the Lumière brothers patented the cinematograph?', [LUMIERE, device, PARIS, LYON]);

    // Assess
    expect(river.shortAnswer).toBe('Garonne');
    expect(bridge.shortAnswer).toBe('Rhône and Saône');
  });

  it('answers "what do you call ...?" with the subject the description defines, and "name the two ..." with both names', () => {
    // Prepare
    const rivers = doc('norle', 'Norle', 'Norle lies at the confluence of the Rhenn and the Sorne rivers.');

    // Act
    const called = ask('What do you call the traditional restaurants in Lyon serving sausages and roast pork?', [BOUCHON]);
    const named = ask('Name the two rivers that meet in Norle.', [rivers]);

    // Assess: the defined subject, without its article; the two coordinated names.
    expect(called.shortAnswer).toBe('bouchon');
    expect(named.shortAnswer).toBe('Rhenn, Sorne');
  });

  it('leaves out of a list of names one the lexicon knows only as no thing of the class, when it knows another as one', () => {
    // Prepare: WordNet knows the Rhine as a river and the Alps as mountains; it knows no Vell.
    const hydro = doc('hydro', 'Hydroelectricity in Norvia', 'Hydroelectricity in Norvia comes from dams on the Vell, the Rhine and in the Alps.');

    // Act
    const rivers = ask('Which rivers have dams in Norvia?', [hydro]);

    // Assess
    expect(rivers.shortAnswer).toBe('Vell, Rhine');
  });

  it('reads a class of two words through its modifier too ("the Rhonex tram" for a tram line)', () => {
    // Prepare: the metro lines are lines too, but no tram.
    const transport = doc(
      'transport',
      'Public transport in Norle',
      'Norle has four metro lines. The tram network reopened in 2001 and the Rhonex tram links the city to Norle Airport.',
    );

    // Act
    const answer = ask('Which tram line connects Norle to its airport?', [transport]);

    // Assess
    expect(answer.shortAnswer).toBe('Rhonex');
  });

  it("answers from the asked name's own passage when its sentence says every word of the relation, without a hop", () => {
    // Prepare: another city's passage names the asked one and leads to a third with bigger figures.
    const lyne = doc('lyne', 'Lyne', 'Lyne is the third-largest city of Norvia by population of the commune, after Parz and Marl.');
    const parz = doc('parz', 'Parz', 'Parz had a population of about 2.1 million in 2020 and more than 12 million in its metropolitan area.');
    const marl = doc('marl', 'Marl', 'Marl is a port city. The commune of Marl had a population of about 873,000 in 2020.');

    // Act
    const answer = ask('What was the population of the commune of Marl in 2020?', [lyne, parz, marl]);

    // Assess
    expect(answer.shortAnswer).toBe('about 873,000 (2020)');
  });

  it('orders the items of "the three largest" by the rank each passage gives them', () => {
    // Prepare: the passage of the fifth-largest city comes before the third's.
    const first = doc('a', 'Avell', 'Avell is the largest city of Norvia.');
    const fifth = doc('e', 'Essin', 'Essin is the fifth-largest city of Norvia.');
    const second = doc('b', 'Brugh', 'Brugh is the second-largest city of Norvia.');
    const third = doc('c', 'Corra', 'Corra is the third-largest city of Norvia.');

    // Act
    const answer = ask('What are the three largest cities in Norvia?', [first, fifth, second, third]);

    // Assess
    expect(answer.shortAnswer).toBe('Avell, Brugh, Corra');
  });

  it('ranks a passage by "the third-largest city" in any of its sentences, never by "the largest port" or "one of the largest museums"', () => {
    // Prepare: Corra's rank is in its second sentence; the port and the museums are the largest of something else.
    const first = doc('a', 'Avell', 'Avell is the largest city of Norvia.');
    const port = doc('p', 'Port of Essin', 'The Port of Essin is the largest port in Norvia, in the city of Essin.');
    const museums = doc('m', 'Museums of Brugh', 'The museums of Brugh, a city of Norvia, are among the largest museums anywhere.');
    const second = doc('b', 'Brugh', 'Brugh is the second-largest city of Norvia.');
    const third = doc('c', 'Corra', 'Corra lies on the river Lenn in the city region of Norvia. It is the third-largest city of Norvia.');

    // Act
    const answer = ask('What are the three largest cities in Norvia?', [first, port, museums, second, third]);

    // Assess
    expect(answer.shortAnswer).toBe('Avell, Brugh, Corra');
  });

  it('settles "Is X the biggest Y?" by which one the passages call the biggest: yes for it, no for another', () => {
    // Prepare
    const grid = doc(
      'grid',
      'Power in Norvia',
      'Tidal power is the largest source of electricity in Norvia. Hydroelectricity is the second source of electricity in Norvia.',
    );

    // Act
    const hydro = ask('Is hydroelectricity the biggest source of electricity in Norvia?', [grid]);
    const tidal = ask('Is tidal power the biggest source of electricity in Norvia?', [grid]);
    const second = ask('Is hydroelectricity the second source of electricity in Norvia?', [grid]);

    // Assess
    expect([hydro.shortAnswer, tidal.shortAnswer, second.shortAnswer]).toEqual(['no', 'yes', 'yes']);
    expect(hydro.answer).toContain('Tidal power is the largest source');
  });

  it('answers "greater X" with the figure of its metropolitan area', () => {
    // Prepare
    const brugh = doc('brugh', 'Brugh', 'The city of Brugh had a population of about 522,000 in 2020, and its metropolitan area about 2.3 million.');

    // Act
    const answer = ask('How many people live in greater Brugh?', [brugh]);

    // Assess
    expect(answer.shortAnswer).toMatch(/^about 2\.3 million/);
  });

  it('compares like with like: a city proper with a city, not with a metropolitan area', () => {
    // Prepare
    const avell = doc(
      'avell',
      'Avell',
      'Avell is the capital and largest city of Norvia, with a population of about 2.1 million in the city proper in 2020 and more than 12 million in its metropolitan area.',
    );
    const brugh = doc('brugh', 'Brugh', 'The city of Brugh had a population of about 522,000 in 2020, and its metropolitan area about 2.3 million.');

    // Act
    const answer = ask('Which is the largest city, Avell or Brugh?', [avell, brugh]);

    // Assess
    expect(answer.shortAnswer).toBe('Avell');
  });

  it('settles a choice among three listed names two at a time', () => {
    // Prepare
    const towns = ['Avell:873,000', 'Brugh:522,000', 'Corra:342,000'].map((t) => {
      const [name, people] = t.split(':') as [string, string];
      return doc(name.toLowerCase(), name, `The commune of ${name} had a population of about ${people} in 2020.`);
    });

    // Act
    const fewest = ask('Of Avell, Brugh and Corra, which has the fewest residents?', towns);
    const most = ask('Which of Corra, Brugh or Avell has the most inhabitants?', towns);

    // Assess
    expect(fewest.shortAnswer).toBe('Corra');
    expect(most.shortAnswer).toBe('Avell');
  });

  it('settles a ranked claim written with a possessive, a numeral and a synonym ("Norvia\'s 2nd biggest city")', () => {
    // Prepare
    const brugh = doc('brugh', 'Brugh', 'Brugh is the second-largest city of Norvia by population.');
    const corra = doc('corra', 'Corra', 'Corra is the third-largest city of Norvia by population.');

    // Act
    const wrong = ask("Is Corra Norvia's second biggest city?", [brugh, corra]);
    const tagged = ask("Corra is Norvia's 2nd biggest city, right?", [brugh, corra]);
    const right = ask("Is Brugh Norvia's second biggest city?", [brugh, corra]);

    // Assess: settled by the city the passages rank second.
    expect([wrong.shortAnswer, tagged.shortAnswer, right.shortAnswer]).toEqual(['no', 'no', 'yes']);
    expect(tagged.answer).toContain('Brugh is the second-largest city');
  });

  it('answers "which glacier?" with the name whose last word is the class, not the river whose passage names it', () => {
    // Prepare: the Lenn's own lead says "glacier" (in a name), which does not make the Lenn one.
    const orne = doc('orne', 'Orne', 'The Orne is a river of Norvia. It is a right tributary of the Lenn, joining it at Essin.');
    const lenn = doc('lenn', 'Lenn', 'The Lenn is a major river that rises in the Lenn Glacier in the Vell Alps and flows into the sea.');

    const meets = doc('lenn', 'Lenn', 'The Lenn is a major river that rises in the Lenn Glacier in the Vell Alps and meets the Orne at Essin.');

    // Act: through the Lenn as a bridge, and in a sentence of the Lenn's naming the Orne.
    const bridged = ask('The Orne is a tributary of a river that rises in which glacier?', [orne, lenn]);
    const named = ask('The Orne is a tributary of a river that rises in which glacier?', [orne, meets]);

    // Assess
    expect(bridged.shortAnswer).toBe('Lenn Glacier');
    expect(named.shortAnswer).toBe('Lenn Glacier');
  });

  it('finds what a question names by its rank first ("its third source", "the largest city"), then asks of it by name', () => {
    // Prepare
    const solar = doc(
      'solar',
      'Solar power in Norvia',
      'Solar power is the third source of electricity in Norvia. Solar power produced 9 percent of the electricity of Norvia in 2023.',
    );
    const tidal = doc(
      'tidal',
      'Tidal power in Norvia',
      'Tidal power is the largest source of electricity in Norvia, producing 61 percent of its electricity in 2023.',
    );
    const avell = doc('avell', 'Avell', 'Avell is the largest city of Norvia, with a population of about 900,000 in 2020.');
    const brugh = doc('brugh', 'Brugh', 'Brugh is the second-largest city of Norvia, with a population of about 400,000 in 2020.');

    // Act
    const share = ask("What share of Norvia's electricity in 2023 came from its third source of electricity?", [tidal, solar]);
    const population = ask('What is the population of the largest city of Norvia?', [brugh, avell]);

    // Assess
    expect(share.shortAnswer).toBe('9 percent');
    expect(population.shortAnswer).toBe('about 900,000 (2020)');
  });

  it("dates what the question asks of only from a sentence that speaks of it, not from any year of the name's passage", () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'Essin is a city of Norvia. The city of Essin had a population of about 522,000 in 2020.');
    const bikes = doc('bikes', 'Velo Essin', 'Velo Essin is the bicycle sharing system of Essin, launched in 2005.');

    // Act
    const alone = ask('When did the bike sharing system start in Essin?', [essin]);
    const both = ask('When did the bike sharing system start in Essin?', [essin, bikes]);

    // Assess
    expect(alone.shortAnswer).toBeNull();
    expect(both.shortAnswer).toBe('2005');
  });

  it('chooses between the options a question gives before its colon', () => {
    // Prepare
    const grid = doc('grid', 'Power in Norvia', 'In 2023 gas produced 6 percent of the electricity of Norvia, and solar power 5 percent.');

    // Act
    const answer = ask('Gas or solar: which generated a larger share of the electricity of Norvia in 2023?', [grid]);

    // Assess
    expect(answer.shortAnswer?.toLowerCase()).toBe('gas');
  });

  it('answers "Under what name ...?" with the name a kind of name stands before ("the pseudonym Iron Choir"), not the kind', () => {
    // Prepare
    const album = doc('void', 'Grey Void', 'Grey Void is the fifth album released by Tom Vell under the pseudonym Iron Choir.');
    const basilica = doc('basilica', 'Basilica', 'The white Basilica of Saint Orne stands above the old town of Essin.');

    // Act
    const name = ask('Under what name did Tom Vell release his album Grey Void?', [album]);
    const colour = ask('What colour is the basilica of Saint Orne?', [basilica]);

    // Assess: a colour before a name is what the name is, and answers a colour.
    expect(name.shortAnswer).toBe('Iron Choir');
    expect(colour.shortAnswer).toBe('white');
  });

  it('names people given as a group by the group ("founded by Greek settlers"), a person by their own name', () => {
    // Prepare
    const port = doc('port', 'Porto Vell', 'Porto Vell is the oldest city of Norvia, founded by Greek settlers around 600 BC.');
    const show = doc('show', 'Marmot Days', 'Marmot Days was created by TV executive Reg Watkins in 1985.');

    // Act
    const group = ask('Who founded Porto Vell?', [port]);
    const person = ask('Who created Marmot Days?', [show]);

    // Assess
    expect(group.shortAnswer).toBe('Greek settlers');
    expect(person.shortAnswer).toBe('Reg Watkins');
  });

  it('takes no adjective before a noun for a place ("an American actor"), nor a name after "of the"', () => {
    // Prepare
    const bio = doc(
      'eavis',
      'Mick Eavis',
      'Mick Eavis (born 17 October 1935) is an English farmer and the co-creator of the Glastonbury Fair, held at his farm in Pilton, Somerset.',
    );

    // Act
    const answer = ask('Where was Mick Eavis born?', [bio]);

    // Assess
    expect(answer.shortAnswer).toBe('Pilton, Somerset');
  });

  it("answers from the passage about the question's own name, not from a bridge's passage saying the same of another place", () => {
    // Prepare: the Rhône's passage names Lyon and Marseille; Marseille's passage gives its own population.
    const rhone = doc('rhone', 'Rhône', 'The Rhône meets the Saône at Lyon before reaching the Mediterranean Sea near Marseille.');

    // Act
    const answer = ask('Describe Lyon: its population and its rivers.', [rhone, LYON, MARSEILLE]);

    // Assess
    expect(answer.shortAnswer).toBe('about 522,000 (2020)');
  });

  it('gives a nationality as the adjective its passage calls the person by, following the bridge to that passage', () => {
    // Act
    const asked = ask('What is the nationality of the director of Inception?', [INCEPTION, NOLAN]);
    const short = ask('What nationality is the director of Inception?', [INCEPTION, NOLAN]);

    // Assess
    expect(asked.shortAnswer).toBe('British-American');
    expect(asked.answer).toBe(`${INCEPTION.text} [inception] Christopher Nolan is a British-American film director, born on 30 July 1970 in London. [nolan]`);
    expect(short.shortAnswer).toBe('British-American');
  });

  it('has no short answer when nothing of the expected type is about the focus, and none without passages', () => {
    // Act
    const unrelated = ask('Who directed Inception?', [BOUCHON]);
    const empty = ask('Who directed Inception?', []);

    // Assess
    expect(unrelated.shortAnswer).toBeNull();
    expect(empty).toEqual({ shortAnswer: null, answer: 'No source in the corpus answers this.' });
  });

  it('answers a wh-word before a plural noun with every name a sentence gives side by side', () => {
    // Prepare
    const solar = doc('solar', 'Solar power in France', 'Most large solar farms are in the sunny south, in Occitanie and Provence.');
    const hydro = doc('hydro', 'Hydroelectricity in France', 'Hydroelectricity is a renewable source, with dams on the Rhône, the Rhine and in the Alps.');

    // Act
    const regions = ask("Which regions have most of France's large solar farms?", [solar, hydro]);
    const rivers = ask("On which rivers are France's hydroelectric dams?", [hydro, solar]);
    const larger = ask('Which cities are larger than Lyon?', [doc('lyon', 'Lyon', 'Lyon is the third-largest city of France, after Paris and Marseille.')]);
    const one = ask('Which river flows through Paris?', [PARIS]);

    // Assess: a singular noun still asks for one.
    expect(regions.shortAnswer).toBe('Occitanie, Provence');
    // The Alps, which the lexicon knows as mountains, are no river.
    expect(rivers.shortAnswer).toBe('Rhône, Rhine');
    expect(larger.shortAnswer).toBe('Paris, Marseille');
    expect(one.shortAnswer).toBe('Seine');
  });

  it('never names people by the adjective that describes them', () => {
    // Prepare
    const inventors = doc('inventors', 'Inventors', 'Auguste and Louis were French inventors who patented the cinematograph.');

    // Act
    const answer = ask('Who patented the cinematograph?', [inventors]);

    // Assess
    expect(answer.shortAnswer).not.toBe('French');
  });

  it('counts what the question counts: the figure whose noun phrase holds the asked words', () => {
    // Prepare
    const transport = doc('transport', 'Public transport in Lyon', "Lyon's network includes four metro lines, seven tram lines and two funiculars.");

    // Act
    const trams = ask('How many tram lines run in Lyon?', [transport]);
    const metro = ask('How many metro lines does Lyon have?', [transport]);

    // Assess
    expect(trams.shortAnswer).toBe('seven tram lines');
    expect(metro.shortAnswer).toBe('four metro lines');
  });

  it('reads no name in the year and origin a description opens with ("a 1947 American animated film")', () => {
    // Prepare
    const film = doc('fun', 'Fun and Fancy Free', 'Fun and Fancy Free is a 1947 American animated musical film produced by Walt Disney.');

    // Act
    const answer = ask('Fun and Fancy Free was a work of what film company?', [film]);

    // Assess
    expect(answer.shortAnswer).toBe('Walt Disney');
  });

  it("reads a figure's scope in the four words after it, past a year the question gives as well", () => {
    // Prepare
    const city = doc(
      'city',
      'Paris',
      'Paris has a population of about 2.1 million in the city proper in 2020 and more than 12 million in its metropolitan area.',
    );

    // Act
    const proper = ask('Tell me the headcount of Paris proper as of 2020.', [city]);
    const metro = ask('What was the population of the Paris metropolitan area in 2020?', [city]);

    // Assess
    expect(proper.shortAnswer).toMatch(/^about 2\.1 million/);
    expect(metro.shortAnswer).toMatch(/^more than 12 million/);
  });

  it('answers the same thing asked of each listed name for each, and one thing asked of them together once', () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'Essin is a city of Norvia. It had a population of about 310,000 in 2020.');
    const orne = doc('orne', 'Orne', 'Orne is a city of Norvia. It had a population of about 200,000 in 2020.');
    const tarn = doc('tarn', 'Tarn', 'Tarn lies at the confluence of the Vell and the Amber.');

    // Act
    const each = ask('What is the population of Essin and Orne?', [essin, orne]);
    const three = ask('Give me the populations of Essin, Orne and Tarn', [essin, orne, tarn]);
    const together = ask('Which city lies at the confluence of the Vell and the Amber?', [tarn, essin]);

    // Assess: a name with no answer leaves the question to be read as any other.
    expect(each.shortAnswer).toBe('Essin: about 310,000 (2020); Orne: about 200,000 (2020)');
    expect(String(three.shortAnswer)).not.toMatch(/Tarn:/);
    expect(together.shortAnswer).toBe('Tarn');
  });

  it('never answers which thing of a class with a name the lexicon knows as a place of another class', () => {
    // Prepare: France stands nearest "museums", and WordNet knows it as a country.
    const museums = doc('museums', 'Museums of Essin', "Essin's museums include the Musée du Fil, one of the largest fine arts museums in France.");

    // Act
    const museum = ask('Which museum is in Essin?', [museums]);

    // Assess
    expect(museum.shortAnswer).toBe('Musée du Fil');
  });

  it("says where a thing itself is: a locative verb of its own passage, the place of a passage titled after a class there, or its lead's place", () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'Essin is the second city of Norvia, after Tarn. It lies on the Vell river and is known for its silk.');
    const museums = doc('museums', 'Museums of Essin', "Essin's museums include the Musée du Fil, opened in 2014.");
    const vell = doc('vell', 'Vell', 'The Vell is a river of eastern Norvia. It joins the Amber at Orne.');

    // Act
    const city = ask('Where is Essin?', [essin, museums, vell]);
    const museum = ask('Where is the Musée du Fil located?', [museums, essin]);
    const river = ask('Where is the Vell?', [vell, essin]);

    // Assess: not Tarn, which Essin's passage names in passing, nor what the sentence goes on to say.
    expect(city.shortAnswer).toBe('on the Vell river');
    expect(museum.shortAnswer).toBe('Essin');
    expect(river.shortAnswer).toBe('eastern Norvia');
  });

  it('lists the things of the class asked whose own passage says what is asked of them, or meets the bound asked on a figure', () => {
    // Prepare
    const city = (id: string, text: string) => doc(id, id[0]!.toUpperCase() + id.slice(1), text);
    const passages = [
      city('orne', 'Orne is the third-largest city of Norvia. The city had a population of about 200,000 in 2020. It lies on the Amber coast.'),
      city('tarn', 'Tarn is the capital and largest city of Norvia, with a population of about 1.2 million in 2020.'),
      city('essin', 'Essin is a port city on the Amber coast. Essin had a population of about 610,000 in 2020.'),
      doc('port', 'Port of Essin', 'The port of Essin is the largest port on the Amber coast.'),
    ];

    // Act
    const coast = ask('Which cities are on the Amber coast?', passages);
    // A verb saying only where a thing is is said by the place; the corpus named is no part of what is asked.
    const sit = ask('Which cities in the collection sit on the Amber coast?', passages);
    // A query without a question word asks the same.
    const query = ask('cities with fewer than 500,000 residents', passages);
    const more = ask('Which cities have more than 500,000 inhabitants?', passages);
    const fewer = ask('Which cities have fewer than 500,000 residents?', [
      ...passages,
      city('vell', 'Vell is a city of Norvia, with a population of about 90,000 in 2020.'),
    ]);

    // Assess: the port is no city; a figure of another passage's city does not count.
    expect(coast.shortAnswer?.split(', ').sort()).toEqual(['Essin', 'Orne']);
    expect(sit.shortAnswer?.split(', ').sort()).toEqual(['Essin', 'Orne']);
    expect(query.shortAnswer).toBe('Orne');
    expect(more.shortAnswer?.split(', ').sort()).toEqual(['Essin', 'Tarn']);
    expect(fewer.shortAnswer?.split(', ').sort()).toEqual(['Orne', 'Vell']);
  });

  it("ranks all of a table's rows when asked to rank them, largest first, whatever their number", () => {
    // Act
    const ranked = ask('rank the electricity sources of Norvia from largest share to smallest', [ENERGY]);
    const first = ask("Rank Norvia's electricity sources, largest share first", [ENERGY]);

    // Assess
    expect(ranked.shortAnswer).toBe('nuclear (65%), hydroelectricity (12%), wind (10%), gas (6%), solar (5%)');
    expect(first.shortAnswer).toBe(ranked.shortAnswer);
  });

  it('ranks all of them when asked to rank "by" a figure, or for the main ones of a plural class, and only those whose passage gives their rank', () => {
    // Prepare
    const city = (id: string, text: string) => doc(id, id[0]!.toUpperCase() + id.slice(1), text);
    const cities = [
      city('orne', 'Orne is the third-largest city of Norvia, with about 200,000 people.'),
      city('tarn', 'Tarn is the capital and largest city of Norvia.'),
      city('essin', 'Essin is the second-largest city of Norvia.'),
      doc('port', 'Port of Essin', 'The port of Essin is the largest river port of Norvia and serves the city.'),
    ];

    // Act
    const byShare = ask('Rank the sources of electricity in Norvia by share', [ENERGY]);
    const main = ask('What are the main sources of electricity in Norvia?', [ENERGY]);
    const bySize = ask('Rank the cities of Norvia by population', cities);
    const fromTo = ask('List the cities of Norvia from largest to smallest', cities);

    // Assess
    expect(byShare.shortAnswer).toBe('nuclear (65%), hydroelectricity (12%), wind (10%), gas (6%), solar (5%)');
    expect(main.shortAnswer).toBe(byShare.shortAnswer);
    expect(bySize.shortAnswer).toBe('Tarn, Essin, Orne');
    expect(fromTo.shortAnswer).toBe('Tarn, Essin, Orne');
  });

  it('reads a figure from the table row a question names, only when the table measures what is asked', () => {
    // Act
    const share = ask('What percentage of electricity came from gas?', [ENERGY]);
    const capacity = ask('How much gas capacity was built?', [ENERGY]);

    // Assess
    expect(share.shortAnswer).toBe('6 percent');
    expect(capacity.shortAnswer).toBeNull();
  });

  it('compares two options that are rows of a table about what is asked, an option naming the row it begins', () => {
    // Prepare
    const wind = doc('wind', 'Wind power', 'Wind power had about 22 gigawatts of capacity.');

    // Act
    const more = ask('Which produces more of the electricity, hydro or wind?', [wind, ENERGY]);

    // Assess: the table's figures settle it; "hydro" is the row "hydroelectricity".
    expect(more.shortAnswer).toBe('hydroelectricity');
    expect(more.answer).toContain('hydro: 12 percent, against 10 percent for wind');
  });

  it("compares two things named in common nouns, a head noun they share being no part of a row's name", () => {
    // Prepare: the prose passage on wind power names nuclear power too, with the wind figure beside it.
    const wind = doc('wind', 'Wind power in Norvia', 'Wind power is the third source after nuclear power, with about 22 gigawatts of capacity.');

    // Act
    const compared = ask('Compare nuclear and wind power in Norvia', [wind, ENERGY]);
    const both = ask('Compare nuclear power and wind power in Norvia', [wind, ENERGY]);

    // Assess
    expect(compared.shortAnswer).toBe('nuclear: 65 percent, against 10 percent for wind power');
    expect(both.shortAnswer).toBe('nuclear power: 65 percent, against 10 percent for wind power');
  });

  it('answers "did A produce more than B?" from the table whose rows they are, with both figures', () => {
    // Prepare: the prose passage on solar power comes first.
    const solar = doc('solar', 'Solar power', 'Solar power had an installed capacity of about 20 gigawatts in 2023.');

    // Act: options written in lower case, with words between the comparative and "than".
    const less = ask('did solar generate a larger share of the electricity than gas', [solar, ENERGY]);
    const more = ask('Did wind produce a bigger share of the electricity than solar?', [solar, ENERGY]);

    // Assess
    expect(less.shortAnswer).toBe('no (gas: 6 percent, against 5 percent for solar)');
    expect(more.shortAnswer).toBe('yes (wind: 10 percent, against 5 percent for solar)');
  });

  it('compares two rows named by short words ("gas"), whose stems are shorter than a prefix', () => {
    // Prepare: the prose passage on solar power comes first.
    const solar = doc('solar', 'Solar power', 'Solar power had an installed capacity of about 20 gigawatts in 2023.');

    // Act
    const bigger = ask('Did gas or solar produce a bigger share of the electricity?', [solar, ENERGY]);

    // Assess
    expect(bigger.shortAnswer).toBe('gas');
    expect(bigger.answer).toContain('gas: 6 percent, against 5 percent for solar');
  });

  it('gives no figure for a row a table about what is asked does not have', () => {
    // Prepare
    const nuclear = doc('nuclear', 'Nuclear power', 'Nuclear power produces about 65 percent of the electricity.');

    // Act
    const coal = ask('What share of the electricity came from coal?', [ENERGY, nuclear]);
    const gas = ask('What share of the electricity came from gas?', [ENERGY, nuclear]);

    // Assess: the table's rows are the sources it measures; nuclear's 65 percent is not coal's.
    expect(coal.shortAnswer).toBeNull();
    expect(gas.shortAnswer).toBe('6 percent');
  });

  it('answers a share with a percentage, never with another figure', () => {
    // Prepare
    const wind = doc('wind', 'Wind power', 'Wind power had about 22 gigawatts of capacity.');
    const nuclear = doc('nuclear', 'Nuclear power', 'Nuclear power produces about 65 percent of the electricity.');

    // Act
    const answer = ask('What share of the electricity does wind power produce?', [wind]);
    const found = ask('What share of the electricity does nuclear power produce?', [nuclear, wind]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
    expect(found.shortAnswer).toBe('about 65 percent');
  });

  it('settles a claim about one name by what its passage says in the claimed place', () => {
    // Prepare
    const marseille = doc('marseille', 'Marseille', 'Marseille is a port city on the Mediterranean coast.');

    // Act
    const wrongCoast = ask('Is Marseille on the Atlantic coast?', [marseille]);
    const rightCoast = ask('Is Marseille on the Mediterranean coast?', [marseille]);
    const onRiver = ask('Is Lyon on the Saône?', [LYON]);
    const sameRegion = ask('Are Lyon and Marseille in the same region?', [LYON, MARSEILLE]);

    // Assess
    expect(wrongCoast.shortAnswer).toBe('no');
    expect(rightCoast.shortAnswer).toBe('yes');
    expect(onRiver.shortAnswer).toBe('yes');
    expect(sameRegion.shortAnswer).not.toBe('yes');
  });

  it('gives the names of the most relevant sentences when asked for names only', () => {
    // Act
    const names = ask('Where did the Lumière brothers patent the cinematograph?', [LUMIERE], 'Names only.');

    // Assess: names the question gives are left out.
    expect(names).toEqual({ shortAnswer: null, answer: 'Auguste; Louis; French; Lyon' });
  });
});

describe('Function: answerStructured on a second hop', () => {
  it("answers what the question's clause asks from the bridge's passage, never the bridge named again", () => {
    // Arrange: the bridge's lead sentence holds more of the question's words, and names the bridge.
    const kell = doc('kell', 'Mara Kell', 'Mara Kell is an executive. She was the chairman and chief executive officer of Bolt Foods.');
    const bolt = doc(
      'bolt',
      'Bolt Foods',
      'Bolt Foods Group, Inc. is an American restaurant holding company which runs two chains of diners. It is headquartered in Tarrow, Vermont.',
    );

    // Act
    const answer = ask('Mara Kell was the chairman and CEO of a restaurant holding company headquartered in what city?', [kell, bolt]);

    // Assess
    expect(answer.shortAnswer).toBe('Tarrow, Vermont');
    expect(answer.answer).toContain('It is headquartered in Tarrow, Vermont. [bolt]');
  });
});

describe('Function: answerStructured on the type of a place', () => {
  const SONG = doc('lantern', 'The Paper Lantern', '"The Paper Lantern" is a song composed by Arlo Penrith with lyrics by Tobin Penrith for a 1938 revue.');
  const ARLO = doc(
    'arlo',
    'Arlo Penrith',
    'Arlo Penrith (born Arlen Pinsky, 1898 – 1937) was an American composer. He moved to Calder and wrote film scores. He died in 1937 of a fever.',
  );

  it('never gives a person for a place: not the subject "he" stands for, nor a name after "by" or "born"', () => {
    // Act: the composer's passage says when and of what he died, never where.
    const answer = ask('Where was the place of death of the composer of song The Paper Lantern?', [SONG, ARLO]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });

  it('gives no part of a title written whole around it: the title names no place', () => {
    // Arrange: "Grey Hat" is only the end of the film's title.
    const maker = doc('maker', 'Odile Varnier', 'Odile Varnier (1920 – 2002) was a French actor and director.');
    const film = doc('film', 'The Man with the Grey Hat', 'The Man with the Grey Hat is a 1972 French comedy film directed by Odile Varnier.');

    // Act
    const answer = ask('Where was the French director Odile Varnier born?', [maker, film]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });

  it("gives no fuller form of the asked person's name, as its own passage opens on it, for a place", () => {
    // Arrange
    const film = doc('hop', 'Skip (film)', 'Skip is a 2011 comedy film. Directed by Tam Hull and produced by Chris Mellor.');
    const maker = doc('hull', 'Tam Hull (director)', 'Tamworth Hull (born May 31, 1973) is an American animator and film director.');

    // Act
    const answer = ask('Where was Tam Hull, the director of Skip, born?', [film, maker]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });

  it('gives no cast member, nor a participle opening a sentence, for a place', () => {
    // Arrange
    const film = doc(
      'quarry',
      'The Quarry Road',
      'The Quarry Road is a 1985 film directed by Ewa Brell, starring Jan Ostrow, Piotr Wala and Adam Sosna. Produced by Lena Korr, it was shot in black and white.',
    );

    // Act
    const answer = ask('Where was the director of film The Quarry Road born?', [film]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });

  it('gives no birth name after "born", nor a name after "by" and the words describing it, for a place', () => {
    // Arrange
    const director = doc('sid', 'Scot Sidley', 'Scot Sidley (1872 – 1928), born Harry Wilbert Siggs, was an American film director.');
    const song = doc('ruleta', 'Rulo', '"Rulo" is a song recorded by the singer Ina, with vocals by Romanian performer Erko.');

    // Act
    const born = ask('What is the place of birth of Scot Sidley?', [director]);
    const performed = ask('Where was the song Rulo recorded?', [song]);

    // Assess
    expect(born.shortAnswer).toBeNull();
    expect(performed.shortAnswer).toBeNull();
  });

  it('gives a place with its region, but not the next place of a list as its region', () => {
    // Arrange
    const line = doc('line', 'Coast Line', 'The Coast Line runs north from Lorn via Pelborough, Donham, Yorr and Newby.');
    const born = doc('ada', 'Ada Fenn', 'Ada Fenn was born in Saginaw, Michigan, United States.');

    // Act
    const via = ask('Through which city does the Coast Line run north from Lorn?', [line]);
    const where = ask('Where was Ada Fenn born?', [born]);

    // Assess
    expect(via.shortAnswer).toBe('Pelborough');
    expect(where.shortAnswer).toBe('Saginaw, Michigan, United States');
  });

  it('still gives the place a sentence says, where "by" stands for no one', () => {
    // Act
    const answer = ask('Where did Arlo Penrith move to?', [SONG, ARLO]);

    // Assess
    expect(answer.shortAnswer).toBe('Calder');
  });
});

describe('Function: answerStructured on agents', () => {
  it("gives the agent of the phrase that says more of what is asked: 'a music score by', over 'written by'", () => {
    // Arrange
    const film = doc(
      'vips',
      'The Envoys (film)',
      'The Envoys is a 1963 British drama film. The film was written by Tara Rattan, with a music score by Mika Rozan.',
    );

    // Act
    const answer = ask('Who wrote the music score for The Envoys?', [film]);

    // Assess
    expect(answer.shortAnswer).toBe('Mika Rozan');
  });
});

describe('Function: answerStructured on several agents', () => {
  it('gives every name coordinated after the agent word, and one name when one is given', () => {
    // Arrange
    const noir = doc('step', 'One Wrong Step', 'One Wrong Step is a 1949 crime film directed by Chester Erle and starring Wilma Pond and Shelly Winn.');
    const documentary = doc(
      'heirs',
      'Heirs of the Beast',
      'Heirs of the Beast is a 2016 documentary film directed by Diego Lomas and David Pizan, released in 2017.',
    );

    // Act
    const stars = ask('Who starred in One Wrong Step?', [noir]);
    const directors = ask('Who directed Heirs of the Beast?', [documentary]);
    const director = ask('Who directed One Wrong Step?', [noir]);

    // Assess
    expect([stars.shortAnswer, directors.shortAnswer, director.shortAnswer]).toEqual([
      'Wilma Pond and Shelly Winn',
      'Diego Lomas and David Pizan',
      'Chester Erle',
    ]);
  });
});

describe('Function: answerStructured on a person a preamble names', () => {
  it("asks of the one a preamble names by a role what the question after the dash asks of 'he'", () => {
    // Arrange
    const film = doc('parade', 'Song Parade of 1941', 'Song Parade of 1941 is a 1940 American film directed by John K. Auden.');
    const maker = doc(
      'auden',
      'John K. Auden',
      'John K. Auden (August 3, 1906 in Budapest, Hungary – March 15, 1975 in North Hollywood, Los Angeles) was a film director.',
    );

    // Act
    const answer = ask("Song Parade of 1941's director - what city was he born in?", [film, maker]);

    // Assess
    expect(answer.shortAnswer).toBe('Budapest, Hungary');
    expect(askedPart("Song Parade of 1941's director - what city was he born in?")).toBe("what city was Song Parade of 1941's director born in?");
  });

  it('finds the director of a film described by its year and language first', () => {
    // Arrange
    const film = doc('stone', 'Stone Carver (film)', 'Stone Carver is a 1964 Indian Kannada film, directed and produced by B. S. Rangan.');
    const maker = doc('rangan', 'B. S. Rangan', 'Bindu Srinivas Rangan (11 November 1917 – 12 December 2010) was an Indian film director.');

    // Act
    const answer = ask('When was the director of the 1964 Kannada film Stone Carver born?', [film, maker]);

    // Assess
    expect(answer.shortAnswer).toBe('11 November 1917');
  });
});

describe('Function: answerStructured on dates in one sentence', () => {
  it('gives the date of the clause that says more of what is asked', () => {
    // Arrange
    const camera = doc('camera', 'Kinetoscope', 'It was patented by the Varn brothers in 1891 and first shown to a paying audience in Essin in March 1894.');

    // Act
    const shown = ask('When did the kinetoscope get its first paying audience?', [camera]);
    const patented = ask('When was the kinetoscope patented?', [camera]);

    // Assess
    expect([shown.shortAnswer, patented.shortAnswer]).toEqual(['March 1894', '1891']);
  });
});

describe('Function: answerStructured on the day of a year', () => {
  it('gives the one day of the year its passage gives, asked when; the year when it gives two', () => {
    // Arrange
    const one = doc(
      'rug',
      "The Weaver's Daughter",
      "The Weaver's Daughter is a 1915 American silent film. The film was released on July 5, 1915, by Paramount.",
    );
    const two = doc('loom', 'The Loom', 'The Loom is a 1915 American silent film. It was shot on March 2, 1915 and released on July 5, 1915.');

    // Act
    const day = ask("When did The Weaver's Daughter come out?", [one]);
    const year = ask('When did The Loom come out?', [two]);

    // Assess
    expect([day.shortAnswer, year.shortAnswer]).toEqual(['July 5, 1915', '1915']);
  });
});

describe('Function: answerStructured on kinds given as examples', () => {
  it('gives every kind an example list names, and one kind said alone', () => {
    // Arrange
    const inn = doc(
      'inn',
      'Cellar inn',
      'A cellar inn is a type of restaurant found in Essin that serves local cuisine such as sausages, duck pâté and roast pork.',
    );
    const stall = doc('stall', 'Street stall', 'A street stall is a kiosk found in Essin that sells soup.');

    // Act
    const several = ask('what kind of food do you get at a cellar inn', [inn]);
    const one = ask('what kind of food does a street stall sell', [stall]);

    // Assess
    expect([several.shortAnswer, one.shortAnswer]).toEqual(['sausages, duck pâté and roast pork', 'soup']);
  });
});

describe('Function: answerStructured on namesakes', () => {
  const early = doc('aunt-1915', "Ada's Aunt (1915 film)", "Ada's Aunt is a 1915 American film. It is based on a play by Tom Brandt.");
  const later = doc(
    'aunt-1925',
    "Ada's Aunt (1925 film)",
    "Ada's Aunt is a 1925 American comedy film directed by Scott Sidlow. It was remade by Orbit Pictures in 1930.",
  );

  it('reads only the namesake whose qualifier the question says', () => {
    // Act
    const asked1915 = ask("Who directed the 1915 film version of Ada's Aunt?", [later, early]);
    const asked1925 = ask("Who directed the 1925 film version of Ada's Aunt?", [later, early]);

    // Assess: the 1915 film's passage names no director.
    expect([asked1915.shortAnswer, asked1925.shortAnswer]).toEqual([null, 'Scott Sidlow']);
  });
});

describe('Function: answerStructured on the type of a person', () => {
  it('never gives a place for a person: a name after "in", or the region after a place', () => {
    // Arrange
    const editor = doc(
      'roe',
      'Dan Roe',
      'Dan Roe (born 1968) is a Canadian actor and writer from Calder, Ostia. He was the story editor for the show "Nutty Owl".',
    );
    const show = doc('owl', 'Nutty Owl', 'Nutty Owl is a book series written and illustrated by Ana Pell.');

    // Act
    const answer = ask('Dan Roe was the story editor for the show "Nutty Owl" which was written by who?', [editor, show]);

    // Assess
    expect(answer.shortAnswer).toBe('Ana Pell');
  });
});

describe('Function: answerStructured on who a person is', () => {
  const INTERVIEW = doc(
    'interview',
    'Interview on cycling in Calder',
    'Interview with the deputy mayor of Calder about cycling. We are building protected cycle lanes, the Calder Lanes, by 2026.',
  );

  it('reads "the name of the deputy mayor" as asking for a person, whom neither a role nor a name after "the" ("the Calder Lanes") names', () => {
    // Act
    const answer = ask('What is the name of the deputy mayor of Calder who was interviewed about cycling?', [INTERVIEW]);
    // A name before the class says whose deputy mayor: the class is still asked.
    const named = ask("What's the name of the Calder deputy mayor who gave the cycling interview?", [INTERVIEW]);

    // Assess
    expect([answer.shortAnswer, named.shortAnswer]).toEqual([null, null]);
    expect(readQuestion('What is the name of the Calder deputy mayor who gave the interview?').type).toBe('entity');
    expect(readQuestion('What is the name of the Calder deputy mayor who gave the interview?').answerClass).toBe('deputy mayor');
  });
});

describe('Function: answerStructured on a name its sentence calls the class asked for', () => {
  it('answers with the name the first hop calls the class ("the Salzach Land, a region in Austria"), not a name its passage leads to', () => {
    // Arrange
    const village = doc(
      'ober',
      'Obertal',
      'Obertal, Upper Austria is a village in the Salzach Land, a region in Austria. Obertal is a popular holiday destination offering skiing and snowboarding in the winter.',
    );
    const region = doc(
      'salz',
      'Salzach Land',
      'The Salzach Land is a resort area located in Austria. The main river of the region is the Trau, a right tributary of the Danube. The name "Salzach Land" literally means "Estate of the Salt House".',
    );

    // Act
    const answer = ask(
      "Which region of Austria means 'Estate of the Salt House' and covers the village of Obertal, a popular destination for skiing and snowboarding in the winter?",
      [village, region],
    );

    // Assess
    expect(answer.shortAnswer).toBe('Salzach Land');
  });
});

describe('Function: answerStructured on what the question itself asks', () => {
  it("places the answer by the words of the question's own clause, not by those describing its subject", () => {
    // Arrange: "comedy film" describes the first film; "starred ... for seven years" is what is asked.
    const owl = doc('owl', 'The Glass Owl', 'The Glass Owl is a 2001 crime comedy film directed by Ray Tamm. The cast also features Nina Ford and Dan Ruel.');
    const nina = doc(
      'nina',
      'Nina Ford',
      'Nina Ford is an American actress. She starred in the sitcom "Tidewater" for seven years, and played a nurse in the 1997 romantic comedy film "Open Doors", for which she won the Golden Reel for Best Actress.',
    );

    // Act
    const answer = ask('The Glass Owl is a 2001 crime comedy film featuring an American actress who starred in what for seven years?', [owl, nina]);

    // Assess
    expect(answer.shortAnswer).toBe('Tidewater');
  });

  it('reads a question closing on "what <noun>?" as asking for that class', () => {
    // Arrange
    const officer = doc('rowe', 'James Rowe', 'James Rowe was an American officer. He was awarded the Medal of Honor for his service in the Korean War.');

    // Act
    const answer = ask('The officer James Rowe, who served in the Korean War, was awarded what medal?', [officer]);

    // Assess
    expect(answer.shortAnswer).toBe('Medal of Honor');
  });

  it('never answers with a longer form of a name the question gives', () => {
    // Arrange
    const kell = doc('kell', 'Mara Kell', 'Mara Jane Kell III is an American consultant who has worked with the mayor of Tarrow.');

    // Act
    const answer = ask('Mara Kell is a consultant who has worked with the mayor of what city?', [kell]);

    // Assess
    expect(answer.shortAnswer).toBe('Tarrow');
  });
});

describe('Function: answerStructured on kinship and lives', () => {
  it('reads a life event the lexicon relates to dying or birth: "pass away", "birthplace" typed as a keyword, a place joined by "an der"', () => {
    // Arrange
    const maker = doc('jc', 'Jean Brisard', 'Jean Brisard (17 July 1944 – 11 May 2019) was a French filmmaker.');
    const comic = doc('hs', 'Helmut Schnell', 'Helmut Schnell (born 30 August 1955 in Mülheim an der Ruhr) is a German comedian.');

    // Act
    const died = ask('When did the French filmmaker Jean Brisard pass away?', [maker]);
    const born = ask('helmut schnell birthplace', [comic]);

    // Assess
    expect([died.shortAnswer, born.shortAnswer]).toEqual(['11 May 2019', 'Mülheim an der Ruhr']);
  });

  it('reads a birthplace from a sentence that opens on it, without the subject after it', () => {
    // Arrange
    const maker = doc(
      'hal',
      'Hal Yorke (director)',
      'Hal Yorke (13 November 1897 – 3 March 1972) was an American film director. Born in Portland, Oregon, Yorke was active as an editor from 1923.',
    );

    // Act
    const answer = ask('Where was the director Hal Yorke born?', [maker]);

    // Assess
    expect(answer.shortAnswer).toBe('Portland, Oregon');
  });

  const ALDRIC = doc(
    'aldric',
    'Aldric Venn',
    'Aldric Venn (1801–1870) was a Scottish judge. He was the eldest son of Bertram Venn, 2nd Baron Orrin, and his wife Celia Marsh.',
  );
  const BERTRAM = doc(
    'bertram',
    'Bertram Venn, 2nd Baron Orrin',
    'Bertram Venn, 2nd Baron Orrin (c. 1770 – 4 May 1840) was a landowner born in Kelso. He was the son and heir of Sir Edmund Venn of Hale, by Ruth Oakes.',
  );
  const HALE = doc('hale', 'Hale', 'Hale is a village in Cheshire, where Sir Edmund Venn was buried.');
  const FILM = doc('wren', 'The Wren (1931 film)', 'The Wren is a 1931 drama film directed by Aldric Venn.');

  it('answers a paternal grandfather by following the father to his passage and reading his father there', () => {
    // Act
    const answer = ask("Who is Aldric Venn's paternal grandfather?", [ALDRIC, BERTRAM, HALE]);

    // Assess: the two sentences that state each step are cited.
    expect(answer.shortAnswer).toBe('Sir Edmund Venn of Hale');
    expect(answer.answer).toContain('[aldric]');
    expect(answer.answer).toContain('[bertram]');
  });

  it("asks what is asked of the relative in the relative's own passage", () => {
    // Act
    const born = ask('Where was the father of Aldric Venn born?', [ALDRIC, BERTRAM, HALE]);

    // Assess
    expect(born.shortAnswer).toBe('Kelso');
  });

  it("gives no answer when the relative is found but no passage says what is asked of them, not a place of the subject's", () => {
    // Arrange: the father's passage says nothing of where he was born; the son's names a place.
    const bertram = doc('bertram', 'Bertram Venn', 'Bertram Venn (c. 1770 – 4 May 1840) was a landowner.');
    const aldric = doc(
      'aldric',
      'Aldric Venn',
      'Aldric Venn (also known as Aldo Renn; 1801–1870) was a Scottish judge in Dundee during the late reign of his father Bertram Venn.',
    );

    // Act
    const born = ask('Where was the father of Aldric Venn born?', [aldric, bertram]);

    // Assess
    expect(born.shortAnswer).toBeNull();
  });

  it("does not read the subject's own dates as a relative's when the relative has no passage of their own", () => {
    // Arrange: the father is named by a role only, inside the daughter's dated sentence.
    const mara = doc('mara', 'Mara Venn', 'Mara Venn (born 4 May 1977) is a soprano and the daughter of former United States Senator from Fife, Bertram Venn.');

    // Act
    const born = ask('When was the father of Mara Venn born?', [mara]);

    // Assess
    expect(born.shortAnswer).toBeNull();
  });

  it('answers the person a description names before following the relation from them', () => {
    // Act
    const answer = ask('Who is the father of the director of film The Wren (1931 Film)?', [FILM, ALDRIC, BERTRAM]);

    // Assess
    expect(answer.shortAnswer).toBe('Bertram Venn, 2nd Baron Orrin');
  });

  it('finds the person a role describes first, then asks the question of them in their own passage', () => {
    // Arrange: the director's passage gives his life's span, never the word "born".
    const film = doc('wren', 'The Wren (1931 film)', 'The Wren is a 1931 drama film directed by Aldric Venn. It was shot in Dundee.');
    const aldric = doc('aldric', 'Aldric Venn', 'Aldric Venn (4 May 1881 – 1950) was a Scottish film director. He studied in Edinburgh.');

    // Act
    const answer = ask('In what year was the director of film The Wren (1931 Film) born?', [film, aldric]);

    // Assess: the film's year and the death's year are not the birth.
    expect(answer.shortAnswer).toBe('1881');
    expect(answer.answer).toContain('[aldric]');
  });

  it('reads "What is the birthplace of X?" as "Where was X born?", also of a person a role describes', () => {
    // Arrange
    const film = doc('wren', 'The Wren', 'The Wren is a 1931 documentary film narrated by Ada Venn.');
    const ada = doc('ada', 'Ada Venn', 'Venn was born in Kelso, Norvia. She studied in Essin.');

    // Act
    const answer = ask('What is the birthplace of the narrator of The Wren?', [film, ada]);

    // Assess
    expect(answer.shortAnswer).toBe('Kelso, Norvia');
  });

  it('finds the person a role describes when the work is named in quotes ("the director of the film "The Wren"")', () => {
    // Arrange
    const film = doc('wren', 'The Wren', 'The Wren is a 1931 drama film directed by Aldric Venn.');
    const aldric = doc('aldric', 'Aldric Venn', 'Aldric Venn (4 May 1881 – 9 June 1950) was a Scottish film director.');

    // Act
    const answer = ask('What year did the director of the film "The Wren" die?', [film, aldric]);

    // Assess: the film's own year is not the death's.
    expect(answer.shortAnswer).toBe('1950');
  });

  it('finds the thing a relative clause describes ("the city where X was born"), then asks the question of it in its own passage', () => {
    // Arrange: the town's passage is titled with its region; the runner's passage names the town only.
    const runner = doc(
      'kim',
      'Kim Sallow',
      'Kim Sallow (born 1961) is a retired Australian race walker. She was born in Tarra, New South Wales and grew up in Ballina.',
    );
    const tarra = doc(
      'tarra',
      'Tarra, New South Wales',
      'Tarra is a town in the Slopes region of New South Wales. At the 2011 census, Tarra had a population of 6,960.',
    );
    const ballina = doc('ballina', 'Ballina', 'Ballina is a town on the coast. At the 2011 census, Ballina had a population of 16,000.');

    // Act
    const answer = ask('At the 2011 census, what was the population of the city where Kim Sallow was born?', [runner, ballina, tarra]);

    // Assess
    expect(answer.shortAnswer).toBe('6,960 (2011)');
    expect(answer.answer).toContain('[tarra]');
  });

  it('takes a thing a clause naming nothing finds only when its passage calls it of the kind asked ("the town where ...")', () => {
    // Arrange: the first hop asked alone finds the river, which is no town.
    const mill = doc('mill', 'Old water mill', 'The old water mill still grinds wheat for the town where it stands.');
    const brisk = doc('brisk', 'Brisk', 'Brisk is the town where the water mill, very old, stands; the Zorblat flows through the town.');
    const zorblat = doc('zorblat', 'Zorblat', 'The Zorblat is a river of the Vesk hills that reaches the sea.');

    // Act
    const answer = ask('Which river flows through the town where the old water mill stands?', [mill, brisk, zorblat]);

    // Assess
    expect(answer.shortAnswer).toBe('Zorblat');
  });

  it('answers "X is father to which actress?" with the child the father\'s passage names', () => {
    // Arrange
    const jon = doc('jon', 'Jon Mali', 'Jon Mali (1954–2013) was an Indian photographer. He was the father of Bollywood actress Tara Mali.');

    // Act
    const answer = ask('Indian photographer Jon Mali, known for his portraits of Rekha, is father to which Bollywood actress?', [jon]);

    // Assess
    expect(answer.shortAnswer).toBe('Tara Mali');
  });

  it('follows whom the question describes to the passage that names them, past a sentence sharing only a word of the name', () => {
    // Prepare: Ivo Marn's passage is the first hop (the question describes him, never names him);
    // Speed Rush's passage names him and says who developed it; Kart Star's shares only "driver" of
    // the name, and the words of the front cover.
    const marn = doc(
      'marn',
      'Ivo Marn',
      "Ivo Marn (born 1965) is a retired racing driver. He was runner-up in the 1999 Vela Drivers' Cup, driving for Team Oro.",
    );
    const rush = doc(
      'rush',
      'Speed Rush',
      'Speed Rush is a racing video game developed by Studio Nine and published by Kestrel. The drivers on its front cover are Ivo Marn and Tom Hale.',
    );
    const kart = doc(
      'kart',
      'Kart Star',
      'Kart Star is a racing video game. The driver Tom Hale appears on the front cover of most editions of this racing video game.',
    );

    // Act
    const answer = ask("The runner-up in the 1999 Vela Drivers' Cup appears on the front cover of a racing video game developed by what company?", [
      kart,
      marn,
      rush,
    ]);

    // Assess
    expect(answer.shortAnswer).toBe('Studio Nine');
  });

  it("reads the class asked for in the first hop's passage, in a sentence that no longer names the question's name", () => {
    // Prepare: the first hop is "founded ... by CEO Rex Marl"; the company acquired is named two sentences on.
    const marl = doc('marl', 'Rex Marl', 'Rex Marl is the founder and CEO of Vita Goods, a maker of cosmetics.');
    const vita = doc(
      'vita',
      'Vita Goods',
      'Vita Goods is a privately held maker of cosmetics based in Essin. The company was founded in 1978 by CEO Rex Marl. After acquiring the company Aloe Farms of Norland by the 1990s, it had 4,000 employees.',
    );

    // Act
    const answer = ask('What company did Rex Marl acquire?', [marl, vita]);

    // Assess
    expect(answer.shortAnswer).toBe('Aloe Farms of Norland');
  });

  it("reads a date of birth or death from a life's span when no sentence says born or died", () => {
    // Act
    const death = ask('What is the date of death of Bertram Venn, 2nd Baron Orrin?', [ALDRIC, BERTRAM]);
    const fatherDeath = ask("When did Aldric Venn's father die?", [ALDRIC, BERTRAM]);
    const birthYear = ask('In what year was Aldric Venn born?', [ALDRIC, BERTRAM]);

    // Assess
    expect(death.shortAnswer).toBe('4 May 1840');
    expect(fatherDeath.shortAnswer).toBe('4 May 1840');
    expect(birthYear.shortAnswer).toBe('1801');
  });
});

describe('Function: answerExtractively', () => {
  it('answers as a model answers through the structured output: the JSON of the short answer and the answer', () => {
    // Act
    const text = answerExtractively({ question: 'Who directed Inception?', instruction: 'Answer.', documents: [INCEPTION] }, wordNet());

    // Assess
    expect(JSON.parse(text)).toEqual({ shortAnswer: 'Christopher Nolan', answer: `${INCEPTION.text} [inception]` });
  });
});

describe('Function: answerStructured on a summary', () => {
  it('gives as short answer the summary of the passage most about the topic, the passage titled after the whole topic first', () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'Essin is the second city of Norvia. It lies on the Vell river. Essin is the oldest city of Norvia.');
    const port = doc('essin-port', 'Port of Essin', 'The port of Essin is the largest river port of Norvia. It handles about 9 million tonnes a year.');

    // Act
    const city = ask('Give me an overview of Essin', [port, essin]);
    const harbour = ask('Please give an overview of the port of Essin', [essin, port]);

    // Assess
    expect(city.shortAnswer).toBe('Essin is the second city of Norvia. It lies on the Vell river. Essin is the oldest city of Norvia');
    expect(harbour.shortAnswer).toBe('The port of Essin is the largest river port of Norvia. It handles about 9 million tonnes a year');
  });
});

describe('Function: answerStructured on a change', () => {
  it('answers how much something grew with the change its sentence says, a multiple or a share', () => {
    // Prepare
    const trips = doc('trips', 'Cycling in Essin', 'Since the Velib scheme opened in 2009 the number of trips by bike in Essin has doubled.');
    const census = doc('census', 'Brugh', 'Brugh had about 40,000 residents in 1990. Its population fell by 12 percent between 1990 and 2000.');

    // Act
    const grown = ask('How much has cycling in Essin grown since Velib opened?', [trips]);
    const fallen = ask('How much did the population of Brugh fall between 1990 and 2000?', [census]);

    // Assess
    expect(grown.shortAnswer).toBe('doubled');
    expect(fallen.shortAnswer).toBe('by 12 percent');
  });
});

describe('Function: answerStructured on a total', () => {
  it('adds up the figure asked of each name listed, each in the answer, and gives none when a name has no figure', () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'Essin is a city of Norvia. The city of Essin had a population of about 410,000 in 2020.');
    const brugh = doc('brugh', 'Brugh', 'Brugh is a port of Norvia. The commune of Brugh had a population of about 250,000 in 2020.');
    const orne = doc('orne', 'Orne', 'Orne is a town of Norvia. Orne had a population of about 40,000 in 2020.');

    // Act
    const two = ask('What is the combined population of Essin and Brugh?', [essin, brugh]);
    const three = ask('How many people live in Essin, Brugh and Orne together?', [essin, brugh, orne]);
    const missing = ask('What is the total population of Essin and Tarn?', [essin, brugh]);

    // Assess
    expect(two.shortAnswer).toBe('about 660,000');
    expect(two.answer).toContain('Essin: about 410,000 (2020); Brugh: about 250,000 (2020).');
    expect(three.shortAnswer).toBe('about 700,000');
    expect(missing.shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on a table total', () => {
  it("adds up the rows of a table the question names, in the table's unit, each row in the answer", () => {
    // Act
    const total = ask('What was the combined share of wind and solar in electricity generation?', [ENERGY]);

    // Assess
    expect(total.shortAnswer).toBe('15 percent');
    expect(total.answer).toBe('Electricity generation by source (table): wind, 10 percent; solar, 5 percent [energy-table]');
  });
});

describe('Function: answerStructured on first names', () => {
  it('gives the first names a sentence lists after those they are of, and the first word of a name written in full', () => {
    // Prepare
    const orne = doc('orne', 'Paul and Jean Orne', 'The Orne brothers, Paul and Jean, were Norvian inventors who patented the kinetoscope in 1891.');
    const vell = doc('vell', 'Ada Vell', 'Ada Vell is a Norvian painter born in Essin.');

    // Act
    const brothers = ask('What are the first names of the Orne brothers?', [orne, vell]);
    const painter = ask("What is Ada Vell's first name?", [vell]);

    // Assess
    expect(brothers.shortAnswer).toBe('Paul and Jean');
    expect(brothers.answer).toBe(`${orne.text} [orne]`);
    expect(painter.shortAnswer).toBe('Ada');
  });
});

describe('Function: answerStructured on a life read through another passage', () => {
  it("gives a span's second date for a death and its first for a birth, of a person the question only describes", () => {
    // Prepare
    const chemist = doc('holm', 'Mara Holm', 'Mara Holm (3 May 1921 – 9 October 1987) was a Norvian chemist.');
    const reaction = doc(
      'reaction',
      'Holm reaction',
      'The Holm reaction is a coupling reaction. It is named after the chemist Mara Holm, who described it in 1958.',
    );

    // Act
    const died = ask('When did the chemist after whom the Holm reaction is named die?', [reaction, chemist]);
    const born = ask('When was the chemist after whom the Holm reaction is named born?', [reaction, chemist]);

    // Assess
    expect(died.shortAnswer).toBe('9 October 1987');
    expect(born.shortAnswer).toBe('3 May 1921');
  });
});

describe('Function: answerStructured on a name the lexicon knows as the class asked', () => {
  it('takes the city a sentence says the relation of, over a city of another passage that says none of it', () => {
    // Prepare: Bordeaux has no passage of its own here; the lexicon knows it as a city.
    const chateau = doc(
      'chateau',
      'Château (wine)',
      'A château is a wine estate found around Bordeaux that makes red blends. Bordeaux is often called the capital of French wine.',
    );
    const nantes = doc('nantes', 'Nantes', 'Nantes is the sixth-largest city of France, with a population of about 320,000, near the French Atlantic coast.');

    // Act
    const answer = ask('Which city is the capital of French wine?', [chateau, nantes]);

    // Assess
    expect(answer.shortAnswer).toBe('Bordeaux');
  });
});

describe('Function: answerStructured on what a thing is made of', () => {
  it('gives what a sentence says it is made from, else the matter its own lead calls it by', () => {
    // Prepare
    const stew = doc('stew', 'Kalmora', 'Kalmora is a traditional Norvian fish stew that originated in the port of Essin.');
    const noodle = doc('noodle', 'Vesk noodles', 'Vesk noodles are a dish of Ostmark. They are made from buckwheat flour and served cold.');
    const port = doc('port', 'Port of Essin', 'The Port of Essin is the largest port of Norvia.');

    // Act
    const made = ask('What is kalmora made of?', [stew, port]);
    const main = ask('kalmora main ingredient', [stew, port]);
    const said = ask('What are Vesk noodles made from?', [noodle, stew]);
    const absent = ask('What is the main ingredient of paella?', [stew, noodle, port]);

    // Assess
    expect(made.shortAnswer).toBe('fish');
    expect(made.answer).toBe(`${stew.text} [stew]`);
    expect(main.shortAnswer).toBe('fish');
    expect(said.shortAnswer).toBe('buckwheat flour');
    expect(absent.shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on what someone did', () => {
  it('gives what a sentence about the subject says the verb was done to, or the passage subject of a passive', () => {
    // Prepare
    const brothers = doc('orne', 'Orne brothers', 'The Orne brothers were Norvian inventors who patented the kinetoscope in 1891 in Essin.');
    const line = doc('line', 'Vesk line', 'The Vesk line is a tram line. The Vesk line links the city to Essin–Ostmark Airport.');
    const engine = doc('engine', 'Orla engine', 'The Orla engine is a steam engine. It was designed by Mara Holm in 1910.');

    // Act
    const patented = ask('What did the Orne brothers patent?', [brothers, line]);
    const links = ask('What does the Vesk line link?', [brothers, line]);
    const designed = ask('What did Mara Holm design?', [engine, brothers]);
    const network = doc('network', 'Essin transit', "Essin's transit network, ETN, includes four metro lines, seven tram lines and two funiculars.");
    const museums = doc('museums', 'Museums of Essin', "Essin's museums include the Orla Museum, opened in 2014.");
    const includes = ask('What does ETN include?', [museums, network]);

    // Assess
    expect(patented.shortAnswer).toBe('the kinetoscope');
    expect(patented.answer).toBe(`${brothers.text} [orne]`);
    expect(links.shortAnswer).toBe('the city to Essin–Ostmark Airport');
    expect(designed.shortAnswer).toBe('Orla engine');
    // The list whole, from the sentence about ETN, not what Essin's museums include.
    expect(includes.shortAnswer).toBe('four metro lines, seven tram lines and two funiculars');
  });
});

describe('Function: answerStructured on a place named after a capitalised noun of place', () => {
  it('reads "at the Confluence district of Essin" as placing the answer in Essin', () => {
    // Prepare
    const river = doc('orla', 'Orla', 'The Orla is a river of Norvia. It is a right tributary of the Vesk, joining it at the Confluence district of Essin.');

    // Act
    const answer = ask('Where does the Orla join the Vesk?', [river]);

    // Assess
    expect(answer.shortAnswer).toBe('Essin');
  });
});

describe('Function: answerStructured on what one of two named rivers does', () => {
  it("does not read the other river's own passage, saying the verb before the one asked, as saying it of that one", () => {
    // Prepare
    const vesk = doc(
      'vesk',
      'Vesk',
      'The Vesk is a river that rises in the Tarn Glacier in the Kalm Alps, flows through Lake Tarn and meets the Orla at Essin.',
    );

    // Act
    const answer = ask('Where does the Orla flow into the Vesk?', [vesk]);

    // Assess: the Vesk flows through the Alps; where the Orla flows into it is not said so.
    expect(answer.shortAnswer).not.toBe('Kalm Alps');
  });
});

describe('Function: answerStructured on which of two places is older', () => {
  const essin = doc(
    'essin',
    'Essin',
    'Essin is a port town of Norvia. The town of Essin had a population of about 12,000 in 2020. It is the oldest town in Norvia, founded by Vell settlers around 600 BC.',
  );
  const norvia = doc('calder', 'Calder', 'Calder is a town of Norvia. The town of Calder had a population of about 30,000 in 2020.');
  const ferry = doc('ferry', 'Calder ferry', 'The Calder ferry reopened in 1999 and links the town to Essin.');

  it('weighs founding dates, not the year a population was counted, and a year before the era as earlier', () => {
    // Prepare
    const dated = doc('dated', 'Dara', 'Dara is a town of Norvia, founded around 120 BC. The town of Dara had a population of about 9,000 in 1990.');

    // Act
    const answer = ask('Which town is older, Dara or Essin?', [essin, dated]);

    // Assess
    expect(answer.shortAnswer).toBe('Essin');
  });

  it('does not date a town by a year another passage gives of something in it, and settles "older" by "the oldest"', () => {
    // Act
    const yes = ask('Is Essin older than Calder?', [essin, norvia, ferry]);
    const no = ask('Is Calder older than Essin?', [essin, norvia, ferry]);

    // Assess: no figure of Calder's age is given; Essin is "the oldest town in Norvia".
    expect([yes.shortAnswer, no.shortAnswer]).toEqual(['yes', 'no']);
    expect(yes.answer).toContain('oldest town in Norvia');
  });

  it('settles nothing when no passage speaks of one side', () => {
    // Act
    const answer = ask('Is Essin older than Vordhaven?', [essin, norvia]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on the one of a class with the most of something', () => {
  it('answers "Which city has the most people?" with the city a passage ranks largest, not one ranked first on another superlative', () => {
    // Prepare: Brask is "the oldest city" (first on another superlative); Essin is the largest.
    const essin = doc('essin', 'Essin', 'Essin is the capital and largest city of Norvia, with a population of about 900,000 in 2020.');
    const brask = doc('brask', 'Brask', 'Brask is the second-largest city of Norvia by population, after Essin. It is the oldest city in Norvia.');
    const vell = doc('vell', 'Vell', 'Vell is the third-largest city of Norvia, with a population of about 200,000 in 2020.');

    // Act
    const people = ask('Which city has the most people?', [brask, vell, essin]);
    const inhabitants = ask('Which Norvian city has the most inhabitants?', [brask, vell, essin]);

    // Assess
    expect(people.shortAnswer).toBe('Essin');
    expect(inhabitants.shortAnswer).toBe('Essin');
    expect(people.answer).toContain('largest city of Norvia');
  });
});

describe('Function: answerStructured on what a passage calls the first of its kind', () => {
  it('answers "What was the first motion picture?" with the film named after "Their film", not what was "first shown"', () => {
    // Prepare
    const camera = doc(
      'kinetar',
      'Kinetar',
      'The kinetar is a motion picture camera. It was patented by the Vell brothers in 1890 and first shown in Essin in 1891.',
    );
    const brothers = doc(
      'vell-brothers',
      'Vell brothers',
      'The Vell brothers were Norvian inventors. Their film Dockers at Essin Quay was shot in Essin and is often called the first motion picture.',
    );

    // Act
    const answer = ask('What was the first motion picture?', [camera, brothers]);

    // Assess
    expect(answer.shortAnswer).toBe('Dockers at Essin Quay');
  });
});

describe('Function: answerStructured on a figure of a part of what is asked', () => {
  it("keeps the qualifier of the figure's noun the question does not say, with the year of its clause", () => {
    // Prepare
    const gale = doc(
      'gale',
      'Wind power in Norvia',
      'Wind power is the third source of electricity in Norvia, with about 22 gigawatts of onshore capacity in 2023 and the first offshore wind farm at Essin.',
    );

    // Act
    const answer = ask('What is the wind capacity of Norvia?', [gale]);

    // Assess
    expect(answer.shortAnswer).toBe('about 22 gigawatts of onshore capacity (2023)');
  });

  it('reads "How much of X\'s electricity is from hydro?" from the table row a clipped word begins', () => {
    // Prepare
    const table = doc('table', 'Electricity of Norvia by source, 2023 (table)', 'source,share_percent\nnuclear,60\nhydroelectricity,25\ngas,15');
    const atom = doc('atom', 'Nuclear power in Norvia', 'Nuclear power produces about 60 percent of the electricity of Norvia.');

    // Act
    const answer = ask("How much of Norvia's electricity is from hydro?", [atom, table]);

    // Assess
    expect(answer.shortAnswer).toBe('25 percent');
  });
});

describe('Function: answerStructured on what does something', () => {
  it('answers "What links Essin to its airport?" with what opens the clause of the verb, and a verb its clause does not open with the sentence\'s subject', () => {
    // Prepare
    const transport = doc(
      'transport',
      'Public transport in Essin',
      'The tram network of Essin reopened in 2001 and the Vellexpress tram links the city to Essin–Brask Airport.',
    );
    const river = doc(
      'orla',
      'Orla',
      'The Orla is a major river of Norvia that rises in the Kalm Glacier, flows through Lake Tarn and meets the Vesk at Essin.',
    );
    const inn = doc(
      'stube',
      'Stube',
      'A stube is a type of restaurant found in Essin that serves traditional Norvian cuisine such as sausages and roast pork.',
    );

    // Act
    const links = ask('What links Essin to its airport?', [transport]);
    const flows = ask('What flows through Lake Tarn?', [river]);
    const serves = ask('What serves traditional Norvian cuisine?', [inn]);

    // Assess
    expect(links.shortAnswer).toBe('Vellexpress tram');
    expect(flows.shortAnswer).toBe('Orla');
    expect(serves.shortAnswer).toBe('stube');
  });

  it('reads a verb after "and" in a sentence opened by a pronoun as said of the passage\'s subject', () => {
    // Prepare
    const aske = doc(
      'aske',
      'Aske (river)',
      'The Aske is the longest river of Teravia. It rises in the Moel Hills and flows through Brennick before reaching the sea.',
    );

    // Act
    const answer = ask('What flows through Brennick?', [aske]);

    // Assess
    expect(answer.shortAnswer).toBe('Aske');
  });

  it('reads "What rivers meet at Essin?" as asking for rivers, not for what "rivers" something', () => {
    // Prepare
    const essin = doc('essin', 'Essin', 'Essin lies at the confluence of the Orla and the Vesk rivers.');

    // Act
    const answer = ask('What rivers meet at Essin?', [essin]);

    // Assess
    expect(answer.shortAnswer).toBe('Orla, Vesk');
  });
});

describe('Function: answerStructured on the largest of a class a passage names after "is"', () => {
  it('answers "Which city has the most people?" with the city "Its capital and largest city is" names, not the nation the passage is about', () => {
    // Prepare
    const nation = doc(
      'teravia',
      'Teravia',
      'Teravia is an island nation with a population of about 1.4 million. Its capital and largest city is Port Hollin.',
    );
    const second = doc('brennick', 'Brennick', 'Brennick is the second-largest city of Teravia, with a population of about 150,000.');

    // Act
    const answer = ask('Which city has the most people?', [nation, second]);

    // Assess
    expect(answer.shortAnswer).toBe('Port Hollin');
  });
});

describe('Function: answerStructured on a nation the lexicon does not know', () => {
  it('does not answer "Who founded X?" with the adjective of a made-up nation ("a Teravian car maker")', () => {
    // Prepare
    const maker = doc('kestrel', 'Kestrel Motors', 'Kestrel Motors is a Teravian car maker founded in 1952 by Ida Morrow.');
    const chemist = doc(
      'ness',
      'Halvard Ness',
      'Halvard Ness (3 March 1861 – 9 October 1930) was a Teravian chemist who discovered the element nessium in 1898.',
    );

    // Act
    const founder = ask('Who founded Kestrel Motors?', [maker]);
    const discoverer = ask('Who discovered nessium?', [chemist]);

    // Assess
    expect(founder.shortAnswer).toBe('Ida Morrow');
    expect(discoverer.shortAnswer).toBe('Halvard Ness');
  });
});

describe('Function: answerStructured on what a thing is used for', () => {
  it('answers "What is nessium used for?" with what a sentence about it says it is used in', () => {
    // Prepare
    const metal = doc('nessium', 'Nessium', 'Nessium is a rare metal first isolated by Halvard Ness in 1898. It is used in jet engine alloys.');

    // Act
    const answer = ask('What is nessium used for?', [metal]);

    // Assess
    expect(answer.shortAnswer).toBe('jet engine alloys');
  });
});

describe('Function: answerStructured on an age at death', () => {
  it('counts the years of a life its passage dates, exactly with both days and as one of two with years alone', () => {
    // Prepare
    const chemist = doc('ness', 'Halvard Ness', 'Halvard Ness (3 March 1861 – 9 October 1930) was a Teravian chemist.');
    const producer = doc('neil', 'Neil Abernethy', 'Neil Abernethy (1958 – 2019) was a Scottish record producer. He was born in Paisley.');
    const singer = doc('moira', 'Moira Kell', 'Moira Kell (born 22 August 1983) is a Scottish singer.');

    // Act
    const exact = ask('How old was Halvard Ness when he died?', [chemist]);
    const years = ask('At what age did Neil Abernethy die?', [producer]);
    const living = ask('How old was Moira Kell when she died?', [singer]);

    // Assess
    expect(exact.shortAnswer).toBe('69');
    expect(years.shortAnswer).toBe('60 or 61');
    expect(living.shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on what a thing is known for', () => {
  it('answers "What is X known for?" with what a sentence about X says it is known for, or the role it is known as', () => {
    // Prepare
    const town = doc(
      'arbroath',
      'Arbroath',
      'Arbroath is a town on the North Sea coast of Angus, Scotland. It is known for the Arbroath smokie, a type of smoked haddock.',
    );
    const singer = doc('moira', 'Moira Kell', 'Moira Kell (born 1983) is a Scottish singer, best known as the lead vocalist of The Glass Orchard.');
    const city = doc('velm', 'Velm', 'Velm is the largest city of Norvia, known as the Grey Harbour. It lies on the Aske river.');

    // Act
    const smokie = ask('What is Arbroath known for?', [town]);
    const role = ask('What is Moira Kell best known for?', [singer]);
    const nickname = ask('What is Velm known for?', [city]);

    // Assess
    expect(smokie.shortAnswer).toBe('Arbroath smokie');
    expect(smokie.answer).toContain('[arbroath]');
    expect(role.shortAnswer).toBe('lead vocalist of The Glass Orchard');
    expect(nickname.shortAnswer).not.toBe('Grey Harbour');
  });
});

describe('Function: answerStructured on an agent after a date', () => {
  it('names the agent of the asked verb when a date stands between them', () => {
    // Prepare
    const studio = doc(
      'castlegate',
      'Castlegate Studios',
      'Castlegate Studios is a recording studio in the Merchant City area of Glasgow, opened in 1991 by Neil Abernethy.',
    );

    // Act
    const answer = ask('Who opened Castlegate Studios?', [studio]);

    // Assess
    expect(answer.shortAnswer).toBe('Neil Abernethy');
  });
});

describe('Function: answerStructured on what someone did, and where they are from', () => {
  it('ends what a verb is done to at "under", "near" or "through" as at "in"', () => {
    // Prepare
    const ship = doc(
      'marl',
      'HMS Marl',
      'HMS Marl was a three-masted survey ship of the Norvian navy, launched in 1838. From 1841 to 1846 she surveyed the coasts of Varnia under Captain Edmund Orn.',
    );

    // Act
    const answer = ask('What did HMS Marl survey?', [ship]);

    // Assess
    expect(answer.shortAnswer).toBe('the coasts of Varnia');
  });

  it('reads a bare noun as what a verb is done to, not an adverb', () => {
    // Prepare
    const singer = doc(
      'moira',
      'Moira Kell',
      'Moira Kell (born 1983) is a Scottish singer. She was born in Arbroath and studied music at the University of Aberdeen.',
    );
    const writer = doc('ana', 'Ana Vell', 'Ana Vell (1901 – 1970) was a Norvian writer. She wrote extensively about birds, and wrote three novels.');

    // Act
    const studied = ask('What did Moira Kell study?', [singer]);
    const where = ask('What did Moira Kell study in Aberdeen?', [singer]);
    const unsaid = ask('What did Moira Kell study in 2001?', [singer]);
    const wrote = ask('What did Ana Vell write?', [writer]);

    // Assess
    expect(studied.shortAnswer).toBe('music');
    // Where it was done, after the verb, is no verb ("Aberdeen").
    expect(where.shortAnswer).toBe('music');
    // A year the sentence does not give is not where it was done.
    expect(unsaid.shortAnswer).not.toBe('music');
    expect(wrote.shortAnswer).not.toBe('extensively');
  });

  it('names the title a quoted appositive gives beside the class asked, over a name holding the class word', () => {
    // Prepare
    const musician = doc(
      'callum',
      'Callum Dray',
      'Callum Dray (born 1981) is a Scottish musician. His first solo album, "Tidewater", was released in 2013 and won the Scottish Album of the Year Award.',
    );

    // Act
    const answer = ask("What was Callum Dray's first solo album?", [musician]);

    // Assess
    expect(answer.shortAnswer).toBe('Tidewater');
  });

  it('reads "Where does X come from?" as where X is from, a person\'s birthplace when their passage gives it', () => {
    // Prepare
    const duo = doc('frayne', 'Frayne', 'Frayne is a folk duo from Shetland, formed in 2009 by the sisters Ann and Kirsty Frayne.');
    const producer = doc('neil', 'Neil Abernethy', 'Neil Abernethy (1958 – 2019) was a Scottish record producer. He was born in Paisley and died in Glasgow.');
    const studio = doc(
      'castlegate',
      'Castlegate Studios',
      'Castlegate Studios is a recording studio in the Merchant City area of Glasgow, opened in 1991 by Neil Abernethy.',
    );

    // Act
    const band = ask('Where does Frayne come from?', [duo]);
    const person = ask('Where did Neil Abernethy come from?', [producer, studio]);

    // Assess
    expect(band.shortAnswer).toBe('Shetland');
    expect(person.shortAnswer).toBe('Paisley');
  });
});

describe('Function: answerStructured on why', () => {
  it('answers "Why ...?" with the purpose or cause a sentence about its names gives, and nothing when none does', () => {
    // Prepare
    const band = doc(
      'orchard',
      'The Glass Orchard',
      'The Glass Orchard are a Scottish indie rock band formed in Dundee in 2004. Former guitarist Callum Dray left the band in 2011 to pursue a solo career.',
    );
    const museum = doc('museum', 'Essin Museum', 'The Essin Museum is devoted to the history of the river port. It closed in 1990 and reopened in 2004.');

    // Act
    const purpose = ask('Why did Callum Dray leave The Glass Orchard?', [band]);
    const unsaid = ask('Why did the Essin Museum close?', [museum]);

    // Assess
    expect(purpose.shortAnswer).toBe('to pursue a solo career');
    expect(checkEvidence('Why did Callum Dray leave The Glass Orchard?', [band], purpose, wordNet()).covered).toBe(true);
    expect(checkEvidence('Why did the Essin Museum close?', [museum], unsaid, wordNet()).covered).toBe(false);
  });

  it('reads a purpose said with a name after its verb ("to found Brightfell"), and no place gone to ("moved to Paris")', () => {
    // Prepare
    const coder = doc(
      'orn',
      'Anders Orn',
      'Anders Orn (1971 – 2020) was a Norvian programmer. Orn left Brask Systems in 2010 to found Pixel, a company making software for schools.',
    );
    const painter = doc('vell', 'Mara Vell', 'Mara Vell was a Norvian painter. She left Essin in 1920 and moved to Paris.');

    // Act
    const founded = ask('Why did Anders Orn leave Brask Systems?', [coder]);
    const moved = ask('Why did Mara Vell leave Essin?', [painter]);

    // Assess
    expect(founded.shortAnswer).toBe('to found Pixel, a company making software for schools');
    expect(checkEvidence('Why did Mara Vell leave Essin?', [painter], moved, wordNet()).covered).toBe(false);
  });
});

describe('Function: answerStructured on counts and roles of players', () => {
  it('counts the noun before the auxiliary, not a name after it that ends in s', () => {
    // Prepare
    const manager = doc(
      'brell',
      'Jonas Brell',
      'Jonas Brell (born 1975) is an Ostmarker football manager. As a player he was a defender and earned 54 caps for the Ostmark national team.',
    );

    // Act
    const reading = readQuestion('How many caps did Jonas Brell earn?');
    const answer = ask('How many caps did Jonas Brell earn?', [manager]);

    // Assess
    expect(reading.answerClass).toBe('caps');
    expect(answer.shortAnswer).toBe('54 caps');
  });

  it('answers "What position does X play?" with the role X\'s own passage says X plays as', () => {
    // Prepare
    const striker = doc('hale', 'Tomas Hale', 'Tomas Hale (born 1998) is an Ostmarker professional footballer who plays as a striker for FC Varn.');
    const manager = doc('brell', 'Jonas Brell', 'Jonas Brell (born 1975) is an Ostmarker football manager who has managed FC Varn since 2016.');

    // Act
    const hale = ask('What position does Tomas Hale play?', [striker, manager]);
    const brell = ask('What position did Jonas Brell play?', [striker, manager]);

    // Assess
    expect(hale.shortAnswer).toBe('striker');
    expect(brell.shortAnswer).not.toBe('striker');
  });
});

describe('Function: answerStructured on a thing a clause with "is" describes', () => {
  it('finds "the city where FC Varn is based" as "Where is FC Varn based?", then its figure', () => {
    // Prepare
    const club = doc(
      'varn-fc',
      'FC Varn',
      'FC Varn is a professional football club based in Varn, Ostmark, that competes in the Ostmark Premier League. Founded in 1908, the club has won the league title eleven times.',
    );
    const city = doc('varn', 'Varn', 'Varn is the capital of Ostmark, with a population of about 690,000.');

    // Act
    const answer = ask('What is the population of the city where FC Varn is based?', [club, city]);

    // Assess
    expect(answer.shortAnswer).toBe('about 690,000');
  });
});

describe('Function: answerStructured on how long, and on a fee', () => {
  it('answers "How long has X <verb>ed Y?" with when it began or the years it ran, after the verb', () => {
    // Prepare
    const manager = doc(
      'brell',
      'Jonas Brell',
      'Jonas Brell (born 1975) is an Ostmarker football manager who has managed FC Varn since 2016. He previously coached Essin United from 2011 to 2015.',
    );

    // Act
    const managed = ask('How long has Jonas Brell managed FC Varn?', [manager]);
    const coached = ask('How long did Jonas Brell coach Essin United?', [manager]);

    // Assess
    expect(managed.shortAnswer).toBe('since 2016');
    expect(coached.shortAnswer).toBe('from 2011 to 2015');
  });

  it('reads "the fee for X" as a figure asked', () => {
    // Prepare
    const striker = doc('hale', 'Tomas Hale', 'Tomas Hale (born 1998) is a striker. He joined FC Varn from Essin United in 2020 for a fee of €6 million.');

    // Act
    const reading = readQuestion('What was the fee for Tomas Hale?');
    const answer = ask('What was the fee for Tomas Hale?', [striker]);

    // Assess
    expect(reading).toMatchObject({ type: 'number', answerClass: 'fee' });
    expect(answer.shortAnswer).toContain('€6 million');
  });
});

describe('Function: answerStructured on a change asked the other way', () => {
  it('answers no when the question asks a fall and the passage says a rise, and yes when both say a rise', () => {
    // Prepare
    const cycling = doc(
      'cycling',
      'Cycling in Essin',
      'Since the Velib bicycle sharing system opened in 2009 in Essin, the number of trips by bike has doubled.',
    );

    // Act
    const down = ask('Have bike trips in Essin gone down since Velib opened?', [cycling]);
    const up = ask('Has cycling in Essin increased since Velib opened?', [cycling]);

    // Assess
    expect(down.shortAnswer).toBe('no');
    expect(up.shortAnswer).toBe('yes');
  });
});

describe('Function: answerStructured on why, read one way by the answerer and the evidence check', () => {
  it('takes a capitalised "Because" as a cause, and no name after "to" as a purpose', () => {
    // Prepare
    const museum = doc('museum', 'Essin Museum', 'The Essin Museum is a museum of the river port. Because of a flood, it closed in 1990.');
    const painter = doc('vell', 'Ana Vell', 'Ana Vell (1901 – 1970) was a Norvian painter. She moved to Essin the following year.');

    // Act
    const cause = ask('Why did the Essin Museum close?', [museum]);
    const moved = ask('Why did Ana Vell move to Essin?', [painter]);

    // Assess
    expect(cause.shortAnswer).toBe('Because of a flood, it closed in 1990');
    expect(checkEvidence('Why did the Essin Museum close?', [museum], cause, wordNet()).covered).toBe(true);
    expect(checkEvidence('Why did Ana Vell move to Essin?', [painter], moved, wordNet()).covered).toBe(false);
  });
});

describe('Function: answerStructured on the place that holds a place', () => {
  it('answers "In which county/state/country is X?" with the part of X\'s place the lexicon knows as one', () => {
    // Prepare
    const town = doc('ashford', 'Ashford Hollow', 'Ashford Hollow is a town in Tolland County, Connecticut, United States. It was settled in 1730.');
    const village = doc('pennick', 'Pennick', 'Pennick is a fishing village in Cornwall, England. Its harbour dates from 1790.');
    const market = doc('feldau', 'Feldau', 'Feldau is a market town in the district of Traunstein in Bavaria, Germany.');
    const asked = (q: string, d: ReturnType<typeof doc>) => {
      const a = ask(q, [d]);
      return [a.shortAnswer, checkEvidence(q, [d], a, wordNet()).covered];
    };

    // Act and assess
    expect(asked('In which county is Ashford Hollow?', town)).toEqual(['Tolland County', true]);
    expect(asked('In what state is Ashford Hollow located?', town)).toEqual(['Connecticut', true]);
    expect(asked('Ashford Hollow is in which country?', town)).toEqual(['United States', true]);
    expect(asked('In which county is Pennick?', village)).toEqual(['Cornwall', true]);
    expect(asked('What country is Pennick in?', village)).toEqual(['England', true]);
    // A country is no state asked; a district is the one the sentence calls so.
    expect(asked('In which state is Pennick?', village)[0]).toBeNull();
    expect(asked('In which district is Feldau?', market)).toEqual(['Traunstein', true]);
    expect(asked('Which country is Feldau in?', market)).toEqual(['Germany', true]);
  });
});

describe('Function: answerStructured on the place of the class asked that holds the answer found', () => {
  it('answers "In what country/county ...?" with the place a hall or a firm is in, one place further at most', () => {
    // Prepare
    const singer = doc('orsa', 'Lina Orsa', 'Lina Orsa (born 1960) is a Danish soprano. In 2004 she sang the opening gala at the Kelmar Hall in Graz.');
    const hall = doc('kelmar', 'Kelmar Hall', 'The Kelmar Hall is a concert hall in the old town of Graz, Austria. It opened in 1885.');
    const fund = doc(
      'brisk',
      'Brisk Partners',
      'Brisk Partners is an American hedge fund founded in 2001 by Ada Brisk. It is headquartered in Norwalk, Connecticut.',
    );
    const city = doc('norwalk', 'Norwalk, Connecticut', 'Norwalk is a city in Fairfield County, Connecticut, United States. It lies on Long Island Sound.');
    const covered = (q: string, docs: ReturnType<typeof doc>[]) => {
      const a = ask(q, docs);
      return [a.shortAnswer, checkEvidence(q, docs, a, wordNet()).covered];
    };

    // Act and assess
    expect(covered('In what country did Lina Orsa sing the opening gala?', [singer, hall])).toEqual(['Austria', true]);
    expect(covered('In which county did Ada Brisk found her hedge fund?', [fund, city])).toEqual(['Fairfield County', true]);
    expect(covered('In which state did Ada Brisk found her hedge fund?', [fund, city])).toEqual(['Connecticut', true]);
    // A place found with the places after its commas is given as the part of the class asked.
    expect(covered('In which county is the city Brisk Partners is headquartered in?', [fund, city])).toEqual(['Fairfield County', true]);
    // With no passage of the hall's own, nothing places it in a country: the answer is not made a country.
    expect(ask('In what country did Lina Orsa sing the opening gala?', [singer]).shortAnswer).not.toBe('Austria');
  });
});

describe('Function: answerStructured on the kind of a class a person is named after', () => {
  it('answers "What instrument does X play?" with what a pianist or a drummer plays, and a kind of two words', () => {
    // Prepare
    const lead = doc('aune', 'Sigrid Aune', 'Sigrid Aune (born 1968) is a Norwegian jazz pianist and composer. She leads the Aune Quartet, formed in Bergen.');
    const quartet = doc('quartet', 'Aune Quartet', 'The Aune Quartet is a jazz group. Its drummer, Olav Brekke, also plays in the band Kystlys.');
    const drummer = doc('brekke', 'Olav Brekke', 'Olav Brekke (born 1977) is a Norwegian drummer from Stavanger. He also plays in the band Kystlys.');
    const bassist = doc('lid', 'Arne Lid', 'Arne Lid (born 1971) is a Norwegian double bass player.');
    const pro = doc('moe', 'Kari Moe', 'Kari Moe (born 1990) is a Norwegian professional tennis player.');
    const covered = (q: string, docs: ReturnType<typeof doc>[]) => {
      const a = ask(q, docs);
      return [a.shortAnswer, checkEvidence(q, docs, a, wordNet()).covered];
    };

    // Act and assess
    expect(covered('What instrument does Sigrid Aune play?', [lead, quartet])).toEqual(['piano', true]);
    expect(covered('What instrument does Olav Brekke play?', [drummer])).toEqual(['drum', true]);
    expect(covered('What instrument does Arne Lid play?', [bassist])).toEqual(['double bass', true]);
    expect(covered('What sport does Kari Moe play?', [pro])).toEqual(['tennis', true]);
    // A cello is six levels of kinds below an artifact; a cellist trained on it.
    const cellist = doc('vinter', 'Ola Vinter', 'Ola Vinter (born 1975) was born in Hamar and trained as a cellist at the Bergen Academy.');
    expect(covered('What instrument did Ola Vinter train on?', [cellist])).toEqual(['cello', true]);
  });
});

describe('Function: answerStructured on two things over the same river', () => {
  it('reads a name holding the class noun as a place of the class, and settles nothing when a side names none', () => {
    // Prepare
    const upper = doc('upper', 'Kell Bridge', 'The Kell Bridge is a stone bridge across the River Tamm at Orby. It opened in 1840.');
    const lower = doc('lower', 'Orby Viaduct', 'The Orby Viaduct is a railway viaduct over the River Tamm, completed in 1871.');
    const other = doc('other', 'Sand Bridge', 'The Sand Bridge is an iron bridge over the River Lune, built in 1902.');
    const bare = doc('bare', 'Mill Bridge', 'The Mill Bridge is a packhorse bridge built in 1650.');
    const said = (q: string, docs: ReturnType<typeof doc>[]) => ask(q, docs).shortAnswer;

    // Act and assess
    expect(said('Are the Kell Bridge and the Orby Viaduct over the same river?', [upper, lower])).toBe('yes');
    expect(said('Are the Kell Bridge and the Sand Bridge over the same river?', [upper, other])).toBe('no');
    expect(said('Are the Kell Bridge and the Mill Bridge over the same river?', [upper, bare])).not.toBe('no');
  });
});

describe('Function: answerStructured on a thing described by a clause with no relative word', () => {
  it("finds the river a bridge crosses, then asks its length of the river's own passage, titled with its region", () => {
    // Prepare
    const bridge = doc('kell', 'Kell Bridge', 'The Kell Bridge is a stone bridge across the River Tamm at Orby, England. It opened in 1840.');
    const river = doc('tamm', 'River Tamm, Cumbria', 'The River Tamm is a river in Cumbria, England. It is 61 kilometres long and flows into the Irish Sea.');
    const docs = [bridge, river];

    // Act
    const active = ask('How long is the river the Kell Bridge crosses?', docs);
    const passive = ask('How long is the river crossed by the Kell Bridge?', docs);

    // Assess
    expect(active.shortAnswer).toBe('61 kilometres');
    expect(passive.shortAnswer).toBe('61 kilometres');
    expect(checkEvidence('How long is the river the Kell Bridge crosses?', docs, active, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on a former name', () => {
  it('answers "What was X originally called?" with the name its own passage says it was founded as', () => {
    // Prepare
    const firm = doc('wren', 'Wren plc', 'Wren plc is a British engineering company based in Derby. It was founded in 1948 as Wren Marine Instruments.');
    const named = doc('orby', 'Orby Hall', 'Orby Hall is a country house in Norvia, originally called Orby Grange.');

    // Act and assess
    expect(ask('What was Wren plc originally called?', [firm]).shortAnswer).toBe('Wren Marine Instruments');
    expect(ask('Under what name was Wren plc founded?', [firm]).shortAnswer).toBe('Wren Marine Instruments');
    expect(ask("What was Orby Hall's original name?", [named]).shortAnswer).toBe('Orby Grange');
    // A first name is a given name, no former one.
    expect(ask('What is the first name of Wren plc?', [firm]).shortAnswer).not.toBe('Wren Marine Instruments');
  });
});

describe('Function: answerStructured on a band named in a list beside another', () => {
  it('answers where a band was formed from its own passage, not from another band a list names beside it', () => {
    // Prepare
    const producer = doc(
      'vane',
      'Oli Vane',
      'Oli Vane (born 1970) is an English record producer. He has produced albums for The Sedge, Ironhouse and Pale Fern.',
    );
    const sedge = doc('sedge', 'The Sedge', 'The Sedge are a Scottish indie rock band formed in Perth in 2004.');
    const iron = doc('iron', 'Ironhouse (band)', 'Ironhouse are an English rock band from Leeds, formed in 1998.');
    const album = doc(
      'water',
      'Low Water (album)',
      'Low Water is the second studio album by the Scottish indie rock band The Sedge. It was produced by Oli Vane.',
    );

    // Act and assess
    expect(ask('In which city was The Sedge formed?', [producer, sedge, iron]).shortAnswer).toBe('Perth');
    expect(ask('In which city was the band that recorded Low Water formed?', [album, producer, sedge, iron]).shortAnswer).toBe('Perth');
  });
});

describe('Function: answerStructured on a place on a chart', () => {
  it('answers "What chart position did X reach?" with the place its own passage gives, and refuses one never charted', () => {
    // Prepare
    const water = doc('water', 'Low Water (album)', 'Low Water is the second album by The Sedge. The album reached number 9 on the UK Albums Chart.');
    const debut = doc('reeds', 'Reed Beds', 'Reed Beds is the debut album by The Sedge, released in 2005.');
    const docs = [water, debut];
    const covered = (q: string) => {
      const a = ask(q, docs);
      return [a.shortAnswer, checkEvidence(q, docs, a, wordNet()).covered];
    };

    // Act and assess
    expect(covered('What chart position did Low Water reach?')).toEqual(['number 9', true]);
    expect(covered('What number did Low Water peak at on the UK Albums Chart?')).toEqual(['number 9', true]);
    expect(covered('What chart position did Reed Beds reach?')[1]).toBe(false);
  });
});

describe('Function: answerStructured on who made a work, beside other works', () => {
  it('answers no "who" with a film\'s title, and reads "Its score" in the film\'s own passage as the film\'s', () => {
    // Prepare
    const harbour = doc('harbour', 'Grey Harbour', 'Grey Harbour is a 1964 drama film directed by Ivo Sand. Its score was written by Lena Varga.');
    const varga = doc(
      'varga',
      'Lena Varga',
      'Lena Varga (born 1930) is a Hungarian composer of film music. She wrote the scores for many films, including Grey Harbour and Cold Lantern.',
    );
    const lantern = doc('lantern', 'Cold Lantern', 'Cold Lantern is a 1969 thriller film directed by Ivo Sand.');
    const holt = doc(
      'holt',
      'Mara Holt',
      'Mara Holt (1910 – 1980) was an English novelist. She wrote nine novels, the best known of which is Grey Harbour (1958).',
    );

    // Act
    const composer = ask('Who composed the music for Grey Harbour?', [harbour, varga, lantern, holt]);
    const asPassages = ask('Who composed the music for Grey Harbour?', [harbour, varga, holt, lantern]);

    // Assess
    expect(composer.shortAnswer).toBe('Lena Varga');
    expect(asPassages.shortAnswer).toBe('Lena Varga');
  });
});

describe('Function: answerStructured on a character played', () => {
  it('answers the one an actor played in the work asked, named or described, and never the work', () => {
    // Prepare
    const actor = doc(
      'rask',
      'Ebbe Rask',
      'Ebbe Rask (1931 – 2001) was a Danish actor. He played the ferryman Jon Vidde in Cold Water. He later played a judge on stage.',
    );
    const film = doc('cold', 'Cold Water', 'Cold Water is a 1966 drama film directed by Ivo Sand. It stars Ebbe Rask and Lisa Orm as a lighthouse keeper.');
    const other = doc('salt', 'Salt Roads', 'Salt Roads is a 1970 film starring Lisa Orm as Greta Lund.');

    // Act
    const character = ask('What character did Ebbe Rask play in Cold Water?', [film, actor, other]);
    const whom = ask('Who did Ebbe Rask play in Cold Water?', [film, actor, other]);
    const role = ask('What role did Lisa Orm play in Cold Water?', [film, actor, other]);
    const named = ask('Which character did Lisa Orm play in Salt Roads?', [film, actor, other]);

    // Assess
    expect(character.shortAnswer).toBe('Jon Vidde');
    expect(whom.shortAnswer).toBe('Jon Vidde');
    expect(role.shortAnswer).toBe('a lighthouse keeper');
    expect(named.shortAnswer).toBe('Greta Lund');
  });
});

describe('Function: answerStructured on how long a work runs', () => {
  it('answers "How long is X?" with its running time, not a count of works that names it', () => {
    // Prepare
    const film = doc('ferry', 'Low Bridge', 'Low Bridge is a 1983 thriller film directed by Ivo Sand. The film runs 97 minutes.');
    const director = doc('sand', 'Ivo Sand', 'Ivo Sand (1940 – 2010) was a Latvian film director. He directed twelve feature films, including Low Bridge.');

    // Act
    const length = ask('How long is Low Bridge?', [director, film]);

    // Assess
    expect(length.shortAnswer).toBe('97 minutes');
  });
});

describe('Function: answerStructured on where someone studied', () => {
  it('reads a school named after a common noun for one ("the film school VGIK") as well as one headed by it', () => {
    // Prepare
    const director = doc('kivi', 'Jaan Kivi', 'Jaan Kivi (1936 – 1999) was an Estonian film director. He studied at the Leningrad film school LGITMiK.');
    const actress = doc('orm', 'Lisa Orm', 'Lisa Orm (born 1948) is an Estonian actress. She studied at the Tallinn Drama School.');

    // Act
    const named = ask('Where did Jaan Kivi study?', [director, actress]);
    const headed = ask('Where did Lisa Orm study?', [director, actress]);

    // Assess
    expect(named.shortAnswer).toBe('LGITMiK');
    expect(headed.shortAnswer).toBe('Tallinn Drama School');
  });
});

describe('Function: answerStructured on who did what to someone', () => {
  it('answers "Who played the ferryman ...?" with the actor, not the character played', () => {
    // Prepare
    const actor = doc('rask', 'Ebbe Rask', 'Ebbe Rask (1931 – 2001) was a Danish actor. He played the ferryman Jon Vidde in Cold Water.');
    const film = doc('cold', 'Cold Water', 'Cold Water is a 1966 drama film directed by Ivo Sand.');

    // Act
    const who = ask('Who played the ferryman in Cold Water?', [film, actor]);

    // Assess
    expect(who.shortAnswer).toBe('Ebbe Rask');
  });
});

describe('Function: answerStructured on the same year', () => {
  it('answers "founded in the same year?" by the years each side\'s founding sentence gives', () => {
    // Prepare
    const rovers = doc('rovers', 'Elmbury Rovers', 'Elmbury Rovers is a football club. The club was founded in 1887 and plays at Kiln Road.');
    const united = doc('united', 'Daleford United', 'Daleford United is a football club. Founded in 1887, the club plays at Bank Street.');
    const city = doc('city', 'Daleford City', 'Daleford City is a football club. It was founded in 1902 and plays at the Meadow.');

    // Act
    const same = ask('Were Elmbury Rovers and Daleford United founded in the same year?', [rovers, united, city]);
    const other = ask('Were Elmbury Rovers and Daleford City founded in the same year?', [rovers, united, city]);

    // Assess
    expect(same.shortAnswer).toBe('yes');
    expect(other.shortAnswer).toBe('no');
  });
});

describe('Function: answerStructured on which of a class does what is asked', () => {
  it('answers "Which river flows through X?" with the river the pronoun stands for, not one it joins', () => {
    // Prepare
    const river = doc(
      'brent',
      'River Brent, Cumbria',
      'The River Brent is a river in Cumbria, England. It rises on Coldfell and flows through Elmbury before joining the River Eden near Penrith.',
    );
    const town = doc('elmbury', 'Elmbury', 'Elmbury is a market town in Cumbria, England. It has a population of 9,000.');

    // Act
    const which = ask('Which river flows through Elmbury?', [river, town]);

    // Assess
    expect(which.shortAnswer).toBe('River Brent');
  });
});

describe('Function: answerStructured on an age at death stated', () => {
  it('takes the age the passage states at the death when the years alone leave two', () => {
    // Prepare
    const stated = doc('rask', 'Ebbe Rask', 'Ebbe Rask (1931 – 2001) was a Danish actor. He died in Odense at the age of 69.');
    const unstated = doc('orm', 'Lisa Orm', 'Lisa Orm (1920 – 1990) was a Danish actress. She died in Aarhus.');

    // Act
    const rask = ask('How old was Ebbe Rask when he died?', [stated, unstated]);
    const orm = ask('How old was Lisa Orm when she died?', [stated, unstated]);

    // Assess
    expect(rask.shortAnswer).toBe('69');
    expect(orm.shortAnswer).toBe('69 or 70');
  });
});

describe('Function: answerStructured on where a founding was', () => {
  it("answers the county a firm was established in with the county its offices' town lies in", () => {
    // Prepare
    const firm = doc(
      'corran',
      'Marrow Partners',
      'Marrow Partners was a private equity firm founded by Ilse Varga in 1997. The firm employed about 300 people across its offices in Dunstow, Pelland and Port Ashe.',
    );
    const town = doc('dunstow', 'Dunstow, Pelland', 'Dunstow is a market town in Garrow County, Pelland. It lies on the River Tain.');
    const founder = doc('varga', 'Ilse Varga', 'Ilse Varga (born 1960) is an investor. She founded Marrow Partners and later chaired the Tain Valley Trust.');

    // Act
    const established = ask('In which county did Ilse Varga establish Marrow Partners?', [firm, town, founder]);
    const passive = ask('In what county was Marrow Partners founded?', [firm, town, founder]);

    // Assess
    expect(established.shortAnswer).toBe('Garrow County');
    expect(passive.shortAnswer).toBe('Garrow County');
  });
});

describe('Function: answerStructured on a city inside the name of what it holds', () => {
  it('answers the city a festival named after it is held in, not the square it is held on', () => {
    // Prepare
    const conductor = doc('solk', 'Irma Kelt', 'Irma Kelt (born 1950) is a Czech conductor. In 2005 and 2010 she conducted the Brno Autumn Gala.');
    const gala = doc('gala', 'Brno Autumn Gala', 'The Brno Autumn Gala is an open-air concert given each September on Liberty Square in Brno, Czech Republic.');

    // Act
    const city = ask('In what city did Irma Kelt conduct a concert in 2010?', [conductor, gala]);

    // Assess
    expect(city.shortAnswer).toMatch(/^Brno\b/);
  });
});

describe('Function: answerStructured on names and dates a lead gives', () => {
  it('answers a person\'s birth name with the name after "born", and refuses it of one whose passage gives none', () => {
    // Prepare
    const actress = doc('haverty', 'Nora Vance', 'Nora Vance (born Eleanor Ruth Vance; 12 March 1921 – 4 June 1990) was an American actress.');
    const actor = doc('doyle', 'Frank Tull', 'Frank Tull (born 3 May 1919) was an American actor.');

    // Act
    const birth = ask("What was Nora Vance's birth name?", [actress, actor]);
    const real = ask("What is Nora Vance's real name?", [actress, actor]);
    const none = ask("What was Frank Tull's birth name?", [actress, actor]);

    // Assess
    expect(birth.shortAnswer).toBe('Eleanor Ruth Vance');
    expect(checkEvidence("What was Nora Vance's birth name?", [actress, actor], birth, wordNet()).covered).toBe(true);
    expect(real.shortAnswer).toBe('Eleanor Ruth Vance');
    expect(none.shortAnswer).toBeNull();
  });

  it('answers when a film was released with the year its opening dates it by', () => {
    // Prepare
    const film = doc('road', 'Cold Tide Road', 'Cold Tide Road is a 1949 American crime film directed by Leo Marsh.');

    // Act
    const released = ask('When was Cold Tide Road released?', [film]);
    const out = ask('When did Cold Tide Road come out?', [film]);

    // Assess
    expect(released.shortAnswer).toBe('1949');
    expect(out.shortAnswer).toBe('1949');
    expect(checkEvidence('When was Cold Tide Road released?', [film], released, wordNet()).covered).toBe(true);
    expect(checkEvidence('When did Cold Tide Road come out?', [film], out, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on a ferry line, its team and yard', () => {
  const team = doc(
    'keld',
    'Tarn Racing',
    'Tarn Racing is a professional cycling team founded in 2008. It is based in Ulvik and sponsored by the shipping company Tarn Lines.',
  );
  const city = doc('ulvik', 'Ulvik', 'Ulvik is a port city on the west coast of Nordland, with a population of 212,000.');
  const ferry = doc('halsa', 'MS Vessa', 'MS Vessa is a passenger ferry. She was built in 1999 by the Sollen Yard and can carry 1,800 passengers.');
  const yard = doc(
    'sollen',
    'Sollen Yard',
    'Sollen Yard was a shipyard in Tassby, founded in 1921 by the engineer Per Sollen. It built more than 300 ships before it closed in 2011.',
  );
  const engineer = doc('per', 'Per Sollen', 'Per Sollen (1885 – 1961) was an engineer. He studied naval architecture at the Royal Technical College in Ostby.');
  const lecturer = doc(
    'moor',
    'Lene Moor',
    'Lene Moor is a marine biologist and lecturer at the University of Brennby, where she leads a study of kelp forests.',
  );
  const university = doc(
    'brennby',
    'University of Brennby',
    'The University of Brennby is a public university in Brennby, the second-largest city of Nordland.',
  );
  const all = [team, city, ferry, yard, engineer, lecturer, university];

  it('ends where a thing is based at "and" and a verb, and reads the population of that city', () => {
    // Act & Assess
    expect(ask('Where is Tarn Racing based?', all).shortAnswer).toBe('in Ulvik');
    expect(ask('What is the population of the city where Tarn Racing is based?', all).shortAnswer).toBe('212,000');
  });

  it('answers which yard built a ship, and when the yard that built it closed', () => {
    // Act & Assess
    expect(ask('Which shipyard built the MS Vessa?', all).shortAnswer).toBe('Sollen Yard');
    expect(ask('When did the shipyard that built the MS Vessa close?', all).shortAnswer).toBe('2011');
  });

  it('answers what someone studied in two words, from their own passage', () => {
    // Act & Assess
    expect(ask('What did Per Sollen study?', all).shortAnswer).toBe('naval architecture');
  });

  it('answers the city a university is in with the name its passage calls a city, though the university is named after it', () => {
    // Act & Assess
    expect(ask('In which city is the University of Brennby?', all).shortAnswer).toBe('Brennby');
    expect(ask('In which city is the university where Lene Moor lectures?', all).shortAnswer).toBe('Brennby');
  });
});

describe('Function: answerStructured on an island, its distillery and a series set there', () => {
  const island = doc(
    'carra',
    'Isle of Carra',
    'The Isle of Carra is an island in the Inner Hebrides, with an area of 86 square kilometres and a population of 1,240. The island is known for its whisky distillery and its colony of puffins.',
  );
  const other = doc(
    'tressy',
    'Isle of Tressy',
    'The Isle of Tressy is an island in the Outer Hebrides, with an area of 132 square kilometres and a population of 980.',
  );
  const distillery = doc(
    'still',
    'Carra Distillery',
    'Carra Distillery is a Scotch whisky distillery on the Isle of Carra. It was built in 1824 by the Reid Company. Its best-known whisky is a 12-year-old single malt.',
  );
  const series = doc(
    'light',
    'The Harbour Lamp',
    'The Harbour Lamp is a British television drama series set on the Isle of Carra. It ran for four series on BBC Scotland from 2011 to 2015.',
  );
  const racer = doc('vitt', 'Arne Vitt', 'Arne Vitt is a professional road cyclist who rides for the team Keld Racing.');
  const all = [island, other, distillery, series, racer];

  it('weighs two islands by their populations, not the areas said before them, however the people are named', () => {
    // Act & Assess
    expect(ask('Which has a larger population, Carra or Tressy?', all).shortAnswer).toBe('Carra');
    expect(ask('Which island has more people, Carra or Tressy?', all).shortAnswer).toBe('Carra');
    expect(ask('Which island has more inhabitants, Carra or Tressy?', all).shortAnswer).toBe('Carra');
  });

  it("counts the series a run made without a year of the run, and answers when it ended with the run's last year", () => {
    // Act
    const ended = ask('When did The Harbour Lamp end?', all);

    // Assess
    expect(ask('How many series of The Harbour Lamp were made?', all).shortAnswer).toBe('four series');
    expect(ended.shortAnswer).toBe('2015');
    expect(checkEvidence('When did The Harbour Lamp end?', all, ended, wordNet()).covered).toBe(true);
  });

  it('answers who built a thing with the body after "by the", and a team without the word "team" before it', () => {
    // Act & Assess
    expect(ask('Who built Carra Distillery?', all).shortAnswer).toBe('Reid Company');
    expect(ask('Which team does Arne Vitt ride for?', all).shortAnswer).toBe('Keld Racing');
  });

  it('reads "Which TV series" as asking a series, and what a passage says its class is', () => {
    // Act & Assess
    expect(ask('Which TV series is set on the Isle of Carra?', all).shortAnswer).toMatch(/Harbour Lamp$/);
    expect(ask("What is Carra Distillery's best-known whisky?", all).shortAnswer).toBe('a 12-year-old single malt');
    expect(ask('What is the best-known whisky of Carra Distillery?', all).shortAnswer).toBe('a 12-year-old single malt');
  });

  it('answers what a place is known for with both things an "and" joins', () => {
    // Act & Assess
    expect(ask('What is the Isle of Carra known for?', all).shortAnswer).toBe('its whisky distillery and its colony of puffins');
  });
});

describe('Function: answerStructured on a probe, a comet and an agency', () => {
  const comet = doc('comet', '52P/Sarka', 'Comet 52P/Sarka is a periodic comet with an orbital period of 6.4 years. Its nucleus is about 3 kilometres across.');
  const agency = doc(
    'agency',
    'Western Space Agency',
    'The Western Space Agency is a space agency of five countries, headquartered in Tarvo. Its director general is Ola Brandt.',
  );
  const firm = doc('firm', 'Tallow Spirits', 'Tallow Spirits is a drinks company. It is headed by Fiona Marsh.');
  const all = [comet, agency, firm];

  it('reads an orbital period as a figure, and no figure written into a name', () => {
    // Act
    const period = ask('What is the orbital period of 52P/Sarka?', all);

    // Assess
    expect(period.shortAnswer).toBe('6.4 years');
  });

  it('answers who heads a body with the person its passage says holds its head role, and the evidence check takes it', () => {
    // Act
    const heads = ask('Who heads the Western Space Agency?', all);
    const runs = ask('Who runs Tallow Spirits?', all);

    // Assess
    expect(heads.shortAnswer).toBe('Ola Brandt');
    expect(runs.shortAnswer).toBe('Fiona Marsh');
    expect(checkEvidence('Who heads the Western Space Agency?', all, heads, wordNet()).covered).toBe(true);
    expect(checkEvidence('Who runs Tallow Spirits?', all, runs, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on a disease, its drug and a physician', () => {
  const disease = doc(
    'tarn',
    'Tarn Fever',
    'Tarn fever is a viral disease spread by ticks, first described in 1957. Symptoms include high fever, headache and joint pain.',
  );
  const physician = doc(
    'lind',
    'Ada Lind (physician)',
    'Ada Lind (born 1948) is a physician who first described Tarn fever. She was head of infectious diseases at Orby General Hospital from 1985 to 2010.',
  );
  const all = [disease, physician];

  it('answers what spreads a disease with the doer after "spread by"', () => {
    // Act & Assess
    expect(ask('What spreads Tarn fever?', all).shortAnswer).toBe('ticks');
  });

  it('answers the symptoms of a disease with all its passage lists', () => {
    // Act & Assess
    expect(ask('What are the symptoms of Tarn fever?', all).shortAnswer).toBe('high fever, headache and joint pain');
  });

  it('answers where someone worked with the body a post of theirs is at, and the evidence check takes it', () => {
    // Act
    const worked = ask('Where did Ada Lind work?', all);

    // Assess
    expect(worked.shortAnswer).toBe('Orby General Hospital');
    expect(checkEvidence('Where did Ada Lind work?', all, worked, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on the place a name is of', () => {
  it('answers where a treaty was signed with the town it is named after, said where it was signed', () => {
    // Prepare
    const treaty = doc(
      'treaty',
      'Treaty of Hollen',
      'The Treaty of Hollen was a peace treaty signed on 9 May 1821 in the town of Hollen between the Kingdom of Varn and the Duchy of Halm.',
    );

    // Act
    const where = ask('Where was the Treaty of Hollen signed?', [treaty]);
    const town = ask('In which town was the Treaty of Hollen signed?', [treaty]);

    // Assess
    expect(where.shortAnswer).toBe('Hollen');
    expect(town.shortAnswer).toBe('Hollen');
  });
});

describe('Function: answerStructured on a football club, its ground and manager', () => {
  const ground = doc(
    'ground',
    'Millford Park',
    'Millford Park is a football stadium in Brannow with a capacity of 24,500. The record attendance of 31,002 was set in 1951 against Harlow Rovers.',
  );
  const manager = doc('reyk', 'Tomas Reel', 'Tomas Reel (born 2 February 1979) is a football manager and former defender.');

  it('reads a record attendance as a figure', () => {
    // Act & Assess
    expect(ask('What is the record attendance at Millford Park?', [ground, manager]).shortAnswer).toMatch(/^31,002\b/);
  });

  it('never answers a position with a post a word for a player is made from ("defender": protectorship)', () => {
    // Act & Assess
    expect(ask('What position did Tomas Reel play?', [ground, manager]).shortAnswer).not.toBe('protectorship');
  });
});

describe('Function: answerStructured on a politician, her party, her city and a railway', () => {
  const politician = doc(
    'ellby',
    'Maren Ellby',
    'Maren Ellby (born 3 March 1971) is a Tovian politician who has served as Prime Minister of Tovia since 2018. A member of the Civic Union, she previously served as mayor of Hessen from 2006 to 2014.',
  );
  const party = doc('union', 'Civic Union (Tovia)', 'The Civic Union is a centre-right political party in Tovia. It was founded in 1951 by Arvid Moss.');
  const city = doc('hessen', 'Hessen', 'Hessen is a port city in Tovia, with a population of 88,300. It is the western terminus of the Hessen Railway.');
  const railway = doc(
    'railway',
    'Hessen Railway',
    'The Hessen Railway is a 118-kilometre railway line in Tovia that runs from Hessen to Grune. It opened in 1884.',
  );
  const all = [politician, party, city, railway];

  it('names the party a person belongs to, said in a sentence opening on a phrase before "she"', () => {
    // Act & Assess
    expect(ask('Which party does Maren Ellby belong to?', all).shortAnswer).toBe('Civic Union');
    expect(ask('Which party is Maren Ellby in?', all).shortAnswer).toBe('Civic Union');
  });

  it('dates when someone became what the question names, not their birth', () => {
    // Act
    const became = ask('When did Maren Ellby become Prime Minister?', all);

    // Assess
    expect(became.shortAnswer).toBe('2018');
    expect(checkEvidence('When did Maren Ellby become Prime Minister?', all, became, wordNet()).covered).toBe(true);
  });

  it('reads the place a role asked is of, and a figure of it', () => {
    // Act & Assess
    expect(ask('Where was Maren Ellby mayor?', all).shortAnswer).toBe('Hessen');
    expect(ask('What is the population of the city where Maren Ellby was mayor?', all).shortAnswer).toMatch(/^88,300\b/);
  });

  it('gives both ends of a line, and its length with the unit joined by a hyphen', () => {
    // Act & Assess
    expect(ask('Between which towns does the Hessen Railway run?', all).shortAnswer).toBe('Hessen and Grune');
    expect(ask('How long is the Hessen Railway?', all).shortAnswer).toBe('118-kilometre');
  });
});

describe('Function: answerStructured on a national park, its lake, a town and an airline', () => {
  const park = doc(
    'park',
    'Greywater National Park',
    'Greywater National Park is a national park in northern Elvia, established in 1931. It covers an area of 1,870 square kilometres and receives about 450,000 visitors a year. Its largest lake is Lake Orra.',
  );
  const lake = doc('lake', 'Lake Orra', 'Lake Orra is a glacial lake in Greywater National Park. It is 11 kilometres long and reaches a depth of 180 metres.');
  const town = doc('town', 'Brisby', 'Brisby is a town in northern Elvia, with a population of 7,400. It is the main gateway to Greywater National Park.');
  const airline = doc('airline', 'Elvair', "Elvair is the flag carrier airline of Elvia. Elvair's chief executive is Hanna Lund.");
  const executive = doc(
    'lund',
    'Hanna Lund',
    'Hanna Lund (born 1971) is an Elvian business executive. She became chief executive of Elvair in 2019, having previously worked at the shipping company Nordlast for a decade.',
  );
  const all = [park, lake, town, airline, executive];

  it('counts the visitors a park receives, not the people of a town near it', () => {
    // Act & Assess
    expect(ask('How many people visit Greywater National Park each year?', all).shortAnswer).toBe('about 450,000 visitors');
  });

  it('gives the depth asked, not the length said beside it', () => {
    // Act & Assess
    expect(ask('How deep is Lake Orra?', all).shortAnswer).toBe('180 metres');
    expect(ask('How long is Lake Orra?', all).shortAnswer).toBe('11 kilometres');
  });

  it('names the largest thing of a class a passage says its subject has', () => {
    // Act & Assess
    expect(ask('What is the largest lake in Greywater National Park?', all).shortAnswer).toBe('Lake Orra');
  });

  it('names who heads a body its passage names by a possessive, and where someone worked, after a common noun', () => {
    // Act & Assess
    expect(ask('Who runs Elvair?', all).shortAnswer).toBe('Hanna Lund');
    expect(ask('Where did Hanna Lund work before Elvair?', all).shortAnswer).toBe('Nordlast');
  });
});

describe('Function: answerStructured on a chemist, her element, a prize and a tournament', () => {
  const chemist = doc(
    'vell',
    'Greta Vell',
    'Greta Vell (3 May 1885 – 9 April 1958) was a Tarvian chemist who discovered the element vellium in 1919. She was awarded the Orrin Prize in Chemistry in 1928. Vell spent most of her career at the University of Sollen.',
  );
  const element = doc(
    'vellium',
    'Vellium',
    'Vellium is a chemical element with the symbol Vl and atomic number 121. It was named after its discoverer, Greta Vell.',
  );
  const prize = doc(
    'orrin',
    'Orrin Prize',
    'The Orrin Prize is an annual award for achievement in chemistry. It was established in 1899 by the will of the industrialist Per Orrin and is presented in Hask each December.',
  );
  const player = doc(
    'kade',
    'Ivo Kade',
    'Ivo Kade (born 2 July 1996) is a Tarvian tennis player. He has won 12 singles titles, including the Sollen Open in 2020.',
  );
  const open = doc(
    'sollen-open',
    'Sollen Open',
    "The Sollen Open is a men's tennis tournament held each October in Sollen, Tarvia. It is played on indoor hard courts and has been part of the ATP Tour since 1991.",
  );
  const city = doc('sollen', 'Sollen', 'Sollen is the second-largest city in Tarvia, with a population of 388,000.');
  const all = [chemist, element, prize, player, open, city];

  it('names whom a thing was named after, said after a role and a comma', () => {
    // Act & Assess
    expect(ask('Who was vellium named after?', [element, chemist]).shortAnswer).toBe('Greta Vell');
  });

  it('dates a prize won by when it was awarded', () => {
    // Act
    const won = ask('When did Greta Vell win the Orrin Prize?', all);

    // Assess
    expect(won.shortAnswer).toBe('1928');
    expect(checkEvidence('When did Greta Vell win the Orrin Prize?', all, won, wordNet()).covered).toBe(true);
  });

  it('reads where someone spent a career, and a count of plurals said twice', () => {
    // Act & Assess
    expect(ask('Where did Greta Vell work?', all).shortAnswer).toBe('University of Sollen');
    expect(ask('How many titles has Ivo Kade won?', all).shortAnswer).toBe('12 singles titles');
  });

  it('ends an object at "and" before a verb, and names the month a thing recurs only when that is asked', () => {
    // Act & Assess
    expect(ask('What surface is the Sollen Open played on?', all).shortAnswer).toBe('indoor hard courts');
    expect(ask('In which month is the Sollen Open held?', all).shortAnswer).toBe('October');
    expect(ask('When is the Orrin Prize presented?', all).shortAnswer).toBe('December');
    expect(ask('When was the Sollen Open founded?', all).shortAnswer).not.toBe('October');
  });

  it('reads a place before a determiner, and one a name opens on, as where a thing is', () => {
    // Act & Assess
    expect(ask('Where is the Orrin Prize presented?', all).shortAnswer).toBe('Hask');
    expect(ask('Where is the Sollen Open held?', all).shortAnswer).toMatch(/^Sollen\b/);
    expect(ask('What is the population of the city where the Sollen Open is held?', all).shortAnswer).toMatch(/^388,000\b/);
  });
});

describe('Function: answerStructured on a band, its album and a studio with no passage of its own', () => {
  const band = doc(
    'pines',
    'The Marsh Lights',
    'The Marsh Lights are a Tovian indie rock band formed in Orby in 2004. The band consists of singer Lena Kask, guitarist Per Holm and drummer Ari Vend.',
  );
  const album = doc(
    'album',
    'Low Water',
    'Low Water is the second studio album by The Marsh Lights, released in 2010. It was produced by Jon Stell and recorded at Seaview Studios in Marrow.',
  );
  const producer = doc('stell', 'Jon Stell', 'Jon Stell (born 1966) is a Tovian record producer. He founded Seaview Studios in 1997.');
  const all = [band, album, producer];

  it('reads "The band ..." in the band\'s own passage as the band itself', () => {
    // Act & Assess
    expect(ask('Which band is Lena Kask the singer of?', all).shortAnswer).toBe('The Marsh Lights');
  });

  it('asks of a thing found with no passage of its own in another passage that names it', () => {
    // Act & Assess
    expect(ask('Who founded the studio where Low Water was recorded?', all).shortAnswer).toBe('Jon Stell');
  });
});

describe('Function: answerStructured on a measure claimed against a figure', () => {
  const loch = doc('loch', 'Loch Orran', 'Loch Orran is a freshwater loch in Scotland. It is about 21 kilometres long and has a maximum depth of 140 metres.');

  it('settles "deeper than" by the depth in the unit asked, not the first figure', () => {
    // Act & Assess
    expect(ask('Is Loch Orran deeper than 100 metres?', [loch]).shortAnswer).toBe('yes');
    expect(ask('Is Loch Orran deeper than 200 metres?', [loch]).shortAnswer).toBe('no');
    expect(ask('Is Loch Orran longer than 30 kilometres?', [loch]).shortAnswer).toBe('no');
    expect(checkEvidence('Is Loch Orran deeper than 200 metres?', [loch], { shortAnswer: 'no' }, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on a battle and the peers who led its sides', () => {
  const battle = doc(
    'battle',
    'Battle of Moss Ford',
    'The Battle of Moss Ford was fought on 4 August 1488 near Moss Ford, between an English army led by the Earl of Kelby and a Scottish force under Lord Arran. The English won.',
  );
  const earl = doc('kelby', 'Henry Vane, Earl of Kelby', 'Henry Vane, 1st Earl of Kelby (1450 – 3 June 1502) was an English soldier.');
  const lord = doc(
    'arran',
    'David Moray, Lord Arran',
    'David Moray, Lord Arran (c. 1452 – 4 August 1488) was a Scottish nobleman. He was killed at the Battle of Moss Ford.',
  );
  const all = [battle, earl, lord];

  it('names the leader of the side asked, after "under" as after "led by"', () => {
    // Act & Assess
    expect(ask('Who led the Scottish force at Moss Ford?', all).shortAnswer).toBe('Lord Arran');
    expect(ask('Who led the English army at the Battle of Moss Ford?', all).shortAnswer).toBe('Earl of Kelby');
  });

  it("finds a peer's own passage by the peerage after the comma of its title", () => {
    // Act & Assess
    expect(ask('When did Lord Arran die?', all).shortAnswer).toBe('4 August 1488');
    expect(ask('When did the Earl of Kelby die?', all).shortAnswer).toBe('3 June 1502');
  });
});

describe('Function: answerStructured on a village named after a surveyor born abroad', () => {
  const village = doc('village', 'Port Ellis', 'Port Ellis is a fishing village on Orran Island. The village was named after the surveyor Adam Ellis.');
  const surveyor = doc(
    'ellis',
    'Adam Ellis',
    'Adam Ellis (1805–1871) was an Irish-born surveyor who mapped the Gulf of Orran. He later settled in Halifax, where he died.',
  );
  const all = [village, surveyor];

  it('names whom a thing was named after, after a role with no comma', () => {
    // Act & Assess
    expect(ask('Who was Port Ellis named after?', all).shortAnswer).toBe('Adam Ellis');
  });

  it('places a birth in the country a lead calls someone born in', () => {
    // Act
    const born = ask('Where was Adam Ellis born?', all);

    // Assess
    expect(born.shortAnswer).toBe('Ireland');
    expect(checkEvidence('Where was Adam Ellis born?', all, born, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on a film shot on an island', () => {
  const film = doc(
    'film',
    'The Salt Meadow',
    'The Salt Meadow is a 2015 Danish drama film directed by Lis Brun. The film premiered at the Berlin International Film Festival. It was shot on the island of Rømø.',
  );

  it('reads a place after "on the island of" as where it was filmed, not where it premiered', () => {
    // Act & Assess
    expect(ask('Where was The Salt Meadow filmed?', [film]).shortAnswer).toBe('Rømø');
  });
});

describe('Function: answerStructured on a football club, its ground and its city', () => {
  const club = doc(
    'rovers',
    'Haverly Rovers',
    'Haverly Rovers is a football club based in Haverly, Tarnia. The club plays in the Tarnian League. Its home ground is Mill Lane. The club has won the Tarnian Cup four times, most recently in 2016.',
  );
  const ground = doc('ground', 'Mill Lane', 'Mill Lane is a football stadium in Haverly. It has a capacity of 18,400 and is the home of Haverly Rovers.');
  const league = doc('league', 'Tarnian League', 'The Tarnian League is the top division of football in Tarnia. It was established in 1911.');
  const city = doc('haverly', 'Haverly', 'Haverly is the capital and largest city of Tarnia. It lies on the river Wend.');
  const coach = doc('rook', 'Ben Rook', 'Ben Rook (born 1979) is a Tarnian football manager. He has been the head coach of Haverly Rovers since 2020.');
  const striker = doc(
    'vale',
    'Owen Vale',
    'Owen Vale is a Tarnian footballer who plays as a forward for Haverly Rovers. He scored 31 goals in the 2019–20 season.',
  );
  const other = doc(
    'dunmere',
    'Dunmere United',
    'Dunmere United is a football club from Dunmere, the second-largest city in Tarnia. The club plays at the Quay Arena.',
  );
  const all = [club, ground, league, city, coach, striker, other];

  it('finds the stadium where a club plays as a stadium, not the league it plays in', () => {
    // Act & Assess
    expect(ask('What is the capacity of the stadium where Haverly Rovers plays?', all).shortAnswer).toBe('18,400');
  });

  it('answers a city the club is named after when the sentence calls it a city', () => {
    // Act & Assess
    expect(ask('In which city does Dunmere United play?', all).shortAnswer).toBe('Dunmere');
  });

  it('drops the region the question itself names from a place', () => {
    // Act & Assess
    expect(ask('What is the capital of Tarnia?', all).shortAnswer).toBe('Haverly');
  });

  it('dates no count by its season, nor by the last of the things counted', () => {
    // Act & Assess
    expect(ask('How many goals did Owen Vale score in the 2019–20 season?', all).shortAnswer).toBe('31 goals');
    expect(ask('How many times has Haverly Rovers won the Tarnian Cup?', all).shortAnswer).toBe('four times');
  });

  it('reads the role a person holds at a club', () => {
    // Act & Assess
    expect(ask("What is Ben Rook's role at Haverly Rovers?", all).shortAnswer).toBe('head coach');
  });
});

describe('Function: answerStructured on a software company, its app, its buyer and a start-up', () => {
  const company = doc(
    'corvel',
    'Corvel',
    'Corvel is a software company headquartered in Ashby, Norland. Corvel makes the mapping app Beacon. In 2019 the company was acquired by Stroma Holdings.',
  );
  const app = doc('beacon', 'Beacon (app)', 'Beacon is a mapping application developed by Corvel. It was released in 2014.');
  const buyer = doc('stroma', 'Stroma Holdings', 'Stroma Holdings is a Norlander technology company based in Pell. Its chairman is Iris Stroma.');
  const person = doc(
    'winter',
    'Ida Winter',
    "Ida Winter (born 1980) is a Norlander engineer. She was Corvel's chief financial officer and later founded the start-up Tallow Labs in 2022.",
  );
  const all = [company, app, buyer, person];

  it('takes no place after the class noun and a preposition for one of the class', () => {
    // Act & Assess
    expect(ask('Which company makes Beacon?', all).shortAnswer).toBe('Corvel');
    expect(ask('Which company acquired Corvel?', all).shortAnswer).toBe('Stroma Holdings');
  });

  it('reads the role a person held at a company, cut at the word for a person', () => {
    // Act & Assess
    expect(ask("What was Ida Winter's role at Corvel?", all).shortAnswer).toBe('chief financial officer');
    expect(ask('What position did Ida Winter hold at Corvel?', all).shortAnswer).toBe('chief financial officer');
  });

  it('dates a thing with no passage of its own where it is named, not by the birth of who named it', () => {
    // Act & Assess
    expect(ask('When was Tallow Labs founded?', all).shortAnswer).toBe('2022');
    expect(ask('Is Beacon older than Tallow Labs?', all).shortAnswer).toMatch(/^yes\b/);
  });
});

describe('Function: readQuestion with an adverb before its verb', () => {
  it('keeps the adverb out of the class asked', () => {
    // Act & Assess
    expect(readQuestion('Which Dutch botanist first described the Lorn orchid?').answerClass).toBe('botanist');
  });
});

describe('Function: answerStructured on a music school and its director', () => {
  const school = doc(
    'school',
    'Ostrava Academy of Music',
    'The Ostrava Academy of Music is a music school in Lenz. Founded in 1841, it is the oldest in Tarnia.',
  );
  const head = doc(
    'head',
    'Emil Vask',
    'Emil Vask (1810–1888) was a Tarnian composer and teacher. He was director of the Ostrava Academy of Music from 1852 to 1879.',
  );

  it('reads "Who directed X?" in "He was director of X", the verb said by its agent noun', () => {
    // Act & Assess
    expect(ask('Who directed the Ostrava Academy of Music?', [school, head]).shortAnswer).toBe('Emil Vask');
  });
});

describe('Function: answerStructured on a disease, its cure and the one who described it', () => {
  const disease = doc(
    'disease',
    'Reed ague',
    'Reed ague is an infectious disease caused by the bacterium Borrelia lacustris. It is spread by the bites of marsh ticks and is common along the coast of Tarnia. Symptoms include chills, fatigue and joint pain. It is treated with the antibiotic selvamycin.',
  );
  const drug = doc('drug', 'Selvamycin', 'Selvamycin is an antibiotic used to treat bacterial infections, including reed ague. It was discovered in 1949.');
  const all = [disease, drug];

  it('says how a thing is done by the phrase after its verb, to the end of its clause', () => {
    // Act & Assess
    expect(ask('How is reed ague spread?', all).shortAnswer).toBe('by the bites of marsh ticks');
    expect(ask('How is reed ague treated?', all).shortAnswer).toBe('with the antibiotic selvamycin');
  });

  it('lists what a plural noun of the subject is said to include', () => {
    // Act & Assess
    expect(ask('What are the symptoms of reed ague?', all).shortAnswer).toBe('chills, fatigue and joint pain');
  });

  it('answers a kind asked with the one the sentence names by it, not the kind', () => {
    // Act & Assess
    expect(ask('What drug is used to treat reed ague?', all).shortAnswer).toBe('Selvamycin');
    expect(ask('What drug is reed ague treated with?', [disease]).shortAnswer).toMatch(/\bselvamycin$/);
  });
});

describe('Function: answerStructured on a television series, its writer, star and composer', () => {
  const series = doc(
    'series',
    'Cold Quay (TV series)',
    'Cold Quay is a Tarnian crime drama television series created by Ilse Marr. It aired on TTV 2 from 2012 to 2018 and ran for four series and 32 episodes. The series stars Otto Brand as Sergeant Nils Voss.',
  );
  const writer = doc(
    'writer',
    'Ilse Marr',
    "Ilse Marr (born 3 May 1970) is a Tarnian screenwriter. She is married to the composer Karl Ebb, who wrote the series' theme music.",
  );
  const actor = doc(
    'actor',
    'Otto Brand',
    'Otto Brand (born 1966) is a Tarnian actor. He won a Tarnian Television Award in 2015 for his role as Sergeant Nils Voss.',
  );
  const scientist = doc(
    'scientist',
    'Vera Holm',
    'Vera Holm (1880–1949) was a Tarnian chemist. In 1921 she became the first woman elected to the Tarnian Academy of Sciences.',
  );
  const all = [series, writer, actor, scientist];

  it('names the actor a sentence puts before "as" and the character, or whose own passage gives it as a role', () => {
    // Act & Assess
    expect(ask('Who plays Sergeant Nils Voss?', all).shortAnswer).toBe('Otto Brand');
    expect(ask('Who plays Sergeant Nils Voss?', [writer, actor]).shortAnswer).toBe('Otto Brand');
  });

  it('names the one a relative clause says did all that is asked', () => {
    // Act & Assess
    expect(ask('Who wrote the theme music for Cold Quay?', all).shortAnswer).toBe('Karl Ebb');
  });

  it('gives how long a thing ran by the years its sentence says, not a count', () => {
    // Act & Assess
    expect(ask('How long did Cold Quay run?', all).shortAnswer).toBe('from 2012 to 2018');
  });

  it('reads a pronoun after a time put first as the passage subject', () => {
    // Act & Assess
    expect(ask('Who was the first woman elected to the Tarnian Academy of Sciences?', all).shortAnswer).toBe('Vera Holm');
  });
});

describe('Function: answerStructured on a ship lost off a headland', () => {
  const ship = doc('ship', 'SS Halda', 'SS Halda was a passenger steamship built in Brenn. She sank on 2 June 1909 after striking a reef off Cape Vell.');

  it('reads a place after "off" as where a thing happened', () => {
    // Act & Assess
    expect(ask('Where did the SS Halda sink?', [ship]).shortAnswer).toBe('Cape Vell');
  });
});

describe('Function: answerStructured on what a work is about', () => {
  const told = doc(
    'told',
    'Salt Hollow',
    'Salt Hollow is a 2016 adventure game by Tern Works. The game follows a ferryman searching for his lost daughter along a frozen river.',
  );
  const untold = doc('untold', 'Tern Works', 'Tern Works is a video game developer based in Brekka. It made Salt Hollow.');

  it('gives the story its passage tells, however the story is asked', () => {
    // Act & Assess
    for (const q of ['What is Salt Hollow about?', 'What is the plot of Salt Hollow?', 'What happens in Salt Hollow?']) {
      const a = ask(q, [told, untold]);
      expect(a.shortAnswer).toBe('a ferryman searching for his lost daughter along a frozen river');
      expect(checkEvidence(q, [told, untold], a, wordNet()).covered).toBe(true);
    }
  });

  it('says what a thing is when no passage tells its story, and gives no plot then', () => {
    // Act & Assess
    expect(ask('What is Tern Works about?', [told, untold]).shortAnswer).toBe('a video game developer');
    expect(ask('What is the plot of Tern Works?', [told, untold]).shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on a bird named after the one who described it', () => {
  const bird = doc(
    'bird',
    "Holm's petrel",
    "Holm's petrel (Puffinus holmi) is a seabird of the petrel family. It breeds only on the Varra Islands. The species was first described in 1902 by the naturalist Ida Holm, after whom it is named.",
  );
  const naturalist = doc('holm', 'Ida Holm', 'Ida Holm (1860–1931) was a naturalist from Lunde. Her book Seabirds of the West was published in 1910.');
  const society = doc('society', 'Lunde Bird Club', 'The Lunde Bird Club is a conservation charity. It has its headquarters in Lunde and about 9,000 members.');
  const all = [bird, naturalist, society];

  it('reads a title the question writes whole as the name asked, with its place after "on"', () => {
    // Act & Assess
    expect(ask("Where does Holm's petrel breed?", all).shortAnswer).toBe('Varra Islands');
    expect(ask("When was Holm's petrel first described?", all).shortAnswer).toBe('1902');
  });

  it('names what is named after one, of the kind asked, by "after whom it is named"', () => {
    // Act & Assess
    expect(ask('Which bird is named after Ida Holm?', all).shortAnswer).toBe("Holm's petrel");
    expect(ask('Which river is named after Ida Holm?', all).shortAnswer).toBeNull();
  });

  it('gives the binomial its lead brackets as the scientific name, and none for a person', () => {
    // Act & Assess
    expect(ask("What is the scientific name of Holm's petrel?", all).shortAnswer).toBe('Puffinus holmi');
    expect(ask('What is the scientific name of Ida Holm?', all).shortAnswer).toBeNull();
  });

  it('places a body where it has its headquarters, to the end of the place', () => {
    // Act & Assess
    expect(ask('Where is the Lunde Bird Club based?', all).shortAnswer).toBe('in Lunde');
  });
});

describe('Function: answerStructured on a newspaper and a reporter', () => {
  const paper = doc(
    'paper',
    'The Varby Post',
    'The Varby Post is a daily newspaper published in Varby. The paper has a daily circulation of about 42,000 copies.',
  );
  const reporter = doc(
    'lind',
    'Eva Lind',
    'Eva Lind (1940–2011) was a journalist. Her reporting on the Kestrel Dock scandal in 1981 led to the fall of the harbour board.',
  );
  const all = [paper, reporter];

  it('gives the figure a noun no class reads is said of ("a daily circulation of")', () => {
    // Act & Assess
    expect(ask('What is the circulation of The Varby Post?', all).shortAnswer).toBe('about 42,000 copies');
  });

  it('ends the object at the class asked, and reads what a thing led to', () => {
    // Act & Assess
    expect(ask('What scandal did Eva Lind report on?', all).shortAnswer).toBe('the Kestrel Dock scandal');
    expect(ask("What did Eva Lind's reporting lead to?", all).shortAnswer).toBe('the fall of the harbour board');
  });
});

describe('Function: answerStructured on a restaurant, its chef and one that closed', () => {
  const place = doc(
    'place',
    'Tangen',
    'Tangen is a seafood restaurant in Ulvby, opened in 2011 by the chef Siri Moe. The restaurant seats 30 guests and is closed on Tuesdays.',
  );
  const chef = doc(
    'moe',
    'Siri Moe',
    'Siri Moe (born 1981) is a chef. She trained at the restaurant Furu before opening Tangen. Her cookbook Brine and Ash won the Western Food Book Prize in 2020.',
  );
  const closed = doc('furu', 'Furu', 'Furu was a restaurant in Kvam, founded in 1979 by Arne Dal. It closed in 2015.');
  const founder = doc('dal', 'Arne Dal', 'Arne Dal (1948–2014) was a chef.');
  const all = [place, chef, closed, founder];

  it('reads a day of the week that recurs, said of "The restaurant" its lead calls the place', () => {
    // Act & Assess
    expect(ask('When is Tangen closed?', all).shortAnswer).toBe('Tuesdays');
    expect(ask('On which day is Tangen closed?', all).shortAnswer).toBe('Tuesdays');
  });

  it('reads the kind asked in lower case only, and a title of two names joined by "and" after the class', () => {
    // Act & Assess
    expect(ask('What kind of food does Tangen serve?', all).shortAnswer).toBe('seafood');
    expect(ask('What cookbook did Siri Moe write?', all).shortAnswer).toBe('Brine and Ash');
  });

  it('says whether a thing or a person lasts to now from the end its passage says, or its present tense', () => {
    // Act & Assess
    expect(ask('Is Furu still open?', all).shortAnswer).toBe('no');
    expect(ask('Is Tangen still open?', all).shortAnswer).toBe('yes');
    expect(ask('Is Arne Dal still alive?', all).shortAnswer).toBe('no');
    expect(ask('Is Siri Moe still alive?', all).shortAnswer).toBe('yes');
    expect(checkEvidence('Does Furu still exist?', all, { shortAnswer: 'no' }, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on a painting, its painter and her teacher', () => {
  const painting = doc(
    'painting',
    'The Net Menders',
    'The Net Menders is an oil painting by the artist Ruth Sand, completed in 1901. The painting measures 90 by 120 centimetres and hangs in the Arne Museum in Holby.',
  );
  const painter = doc(
    'sand',
    'Ruth Sand',
    'Ruth Sand (1870–1940) was a painter. She studied at the academy in Holby and later in Paris under Paul Rivet. She married the potter Ole Berg in 1896.',
  );
  const all = [painting, painter];

  it('gives a measure of two sides whole, and where a painting hangs', () => {
    // Act & Assess
    expect(ask('How big is The Net Menders?', all).shortAnswer).toBe('90 by 120 centimetres');
    expect(ask('Where is The Net Menders?', all).shortAnswer).toBe('in the Arne Museum in Holby');
  });

  it('counts an age at a dated event from the birth, and gives none from another figure', () => {
    // Act
    const painted = ask('How old was Ruth Sand when she painted The Net Menders?', all);

    // Assess
    expect(painted.shortAnswer).toBe('30 or 31');
    expect(checkEvidence('How old was Ruth Sand when she painted The Net Menders?', all, painted, wordNet()).covered).toBe(true);
    expect(ask('How old was Ruth Sand when she sold The Net Menders?', all).shortAnswer).toBeNull();
  });

  it('names the teacher a pupil studied under, however the teacher is asked', () => {
    // Act & Assess
    for (const q of ['Who taught Ruth Sand?', "Who was Ruth Sand's teacher?"]) {
      const a = ask(q, all);
      expect(a.shortAnswer).toBe('Paul Rivet');
      expect(checkEvidence(q, all, a, wordNet()).covered).toBe(true);
    }
  });
});

describe('Function: answerStructured on a marathon, its record and its winners', () => {
  const race = doc(
    'race',
    'Orne Marathon',
    'The Orne Marathon is an annual road race held in Orne each May. The course record of 2:05:31 was set by Jonah Keter in 2018. The women’s record is held by Lise Varn, who won in 2:21:07 in 2020.',
  );
  const runner = doc('varn', 'Lise Varn', 'Lise Varn (born 1990) is a marathon runner. She has won the Orne Marathon twice, in 2020 and 2022.');
  const all = [race, runner];

  it('reads a race time as the figure of a record or a winning time, never as a count', () => {
    // Act & Assess
    expect(ask('What is the course record of the Orne Marathon?', all).shortAnswer).toBe('2:05:31');
    expect(ask("What was Lise Varn's winning time in 2020?", all).shortAnswer).toBe('2:21:07 (2020)');
  });

  it('counts "twice" as how many times, with no year of the wins it lists', () => {
    // Act & Assess
    expect(ask('How many times has Lise Varn won the Orne Marathon?', all).shortAnswer).toBe('twice');
  });
});

describe('Function: answerStructured on the kind of a programming language', () => {
  it('keeps adjectives a comma parts as the kind asked', () => {
    // Prepare
    const language = doc('lang', 'Fennel (language)', 'Fennel is a dynamically typed, object-oriented programming language designed by Ole Brun in 2001.');

    // Act & Assess
    expect(ask('What kind of language is Fennel?', [language]).shortAnswer).toBe('dynamically typed, object-oriented programming language');
  });
});

describe('Function: answerStructured on a winery and the family that owns it', () => {
  const winery = doc(
    'winery',
    'Clos Arnel',
    'Clos Arnel is a winery in the Tarn valley of Varesse, known for its red wines. It has been owned by the Morel family since 1901.',
  );
  const valley = doc('valley', 'Tarn valley', 'The Tarn valley is a wine region in Varesse.');

  it('names the family that owns a thing, and a place by the title the text goes on to', () => {
    // Act & Assess
    expect(ask('Who owns Clos Arnel?', [winery, valley]).shortAnswer).toBe('Morel family');
    expect(ask('Where is Clos Arnel?', [winery, valley]).shortAnswer).toBe('Tarn valley');
  });
});

describe('Function: answerStructured on a grape of one colour asked as another', () => {
  it('says no when the sentence gives another value of the attribute, yes when it gives that one', () => {
    // Prepare
    const grape = doc('grape', 'Vandre (grape)', 'Vandre is a red wine grape variety grown mainly in Osta.');

    // Act & Assess
    expect(ask('Is Vandre a white grape?', [grape]).shortAnswer).toBe('no');
    expect(ask('Is Vandre a red grape?', [grape]).shortAnswer).toBe('yes');
  });
});

describe('Function: answerStructured on a prime minister and a parliament', () => {
  const leader = doc(
    'leader',
    'Ilse Varg',
    'Ilse Varg (born 1971) is a politician who has served as Prime Minister of Ostmark since 2020. She has led the Labour Front since 2015.',
  );
  const parliament = doc('parliament', 'Diet (Ostmark)', 'The Diet is the parliament of Ostmark. Its 120 members are elected every five years.');
  const rival = doc('rival', 'Farmers League', 'The Farmers League is an agrarian party in Ostmark, founded in 1919.');
  const all = [leader, parliament, rival];

  it('reads a role of a place after "the" as held by someone, not as a name to describe', () => {
    // Act & Assess
    expect(ask('Who is the Prime Minister of Ostmark?', all).shortAnswer).toBe('Ilse Varg');
  });

  it('dates "Since when ...?" by the date after "since", not a birth in brackets', () => {
    // Act & Assess
    expect(ask('Since when has Ilse Varg been Prime Minister?', all).shortAnswer).toBe('2020');
  });

  it('says how often a thing recurs, and gives no count of something else for it', () => {
    // Act & Assess
    expect(ask('How often is the Diet elected?', all).shortAnswer).toBe('every five years');
    expect(ask('How often is the Farmers League founded?', all).shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on a folk festival, its founder and a music prize', () => {
  const festival = doc(
    'festival',
    'Morna Festival',
    'The Morna Festival is an annual folk music festival held each July in the town of Morna, Vestria. It was founded in 1968 by the piper Aldo Brenn and now draws about 25,000 visitors over three days.',
  );
  const founder = doc(
    'brenn',
    'Aldo Brenn',
    'Aldo Brenn (1929–2001) was a Vestrian piper. Born in Tolla, he learned the pipes from his uncle and recorded more than thirty albums. He founded the Morna Festival in 1968 and ran it until 1987.',
  );
  const prize = doc(
    'prize',
    'Vestria Folk Prize',
    'The Vestria Folk Prize is an annual award for the best folk album. It carries a prize of 50,000 kroner. The winner is chosen by a panel of nine critics.',
  );
  const singer = doc('singer', 'Ada Lund', 'Ada Lund (born 1982) is a Vestrian singer. Her album Grey Water won the Vestria Folk Prize in 2010.');
  const producer = doc(
    'producer',
    'Olle Sand',
    "Olle Sand (born 1970) is a Vestrian producer. He produced Ada Lund's albums Grey Water and Cold Harbour, and has played with the band Kestrel since 1995.",
  );
  const lake = doc(
    'lake',
    'Lake Morn',
    'Lake Morn is a lake in western Vestria. It is 18 kilometres long and reaches a depth of 120 metres, making it the deepest lake in the country.',
  );
  const university = doc(
    'university',
    'University of Tolla',
    'The University of Tolla is a public university in Tolla, Vestria. Founded in 1502, it is the oldest university in the country.',
  );
  const tower = doc(
    'tower',
    'Tolla Cathedral',
    'Tolla Cathedral is a Gothic cathedral in Tolla. Its tower, rebuilt after a storm in 1703, is 80 metres tall. The tower was rebuilt by the mason Per Ekdal between 1706 and 1710.',
  );
  const all = [festival, founder, prize, singer, producer, lake, university, tower];

  it('reads "the country" as the region its passage names, for a superlative asked and claimed', () => {
    // Act & Assess
    expect(ask('What is the deepest lake in Vestria?', all).shortAnswer).toBe('Lake Morn');
    expect(ask('Is Lake Morn the deepest lake in Vestria?', all).shortAnswer).toBe('yes');
    expect(ask('What is the oldest university in Vestria?', all).shortAnswer).toBe('University of Tolla');
  });

  it('names a teacher one learned a skill from, and reads the skill apart from the pupil', () => {
    // Act & Assess
    expect(ask('Who taught Aldo Brenn the pipes?', all).shortAnswer).toBe('his uncle');
  });

  it('gives the prize won, not a figure of the prize, and a body of people who choose', () => {
    // Act & Assess
    expect(ask('What prize did Ada Lund win?', all).shortAnswer).toBe('Vestria Folk Prize');
    expect(ask('Who chooses the winner of the Vestria Folk Prize?', all).shortAnswer).toBe('a panel of nine critics');
  });

  it('gives the pronoun that does the verb asked, not a name done to or named later', () => {
    // Act & Assess
    expect(ask('Who produced Cold Harbour?', all).shortAnswer).toBe('Olle Sand');
  });

  it('ends a run at "until", and dates a rebuilding, not the storm it came after', () => {
    // Act & Assess
    expect(ask('When did Aldo Brenn stop running the festival?', all).shortAnswer).toBe('1987');
    expect(ask('When was the tower rebuilt?', all).shortAnswer).not.toBe('1703');
  });

  it('counts people by the noun a figure counts them by, gives a length of time, and counts in tens', () => {
    // Act
    const attend = ask('How many people attend the Morna Festival?', all);

    // Assess
    expect(attend.shortAnswer).toBe('about 25,000 visitors');
    expect(checkEvidence('How many people attend the Morna Festival?', [festival], attend, wordNet()).covered).toBe(true);
    expect(ask('How long does the Morna Festival last?', all).shortAnswer).toBe('three days');
    expect(ask('How many albums did Aldo Brenn record?', all).shortAnswer).toBe('more than thirty albums');
  });
});

describe('Function: answerStructured on a sports car, its maker, an opera and a bishop', () => {
  const car = doc(
    'car',
    'Talon GT',
    'The Talon GT is a two-door sports car made by Brix Motors from 1968 to 1981. It was designed by Rolf Amsel and powered by a 3.0-litre V6 engine. Its top speed was 210 km/h.',
  );
  const maker = doc('maker', 'Brix Motors', 'Brix Motors is a car manufacturer based in Lunde. The company employs about 9,000 people.');
  const bishop = doc('bishop', 'Odo Venn', 'Odo Venn (c. 1190 – 1251) was a bishop. He studied law in Bologna and became Bishop of Lunde in 1230.');
  const designer = doc(
    'designer',
    'Rolf Amsel',
    'Rolf Amsel (1930–2012) was a car designer. He studied design at the Lunde School of Art and joined Brix Motors in 1955.',
  );
  const opera = doc(
    'opera',
    'The Silver Bell',
    'The Silver Bell is an opera in four acts by Jon Strand. It premiered in Lunde in 1902. A performance lasts about two and a half hours.',
  );
  const all = [car, maker, bishop, designer, opera];

  it('gives the place one studied in when no school is named, and the school when one is', () => {
    // Act & Assess
    expect(ask('Where did Odo Venn study?', all).shortAnswer).toBe('Bologna');
    expect(ask('Where did Rolf Amsel study?', all).shortAnswer).toBe('Lunde School of Art');
  });

  it('counts the people a firm employs for how many work there, and reads how fast as a speed', () => {
    // Act & Assess
    expect(ask('How many people work at Brix Motors?', all).shortAnswer).toBe('about 9,000 people');
    expect(ask('How fast is the Talon GT?', all).shortAnswer).toBe('210 km/h');
  });

  it('gives the kind of a made thing a thing has, as its own passage words it', () => {
    // Act & Assess
    expect(ask('What engine does the Talon GT have?', all).shortAnswer).toBe('3.0-litre V6 engine');
  });

  it('gives how long a work lasts, not a count of its parts', () => {
    // Act & Assess
    expect(ask('How long does The Silver Bell last?', all).shortAnswer).toBe('two and a half hours');
    expect(ask('How long is The Silver Bell?', all).shortAnswer).toBe('two and a half hours');
  });
});

describe('Function: answerStructured on an election, its parties and a foundation', () => {
  const election = doc(
    'election',
    '2021 Morvian general election',
    'The 2021 Morvian general election was held on 3 June 2021. The People’s Union, led by Tomas Relk, won 58 seats and formed a coalition with the Farmers Party. Turnout was 68.2%.',
  );
  const leader = doc('relk', 'Tomas Relk', 'Tomas Relk (born 1966) is a Morvian politician. He has been Prime Minister of Morvia since 2021.');
  const union = doc('union', 'People’s Union', 'The People’s Union is a centre-left political party in Morvia, founded in 1919.');
  const farmers = doc('farmers', 'Farmers Party', 'The Farmers Party is an agrarian party in Morvia. It won 12 seats in 2021.');
  const foundation = doc(
    'foundation',
    'Lark Foundation',
    'The Lark Foundation is a non-profit organisation that maintains the Lark language and its compiler. It was set up in 2012.',
  );
  const language = doc('lark', 'Lark (programming language)', 'Lark is a functional programming language designed by Ada Renn and first released in 2008.');
  const all = [election, leader, union, farmers, foundation, language];

  it('gives the party a sentence says the person leads, not another it names', () => {
    // Act & Assess
    expect(ask('Which party does Tomas Relk lead?', all).shortAnswer).toBe('People’s Union');
    expect(ask('Which party did Tomas Relk lead in 2021?', all).shortAnswer).toBe('People’s Union');
  });

  it('reads a title of a name and common nouns as the name asked about, and a figure asked "in" it', () => {
    // Act & Assess
    expect(ask('What was the turnout in the 2021 Morvian general election?', all).shortAnswer).toBe('68.2%');
  });

  it('gives the body a lead says does the verb asked to the name, and a named doer as a name', () => {
    // Act & Assess
    expect(ask('Who maintains Lark?', all).shortAnswer).toBe('Lark Foundation');
    expect(ask('Who designed Lark?', all).shortAnswer).toBe('Ada Renn');
  });
});

describe('Function: answerStructured on a language and its region', () => {
  it('reads the place a region of a country is "of", past the quarter of it', () => {
    // Arrange
    const language = doc(
      'varn',
      'Varn language',
      'Varn is a Finnic language spoken by about 90,000 people, mainly in the Lenna region of eastern Ostria. It is written in the Latin script.',
    );

    // Act & Assess
    expect(ask('Where is Varn spoken?', [language]).shortAnswer).toBe('Ostria');
  });
});

describe('Function: answerStructured on a zoo, its animals and the charity that runs it', () => {
  const zoo = doc(
    'zoo',
    'Harrow Zoo',
    'Harrow Zoo is a zoo in Harrow, Ostmark, covering 20 hectares on the slopes of Mount Harr. It opened in 1931 and houses about 1,800 animals of 240 species. Its best-known resident is the brown bear Bruna. The zoo receives about 700,000 visitors a year.',
  );
  const bear = doc(
    'bear',
    'Bruna (bear)',
    'Bruna (born 2009) is a female brown bear at Harrow Zoo. She was born at Tierpark Kassel and moved to Harrow in 2011.',
  );
  const all = [zoo, bear];

  it('gives where one was born "at", not the place its lead puts it now', () => {
    // Act & Assess
    expect(ask('Where was Bruna born?', all).shortAnswer).toBe('Tierpark Kassel');
  });

  it('counts the species or the visitors asked, without the verb asked of them being said', () => {
    // Act
    const species = ask('How many species live at Harrow Zoo?', all);
    const visitors = ask('How many people visit Harrow Zoo?', all);

    // Assess
    expect([species.shortAnswer, visitors.shortAnswer]).toEqual(['240 species', 'about 700,000 visitors']);
    expect(checkEvidence('How many species live at Harrow Zoo?', [zoo], species, wordNet()).covered).toBe(true);
    expect(checkEvidence('How many people visit Harrow Zoo?', [zoo], visitors, wordNet()).covered).toBe(true);
  });

  it('gives no place the question names as the most of a class there', () => {
    // Act & Assess
    expect(ask('What is the most famous animal at Harrow Zoo?', all).shortAnswer).not.toBe('Harrow Zoo');
  });
});

describe('Function: answerStructured on a national park, its glacier and its river', () => {
  const glacier = doc(
    'glacier',
    'Storm Glacier',
    'The Storm Glacier is the largest glacier in Storm National Park. It has retreated by about 2 kilometres since 1900. Its meltwater feeds the river Sture.',
  );
  const river = doc('river', 'Sture (river)', 'The Sture is a river in Ostria. It flows from the Storm Glacier into the Kelp Fjord at the town of Sturby.');
  const all = [glacier, river];

  it('gives a superlative subject made of the words of a name asked, not that name', () => {
    // Act & Assess
    expect(ask('What is the largest glacier in Storm National Park?', all).shortAnswer).toBe('Storm Glacier');
  });

  it('gives the place after the preposition the question ends on', () => {
    // Act & Assess
    expect(ask('Where does the Sture flow into?', all).shortAnswer).toBe('Kelp Fjord');
  });

  it('reads a figure a change is "by" only for a change asked', () => {
    // Act & Assess
    expect(ask('How big is the Storm Glacier?', all).shortAnswer).not.toBe('about 2 kilometres (1900)');
    expect(ask('How much has the Storm Glacier retreated?', all).shortAnswer).toBe('about 2 kilometres (1900)');
  });
});

describe('Function: answerStructured on a fashion house', () => {
  it('gives what a thing is known for to the end of its sentence, two nouns joined by "and"', () => {
    // Arrange
    const house = doc(
      'house',
      'Maison Arlet',
      'Maison Arlet is a fashion house founded in Nantes in 1951. It is known for its wool blankets and leather bags.',
    );

    // Act & Assess
    expect(ask('What is Maison Arlet known for?', [house]).shortAnswer).toBe('its wool blankets and leather bags');
  });
});

describe('Function: answerStructured on an airline, its founder, its airport and its chief executive', () => {
  const airline = doc(
    'airline',
    'Tarn Air',
    'Tarn Air is a regional airline based in Velby. It was founded in 1979 by the former pilot Oskar Brun. It operates a fleet of 22 turboprop aircraft. Since 2018 its chief executive has been Maren Lys.',
  );
  const founder = doc('founder', 'Oskar Brun', 'Oskar Brun (1938–2009) was a Norvian pilot and businessman. He was married to the sculptor Ida Brun.');
  const airport = doc('airport', 'Velby Airport', 'Velby Airport is the main hub of Tarn Air. The airport is owned by the city of Velby and opened in 1958.');
  const chief = doc(
    'chief',
    'Maren Lys',
    'Maren Lys (born 1971) is a Norvian business executive. She studied law at the University of Orm and worked for a bank before joining Tarn Air in 2018.',
  );
  const town = doc('town', 'Orm', 'Orm is a university town. It is home to the University of Orm, founded in 1544.');
  const all = [airline, founder, airport, chief, town];

  it("gives a person's occupation from their own passage's opening, or the noun before their name", () => {
    // Act & Assess
    expect(ask("What was Oskar Brun's profession?", all).shortAnswer).toBe('pilot and businessman');
    expect(ask('What is the occupation of Maren Lys?', all).shortAnswer).toBe('business executive');
    expect(ask("What is Ida Brun's job?", all).shortAnswer).toBe('sculptor');
  });

  it('reads an acronym no passage writes as what it stands for, as the passages write it', () => {
    // Act & Assess
    expect(ask('Who is the CEO of Tarn Air?', all).shortAnswer).toBe('Maren Lys');
  });

  it('counts a plural without an "s" after a modifier, and gives the modifier as its kind', () => {
    // Act & Assess
    expect(ask('How many aircraft does Tarn Air have?', all).shortAnswer).toBe('22 turboprop aircraft');
    expect(ask('What kind of aircraft does Tarn Air fly?', all).shortAnswer).toBe('turboprop aircraft');
  });

  it('gives the body of a given place that did what is asked, and the owner of a thing a clause describes', () => {
    // Act & Assess
    expect(ask('Who owns Velby Airport?', all).shortAnswer).toBe('the city of Velby');
    expect(ask('Who owns the airport that Tarn Air uses as its hub?', all).shortAnswer).toBe('the city of Velby');
  });

  it("asks a clause's thing first when the question's participle follows the clause", () => {
    // Act & Assess
    expect(ask('When was the university where Maren Lys studied founded?', all).shortAnswer).toBe('1544');
  });
});

describe('Function: answerStructured on a volcanic island', () => {
  const volcano = doc('volcano', 'Mount Kessel', 'Mount Kessel is an active stratovolcano on the island of Orra. It last erupted in 1902.');
  const island = doc('island', 'Orra', 'Orra is an island in the Brand Sea. Its economy relies on fishing, wine and tourism.');
  const all = [volcano, island];

  it('reads a kind asked in a word that ends with its noun', () => {
    // Act & Assess
    expect(ask('What type of volcano is Mount Kessel?', all).shortAnswer).toBe('active stratovolcano');
  });

  it('gives a list that ends its sentence as the object whole', () => {
    // Act & Assess
    expect(ask("What does Orra's economy rely on?", all).shortAnswer).toBe('fishing, wine and tourism');
  });
});

describe('Function: answerStructured on a board game, its designer and a ballet company', () => {
  const game = doc(
    'game',
    'Tidewater (board game)',
    'Tidewater is a strategy board game for two to six players, designed by Lena Rook and published in 2015 by Fernhill Games.',
  );
  const designer = doc(
    'designer',
    'Lena Rook',
    'Lena Rook (born 1975) is a Danish board game designer. Before designing games she worked as a chemistry teacher in Odense. She is the daughter of a fisherman.',
  );
  const company = doc('company', 'Kelm City Ballet', 'The Kelm City Ballet is a ballet company based in Kelm. It was founded in 1958.');
  const all = [game, designer, company];

  it('gives a count as the range a sentence gives it', () => {
    // Act & Assess
    expect(ask('How many players can play Tidewater?', all).shortAnswer).toBe('two to six players');
  });

  it('gives what a person did before an event the question names, as the clause its "before" opens', () => {
    // Act & Assess
    expect(ask('What did Lena Rook do before designing games?', all).shortAnswer).toBe('worked as a chemistry teacher in Odense');
  });

  it("gives the place its lead puts a body in, not the body's own name that begins with that place", () => {
    // Act & Assess
    expect(ask('Where is the Kelm City Ballet based?', all).shortAnswer).toBe('Kelm');
  });

  it("reads no occupation of the one named when a relative's is asked", () => {
    // Act & Assess
    expect(ask("What was Lena Rook's father's profession?", all).shortAnswer).not.toBe('board game designer');
    expect(ask("What is Lena Rook's profession?", all).shortAnswer).toBe('board game designer');
  });
});

describe('Function: answerStructured on a mine, its town and a disaster', () => {
  const town = doc('town', 'Dunby', 'Dunby is a town in central Vesmark with a population of 6,200. The town is twinned with Kerava in Finland.');
  const disaster = doc('disaster', 'Dunby Mine disaster', 'The Dunby Mine disaster was a mining accident in 1931. Thirty-seven miners were killed.');

  it('counts in a number word of tens and units joined by a hyphen', () => {
    // Act & Assess
    expect(ask('How many miners were killed in the Dunby Mine disaster?', [disaster]).shortAnswer).toBe('Thirty-seven miners');
  });

  it('reads no place another name is in as the place that holds the one asked', () => {
    // Act & Assess
    expect(ask('In which country is Dunby?', [town]).shortAnswer).not.toBe('Finland');
  });
});

describe('Function: answerStructured on a railway tunnel', () => {
  const tunnel = doc(
    'tunnel',
    'Ostra Tunnel',
    'The Ostra Tunnel is a railway tunnel under the Varn Mountains that links the towns of Hellby and Sundby. At 19.2 km it is the longest tunnel in Kessia. It cost 2.1 billion kronor.',
  );

  it('gives a length, not a sum of money, for "How long"', () => {
    // Act & Assess
    expect(ask('How long is the Ostra Tunnel?', [tunnel]).shortAnswer).toBe('19.2 km');
  });

  it('gives the subject of a superlative said after a fronted measure', () => {
    // Act & Assess
    expect(ask('What is the longest tunnel in Kessia?', [tunnel]).shortAnswer).toBe('Ostra Tunnel');
  });

  it('reads no names another class noun opens as the class asked', () => {
    // Act & Assess
    expect(ask('Under which mountains does the Ostra Tunnel run?', [tunnel]).shortAnswer).toBe('Varn Mountains');
    expect(ask('Which towns does the Ostra Tunnel link?', [tunnel]).shortAnswer).toBe('Hellby, Sundby');
  });
});

describe('Function: answerStructured on a windstorm', () => {
  const storm = doc(
    'storm',
    'Storm Irja',
    'Storm Irja was a powerful European windstorm that struck the coast of Ostria in 2020. The storm killed two hundred people. It was named by the Ostrian Weather Service.',
  );

  it('reads a sentence opening on a word of its title as about its subject, and counts people in words', () => {
    // Act & Assess
    expect(ask('How many people did Storm Irja kill?', [storm]).shortAnswer).toBe('two hundred people');
  });

  it('reads "named" right after "who" as the verb asked', () => {
    // Act & Assess
    expect(ask('Who named Storm Irja?', [storm]).shortAnswer).toBe('Ostrian Weather Service');
  });
});

describe('Function: answerStructured on a school, its headmaster and a pupil', () => {
  const school = doc(
    'school',
    'Fenmoor School',
    'Fenmoor School is an independent boarding school for pupils aged 11 to 18 in the village of Fenmoor. The school has about 540 pupils.',
  );
  const head = doc(
    'head',
    'Ruth Calder',
    'Ruth Calder (born 1972) is a British schoolmistress. She was educated at Leeds University and taught chemistry at Ormby College before becoming headmistress of Fenmoor School.',
  );
  const pupil = doc('pupil', 'Tom Reeve', 'Tom Reeve (born 1988) is an English rower who won a bronze medal at the 2016 Summer Olympics.');
  const all = [school, head, pupil];

  it('reads a figure after "aged" as an age, no count', () => {
    // Act & Assess
    expect(ask('How many pupils does Fenmoor School have?', all).shortAnswer).toBe('about 540 pupils');
  });

  it('gives the place of learning right after "educated at", of several a sentence names', () => {
    // Act & Assess
    expect(ask('Where did Ruth Calder study?', all).shortAnswer).toBe('Leeds University');
    expect(ask('Where was Ruth Calder educated?', all).shortAnswer).toBe('Leeds University');
  });

  it('gives the class asked said as a common noun after the verb asked', () => {
    // Act & Assess
    expect(ask('Which medal did Tom Reeve win?', all).shortAnswer).toBe('bronze medal');
  });
});

describe('Function: answerStructured on a dog breed, its valley and a dog show', () => {
  const breed = doc('breed', 'Morra Hound', 'The Morra Hound is a breed of scent hound from the Morra valley in northern Kessia.');
  const valley = doc('valley', 'Morra valley', 'The Morra valley is a valley in northern Kessia, drained by the river Morre.');
  const show = doc('show', 'Tarn Dog Show', 'The Tarn Dog Show is an annual dog show held in Tarn every May.');
  const all = [breed, valley, show];

  it('reads no kind from a passage that no sentence about the subject names', () => {
    // Act & Assess
    expect(ask('What kind of dog is the Morra Hound?', all).shortAnswer).not.toBe('annual dog');
  });

  it('gives a place of the class asked named after its noun in a passive', () => {
    // Act & Assess
    expect(ask('Which river drains the Morra valley?', all).shortAnswer).toBe('Morre');
  });

  it('gives a place after a quarter of it', () => {
    // Act & Assess
    expect(ask('Where does the Morra Hound come from?', all).shortAnswer).toBe('Kessia');
  });
});

describe('Function: answerStructured on a poetry collection and the books of a geologist', () => {
  const collection = doc('collection', 'Tide Lines', 'Tide Lines is a 1971 collection of 40 poems by Ada Brennan. It won the Marsh Prize.');
  const opera = doc(
    'opera',
    'The Iron Bell',
    'The Iron Bell is an opera in two acts by the Ostrian composer Karl Venn, with a libretto by Lise Aune after a legend.',
  );
  const geologist = doc(
    'geologist',
    'Hanna Voll',
    'Hanna Voll (1870–1941) was a Kessian geologist. Her book Cold Stone, published in 1912, described the glaciers of Kessia.',
  );
  const all = [collection, opera, geologist];

  it('gives the maker a work\'s own lead names after its first "by", past a role', () => {
    // Act & Assess
    expect(ask('Who wrote Tide Lines?', all).shortAnswer).toBe('Ada Brennan');
    expect(ask('Who composed The Iron Bell?', all).shortAnswer).toBe('Karl Venn');
    expect(ask('Who wrote the libretto of The Iron Bell?', all).shortAnswer).toBe('Lise Aune');
  });

  it('gives the subject of the passage that calls the work its own', () => {
    // Act & Assess
    expect(ask('Who wrote Cold Stone?', all).shortAnswer).toBe('Hanna Voll');
  });
});

describe('Function: answerStructured on an act of parliament and the minister who introduced it', () => {
  const act = doc(
    'act',
    'Open Fields Act 1962',
    'The Open Fields Act 1962 is an act of the Parliament of Varnia. It was introduced by the farm minister Olaf Berg. The act created the Fields Board. It was replaced by the Land Access Act in 1999.',
  );
  const minister = doc('minister', 'Olaf Berg', 'Olaf Berg (1920–1990) was a Varnian politician of the Farmers League. He was born in Skeld.');
  const all = [act, minister];

  it('reads a clause whose name ends on a figure before the participle the question asks', () => {
    // Act & Assess
    expect(ask('Where was the minister who introduced the Open Fields Act 1962 born?', all).shortAnswer).toBe('Skeld');
  });

  it('gives what a passive says did it, and what was done, though they share a word of the name asked', () => {
    // Act & Assess
    expect(ask('What replaced the Open Fields Act 1962?', all).shortAnswer).toBe('the Land Access Act');
    expect(ask('What did the Open Fields Act 1962 create?', all).shortAnswer).toBe('the Fields Board');
  });
});

describe('Function: answerStructured on a dam, its lake and the company that built it', () => {
  const dam = doc(
    'dam',
    'Orva Dam',
    'The Orva Dam is a rockfill embankment dam on the river Orva in western Kessia. It was built between 1961 and 1967 by the power company Kesskraft. The dam is 118 metres high.',
  );
  const lake = doc(
    'lake',
    'Lake Orva',
    'Lake Orva is a reservoir formed by the Orva Dam. The filling of the reservoir flooded the village of Lower Mell, whose people were moved to Upper Mell.',
  );
  const village = doc(
    'village',
    'Upper Mell',
    'Upper Mell is a village in Orva County, built in 1966. Its chapel was moved stone by stone from the old village.',
  );
  const company = doc('company', 'Kesskraft', 'Kesskraft is a power company of Kessia, founded in 1930. Its chief executive since 2021 is Lina Dahl.');
  const weir = doc('weir', 'Tarr Weir', 'The Tarr Weir is a weir on the river Tarr. It was completed in 1975. It supplied the town of Vell from 1976 to 1990.');
  const all = [dam, lake, village, company, weir];

  it('gives the kind asked, not a figure of the class noun', () => {
    // Act & Assess
    expect(ask('What kind of dam is the Orva Dam?', all).shortAnswer).toBe('rockfill embankment dam');
  });

  it('gives a name its sentence writes after the class noun asked, though it is a word of the name given', () => {
    // Act & Assess
    expect(ask('On which river is the Orva Dam?', all).shortAnswer).toBe('Orva');
    expect(ask('Which village did Lake Orva flood?', all).shortAnswer).toBe('Lower Mell');
  });

  it('gives the end of a period of building, asked when it was completed', () => {
    // Act & Assess
    expect(ask('When was the Orva Dam completed?', all).shortAnswer).toBe('1967');
    expect(ask('When was the Tarr Weir completed?', all).shortAnswer).toBe('1975');
  });

  it('gives who heads a body when its passage says since when', () => {
    // Act & Assess
    expect(ask('Who runs Kesskraft?', all).shortAnswer).toBe('Lina Dahl');
  });

  it('gives what a passive says was done, asked in the passive', () => {
    // Act & Assess
    expect(ask('What was moved from Lower Mell to Upper Mell?', all).shortAnswer).toBe('the chapel');
  });
});

describe('Function: answerStructured on a painting, its painter and the gallery that holds it', () => {
  const painting = doc(
    'painting',
    'The Salt Pans at Noon',
    'The Salt Pans at Noon is an oil painting by the Vessian artist Mira Tolle, completed in 1893. It shows women raking salt on the shore of Brisa under a white sky. It has hung in the Vessian National Gallery since 1930.',
  );
  const painter = doc(
    'painter',
    'Mira Tolle',
    'Mira Tolle (1860–1920) was a Vessian painter of the Brisa school, known for her beach scenes. She trained at the Royal Academy of Art in Vell.',
  );
  const noon = doc('noon', 'Noon (painting)', 'Noon is a 1901 painting by the Vessian painter Karl Sten. It has hung in the Vell Art Museum since 1950.');
  const pan = doc('pan', 'Salt pan', 'A salt pan is a flat expanse of ground covered with salt.');
  const all = [painting, painter, noon, pan];

  it('reads a title the question writes whole as one name, though it holds a small word', () => {
    // Act & Assess
    expect(ask('Where does The Salt Pans at Noon hang?', all).shortAnswer).toBe('Vessian National Gallery');
  });

  it('gives what a work shows, whole to its clause’s end', () => {
    // Act & Assess
    expect(ask('What does The Salt Pans at Noon show?', all).shortAnswer).toBe('women raking salt on the shore of Brisa under a white sky');
  });

  it('gives a school of art a painter belonged to, and the academy attended when asked what was attended', () => {
    // Act & Assess
    expect(ask('Which school of painting did Mira Tolle belong to?', all).shortAnswer).toBe('Brisa school');
    expect(ask('Which school did Mira Tolle attend?', all).shortAnswer).toBe('Royal Academy of Art');
  });
});

describe('Function: answerStructured on a video game, its studio, its publisher and a band', () => {
  const game = doc(
    'game',
    'Tide Clock',
    'Tide Clock is a 2019 puzzle platform video game developed by the Vessian studio Owl Lane Games and published by Morrow Soft. It was released on 3 March 2019.',
  );
  const studio = doc(
    'studio',
    'Owl Lane Games',
    'Owl Lane Games is an independent video game developer based in Brisa, Vessia. It was founded in 2014 by Tove Lind and Erik Sand, two former programmers at Morrow Soft. The studio has 19 employees.',
  );
  const publisher = doc(
    'publisher',
    'Morrow Soft',
    'Morrow Soft is a video game publisher headquartered in Vell. It was founded in 1991 and was acquired by the media group Kestrel Media in 2015.',
  );
  const band = doc('band', 'Salt Choir', 'Salt Choir is a Vessian post-punk band formed in Brisa in 2008.');
  const designer = doc('designer', 'Tove Lind', 'Tove Lind (born 1986) is a Vessian game designer. She wrote the music for Tide Clock. She grew up in Holm.');
  const all = [game, studio, publisher, band, designer];

  it('asks where the one a role describes is based, the participle no word of the role', () => {
    // Act & Assess
    expect(ask('In which city is the developer of Tide Clock based?', all).shortAnswer).toMatch(/^Brisa/);
  });

  it('counts the class by its own noun before a kind of it', () => {
    // Act & Assess
    expect(ask('How many employees does Owl Lane Games have?', all).shortAnswer).toBe('19 employees');
  });

  it('gives the owner a passage says acquired the thing', () => {
    // Act & Assess
    expect(ask('Who owns Morrow Soft?', all).shortAnswer).toBe('Kestrel Media');
  });

  it('gives a genre as the words a lead calls the work by, past its year and nation', () => {
    // Act & Assess
    expect(ask('What genre is Tide Clock?', all).shortAnswer).toBe('puzzle platform');
    expect(ask('What kind of music does Salt Choir play?', all).shortAnswer).toBe('post-punk');
  });
});

describe('Function: answerStructured on a king, his father, his successor and a treaty', () => {
  const king = doc(
    'king',
    'Sverre III of Norland',
    'Sverre III (1410–1470) was King of Norland from 1440 until his death. He was the eldest son of King Haakon V and Queen Ingrid of Vell. He moved the royal court from Oster to Brand. He was succeeded by his nephew Magnus II.',
  );
  const father = doc(
    'father',
    'Haakon V of Norland',
    'Haakon V (1380–1440) was King of Norland from 1405 to 1440. He fought a long war against the Duchy of Sarn.',
  );
  const college = doc('college', 'University of Brand', 'The University of Brand was founded in 1452. It has about 18,000 students.');
  const plague = doc(
    'plague',
    'Magnus II of Norland',
    'Magnus II (1445–1501) was King of Norland. His reign was marked by the plague of 1480, which killed a third of the people.',
  );
  const all = [king, father, college, plague];

  it('follows a parent to the passage a ruler is titled by, with the realm after the name', () => {
    // Act & Assess
    expect(ask("Who was Sverre III's father?", all).shortAnswer).toBe('King Haakon V');
    expect(ask('When was the father of Sverre III born?', all).shortAnswer).toBe('1380');
  });

  it('reads a successor in a sentence saying who succeeded', () => {
    // Act & Assess
    expect(ask("Who was Sverre III's successor?", all).shortAnswer).toBe('Magnus II');
  });

  it('gives where a thing was moved to, not where from', () => {
    // Act & Assess
    expect(ask('Where did Sverre III move the royal court?', all).shortAnswer).toBe('Brand');
    expect(ask('Where did Sverre III move the royal court from?', all).shortAnswer).toBe('Oster');
  });

  it('gives a body fought against as who', () => {
    // Act & Assess
    expect(ask('Who did Haakon V fight?', all).shortAnswer).toBe('Duchy of Sarn');
  });

  it('does not count people a sentence holding no word of the relation counts, with no name asked of', () => {
    // Act & Assess
    expect(ask('How many people did the plague of 1480 kill?', all).shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on a chess player, her husband and a title match', () => {
  const player = doc(
    'player',
    'Vera Lund',
    'Vera Lund (born 1995) is a Kessian chess grandmaster. She won the national title in 2018. Lund lives in Orsa with her husband, the violinist Jon Hale.',
  );
  const match = doc(
    'match',
    'Kessian Chess Championship 2018',
    'The Kessian Chess Championship 2018 was a twelve-game match between Vera Lund and Ada Sorn, held in Orsa.',
  );
  const all = [player, match];

  it('reads "married to" and "marry" as the spouse, named after a role', () => {
    // Act & Assess
    expect(ask('Who is Vera Lund married to?', all).shortAnswer).toBe('Jon Hale');
    expect(ask('Who did Vera Lund marry?', all).shortAnswer).toBe('Jon Hale');
  });

  it('counts what a count joined to its noun by a hyphen counts', () => {
    // Act & Assess
    expect(ask('How many games did the Kessian Chess Championship 2018 have?', all).shortAnswer).toMatch(/^twelve-game/);
  });
});

describe('Function: answerStructured on a hospital, its town and a surgeon', () => {
  const hospital = doc(
    'hospital',
    "St Ita's Hospital",
    "St Ita's Hospital is a teaching hospital in Ballynore, Kessia, with 640 beds. It was founded in 1880 by the Sisters of Charity.",
  );
  const town = doc('town', 'Ballynore', 'Ballynore is the third-largest city of Kessia. It has a population of 210,000.');
  const surgeon = doc(
    'surgeon',
    'Conal Brady',
    "Conal Brady (1921–2004) was a Kessian surgeon who performed the country's first kidney transplant at St Ita's Hospital in 1969. He was born in Dunlow.",
  );
  const all = [hospital, town, surgeon];

  it('gives an occupation the lexicon files under person at six levels (surgeon: doctor, ..., person)', () => {
    // Act & Assess
    expect(ask("What was Conal Brady's profession?", all).shortAnswer).toBe('surgeon');
  });

  it('gives who did it without the life span in brackets after the name', () => {
    // Act & Assess
    expect(ask("Who performed Kessia's first kidney transplant?", all).shortAnswer).toBe('Conal Brady');
  });

  it('dates a first event by its year, not by the life span of the one who did it', () => {
    // Act & Assess
    expect(ask('When was the first kidney transplant in Kessia performed?', [surgeon]).shortAnswer).toBe('1969');
  });

  it('gives the city a hospital found as the answer is in, as its own opening says', () => {
    // Act & Assess
    expect(ask('In which city did Conal Brady perform the first kidney transplant?', all).shortAnswer).toBe('Ballynore');
  });
});

describe('Function: answerStructured on a botanic garden, its founder and the genus named after him', () => {
  const garden = doc(
    'garden',
    'Tarn Botanic Garden',
    'Tarn Botanic Garden is a botanical garden in Tarn, Vessia, owned by the University of Tarn. It was laid out in 1770 by the botanist Olof Brisk.',
  );
  const botanist = doc(
    'botanist',
    'Olof Brisk',
    'Olof Brisk (1730–1801) was a Vessian botanist. He studied under Anders Hale at Lund and later taught botany at the University of Tarn. The plant genus Briskia is named after him.',
  );
  const all = [garden, botanist];

  it('finds the one a relative clause after "after" describes, then asks of them', () => {
    // Act & Assess
    expect(ask('What genus is named after the man who laid out Tarn Botanic Garden?', all).shortAnswer).toMatch(/Briskia$/);
  });

  it('gives the owner without the sentence’s stop', () => {
    // Act & Assess
    expect(ask('Who owns Tarn Botanic Garden?', all).shortAnswer).toBe('University of Tarn');
  });

  it('gives where one studied under a teacher, though a university is named after', () => {
    // Act & Assess
    expect(ask('Where did Olof Brisk study?', all).shortAnswer).toBe('Lund');
  });
});

describe('Function: answerStructured on a radio station, its owner and its morning show', () => {
  const station = doc(
    'station',
    'Radio Vell FM',
    'Radio Vell FM is a commercial radio station broadcasting to the city of Vell and the surrounding Salt Coast on 101.2 MHz. The station plays mainly soul and jazz music. It is owned by Tidewave Media, which bought it from its founder Ola Vik in 2005.',
  );
  const owner = doc(
    'owner',
    'Tidewave Media',
    'Tidewave Media is a media company headquartered in Brisa. It owns seventeen radio stations and two newspapers.',
  );
  const show = doc('show', 'The Vell Morning Show', 'The Vell Morning Show is the weekday morning programme on Radio Vell FM, presented by Siri Holm.');
  const all = [station, owner, show];

  it('counts in the teens said in words', () => {
    // Act & Assess
    expect(ask('How many radio stations does Tidewave Media own?', all).shortAnswer).toBe('seventeen radio stations');
  });

  it('finds the thing a clause describes after "Which company owns", then its owner', () => {
    // Act & Assess
    expect(ask('Which company owns the station that airs The Vell Morning Show?', all).shortAnswer).toBe('Tidewave Media');
  });

  it('gives the music a passage says its subject plays', () => {
    // Act & Assess
    expect(ask('What kind of music does Radio Vell FM play?', all).shortAnswer).toBe('soul and jazz');
  });

  it('reads a definition past a decimal point', () => {
    // Act & Assess
    expect(ask('What is Radio Vell FM?', all).shortAnswer).toMatch(/on 101\.2 MHz$/);
  });
});

describe('Function: answerStructured on a play, its setting and its lead', () => {
  const play = doc(
    'play',
    'The Salt Widow',
    'The Salt Widow is a three-act play by the Vessian playwright Ada Moor, first performed in Tarn in 1928. Set in a mining town during a flood, it follows Kate Orr, who hides a stranger from the mine owners.',
  );
  const game = doc(
    'game',
    'Tide Keeper',
    'Tide Keeper is a 2020 adventure video game. The player controls a ferryman named Oskar who must cross a drowned sea.',
  );

  it('gives where a work is set, as its own passage sets it', () => {
    // Act & Assess
    expect(ask('Where is The Salt Widow set?', [play, game]).shortAnswer).toBe('a mining town');
  });

  it('gives the main character as the one the work follows or the player controls', () => {
    // Act & Assess
    expect(ask('Who is the main character of The Salt Widow?', [play, game]).shortAnswer).toBe('Kate Orr');
    expect(ask('Who is the protagonist of Tide Keeper?', [play, game]).shortAnswer).toBe('Oskar');
  });
});

describe('Function: answerStructured on an inventor, his valve and the son of a blacksmith', () => {
  const inventor = doc(
    'inventor',
    'Per Holt',
    'Per Holt (1860–1925) was a Kessian engineer, best known for the Holt valve. He was born in Brisa, the son of a blacksmith.',
  );
  const valve = doc('valve', 'Holt valve', 'The Holt valve is a spring-loaded safety valve patented by Per Holt in 1890.');
  const all = [inventor, valve];

  it('gives the kind asked past the class noun the name ends on', () => {
    // Act & Assess
    expect(ask('What kind of valve is the Holt valve?', all).shortAnswer).toBe('spring-loaded safety valve');
  });

  it("gives a father's trade the passage names without naming him", () => {
    // Act & Assess
    expect(ask("What did Per Holt's father do?", all).shortAnswer).toBe('blacksmith');
    expect(ask("What was Per Holt's father's profession?", all).shortAnswer).toBe('blacksmith');
  });
});

describe('Function: answerStructured on a lighthouse, its engineer and a wreck', () => {
  const light = doc(
    'light',
    'Skerry Point Light',
    'Skerry Point Light is a lighthouse on the island of Vardo. The tower, 27 metres tall, was designed by the engineer Niall Brennan and first lit in 1842. Its light can be seen from 19 nautical miles away.',
  );
  const engineer = doc(
    'engineer',
    'Niall Brennan',
    'Niall Brennan (1781–1850) was an engineer of the Kessian coast. He trained as a stonemason before turning to engineering. His son, Niall Brennan Junior, succeeded him as inspector in 1850.',
  );
  const wreck = doc(
    'wreck',
    'Wreck of the Ada Grey',
    'The Ada Grey was a Brisa schooner that sank off Skerry Point in 1860. She was carrying a cargo of slate from Brisa to Harwick. Six of her eight crew drowned.',
  );
  const all = [light, engineer, wreck];

  it('gives the height a sentence of its own passage says, not another figure of it', () => {
    // Act & Assess
    expect(ask('How tall is Skerry Point Light?', all).shortAnswer).toBe('27 metres');
  });

  it('tells a son named "Junior" from the father the question names', () => {
    // Act & Assess
    expect(ask('Who succeeded Niall Brennan as inspector?', all).shortAnswer).toBe('Niall Brennan Junior');
  });

  it('gives what one trained as', () => {
    // Act & Assess
    expect(ask('What did Niall Brennan train as?', all).shortAnswer).toBe('stonemason');
  });

  it('gives the part a count asks of, not the whole it is of', () => {
    // Act & Assess
    expect(ask("How many of the Ada Grey's crew drowned?", all).shortAnswer).toBe('Six');
  });

  it('reads "What was X carrying?" as what X carried', () => {
    // Act & Assess
    expect(ask('What was the Ada Grey carrying?', all).shortAnswer).toBe('a cargo of slate');
  });

  it('gives the kind of a ship the lexicon names in two words ("schooner": a sailing ship)', () => {
    // Act & Assess
    expect(ask('What kind of ship was the Ada Grey?', all).shortAnswer).toBe('schooner');
  });

  it('finds the thing a clause describes before the adverb and participle the question asks with', () => {
    // Act & Assess
    expect(ask('In which year was the lighthouse that the Ada Grey sank near first lit?', all).shortAnswer).toBe('1842');
  });
});

describe('Function: answerStructured on an orchestra, its founder, its conductors and a festival', () => {
  const orchestra = doc(
    'orchestra',
    'Varn Philharmonic',
    'The Varn Philharmonic is a symphony orchestra based in Varn. It was founded in 1903 by the pianist and conductor Edvin Hald, and gave its first concert in the old Wool Hall. Its chief conductor since 2015 has been the Kessian conductor Maria Lund, who succeeded Petter Aas.',
  );
  const founder = doc(
    'founder',
    'Edvin Hald',
    'Edvin Hald (1870–1941) was a Kessian pianist and composer. He studied piano in Brisa. Besides founding the Varn Philharmonic, which he led until 1930, he wrote two symphonies.',
  );
  const conductor = doc(
    'conductor',
    'Maria Lund',
    'Maria Lund (born 1975) is a Kessian conductor. Before coming to Varn she was chief conductor of the Brisa Chamber Orchestra. She plays the cello.',
  );
  const festival = doc('festival', 'Varn Music Days', 'The Varn Music Days is a music festival held in Varn every June since 1960.');
  const all = [orchestra, founder, conductor, festival];

  it('compares by the years each side is dated, not by a month that recurs', () => {
    // Act & Assess
    expect(ask('Which is older, the Varn Philharmonic or the Varn Music Days?', all).shortAnswer).toBe('Varn Philharmonic');
  });

  it("gives the instrument one's own passage names, not what a passage it leads to says another plays", () => {
    // Arrange
    const band = doc(
      'band',
      'Tarn Symphony Orchestra',
      'The Tarn Symphony Orchestra (TSO) is a symphony orchestra based in Tarn, the capital of Kessia. It was founded in 1921 by the pianist and conductor Ivo Rask, and gave its first concert in the old Corn Exchange. Since 1968 it has performed at the Halvard Hall. The orchestra has 96 full-time musicians. Its principal conductor since 2017 has been the Finnish conductor Ada Kiel, who succeeded Tom Greer.',
    );
    const rask = doc(
      'rask',
      'Ivo Rask',
      "Ivo Rask (12 May 1884 – 3 January 1953) was a Kessian pianist, conductor and composer. He studied piano at the Leipzig Conservatory under Carl Reinecke. Besides founding the Tarn Symphony Orchestra, which he led until 1946, he wrote three symphonies and an opera, The Ferryman's Daughter. He married the soprano Ingrid Moe in 1912.",
    );
    const kiel = doc(
      'kiel',
      'Ada Kiel',
      'Ada Kiel (born 1979 in Tampere) is a Finnish conductor. She studied conducting at the Sibelius Academy in Helsinki and won the Nordic Conducting Competition in 2006. Before coming to Tarn she was chief conductor of the Oulu Symphony Orchestra from 2010 to 2016. She plays the violin.',
    );

    // Act & Assess
    expect(ask('What instrument did Ivo Rask play?', [band, rask, kiel]).shortAnswer).toBe('piano');
  });

  it('gives whom one succeeded, asked who was before them', () => {
    // Act & Assess
    expect(ask('Who was the chief conductor before Maria Lund?', all).shortAnswer).toBe('Petter Aas');
    expect(ask("Who was Maria Lund's predecessor?", all).shortAnswer).toBe('Petter Aas');
  });

  it('sets apart the one the question is "before"', () => {
    // Act & Assess
    expect(ask('Which orchestra did Maria Lund lead before Varn?', all).shortAnswer).toBe('Brisa Chamber Orchestra');
  });

  it('gives a place named after "the old"', () => {
    // Act & Assess
    expect(ask('Where did the Varn Philharmonic give its first concert?', all).shortAnswer).toBe('Wool Hall');
  });
});

describe('Function: answerStructured on a railway, its engineer, a viaduct, a tunnel and its operator', () => {
  const line = doc(
    'line',
    'Orva Valley Line',
    "The Orva Valley Line is a 48-kilometre railway line in Kessia, running from Brisa to Tolm. It was built between 1890 and 1895 by the Southern Railway Company to carry timber from Tolm to the port of Brisa. The line's chief engineer was Arne Vik. It was electrified in 1960 and is now operated by Kess Rail. The line crosses the Orva river on the Lunde Viaduct.",
  );
  const engineer = doc(
    'engineer',
    'Arne Vik',
    "Arne Vik (1850–1921) was a Kessian railway engineer. Born in Brisa, the son of a ship's carpenter, he studied in Oslo.",
  );
  const viaduct = doc(
    'viaduct',
    'Lunde Viaduct',
    'The Lunde Viaduct is a stone arch railway bridge over the Orva river near the village of Lunde. Completed in 1893, it is 180 metres long.',
  );
  const tunnel = doc('tunnel', 'Hest Tunnel', 'The Hest Tunnel is a railway tunnel on the Orva Valley Line, 1.6 kilometres long. It opened in 1895.');
  const port = doc('port', 'Brisa', 'Brisa is a port town in Kessia. Its harbour exports timber brought down the Orva Valley Line.');
  const operator = doc('operator', 'Kess Rail', 'Kess Rail is the state-owned railway company of Kessia. It was formed in 1996.');
  const all = [line, engineer, viaduct, tunnel, port, operator];

  it('gives the river a sentence names before its class noun, not a bridge whose opening names the river', () => {
    // Act & Assess
    expect(ask('What river does the Orva Valley Line cross?', all).shortAnswer).toBe('Orva');
  });

  it("gives a father's trade with the word before it", () => {
    // Act & Assess
    expect(ask("What did Arne Vik's father do?", all).shortAnswer).toBe("ship's carpenter");
  });

  it('gives a bare object a participle ends', () => {
    // Act & Assess
    expect(ask("What does Brisa's harbour export?", all).shortAnswer).toBe('timber');
  });

  it('compares two lengths in one unit', () => {
    // Act & Assess
    expect(ask('Which is longer, the Lunde Viaduct or the Hest Tunnel?', all).shortAnswer).toBe('Hest Tunnel');
  });

  it('answers whether one was done before another by their dates', () => {
    // Act & Assess
    expect(ask('Was the Lunde Viaduct completed before the Hest Tunnel opened?', all).shortAnswer).toMatch(/^yes\b/);
    expect(ask('Did the Hest Tunnel open before the Lunde Viaduct was completed?', all).shortAnswer).toMatch(/^no\b/);
  });

  it('finds the thing a "whose" clause describes, then the body that does what is asked', () => {
    // Act & Assess
    expect(ask('Which company operates the railway whose chief engineer was Arne Vik?', all).shortAnswer).toBe('Kess Rail');
  });
});

describe('Function: answerStructured on a football club, its stadium, its manager and a striker', () => {
  const club = doc(
    'club',
    'IF Tolm',
    'IF Tolm is a football club based in Tolm. Founded in 1911 by a group of dock workers, the club has won the league title nine times. Its home ground is the Quay Stadium. Its manager since 2020 has been Hans Berger.',
  );
  const stadium = doc('stadium', 'Quay Stadium', 'The Quay Stadium is a football stadium in Tolm. It opened in 2006 and was designed by the firm Lund & Aas.');
  const manager = doc('manager', 'Hans Berger', 'Hans Berger (born 1970 in Graz) is an Austrian football manager. As a midfielder he played for Sturm Graz.');
  const striker = doc('striker', 'Ole Brun', 'Ole Brun (born 1999) is a footballer. He joined Tolm from Brisa City in 2019 and was the top scorer in 2021.');
  const all = [club, stadium, manager, striker];

  it('gives the position "As a midfielder he played" says', () => {
    // Act & Assess
    expect(ask('What position did Hans Berger play?', all).shortAnswer).toBe('midfielder');
  });

  it('counts titles won "nine times"', () => {
    // Act & Assess
    expect(ask('How many league titles has IF Tolm won?', all).shortAnswer).toBe('nine times');
  });

  it('gives the group that did what is asked when no name did', () => {
    // Act & Assess
    expect(ask('Who founded IF Tolm?', all).shortAnswer).toBe('a group of dock workers');
  });
});

describe('Function: answerStructured on a club named "FC", its arena, its manager and its striker', () => {
  const club = doc(
    'club',
    'FC Harnau',
    'FC Harnau is a professional football club based in Harnau, Kessia, that plays in the Kessian Premier League. Founded in 1907 by a group of railway workers, the club won its first league title in 1931 and has won the title eleven times, most recently in 2019. Its home ground is the Bridge Arena. The club\'s nickname is "the Boatmen". Its manager since 2021 has been the Dutch coach Jan de Wit.',
  );
  const arena = doc(
    'arena',
    'Bridge Arena',
    "The Bridge Arena is a football stadium in Harnau, Kessia, on the banks of the Sarn river. It opened in 2004, replacing the club's old ground at Millfield, and holds 28,500 spectators. The stadium was designed by the architecture firm Lund & Aas and cost 96 million kroner to build.",
  );
  const manager = doc(
    'vanaal',
    'Jan de Wit',
    'Jan de Wit (born 4 March 1972 in Utrecht) is a Dutch football manager and former player. As a defender he played for FC Utrecht and Feyenoord and won 23 caps for the Netherlands. Before joining FC Harnau he managed Heracles Almelo from 2016 to 2021.',
  );
  const striker = doc(
    'lind',
    'Nils Dahl',
    "Nils Dahl (born 12 June 1998) is a Kessian footballer who plays as a striker for FC Harnau and the Kessia national team. He joined Harnau from Orsa United in 2018 and was the league's top scorer in 2019 with 24 goals. His father, Per Dahl, also played for the club.",
  );
  const all = [club, arena, manager, striker];

  it('finds the thing a clause describes before the question\'s own "was designed by whom"', () => {
    // Act & Assess
    expect(ask('The stadium of the club that Jan de Wit manages was designed by whom?', all).shortAnswer).toBe('Lund & Aas');
  });

  it('leaves the year a sentence adds off the thing after the preposition', () => {
    // Act & Assess
    expect(ask('Which club did Nils Dahl join FC Harnau from?', all).shortAnswer).toBe('Orsa United');
  });
});

describe('Function: answerStructured on a research institute and its benefactor', () => {
  const institute = doc(
    'institute',
    'Orm Institute',
    'The Orm Institute is a research institute in Tolm, founded in 1920 with a gift from the brewer Nils Orm. It employs about 600 staff. Four of its researchers have received the Nobel Prize.',
  );
  const brewer = doc('brewer', 'Nils Orm', 'Nils Orm (1860–1931) was a Kessian brewer.');
  const all = [institute, brewer];

  it('counts the part "Four of its researchers" gives, not the words after it', () => {
    // Act & Assess
    expect(ask('How many Orm Institute researchers have won the Nobel Prize?', all).shortAnswer).toBe('Four');
  });

  it('gives who paid for a thing, said as a gift from them', () => {
    // Act & Assess
    expect(ask('Who funded the Orm Institute?', all).shortAnswer).toBe('Nils Orm');
  });
});

describe('Function: answerStructured on a novel, its author, its publisher, its film and its director', () => {
  const novel = doc(
    'novel',
    'The Ferry Year',
    'The Ferry Year is a 1991 novel by the Norwegian writer Siri Hov. Set on an island in the 1920s, it follows a young fisherman, Odd Lie, who loses his boat. It was published by Tolm Books and won the Brage Prize in 1993.',
  );
  const author = doc(
    'author',
    'Siri Hov',
    'Siri Hov (born 1950) is a Norwegian novelist. Born in Bodø, she worked as a nurse before publishing her first novel in 1978. She is married to the sculptor Per Lund.',
  );
  const press = doc('press', 'Tolm Books', 'Tolm Books is a publishing house in Oslo. It has been owned since 2010 by the Nordbok group.');
  const film = doc('film', 'The Ferry Year (film)', 'The Ferry Year is a 1997 Norwegian drama film directed by Ivar Rud and based on the novel by Siri Hov.');
  const director = doc('director', 'Ivar Rud', 'Ivar Rud (1948 – 2015) was a Norwegian film director.');
  const prize = doc('prize', 'Brage Prize', 'The Brage Prize carries prize money of 100,000 Norwegian kroner.');
  const all = [novel, author, press, film, director, prize];

  it("gives a relative's trade the sentence naming them puts before their name", () => {
    // Act & Assess
    expect(ask("What is the profession of Siri Hov's husband?", all).shortAnswer).toBe('sculptor');
  });

  it('asks what kind of person each side is in its own passage, and a nation by its adjective', () => {
    // Act & Assess
    expect(ask('Are Siri Hov and Ivar Rud both novelists?', all).shortAnswer).toBe('no');
    expect(ask('Are Siri Hov and Ivar Rud both Norwegian?', all).shortAnswer).toBe('yes');
  });

  it('gives an owner said "owned since 2010 by the Nordbok group"', () => {
    // Act & Assess
    expect(ask('Who owns Tolm Books?', all).shortAnswer).toBe('Nordbok group');
  });

  it('gives what one worked as, asked with "before ..."', () => {
    // Act & Assess
    expect(ask('What did Siri Hov work as before publishing her first novel?', all).shortAnswer).toBe('nurse');
  });

  it('gives the character a work follows, named after a comma', () => {
    // Act & Assess
    expect(ask('Who is the main character of The Ferry Year?', all).shortAnswer).toBe('Odd Lie');
  });

  it('dates what is asked, not another verb of its sentence', () => {
    // Act & Assess
    expect(ask('When was The Ferry Year published?', all).shortAnswer).toBe('1991');
  });

  it('keeps a currency that takes no s', () => {
    // Act & Assess
    expect(ask('How much prize money does the Brage Prize carry?', all).shortAnswer).toBe('100,000 Norwegian kroner');
  });
});

describe('Function: answerStructured on a mountain, its park, its climber and a glacier', () => {
  const peak = doc(
    'peak',
    'Mount Orm',
    'Mount Orm is the highest mountain in Kessia, with an elevation of 2,130 metres. It lies within Orm National Park. The mountain is named after the Viking chieftain Orm the Red.',
  );
  const park = doc('park', 'Orm National Park', "The park is home to the country's largest herd of wild reindeer, about 2,800 animals.");
  const climber = doc('climber', 'Hugh Dale', 'Hugh Dale (1840–1912) was an English mountaineer. His book Walks on the Fells (1879) was a best-seller.');
  const glacier = doc('glacier', 'Tind Glacier', 'The Tind Glacier is the largest glacier in the Tind Range, with an area of 31 square kilometres.');
  const all = [peak, park, climber, glacier];

  it('gives whom a thing is named after, past a role with a capital', () => {
    // Act & Assess
    expect(ask('Who is Mount Orm named after?', all).shortAnswer).toBe('Orm the Red');
  });

  it('reads a figure after a place the asked thing lies in as its own', () => {
    // Act & Assess
    expect(ask('How big is the Tind Glacier?', all).shortAnswer).toBe('31 square kilometres');
  });

  it('gives a work titled with a small word before its year', () => {
    // Act & Assess
    expect(ask('What book did Hugh Dale write?', all).shortAnswer).toBe('Walks on the Fells');
  });

  it('counts a class by a wider noun said just after it, and converts a measure into the unit asked', () => {
    // Act
    const reindeer = ask('How many wild reindeer live in Orm National Park?', all);
    const feet = ask('What is the elevation of Mount Orm in feet?', all);

    // Assess
    expect(reindeer.shortAnswer).toBe('about 2,800 animals');
    expect(checkEvidence('How many wild reindeer live in Orm National Park?', all, reindeer, wordNet()).covered).toBe(true);
    expect(feet.shortAnswer).toBe('about 6,990 feet');
    expect(checkEvidence('What is the elevation of Mount Orm in feet?', all, feet, wordNet()).covered).toBe(true);
  });
});

describe('Function: answerStructured on a software firm, its founder, its program and its buyer', () => {
  const firm = doc('firm', 'Tallsoft', 'Tallsoft is a Kessian software company in Tolm. It was founded in 2001 by Ada Lind.');
  const founder = doc('founder', 'Ada Lind', "Ada Lind (born 1979) is a Kessian engineer. She holds a master's degree in physics.");
  const program = doc(
    'program',
    'Booksy',
    'Booksy is an accounting program for small businesses, first released in 2005 by Tallsoft. It is written in F# and runs on Linux and in web browsers. The program is available in six languages.',
  );
  const buyer = doc('buyer', 'Harwick Systems', 'Harwick Systems is a software company in Leeds. It had revenue of $2.1 billion in 2022.');
  const all = [firm, founder, program, buyer];

  it("reads a plural's possessive written with its apostrophe alone", () => {
    // Act & Assess
    expect(ask("What was Harwick Systems' revenue in 2022?", all).shortAnswer).toBe('$2.1 billion (2022)');
  });

  it('reads the class noun before "does" as the class, not a verb', () => {
    // Act & Assess
    expect(ask('What platforms does Booksy run on?', all).shortAnswer).toBe('Linux and in web browsers');
  });

  it('gives a language written with its sign, and a degree held', () => {
    // Act & Assess
    expect(ask('What programming language is Booksy written in?', all).shortAnswer).toBe('F#');
    expect(ask('What degree does Ada Lind hold?', all).shortAnswer).toBe("master's degree");
  });
});

describe('Function: answerStructured on a band, its debut album and its producer', () => {
  const band = doc(
    'band',
    'The Pier Lamps',
    'The Pier Lamps are a Kessian indie rock band formed in Tolm in 2010. Their debut album, Rust and Ribbon, was released in 2013 on the label Tern Records. The band won a prize in 2017 for their second album, Low Bridge.',
  );
  const album = doc(
    'album',
    'Rust and Ribbon',
    'Rust and Ribbon is the debut studio album by The Pier Lamps, released in 2013 by Tern Records. It was produced by Arne Vold and recorded in Tolm.',
  );
  const all = [band, album];

  it('gives a title joined by "and" after the class noun and a comma', () => {
    // Act & Assess
    expect(ask("What was The Pier Lamps' debut album?", all).shortAnswer).toBe('Rust and Ribbon');
  });

  it("gives who did the verb asked in the work's own passage before the artist its lead names", () => {
    // Act & Assess
    expect(ask('Who produced Rust and Ribbon?', all).shortAnswer).toBe('Arne Vold');
  });
});

describe('Function: answerStructured on a river, its source, its mouth and a paper company', () => {
  const river = doc(
    'river',
    'Varde (river)',
    'The Varde is a river in Kessia, 210 kilometres long. It rises on the slopes of Mount Hesk and flows north through Brisa before emptying into the Bay of Tolm.',
  );
  const mill = doc('mill', 'Brisa Papir', 'Brisa Papir is a paper company founded in 1880. It has been owned by the Swedish group Skog since 2012.');
  const all = [river, mill];

  it('gives where a river rises, said after "on the slopes of"', () => {
    // Act & Assess
    expect(ask('Where does the Varde rise?', all).shortAnswer).toBe('Mount Hesk');
  });

  it('reads a question opened by its preposition as one ending on it', () => {
    // Act & Assess
    expect(ask('Into what does the Varde empty?', all).shortAnswer).toBe('the Bay of Tolm');
  });

  it("gives an owner past a nation's adjective and the owner's common noun", () => {
    // Act & Assess
    expect(ask('Who owns Brisa Papir?', all).shortAnswer).toBe('Skog');
  });
});

describe('Function: answerStructured on a painting, its painter, her teacher and a museum', () => {
  const painting = doc(
    'painting',
    'Boats at Evening',
    'Boats at Evening is an oil painting on canvas by the Kessian painter Ada Holm, completed in 1894. It shows fishing boats returning to the harbour of Varn at sunset. The painting measures 92 by 140 centimetres. It was bought by the collector Nils Berg in 1899 and left to the Varn Museum on his death in 1921, where it has hung ever since. In 2012 it was stolen during a night-time break-in and recovered two years later in Lund.',
  );
  const painter = doc(
    'painter',
    'Ada Holm',
    'Ada Holm (1861 – 1930) was a Kessian painter of the Varn school. She was born in Orvik, the daughter of a merchant, and trained at the Royal Academy of Arts under the painter Tor Sand. She was one of the first women admitted to the academy. Her best-known works are Boats at Evening and The Net Makers. She married the writer Anton Lind in 1890; they had two daughters. She died in Brisa.',
  );
  const museum = doc(
    'museum',
    'Varn Museum',
    'The Varn Museum is an art museum in Varn, Kessia, founded in 1908 by a group of painters and the local hotel owner Erik Dahl. Its building was designed by the architect Ulf Strand and opened in 1928. The museum holds about 1,800 works, mostly by the Varn painters, and receives around 250,000 visitors a year.',
  );
  const collector = doc(
    'collector',
    'Nils Berg',
    'Nils Berg (1848 – 1921) was a Kessian shipowner and art collector. He made his fortune with the Berg Line, which sailed between Brisa and Port Ellis. He collected more than 300 paintings, most of which he left to Kessian museums.',
  );
  const teacher = doc(
    'teacher',
    'Tor Sand',
    'Tor Sand (1851 – 1909) was a Kessian painter, born in Hallby, Norland. He is known for his paintings of summer evenings on the beach at Varn. From 1882 he taught at the Royal Academy of Arts.',
  );
  const town = doc(
    'town',
    'Varn',
    'Varn is a fishing town at the northern tip of Tarn, Kessia, with a population of about 7,900. In the late 19th century it attracted a colony of artists known as the Varn painters. Its harbour is one of the largest fishing ports in Kessia.',
  );
  const all = [painting, painter, teacher, museum, town, collector];

  it('gives the maker a role noun asks for ("the painter of"), not one of a group of painters elsewhere', () => {
    // Act & Assess
    expect(ask('Who is the painter of Boats at Evening?', all).shortAnswer).toBe('Ada Holm');
  });

  it("follows a teacher asked as a role to the teacher's own birthplace", () => {
    // Act & Assess
    expect(ask('In which town was the teacher of Ada Holm born?', all).shortAnswer).toMatch(/^Hallby\b/);
    expect(ask("When was Ada Holm's teacher born?", all).shortAnswer).toBe('1851');
  });

  it("does not answer a relative's birth or death with the person's own when no relative is named", () => {
    // Act & Assess
    expect(ask('Where was the father of Ada Holm born?', all).shortAnswer).toBeNull();
    expect(ask("When was Ada Holm's father born?", all).shortAnswer).toBeNull();
  });

  it('dates both sides of "before" when one is a title with a small word in it', () => {
    // Act & Assess
    expect(ask('Was Boats at Evening painted before the Varn Museum was founded?', all).shortAnswer).toMatch(/^yes\b/);
  });
});

describe("Function: answerStructured on a drug, its discoverer, its maker and the maker's chief", () => {
  const drug = doc(
    'drug',
    'Sorvane',
    'Sorvane (generic name tolimazine) is a drug used to treat gout. It was discovered in 1998 by the chemist Ilse Marr at the Brisa laboratories of Kestrel Pharma and approved in the European Union in 2006. Sorvane is taken as a tablet, usually once a day. Common side effects include nausea and headache. In 2021 about 2.4 million people took the drug, and its sales reached 1.1 billion dollars. The patent on Sorvane expired in 2024.',
  );
  const chemist = doc(
    'chemist',
    'Ilse Marr',
    'Ilse Marr (born 14 June 1959) is a Kessian chemist. She grew up in Orvik, the youngest of four children of a baker. After studying chemistry at the University of Tarn, she joined Kestrel Pharma in 1986 and led its gout research from 1994 to 2012. She holds more than 40 patents. Since 2013 she has been a professor at the University of Brisa.',
  );
  const firm = doc(
    'firm',
    'Kestrel Pharma',
    'Kestrel Pharma is a Kessian pharmaceutical company. Its head office is in Tolm. It was formed in 1971 by the merger of Tolm Kjemi and Brisa Medisin. The company employs about 9,500 people in 30 countries. Its best-selling product is Sorvane. Since 2019 its chief executive has been Per Vang, who previously ran the Norlandic firm Ardin Health.',
  );
  const chief = doc(
    'chief',
    'Per Vang',
    'Per Vang (born 1968) is a Kessian business executive. He trained as a doctor in Hallby and worked for McKinsey before joining Ardin Health, which he led from 2010 to 2018. He became chief executive of Kestrel Pharma in 2019.',
  );
  const all = [drug, chemist, firm, chief];

  it('dates the joining the sentence that says "joined" gives, not a date beside "the European Union"', () => {
    // Act & Assess
    expect(ask('When did Ilse Marr join Kestrel Pharma?', all).shortAnswer).toBe('1986');
  });

  it('gives a father\'s trade said as "the youngest of four children of a baker"', () => {
    // Act & Assess
    expect(ask("What did Ilse Marr's father do?", all).shortAnswer).toBe('baker');
  });

  it('gives what a drug is used to treat, its side effects and its generic name', () => {
    // Act & Assess
    expect(ask('What is Sorvane used to treat?', all).shortAnswer).toBe('gout');
    expect(ask('What are the side effects of Sorvane?', all).shortAnswer).toBe('nausea and headache');
    expect(ask('What is the generic name of Sorvane?', all).shortAnswer).toBe('tolimazine');
  });

  it('places a firm where its head office is', () => {
    // Act & Assess
    expect(ask('Where is Kestrel Pharma based?', all).shortAnswer).toMatch(/\bTolm$/);
    expect(ask('Where is Kestrel Pharma headquartered?', all).shortAnswer).toMatch(/\bTolm$/);
  });
});

describe('Function: answerStructured on a space probe, its maker, its rocket and its launch site', () => {
  const probe = doc(
    'probe',
    'Skylark (spacecraft)',
    'Skylark was an uncrewed space probe launched by the Kessian Space Agency on 14 March 2011 to study the moons of Jupiter. The probe was built by Brand Orbital in Orvik and weighed 2,150 kilograms at launch. It was carried into orbit by a Tern-2 rocket from the Hallby spaceport. After a flight of six years, Skylark entered orbit around Jupiter in April 2017. The mission was led by the astronomer Lena Holt. Skylark discovered two small moons, later named Fenja and Menja, and measured the ice shell of Enceladus. Contact with the probe was lost on 2 September 2021, when its fuel ran out. The mission cost about 1.4 billion euros.',
  );
  const maker = doc(
    'maker',
    'Brand Orbital',
    'Brand Orbital is a Swedish manufacturer of satellites and space probes, founded in 1979 by the engineer Gunnar Brand. Its head office is in Orvik. The company employs about 1,800 people and had revenue of 640 million euros in 2022. In 2015 it was bought by the French group Astrelle.',
  );
  const rocket = doc(
    'rocket',
    'Tern-2',
    'Tern-2 is a European launch vehicle operated by Orbex. It is 35 metres tall and can place 2,300 kilograms into low Earth orbit. Its first flight took place in 2009. The rocket has four stages, the first three of which burn solid fuel.',
  );
  const site = doc(
    'site',
    'Hallby Spaceport',
    'Hallby Spaceport is a rocket launch site on the island of Hallby in northern Norway. Opened in 1962 as a sounding rocket range, it is the northernmost launch site in Europe. It is owned by the Norwegian state through the company Hallby Space.',
  );
  const all = [probe, maker, rocket, site];

  it("gives the rocket named before the class noun, not the probe's own kind", () => {
    // Act & Assess
    expect(ask('What rocket launched Skylark?', all).shortAnswer).toBe('Tern-2');
    expect(ask('Which rocket carried Skylark into orbit?', all).shortAnswer).toBe('Tern-2');
  });
});

describe('Function: answerStructured on a drug, its chemist, its maker, a disease and a chief executive', () => {
  const drug = doc(
    'drug',
    'Sorvane',
    'Sorvane (generic name tolimazine) is a drug used to treat marsh fever. It was discovered in 1998 by the chemist Ilse Marr at the Brisa laboratories of Kestrel Pharma and approved in the European Union in 2006. Sorvane is taken as a tablet, usually once a day. Common side effects include dizziness and dry mouth. In 2021 about 2.4 million people took the drug, and its sales reached 1.1 billion dollars. The patent on Sorvane expired in 2024.',
  );
  const chemist = doc(
    'chemist',
    'Ilse Marr',
    'Ilse Marr (born 14 June 1959) is a Kessian chemist. She grew up in Orvik, the youngest of four children of a fisherman. After studying chemistry at the Kessian University of Arts and Sciences, she joined Kestrel Pharma in 1986 and led its marsh fever research from 1994 to 2012. She holds more than 40 patents. Since 2013 she has been a professor at the University of Brisa.',
  );
  const maker = doc(
    'maker',
    'Kestrel Pharma',
    'Kestrel Pharma is a Kessian pharmaceutical company headquartered in Tolm. It was formed in 1971 by the merger of Tolm Kjemi and Ardin Medisin. The company employs about 9,500 people in 30 countries. Its best-selling product is Sorvane. Since 2019 its chief executive has been Per Vang, who previously ran the Norlandic firm Ardin Health.',
  );
  const disease = doc(
    'disease',
    'Marsh fever',
    'Marsh fever is an infectious disease that causes repeated fevers, often at night. It affects about one in seven people worldwide and is about three times more common in women than in men. Bouts usually last between four hours and three days.',
  );
  const chief = doc(
    'chief',
    'Per Vang',
    'Per Vang (born 1968) is a Kessian business executive. He trained as a doctor in Hallby and worked for McKinsey before joining Ardin Health, which he led from 2010 to 2018. He became chief executive of Kestrel Pharma in 2019.',
  );
  const all = [drug, chemist, maker, disease, chief];

  it('gives a school named with "and" in what it is of, and not one where a post is held', () => {
    // Act & Assess
    expect(ask('Where did Ilse Marr study?', all).shortAnswer).toBe('Kessian University of Arts and Sciences');
    expect(ask('Which university did Ilse Marr attend?', all).shortAnswer).toBe('Kessian University of Arts and Sciences');
  });

  it('gives every name coordinated with the one found when a plural class is asked', () => {
    // Act & Assess
    // A list of names prints as lists do, joined by commas.
    expect(ask('Which companies merged to form Kestrel Pharma?', all).shortAnswer).toBe('Tolm Kjemi, Ardin Medisin');
  });

  it('counts no siblings by the children a family had', () => {
    // Act & Assess
    expect(ask('How many siblings did Ilse Marr have?', all).shortAnswer).toBeNull();
  });

  it('gives how common a disease is as the share it affects', () => {
    // Act & Assess
    expect(ask('How common is marsh fever?', all).shortAnswer).toBe('about one in seven people worldwide');
  });

  it('dates each side of "before" by its own verb', () => {
    // Act
    const answer = ask('Was Sorvane approved before Per Vang became chief executive of Kestrel Pharma?', all).shortAnswer;

    // Assess
    expect(answer).toMatch(/^yes\b/);
    expect(answer).toContain('2006');
    expect(answer).toContain('2019');
  });
});

describe('Function: answerStructured on a prime minister, her party, its former leader, her country and an election', () => {
  const premier = doc(
    'premier',
    'Mira Stenholm',
    'Mira Stenholm (born 3 March 1971) is a Kessian politician who has been Prime Minister of Kessia since 2019. A member of the Labour Union Party, she was first elected to parliament in 2005 for the constituency of North Varn. Before entering politics she worked as a lawyer in Varn. She studied law at the University of Varn. Stenholm is married to the surgeon Erik Stenholm and has two sons. As Prime Minister she introduced free school meals in 2021.',
  );
  const party = doc(
    'party',
    'Labour Union Party (Kessia)',
    'The Labour Union Party is a centre-left political party in Kessia, founded in 1889 by trade unionists. It has led the government since 2019 and holds 84 of the 200 seats in parliament. Its leader is Mira Stenholm, who succeeded Olav Dahl in 2016.',
  );
  const former = doc(
    'former',
    'Olav Dahl',
    'Olav Dahl (1950 – 2022) was a Kessian politician who led the Labour Union Party from 2004 to 2016. He was a teacher before entering parliament in 1983. He served as finance minister from 1996 to 2001.',
  );
  const country = doc(
    'country',
    'Kessia',
    'Kessia is a country in northern Europe with a population of about 5.8 million. Its capital and largest city is Varn. Kessia has been a member of the European Union since 1995. The currency is the Kessian crown.',
  );
  const election = doc(
    'election',
    '2019 Kessian general election',
    'The 2019 Kessian general election was held on 8 September 2019. The Labour Union Party won 84 seats and formed a coalition with the Coast Party. Turnout was 81 percent. The outgoing prime minister, Per Lund of the Farmers Party, conceded defeat on election night.',
  );
  const all = [premier, party, former, country, election];

  it('counts children said as sons, a kind of the plural class asked', () => {
    // Act & Assess
    expect(ask('How many children does Mira Stenholm have?', all).shortAnswer).toBe('two sons');
  });

  it('gives who founded a body as a bare plural of people', () => {
    // Act & Assess
    expect(ask('Who founded the Labour Union Party?', all).shortAnswer).toBe('trade unionists');
  });

  it('gives the part a body holds of a counted whole, and the whole when the whole is asked', () => {
    // Act & Assess
    expect(ask('How many seats does the Labour Union Party hold?', all).shortAnswer).toMatch(/^84\b/);
    expect(ask('How many seats are there in the Kessian parliament?', all).shortAnswer).toMatch(/^200\b/);
  });

  it('gives the trade held before an event, not the one the opening calls the person', () => {
    // Act & Assess
    expect(ask("What was Olav Dahl's job before parliament?", all).shortAnswer).toBe('teacher');
    expect(ask("What was Mira Stenholm's job before politics?", all).shortAnswer).toBe('lawyer');
  });

  it('dates joining a union by the membership a sentence dates', () => {
    // Act & Assess
    expect(ask('When did Kessia join the European Union?', all).shortAnswer).toBe('1995');
  });

  it('dates joining a body by a membership said with a place after the body', () => {
    // Arrange
    const actress = doc('actress', 'Eva Lund', 'Eva Lund (born 1961) is a Kessian actress. She has been a member of the National Theatre in Varn since 1987.');

    // Act & Assess
    expect(ask('When did Eva Lund join the National Theatre?', [...all, actress]).shortAnswer).toBe('1987');
  });

  it('gives the currency its own passage says a country has', () => {
    // Act & Assess
    expect(ask('What is the currency of Kessia?', all).shortAnswer).toBe('the Kessian crown');
  });

  it('gives the party a sentence names right after a person', () => {
    // Act & Assess
    expect(ask('Which party did Per Lund belong to?', all).shortAnswer).toBe('Farmers Party');
  });

  it('gives how many years a run of years spans', () => {
    // Act & Assess
    expect(ask('How many years did Olav Dahl lead the Labour Union Party?', all).shortAnswer).toMatch(/^12 years\b/);
  });
});

describe('Function: answerStructured on a music festival, its founders, a band and its town', () => {
  const festival = doc(
    'festival',
    'Saltwater Festival',
    'The Saltwater Festival is an annual music festival held every August in Ulvhamn, on the west coast of Vesterland. It was founded in 1998 by the promoter Sigrid Moe and the singer Arne Vik. The festival lasts four days and draws about 60,000 visitors each year. Its main stage stands in Quay Park. In 2020 the festival was cancelled because of the COVID-19 pandemic. Tickets for all four days cost 2,400 kroner in 2023.',
  );
  const promoter = doc(
    'promoter',
    'Sigrid Moe',
    'Sigrid Moe (born 1966 in Tarnby) is a Vesterlandic concert promoter. She began her career booking bands for student clubs in Tarnby. In 1998 she co-founded the Saltwater Festival, which she directed until 2015. She was succeeded as director by Eva Strand. In 2012 she received the Vesterland Music Award for her work.',
  );
  const singer = doc(
    'singer',
    'Arne Vik',
    'Arne Vik (1959 – 2019) was a Vesterlandic singer and guitarist, best known as the frontman of the rock band Nightgale. He released six solo albums. He co-founded the Saltwater Festival in 1998 and played at every edition until 2018. He died of cancer in Ulvhamn.',
  );
  const band = doc(
    'band',
    'Nightgale',
    'Nightgale were a Vesterlandic rock band formed in Tarnby in 1979. The band consisted of Arne Vik (vocals, guitar), Jon Rud (bass) and Nils Eide (drums). Their best-selling album, Cold Water (1984), sold over 300,000 copies. The band split up in 1993.',
  );
  const town = doc(
    'town',
    'Ulvhamn',
    'Ulvhamn is a town on the west coast of Vesterland with about 22,000 inhabitants. It is known for its fishing harbour and for the Saltwater Festival. The town has a ferry connection to the island of Lindøy.',
  );
  const all = [festival, promoter, singer, band, town];

  it('gives every founder after "by", each with a description of their own', () => {
    // Act & Assess
    expect(ask('Who founded the Saltwater Festival?', all).shortAnswer).toBe('Sigrid Moe and Arne Vik');
  });

  it('gives a price asked as a sum of money, not a time', () => {
    // Act & Assess
    expect(ask('How much did tickets cost in 2023?', all).shortAnswer).toMatch(/^2,400 kroner\b/);
  });

  it('gives the member whose role is in brackets after the name', () => {
    // Act & Assess
    expect(ask('Who played bass in Nightgale?', all).shortAnswer).toBe('Jon Rud');
  });

  it("gives a work's year in brackets after its title", () => {
    // Act & Assess
    expect(ask('In what year was Cold Water released?', all).shortAnswer).toBe('1984');
  });
});

describe('Function: answerStructured on a chemical element, its discoverer, its mineral and a village', () => {
  const element = doc(
    'element',
    'Kessium',
    'Kessium is a chemical element with the symbol Ks and atomic number 71. It is a soft, silvery-white metal that tarnishes slowly in air. Kessium was discovered in 1878 by the Swedish chemist Ada Lind, who isolated it from the mineral lindite found near the village of Arholm. It is named after Kessia, the country where the mineral was first mined. Kessium melts at 1,652 °C. Its main use is in the magnets of wind turbines. About 40 tonnes are produced each year, mostly in Kessia and China.',
  );
  const chemist = doc(
    'chemist',
    'Ada Lind',
    'Ada Lind (12 May 1841 – 3 January 1919) was a Swedish chemist. She was the first woman to be awarded a doctorate in chemistry at Uppsala University, in 1871. Besides kessium she discovered the element vestium in 1885. She taught at the Stockholm School of Mines from 1880 until her retirement in 1906. The mineral lindite is named in her honour.',
  );
  const mineral = doc(
    'mineral',
    'Lindite',
    'Lindite is a rare black mineral of the silicate group. It was first described in 1875 from a quarry near Arholm. It contains up to 12 percent kessium by weight.',
  );
  const village = doc(
    'village',
    'Arholm',
    'Arholm is a small village on the island of Varö in the Stockholm archipelago, with about 300 inhabitants. Its feldspar quarry, opened in 1790, supplied the porcelain factories of Stockholm until it closed in 1933.',
  );
  const all = [element, chemist, mineral, village];

  it('gives the discoverer after "by" and a description with a nation\'s adjective', () => {
    // Act & Assess
    expect(ask('Who discovered kessium?', all).shortAnswer).toBe('Ada Lind');
  });

  it('gives a melting point in degrees, the sentence ending after "°C."', () => {
    // Act & Assess
    expect(ask('What is the melting point of kessium?', all).shortAnswer).toBe('1,652 °C');
  });

  it('gives what a thing is used for, said as its main use', () => {
    // Act & Assess
    expect(ask('What is kessium used for?', all).shortAnswer).toBe('magnets of wind turbines');
  });

  it("gives whom a thing is named after, said in the bearer's own passage", () => {
    // Act & Assess
    expect(ask('Who was lindite named after?', all).shortAnswer).toBe('Ada Lind');
  });
});

describe('Function: answerStructured on a film, its director, its star and its studio', () => {
  const film = doc(
    'film',
    'The Still Harbour',
    'The Still Harbour is a 2001 Danish drama film directed by Jonas Brandt and starring Lene Dahl and Otto Friis. It was produced by Sound Pictures and filmed on the island of Rømø. It premiered at the Venice Film Festival in September 2001.',
  );
  const director = doc(
    'director',
    'Jonas Brandt',
    "Jonas Brandt (born 3 May 1957 in Ribe) is a Danish film director. He studied at the Northern Film Academy, graduating in 1983. Before turning to film he worked as a carpenter in his uncle's workshop. His first feature, Ebb, was released in 1988. In 2009 he was appointed head of the Northern Film Academy, a post he held until 2016.",
  );
  const studio = doc(
    'studio',
    'Sound Pictures',
    'Sound Pictures is a Danish film production company founded in 1981 by the producers Eva Holt and Peter Lund. It is headquartered in Aarhus. In 2016 it was acquired by the Norwegian media group Kanalvest for 200 million kroner.',
  );
  const all = [film, director, studio];

  it('gives every founder after "by" in a lead, after a plural description', () => {
    // Act & Assess
    expect(ask('Who founded Sound Pictures?', all).shortAnswer).toBe('Eva Holt and Peter Lund');
  });

  it('gives the buyer said as "acquired by", past a description of several words', () => {
    // Act & Assess
    expect(ask('Who bought Sound Pictures?', all).shortAnswer).toBe('Kanalvest');
  });

  it('gives what someone did before an event said in other words, from the one such sentence of their passage', () => {
    // Act & Assess
    expect(ask('What did Jonas Brandt do before becoming a director?', all).shortAnswer).toBe("worked as a carpenter in his uncle's workshop");
  });

  it('dates a post taken by the date opening its sentence, not the year it was held until', () => {
    // Act & Assess
    expect(ask('When did Jonas Brandt become head of the Northern Film Academy?', all).shortAnswer).toBe('2009');
  });
});

describe('Function: answerStructured on a ferry, its shipyard and its port', () => {
  const ferry = doc(
    'ferry',
    'MS Vendel',
    'MS Vendel was a Swedish passenger ferry that sank in the Kattegat on 2 November 1971. Built by the Oresund shipyard in Landskrona and launched in 1956, she was operated by the Vendel Line between Varberg and Grenaa. Of the 280 people on board, 37 died. The sinking was blamed on a cargo door that failed in a gale.',
  );
  const yard = doc(
    'yard',
    'Oresund Shipyard',
    'Oresund Shipyard is a Swedish shipyard in Landskrona, founded in 1915. It built ferries and tankers. It has been part of the engineering group Norrtek since 2012.',
  );
  const line = doc('line', 'Vendel Line', 'The Vendel Line is a Swedish shipping company founded in 1899. Since 2015 it has been owned by the Havstal group.');
  const port = doc(
    'port',
    'Hamnby',
    'Hamnby is a port town on the Swedish west coast. Its medieval harbour is one of the best preserved in Europe. Hamnby was added to the UNESCO World Heritage List in 1998.',
  );
  const all = [ferry, yard, line, port];

  it('gives the builder named by one word before a noun of a place of work', () => {
    // Act & Assess
    expect(ask('Who built MS Vendel?', all).shortAnswer).toBe('Oresund shipyard');
  });

  it('counts the part a fronted whole is divided into, said with the verb asked', () => {
    // Act & Assess
    expect(ask('How many people died in the sinking of MS Vendel?', all).shortAnswer).toMatch(/^37\b/);
  });

  it('gives a cause said as what a thing was blamed on', () => {
    // Act & Assess
    expect(ask('Why did MS Vendel sink?', all).shortAnswer).toBe('blamed on a cargo door that failed in a gale');
  });

  it('gives the group a company is part of as its owner', () => {
    // Act & Assess
    expect(ask('Which group owns Oresund Shipyard?', all).shortAnswer).toBe('Norrtek');
  });

  it('dates becoming a listed site by the list said but for its last word', () => {
    // Act & Assess
    expect(ask('When did Hamnby become a World Heritage Site?', all).shortAnswer).toBe('1998');
  });
});

describe('Function: answerStructured on two skiers, a coach and a club', () => {
  const skier = doc(
    'skier',
    'Kari Holm',
    'Kari Elise Holm (born 17 January 1994) is a Norwegian cross-country skier. She competes for the club Tind Ski. Her coach since 2015 has been the former skier Per Lie.',
  );
  const rival = doc('rival', 'Anna Sand', 'Anna Sand (born 2 September 1991) is a Swedish cross-country skier from Mora.');
  const coach = doc(
    'coach',
    'Per Lie',
    'Per Lie (born 5 March 1968) is a Norwegian ski coach. As a skier he won the 50 km at the 1993 World Championships in Falun. He coached the Swedish national team from 2005 to 2012 before joining Tind Ski.',
  );
  const all = [skier, rival, coach];

  it('gives the option chosen with the fuller name its own lead gives', () => {
    // Act & Assess
    expect(ask('Who is younger, Anna Sand or Kari Holm?', all).shortAnswer).toBe('Kari Holm (Kari Elise Holm)');
  });

  it('gives a full name asked from the lead of the passage titled after the name', () => {
    // Act & Assess
    expect(ask('What is the full name of Kari Holm?', all).shortAnswer).toBe('Kari Elise Holm');
  });

  it('gives where an event was held as the place said right after its whole name', () => {
    // Act & Assess
    expect(ask('Where were the 1993 World Championships held?', all).shortAnswer).toBe('Falun');
  });

  it("gives a nation's adjective with the class noun it qualifies", () => {
    // Act & Assess
    expect(ask('Which team did Per Lie coach before Tind Ski?', all).shortAnswer).toBe('Swedish national team');
  });
});

describe('Function: answerStructured on questions typed as said', () => {
  const line = doc('line', 'Vendel Line', 'The Vendel Line is a Swedish shipping company founded in 1899. It has its head office in Varberg.');
  const ferry = doc('ferry', 'MS Vendel', 'MS Vendel was a ferry built by the Oresund shipyard in Landskrona. She was operated by the Vendel Line.');
  const all = [line, ferry];

  it('reads "it" after a statement opening with a name as that name', () => {
    // Act & Assess
    expect(ask('ok so the vendel line runs ferries, where is it based', all).shortAnswer).toBe('in Varberg');
  });

  it('refuses to choose between two sides when no passage says a word of one', () => {
    // Act & Assess
    expect(ask('Which is older, the Vendel Line or the Gotland Line?', all).shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on three universities and a city', () => {
  const west = doc(
    'west',
    'University of Harnby',
    'The University of Harnby is a public research university in Harnby, founded in 1946. It has about 18,000 students and 3,900 staff.',
  );
  const old = doc(
    'old',
    'University of Solvik',
    'The University of Solvik is the oldest university in the country, founded in 1811. With about 27,000 students, it is also the largest.',
  );
  const north = doc(
    'north',
    'Arctic University of Isby',
    'The Arctic University of Isby is a public university in Isby, founded in 1968. It is the northernmost university in the world, with about 17,000 students.',
  );
  const city = doc(
    'city',
    'Harnby',
    'Harnby is the second-largest city in the country, with a population of about 290,000. The University of Harnby is its largest employer.',
  );
  const all = [west, old, north, city];

  it('gives the city a university is named after where its passage calls it a city', () => {
    // Act & Assess
    expect(ask('In which city is the University of Harnby?', all).shortAnswer).toBe('Harnby');
  });

  it('lists the things of a class under a bound, their leads opening with an article', () => {
    // Act & Assess
    expect(ask('Which universities have fewer than 20,000 students?', all).shortAnswer).toBe('Arctic University of Isby, University of Harnby');
  });

  it('ranks a top-N by the figure of the noun after "by" each passage gives', () => {
    // Act & Assess
    expect(ask('Top 2 universities by number of students', all).shortAnswer).toBe('University of Solvik, University of Harnby');
  });
});

describe('Function: answerStructured on a chef and his books', () => {
  const chef = doc(
    'chef',
    'Jon Vik',
    'Jon Vik (born 4 August 1977 in Sandvik) is a chef. Vik has written three cookbooks, the first of which, Brine and Ember, won the Gourmand Award in 2011.',
  );
  const town = doc('town', 'Sandvik', 'Sandvik is a fishing village. It lies near Lyon, Paris and Nice, which are cities.');

  it('gives a title with "and" in it set off by commas whole', () => {
    // Act & Assess
    expect(ask("What was Jon Vik's first cookbook?", [chef, town]).shortAnswer).toBe('Brine and Ember');
  });
});

describe('Function: answerStructured on bridges, their engineer, a town hall and a firm', () => {
  const bridge = doc(
    'halden-bridge',
    'Halden Bridge',
    'The Halden Bridge is a suspension bridge over the Tista river in Halden, Norway. It was designed by the engineer Marit Solberg and opened in 1978.',
  );
  const engineer = doc(
    'marit-solberg',
    'Marit Solberg',
    'Marit Solberg (1931–2015) was a Norwegian civil engineer. Her works include the Halden Bridge and the Varn Viaduct.',
  );
  const viaduct = doc('varn-viaduct', 'Varn Viaduct', 'The Varn Viaduct is a railway viaduct in Varn designed by Solberg in 1969.');
  const architect = doc(
    'per-dahl',
    'Per Dahl',
    'Per Dahl (1920–1990) was a Norwegian architect. In 1958 he designed the Halden Town Hall, which opened in 1962.',
  );
  const firm = doc(
    'holm',
    'Holm Engineering',
    'Holm Engineering is a consulting firm based in Aarhus. Since 1999 it has been part of the Dutch group Vandermolen. The firm designed the Orel Bridge and the Kask Bridge.',
  );
  const orel = doc('orel-bridge', 'Orel Bridge', 'The Orel Bridge is a cable-stayed bridge in Estonia, designed by Holm Engineering.');
  const all = [bridge, engineer, viaduct, architect, firm, orel];

  it('does not take the designer of a thing sharing one word of the name asked for its own', () => {
    // Act & Assess
    expect(ask('Who designed Halden Town Hall?', all).shortAnswer).toBe('Per Dahl');
  });

  it('ends a thing done at its name, not at a relative clause after it', () => {
    // Act & Assess
    expect(ask('What did Per Dahl design?', all).shortAnswer).toBe('the Halden Town Hall');
  });

  it('lists only what a sentence about the name asked says, not another’s list', () => {
    // Act & Assess
    expect(ask('List the bridges designed by Marit Solberg', [bridge, engineer, firm]).shortAnswer).toBe('Halden Bridge, Varn Viaduct');
  });

  it('gives the name after a nation’s adjective and the class noun asked', () => {
    // Act & Assess
    expect(ask('Holm Engineering is part of which group?', all).shortAnswer).toBe('Vandermolen');
  });

  it('gives the country a place is in where the lexicon knows it three levels up (a Scandinavian country)', () => {
    // Act & Assess
    expect(ask('What country is the Halden Bridge in?', all).shortAnswer).toBe('Norway');
  });

  it('reads a toll on a thing as a figure, dated by no year of another clause nor the year it held until', () => {
    // Arrange
    const toll = doc('kask', 'Kask Bridge', 'The Kask Bridge opened in 2004, and the toll on the bridge was 2 euros until 2012.');

    // Act & Assess
    expect(ask('What was the toll on the Kask Bridge?', [toll, orel]).shortAnswer).toBe('2 euros');
  });

  it('says whether two things had the same doer, a name and its last word being one person', () => {
    // Act & Assess
    expect(ask('Were the Halden Bridge and the Varn Viaduct designed by the same engineer?', all).shortAnswer).toBe('yes');
    expect(ask('Do the Halden Bridge and the Orel Bridge have the same designer?', all).shortAnswer).toBe('no');
  });
});

describe('Function: answerStructured on a marathon, its runners, their coach and a city', () => {
  const kiprono = doc(
    'peter-kiprono',
    'Peter Kiprono',
    'Peter Kiprono (born 12 March 1990 in Eldoret) is a Kenyan long-distance runner. He won the Varna Marathon in 2015 and 2017. He is coached by Renato Canova.',
  );
  const tesfaye = doc(
    'almaz-tesfaye',
    'Almaz Tesfaye',
    'Almaz Tesfaye (born 1993) is an Ethiopian marathon runner. She won the women’s race of the Varna Marathon in 2018.',
  );
  const coach = doc(
    'renato-canova',
    'Renato Canova',
    'Renato Canova (born 1944) is an Italian athletics coach. Most of his athletes come from Kenya and Ethiopia.',
  );
  const city = doc(
    'varna',
    'Varna',
    'Varna is the third-largest city in Bulgaria. It lies on the coast of the Black Sea and is known as the maritime capital of the country.',
  );
  const all = [kiprono, tesfaye, coach, city];

  it('settles a country’s adjective claimed of a person by the nation her own passage gives', () => {
    // Act & Assess
    expect(ask('Is Almaz Tesfaye Kenyan?', all).shortAnswer).toBe('no');
    expect(ask('Is Almaz Tesfaye Ethiopian?', all).shortAnswer).toBe('yes');
    expect(ask('Is Peter Kiprono an Ethiopian?', all).shortAnswer).toBe('no');
    expect(ask('Was Renato Canova Spanish?', all).shortAnswer).toBe('no');
  });

  it('does not settle by the name’s own nation an adjective claimed of another ("owned by a Belgian company")', () => {
    // Arrange
    const brewery = doc(
      'kamenitza',
      'Kamenitza',
      'Kamenitza is a Bulgarian brewery founded in 1881. Since 2017 it has been owned by the Belgian company Molson Coors.',
    );

    // Act & Assess
    expect(ask('Is Kamenitza a Belgian brewery?', [brewery]).shortAnswer).toBe('no');
    expect(ask('Is Kamenitza owned by a Belgian company?', [brewery]).shortAnswer).toBe('yes');
  });

  it('of two names beside the class asked, gives the one whose clause says what is asked', () => {
    // Arrange
    const runner = doc(
      'runner',
      'Peter Kiprono',
      'Peter Kiprono is a Kenyan runner. He won the Varna Marathon in 2015 and 2017, and finished third at the Rotterdam Marathon in 2016.',
    );

    // Act & Assess
    expect(ask('At which marathon did Peter Kiprono finish third?', [runner]).shortAnswer).toBe('Rotterdam Marathon');
    expect(ask('Which marathon did Peter Kiprono win?', [runner]).shortAnswer).toBe('Varna Marathon');
  });

  it('gives what a thing is known as', () => {
    // Act & Assess
    expect(ask('What is Varna known as?', all).shortAnswer).toBe('maritime capital of the country');
  });
});

describe('Function: answerStructured on an opera, its composer and its conductor', () => {
  const composer = doc(
    'aino-kallas',
    'Aino Kallas (composer)',
    'Aino Kallas (1921 – 1999) was a Finnish composer and pianist. She studied at the Sibelius Academy in Helsinki and later taught composition there.',
  );
  const conductor = doc('paavo-berglund', 'Paavo Berglund', 'Paavo Berglund (1929 – 2012) was a Finnish conductor and violinist.');

  it('gives the instrument an agent noun is made from as written (violinist: violin, not fiddle)', () => {
    // Act & Assess
    expect(ask('What instrument did Paavo Berglund play?', [composer, conductor]).shortAnswer).toBe('violin');
  });

  it('ends what was done at an adverb of place ("taught composition there")', () => {
    // Act & Assess
    expect(ask('What did Aino Kallas teach?', [composer, conductor]).shortAnswer).toBe('composition');
  });
});

describe('Function: answerStructured on a database and its releases', () => {
  const db = doc(
    'fjorddb',
    'FjordDB',
    'FjordDB is an open-source time-series database written in Rust. It was first released in 2008. Version 5.0, released in 2021, added support for SQL queries.',
  );

  it('reads a verb asked in a regular form the stemmer cuts apart ("add", "added")', () => {
    // Act & Assess
    expect(ask('What did version 5.0 of FjordDB add?', [db]).shortAnswer).toBe('support');
  });
});

describe('Function: answerStructured on a founder and her university', () => {
  const founder = doc(
    'ingrid-holt',
    'Ingrid Holt',
    'Ingrid Holt (born 1975) is a Norwegian computer scientist. She holds a doctorate from the Norwegian University of Science and Technology.',
  );

  it('keeps a name "of" a common noun whole through "and" and one more', () => {
    // Act & Assess
    expect(ask('Where did Ingrid Holt get her doctorate?', [founder]).shortAnswer).toBe('Norwegian University of Science and Technology');
  });
});

describe('Function: answerStructured on a battle, a village and a prince', () => {
  const village = doc('kessel', 'Kessel (Limburg)', 'Kessel is a village on the river Meuse in the Dutch province of Limburg. It has about 4,000 inhabitants.');
  const prince = doc(
    'frederick-henry',
    'Frederick Henry, Prince of Orange',
    'Frederick Henry (1584 – 1647) was the Prince of Orange and stadtholder of the Dutch Republic from 1625 until his death.',
  );

  it('gives the place a passage calls the class asked, past a nation’s adjective ("the Dutch province of Limburg")', () => {
    // Act & Assess
    expect(ask('In which province is Kessel?', [village, prince]).shortAnswer).toBe('Limburg');
  });

  it('takes the part of a title before its comma, said inside a sentence, as a name', () => {
    // Arrange
    const officer = doc(
      'van-dorp',
      'Willem van Dorp',
      'Willem van Dorp (1590 – 1652) was a Dutch army officer. After his defeat at Kessel he was dismissed by Frederick Henry, Prince of Orange.',
    );

    // Act & Assess
    expect(ask('Who dismissed Willem van Dorp?', [officer, prince]).shortAnswer).toBe('Frederick Henry');
  });

  it('reads how long someone lived as the age at their death', () => {
    // Act & Assess
    expect(ask('How long did Frederick Henry live?', [village, prince]).shortAnswer).toBe('62 or 63');
  });
});

describe('Function: answerStructured on a concert hall, its architect and a newspaper group', () => {
  const hall = doc(
    'skarvik-hall',
    'Skarvik Concert Hall',
    'The Skarvik Concert Hall is a concert venue in Bergen, Norway. Designed by the architect Ingrid Halvorsen, it opened on 11 January 1967 and seats 1,540 people.',
  );
  const architect = doc(
    'halvorsen',
    'Ingrid Halvorsen',
    'Ingrid Halvorsen (14 March 1921 – 2 October 1998) was a Norwegian architect known for her concrete public buildings.',
  );
  const paper = doc(
    'nordlys',
    'Nordlys Tidende',
    'Nordlys Tidende is a daily newspaper published in Tromsø, Norway. The newspaper is owned by the media group Polar Media.',
  );
  const group = doc('polar-media', 'Polar Media', 'Polar Media is a Norwegian media company headquartered in Bodø. It was formed in 1998.');

  it('answers which city from a place the lexicon knows as a city, though no sentence says "city"', () => {
    // Act & Assess
    expect(ask('In which city is the Skarvik Concert Hall?', [hall, architect]).shortAnswer).toContain('Bergen');
  });

  it('reads "based" as said by "headquartered", both ways round', () => {
    // Act & Assess
    expect(ask('In which city is Polar Media based?', [paper, group]).shortAnswer).toBe('Bodø');
    expect(ask('Which company is based in Bodø?', [paper, group]).shortAnswer).toBe('Polar Media');
  });

  it('gives what a person made from a passage that opens "Designed by them, it ..."', () => {
    // Act & Assess
    expect(ask('What did Ingrid Halvorsen design?', [hall, architect]).shortAnswer).toBe('Skarvik Concert Hall');
  });
});

describe('Function: answerStructured on a video game, its studio and its composer', () => {
  const game = doc(
    'frostline',
    'Frostline (video game)',
    'Frostline is a 2014 survival video game developed by the Finnish studio Kettu Games and published by Northwind Interactive. Its music was composed by Aleksi Rautio.',
  );
  const studio = doc(
    'kettu',
    'Kettu Games',
    'Kettu Games is a video game developer based in Tampere, Finland. In 2019 it was acquired by the Swedish company Embergate for 45 million euros.',
  );
  const composer = doc(
    'rautio',
    'Aleksi Rautio',
    'Aleksi Rautio (born 3 June 1985) is a Finnish composer and pianist from Oulu. Besides Frostline, he scored the film The Quiet Shore (2017), for which he won a Jussi Award.',
  );
  const film = doc('quiet-shore', 'The Quiet Shore', 'The Quiet Shore is a 2017 Finnish drama film directed by Helena Koski.');
  const all = [game, studio, composer, film];

  it('keeps the one the first passage says did it over a bridge’s passage that only names the class', () => {
    // Act & Assess
    expect(ask('Which company published Frostline?', all).shortAnswer).toBe('Northwind Interactive');
  });

  it('reads nouns joined by "and" as one clause of a yes/no claim', () => {
    // Act & Assess
    expect(ask('Is Aleksi Rautio a pianist?', all).shortAnswer).toBe('yes');
    expect(ask('Is Aleksi Rautio a violinist?', all).shortAnswer).toBe('no');
  });

  it('answers with a title that opens on "The", whole', () => {
    // Act & Assess
    expect(ask('Which film did Aleksi Rautio score?', all).shortAnswer).toBe('The Quiet Shore');
  });
});

describe('Function: answerStructured on a fashion house, its owner and a jeweller', () => {
  const house = doc(
    'maison-ravel',
    'Maison Ravel',
    'Maison Ravel is a French luxury fashion house founded in Lyon in 1931 by the seamstress Odile Ravel. It moved its headquarters to Paris in 1954.',
  );
  const group = doc(
    'groupe-arceau',
    'Groupe Arceau',
    'Groupe Arceau is a French luxury goods conglomerate headquartered in Paris. The group owns fourteen brands, including Maison Ravel and the jeweller Bellamy.',
  );
  const jeweller = doc(
    'bellamy',
    'Bellamy (jeweller)',
    'Bellamy is a French jewellery company founded in 1872 in Paris by Émile Bellamy. Its flagship store is on the Place Vendôme.',
  );
  const all = [house, group, jeweller];

  it('places a body where it moved its headquarters, not where it was founded', () => {
    // Act & Assess
    expect(ask('Where is Maison Ravel headquartered?', all).shortAnswer).toBe('Paris');
  });

  it('reads a place said after "is on"', () => {
    // Act & Assess
    expect(ask("Where is Bellamy's flagship store?", all).shortAnswer).toBe('Place Vendôme');
  });

  it('lists names joined by "and" across a noun of what the second is', () => {
    // Act & Assess
    expect(ask('Which brands does Groupe Arceau own?', all).shortAnswer).toBe('Maison Ravel, Bellamy');
  });

  it('says who someone without a passage is by the noun before their name, not by another’s definition', () => {
    // Arrange
    const founder = doc(
      'odile-ravel',
      'Odile Ravel',
      'Odile Ravel (1898–1976) was a French fashion designer. Her nephew Bernard Ravel succeeded her as head of the house in 1965.',
    );

    // Act & Assess
    expect(ask('Who was Bernard Ravel?', [...all, founder]).shortAnswer).toBe("Odile Ravel's nephew");
    expect(ask('Who was Odile Ravel?', [...all, founder]).shortAnswer).toBe('a French fashion designer');
  });
});

describe('Function: answerStructured on a zoo, its director and its animals', () => {
  const zoo = doc(
    'vesterby-zoo',
    'Vesterby Zoo',
    'Vesterby Zoo is a zoological garden in Aarhus, Denmark. Its best-known resident is a Siberian tiger named Kasimir. The zoo has been directed since 2015 by the biologist Mette Holm.',
  );
  const director = doc(
    'mette-holm',
    'Mette Holm',
    'Mette Holm (born 1968) is a Danish biologist. She earned her doctorate at the University of Copenhagen with a thesis on seal behaviour.',
  );
  const panda = doc('red-panda', 'Red panda', 'The red panda (Ailurus fulgens) is a small mammal native to the eastern Himalayas and southwestern China.');
  const all = [zoo, director, panda];

  it('gives the scientific name of a thing asked in lower case, from its own passage', () => {
    // Act & Assess
    expect(ask('What is the scientific name of the red panda?', all).shortAnswer).toBe('Ailurus fulgens');
  });

  it('gives what a thesis was about from "a thesis on ..."', () => {
    // Act & Assess
    expect(ask("What was Mette Holm's thesis about?", all).shortAnswer).toBe('seal behaviour');
  });

  it('answers which city from a place unknown to the lexicon that stands before a country', () => {
    // Arrange
    const aquarium = doc('nordhavn', 'Nordhavn Aquarium', 'Nordhavn Aquarium is a public aquarium in Esbjerg, Denmark, opened in 1968.');

    // Act & Assess
    expect(ask('In which city is Nordhavn Aquarium?', [...all, aquarium]).shortAnswer).toContain('Esbjerg');
  });

  it('says what a name is from the phrase that gives it ("a Siberian tiger named Kasimir")', () => {
    // Act & Assess
    expect(ask('What species is Kasimir?', all).shortAnswer).toBe('Siberian tiger');
    expect(ask('What is Kasimir?', all).shortAnswer).toBe('Siberian tiger');
  });
});

describe('Function: answerStructured on an airline, the shipping line that sold it and the group that bought it', () => {
  const airline = doc(
    'nordair',
    'Nordair Express',
    'Nordair Express is a regional airline based in Tromsø, Norway. It was founded in 1989 as a subsidiary of the shipping company Hurtig Lines. The airline operates a fleet of 18 De Havilland Dash 8 aircraft.',
  );
  const line = doc(
    'hurtig-lines',
    'Hurtig Lines',
    'Hurtig Lines is a Norwegian shipping company founded in 1881 in Bergen. In 2004 it sold Nordair Express to the Swedish airline group Skyways for 1.2 billion kroner.',
  );
  const group = doc(
    'skyways',
    'Skyways',
    'Skyways AB is a Swedish airline group headquartered in Gothenburg. It was formed in 1996 by the merger of Vast Air and Kustflyg.',
  );
  const all = [airline, line, group];

  it('names the buyer a sentence says a thing was sold to, past a nation’s adjective', () => {
    // Act & Assess
    expect(ask('Who bought Nordair Express?', all).shortAnswer).toBe('Skyways');
  });

  it('counts a fleet by the number before the model’s name, not the number in it', () => {
    // Act & Assess
    expect(ask('How many aircraft does Nordair Express operate?', all).shortAnswer).toMatch(/^18\b/);
  });

  it('lists the names a merger joined, in a sentence its own passage opens with "It"', () => {
    // Act & Assess
    expect(ask('Which companies merged to form Skyways?', all).shortAnswer).toBe('Vast Air, Kustflyg');
  });
});

describe('Function: answerStructured on a chess championship, its finalists and a coach', () => {
  const championship = doc(
    'wwcc-2019',
    "Women's World Chess Championship 2019",
    "The Women's World Chess Championship 2019 was a knockout tournament held in Khanty-Mansiysk, Russia. Ilona Varga won the title, beating Mei Chen 3.5–2.5 in the final.",
  );
  const runnerUp = doc(
    'mei-chen',
    'Mei Chen',
    "Mei Chen (born 3 November 1990) is a Chinese chess player. Chen won the Asian Women's Championship three times, in 2010, 2013 and 2017.",
  );
  const all = [championship, runnerUp];

  it('names who lost from the one a sentence says was beaten', () => {
    // Act & Assess
    expect(ask("Who lost the final of the Women's World Chess Championship 2019?", all).shortAnswer).toBe('Mei Chen');
    expect(ask("Who won the Women's World Chess Championship 2019?", all).shortAnswer).toBe('Ilona Varga');
  });

  it('gives the score of a final', () => {
    // Act & Assess
    expect(ask("What was the score of the final of the Women's World Chess Championship 2019?", all).shortAnswer).toBe('3.5–2.5');
  });

  it('dates no count by one year of a list of them', () => {
    // Act & Assess
    expect(ask("How many times did Mei Chen win the Asian Women's Championship?", all).shortAnswer).toBe('three times');
  });
});

describe('Function: answerStructured on a cathedral, the king buried there and the castle he died at', () => {
  const cathedral = doc(
    'stavholm-cathedral',
    'Stavholm Cathedral',
    'Stavholm Cathedral is a Lutheran cathedral in Stavholm, Sweden. It was consecrated in 1412. King Erik VII is buried in its crypt.',
  );
  const king = doc(
    'erik-vii',
    'Erik VII of Sweden',
    'Erik VII (c. 1380 – 3 May 1439) was King of Sweden from 1412 until his death. He died at Nyköping Castle.',
  );
  const castle = doc(
    'nykoping',
    'Nyköping Castle',
    'Nyköping Castle is a medieval fortress in Nyköping, Sweden. The castle was badly damaged by fire in 1665 and is now a museum.',
  );
  const all = [cathedral, king, castle];

  it('reads "the crypt of X" as a place in X, not as a role someone holds', () => {
    // Act & Assess
    expect(ask('Who is buried in the crypt of Stavholm Cathedral?', all).shortAnswer).toBe('King Erik VII');
  });

  it('finds the thing a "where" clause describes when the question’s own verb ends on "by fire"', () => {
    // Act & Assess
    expect(ask('When was the castle where Erik VII died damaged by fire?', all).shortAnswer).toBe('1665');
  });
});

describe('Function: answerStructured on a quiz show and its two hosts', () => {
  const show = doc(
    'brainwave',
    'Brainwave (quiz show)',
    'Brainwave is a Dutch television quiz show that has aired on NPO 1 since 1998. It is presented by Sanne de Wit, who replaced the original host Jaap Molenaar in 2011.',
  );
  const host = doc('sanne-de-wit', 'Sanne de Wit', 'Sanne de Wit (born 9 February 1979) is a Dutch television presenter and former journalist.');
  const final = doc('final', 'Varga–Chen final', 'Ilona Varga won the title, beating Mei Chen 3.5–2.5 in the final.');

  it('finds the one "the original host of X" describes, then asks of them by name', () => {
    // Arrange
    const original = doc('molenaar', 'Jaap Molenaar', 'Jaap Molenaar (1946 – 2019) was a Dutch comedian and television host. He was born in Haarlem.');

    // Act & Assess
    expect(ask('When did the original host of Brainwave die?', [show, host, original]).shortAnswer).toBe('2019');
  });

  it('answers whom someone did something to with the name the object gives, no score after it', () => {
    // Act & Assess
    expect(ask('Whom did Sanne de Wit replace?', [show, host]).shortAnswer).toBe('Jaap Molenaar');
    expect(ask('Who did Ilona Varga beat?', [final]).shortAnswer).toBe('Mei Chen');
  });
});

describe('Function: answerStructured on a lake, the river that feeds it and the one it drains into', () => {
  const lake = doc(
    'lake-varden',
    'Lake Varden',
    'Lake Varden is a freshwater lake in Innland, Norway. It covers 118 square kilometres and has a maximum depth of 312 metres. The lake is fed mainly by the river Losna and drains into the Glomma.',
  );
  const river = doc('losna', 'Losna (river)', 'The Losna is a river in Innland, Norway. It flows 86 kilometres south before emptying into Lake Varden.');
  const all = [lake, river];

  it('gives an area from a figure in square units, not a depth in metres', () => {
    // Act & Assess
    expect(ask('What is the area of Lake Varden?', all).shortAnswer).toBe('118 square kilometres');
  });

  it('answers into which river a lake drains with the name after "into", not the river that feeds it', () => {
    // Act & Assess
    expect(ask('Into which river does Lake Varden drain?', all).shortAnswer).toBe('Glomma');
    expect(ask('Which river does Lake Varden drain into?', all).shortAnswer).toBe('Glomma');
  });
});

describe('Function: answerStructured on a literary prize and a novelist', () => {
  const novelist = doc(
    'liv-aasen',
    'Liv Aasen',
    'Liv Aasen (born 1984) is a Norwegian novelist from Bodø. Her first novel, The Winter Harbour, was published in 2012.',
  );

  it('keeps the article of a title written capitalised inside a sentence', () => {
    // Act & Assess
    expect(ask("What was Liv Aasen's first novel?", [novelist]).shortAnswer).toBe('The Winter Harbour');
  });
});

describe('Function: answerStructured on an observatory, its telescope and the firm that built it', () => {
  const observatory = doc(
    'kestrel-obs',
    'Kestrel Ridge Observatory',
    'Kestrel Ridge Observatory is an astronomical observatory on the summit of Mount Arval in the Sierra Cantal, Chile. The observatory stands at an altitude of 2,650 metres.',
  );
  const telescope = doc(
    'corvid',
    'Corvid Telescope',
    'The Corvid Telescope is a 4.1-metre optical reflecting telescope at Kestrel Ridge Observatory. It was built by the German firm Lindqvist Optik and saw first light on 12 March 1984.',
  );
  const firm = doc(
    'lindqvist',
    'Lindqvist Optik',
    'Lindqvist Optik GmbH is a German manufacturer of telescope mirrors and optical instruments, headquartered in Jena. The company was established in 1921 by Karl Lindqvist.',
  );
  const spectrograph = doc(
    'spira',
    'SPIRA',
    'SPIRA (Spectrograph for Infrared Astronomy) is an infrared spectrograph installed on the Corvid Telescope in 2009.',
  );
  const astronomer = doc(
    'vasquez',
    'Helena Vasquez',
    'Helena Vasquez (1921–1998) was a Chilean astronomer. Born in Concepción, she studied physics at the University of Chile. She directed Kestrel Ridge Observatory until 1979, when she was succeeded by her former student Ramon Ibarra.',
  );
  const engineer = doc(
    'halvorsen',
    'Tomas Halvorsen',
    'Tomas Halvorsen (born 1966) is a Norwegian instrument engineer. He worked for the European Southern Observatory before founding his own company, Halvorsen Instruments, in 2004.',
  );
  const mountain = doc('arval', 'Mount Arval', 'Mount Arval is a mountain in northern Chile. The mountain gives its name to the comet C/1991 Arval.');
  const all = [observatory, telescope, firm, spectrograph, astronomer, engineer, mountain];

  it('answers where a thing is with a place, not with how high it stands', () => {
    // Act & Assess
    expect(ask('Where is Kestrel Ridge Observatory?', all).shortAnswer).toBe('Mount Arval');
  });

  it('spells out a short name from the words in brackets beside it', () => {
    // Act & Assess
    expect(ask('What does SPIRA stand for?', all).shortAnswer).toBe('Spectrograph for Infrared Astronomy');
    expect(ask('what is spira short for', all).shortAnswer).toBe('Spectrograph for Infrared Astronomy');
  });

  it('dates a thing named in apposition to the object of its verb ("founding his own company, X, in 2004")', () => {
    // Act & Assess
    expect(ask('When was Halvorsen Instruments founded?', all).shortAnswer).toBe('2004');
  });

  it('reads no name in a participle opening a sentence ("Born in Concepción, she ...")', () => {
    // Act & Assess
    expect(ask("Who was Helena Vasquez's student?", all).shortAnswer).toBe('Ramon Ibarra');
  });

  it('gives the country a firm is of from its lead ("a German manufacturer") when no country is named', () => {
    // Act & Assess
    expect(ask('In which country is Lindqvist Optik?', all).shortAnswer).toBe('Germany');
  });

  it('reads "gives its name to" both ways', () => {
    // Act & Assess
    expect(ask('Which comet is named after Mount Arval?', all).shortAnswer).toBe('C/1991 Arval');
    expect(ask('What is C/1991 Arval named after?', all).shortAnswer).toBe('Mount Arval');
  });
});

describe('Function: answerStructured on an ocean liner, its builder and its line', () => {
  const liner = doc(
    'aurelia',
    'SS Aurelia',
    'SS Aurelia was a British ocean liner operated by the Northway Line between Southampton and New York. She was built by Harland & Crane at their yard in Belfast and launched on 3 May 1911. With a gross tonnage of 31,500, she was the largest ship of her line until 1923. On 14 February 1936 she ran aground off Cape Race in fog; all 1,212 passengers and crew were rescued.',
  );
  const line = doc(
    'northway',
    'Northway Line',
    'The Northway Line was a British shipping company founded in 1868 by the Liverpool merchant Edward Hale. Its headquarters were in Liverpool until 1921, when they moved to Southampton. In 1934 the company merged with the Cross Atlantic Company to form Northway-Cross Lines.',
  );
  const all = [liner, line];

  it('reads a maker joined by "&" whole, not the operator its lead names first', () => {
    // Act & Assess
    expect(ask('Who built SS Aurelia?', all).shortAnswer).toBe('Harland & Crane');
  });

  it('ends a figure at a comma after its digits ("a gross tonnage of 31,500, she was ...")', () => {
    // Act & Assess
    expect(ask('What was the gross tonnage of SS Aurelia?', all).shortAnswer).toBe('31,500');
  });

  it('counts "passengers and crew" by its first noun', () => {
    // Act & Assess
    expect(ask('How many passengers and crew were rescued from SS Aurelia?', all).shortAnswer).toBe('1,212 passengers');
  });

  it('ends a place where the sentence says until when', () => {
    // Act & Assess
    expect(ask('Where was the Northway Line headquartered?', all).shortAnswer).toBe('in Liverpool');
  });

  it('ends what a verb was done with where "to" begins a purpose ("to form ...")', () => {
    // Act & Assess
    expect(ask('What did the Northway Line merge with?', all).shortAnswer).toBe('the Cross Atlantic Company');
  });
});

describe('Function: answerStructured on a television drama, its creator and the show she wrote for', () => {
  const series = doc(
    'harbour-lights',
    'Harbour Lights (TV series)',
    'Harbour Lights is a Canadian drama television series created by Moira Delaney that aired on CBC Television from 2014 to 2019.',
  );
  const creator = doc(
    'delaney',
    'Moira Delaney',
    'Moira Delaney (born 12 June 1971) is a Canadian screenwriter from Halifax. Before creating Harbour Lights, she wrote for the police drama Northern Watch.',
  );
  const other = doc('northern-watch', 'Northern Watch', 'Northern Watch is a Canadian police drama that aired on CTV from 2008 to 2012.');
  const all = [series, creator, other];

  it('answers a class asked with the name after the common nouns of an object ("the police drama Northern Watch")', () => {
    // Act & Assess
    expect(ask('Which show did Moira Delaney write for?', all).shortAnswer).toBe('Northern Watch');
  });

  it('finds the thing a clause without "that" describes, its verb any form before a preposition ("wrote for")', () => {
    // Act & Assess
    expect(ask('Which channel aired the police drama Moira Delaney wrote for?', all).shortAnswer).toBe('CTV');
  });

  it('names the subject a lead calls a kind of the class past a capitalised adjective ("is a Canadian drama television series")', () => {
    // Act & Assess
    expect(ask('Which show was created by Moira Delaney?', all).shortAnswer).toBe('Harbour Lights');
  });
});

describe('Function: answerStructured on a hospital and the surgeon who founded its cardiac unit', () => {
  const hospital = doc(
    'st-brannock',
    "St Brannock's Hospital",
    "St Brannock's Hospital is a teaching hospital in Plymouth, England. Its cardiac unit, opened in 1968, performed the first heart bypass operation in the south-west of England.",
  );
  const surgeon = doc(
    'lanyon',
    'Robert Lanyon',
    'Robert Lanyon (1921–2004) was an English cardiac surgeon. He led the team that performed the first heart bypass operation in the south-west of England in 1971.',
  );

  it('dates what was done by its own clause, not by a participle set off by commas ("opened in 1968,")', () => {
    // Act & Assess
    expect(ask('When was the first heart bypass operation in the south-west of England performed?', [hospital, surgeon]).shortAnswer).toBe('1971');
  });
});

describe('Function: answerStructured on a sports car maker, its owner and one of its models', () => {
  const maker = doc(
    'veltro',
    'Veltro Motori',
    'Veltro Motori S.p.A. is an Italian manufacturer of sports cars based in Modena. Since 2011 it has been owned by the German Kessler Group.',
  );
  const model = doc(
    'strale',
    'Veltro Strale',
    'The Veltro Strale is a mid-engined sports car produced by Veltro Motori from 1968 to 1976. Its 4.0-litre V12 engine produces 380 horsepower.',
  );
  const owner = doc(
    'kessler',
    'Kessler Group',
    'The Kessler Group is a German automotive holding company headquartered in Stuttgart. It owns Veltro Motori and the truck maker Baumann Nutzfahrzeuge.',
  );
  const all = [maker, model, owner];

  it("drops a nation's adjective before a name a passage is titled by", () => {
    // Act & Assess
    expect(ask('Who owns Veltro Motori?', all).shortAnswer).toBe('Kessler Group');
  });

  it('dates a thing by the years after its maker, a name sharing its first word ("produced by Veltro Motori from 1968")', () => {
    // Act & Assess
    expect(ask('When was the Veltro Strale produced?', all).shortAnswer).toBe('from 1968 to 1976');
  });

  it('reads no count in the decimals of a measure ("4.0-litre" is no "0-litre")', () => {
    // Act & Assess
    expect(ask('How big is the engine of the Veltro Strale?', all).shortAnswer).toBe('4.0-litre');
  });

  it('asks what a body owns by "own", a stop word elsewhere, and not by "has been owned"', () => {
    // Act & Assess
    expect(ask('What does the Kessler Group own?', all).shortAnswer).toBe('Veltro Motori and the truck maker Baumann Nutzfahrzeuge');
  });
});

describe('Function: answerStructured on a party, its leaders and an election', () => {
  const party = doc(
    'green-alliance',
    'Green Alliance (Valdoria)',
    'The Green Alliance is a green political party in Valdoria. At the 2022 general election the party won 14 of the 120 seats in the National Assembly, its best result.',
  );
  const election = doc(
    'election-2022',
    '2022 Valdorian general election',
    'The 2022 Valdorian general election was held on 9 October 2022. The Social Democrats, led by Ivan Marić, won 41 seats and formed a coalition with the Green Alliance.',
  );

  it("gives no count of the subject's as one of a name the sentence gives only after it", () => {
    // Act & Assess
    expect(ask('How many seats did the Green Alliance win?', [party, election]).shortAnswer).toMatch(/^14\b/);
    expect(ask('How many seats did the Social Democrats win?', [party, election]).shortAnswer).toBe('41 seats');
  });
});

describe('Function: answerStructured on a copper mine and the company that runs it', () => {
  const mine = doc(
    'kallberg-mine',
    'Kallberg Mine',
    'The Kallberg Mine is an underground copper and zinc mine near the town of Storvik in northern Sweden. It produces about 45,000 tonnes of copper a year.',
  );

  it('reads what is made whole past the digit groups of its figure', () => {
    // Act & Assess
    expect(ask('What does the Kallberg Mine produce?', [mine]).shortAnswer).toBe('about 45,000 tonnes of copper a year');
  });
});

describe('Function: answerStructured on a soprano and her teacher', () => {
  const soprano = doc(
    'lena',
    'Lena Marchetti',
    'Lena Marchetti (née Bauer; 2 August 1948 – 17 January 2011) was an Austrian-born Italian soprano. Born in Graz, she studied at the Vienna Conservatory under Hilde Zadek. She made her debut at La Scala in 1973 as Mimì in La bohème.',
  );
  const teacher = doc('zadek', 'Hilde Zadek', 'Hilde Zadek (1917–2019) was an Austrian soprano and voice teacher who taught at the Vienna Conservatory.');

  it('reads a nationality past where one was born ("an Austrian-born Italian soprano")', () => {
    // Act & Assess
    expect(ask('What nationality was Lena Marchetti?', [soprano, teacher]).shortAnswer).toBe('Italian');
  });

  it('answers a role with the name played "as", not the house played at', () => {
    // Act & Assess
    expect(ask('What role did Lena Marchetti debut in?', [soprano, teacher]).shortAnswer).toBe('Mimì');
  });
});

describe('Function: answerStructured on a novel and the film made of it', () => {
  const novel = doc(
    'salt-road',
    'The Salt Road (novel)',
    'The Salt Road is a 2016 historical novel by the Irish writer Niamh Cullinan. It was shortlisted for the Booker Prize and won the Costa Novel Award.',
  );
  const director = doc(
    'rafferty',
    'Sean Rafferty (director)',
    'Sean Rafferty (born 1968) is an Irish film director. His film The Salt Road (2021) starred Saoirse Kelly as the widow Margaret Lynch.',
  );
  const all = [novel, director];

  it('answers who starred in a work with the one it starred, not the character played "as"', () => {
    // Act & Assess
    expect(ask('Who starred in the film The Salt Road?', all).shortAnswer).toBe('Saoirse Kelly');
  });

  it('finds who played a character called by a noun before the name ("as the widow Margaret Lynch")', () => {
    // Act & Assess
    expect(ask('Who played Margaret Lynch in The Salt Road?', all).shortAnswer).toBe('Saoirse Kelly');
  });

  it('ends an object at "and" before an irregular past ("and won ...")', () => {
    // Act & Assess
    expect(ask('What prize was The Salt Road shortlisted for?', all).shortAnswer).toBe('the Booker Prize');
  });
});

describe('Function: answerStructured on a gallery theft and a stolen painting', () => {
  const theft = doc(
    'heist',
    'Kroller Gallery theft',
    "The Kroller Gallery theft took place on the night of 18 March 1994. The stolen works included Pieter Vandamme's The Orchard Gate. No one was ever convicted of the theft.",
  );
  const painter = doc(
    'vandamme',
    'Pieter Vandamme',
    'Pieter Vandamme (1598–1651) was a Flemish painter of landscapes. His best-known work, The Orchard Gate, was painted around 1635.',
  );

  it("names a work's maker by the possessive before it", () => {
    // Act & Assess
    expect(ask('Who painted The Orchard Gate?', [theft]).shortAnswer).toBe('Pieter Vandamme');
  });

  it("names the maker whose passage calls the work theirs, past a hyphened word and the title's article", () => {
    // Act & Assess
    expect(ask('Who painted The Orchard Gate?', [painter]).shortAnswer).toBe('Pieter Vandamme');
  });

  it('says no where a sentence says no one did it', () => {
    // Act & Assess
    expect(ask('Was anyone convicted of the Kroller Gallery theft?', [theft]).shortAnswer).toBe('no');
  });
});

describe('Function: answerStructured on two lakes and the towns beside them', () => {
  const orsa = doc(
    'orsa-lake',
    'Lake Orsa',
    'Lake Orsa is a lake in Dalarna, Sweden. It has an area of 52 square kilometres and a maximum depth of 96 metres.',
  );
  const siljan = doc(
    'siljan',
    'Lake Siljan',
    'Lake Siljan is the sixth-largest lake in Sweden, with an area of 290 square kilometres. It lies in Dalarna and reaches a maximum depth of 134 metres.',
  );
  const mora = doc('mora', 'Mora', 'Mora is a town in Dalarna, Sweden, with about 10,900 inhabitants.');

  it('compares by the figure of the attribute the comparative grades ("deeper": a depth, not an area)', () => {
    // Act & Assess
    expect(ask('Is Lake Orsa deeper than Lake Siljan?', [orsa, siljan]).shortAnswer).toBe('no (Lake Siljan: 134 metres, against 96 metres for Lake Orsa)');
  });

  it('counts a population by those who live there ("about 10,900 inhabitants")', () => {
    // Act & Assess
    expect(ask('What is the population of Mora?', [mora]).shortAnswer).toBe('about 10,900 inhabitants');
  });
});

describe('Function: answerStructured on a revolution and a song of the same name', () => {
  it("keeps a nation's adjective that is part of a name, though a passage is titled by the rest", () => {
    // Arrange
    const leader = doc('louverture', 'Toussaint Louverture', 'Toussaint Louverture was a Haitian general and the leader of the Haitian Revolution.');
    const song = doc('revolution', 'Revolution (Nina Simone song)', 'Revolution is a song by the American singer Nina Simone, released in 1969.');

    // Act & Assess
    expect(ask('Toussaint Louverture was the leader of which revolution?', [leader, song]).shortAnswer).toBe('Haitian Revolution');
  });
});

describe('Function: answerStructured on a volcano, its islands and its observers', () => {
  const keravi = doc(
    'mount-keravi',
    'Mount Keravi',
    'Mount Keravi is an active stratovolcano on the island of Lunesse, in the Sorrel Archipelago. It rises to 2,914 metres above sea level. The volcano has been monitored since 1952 by the Lunesse Volcanological Observatory.',
  );
  const sabre = doc(
    'mount-sabre',
    'Mount Sabre',
    'Mount Sabre is a dormant volcano on Ysolde, the second island of the Sorrel Archipelago. It stands 1,876 metres tall.',
  );
  const lunesse = doc('lunesse', 'Lunesse', 'Lunesse is the largest island of the Sorrel Archipelago. It was settled by Breton fishermen in the 17th century.');

  it('compares the places of the class asked, not a wider one both are in', () => {
    // Act & Assess
    expect(ask('Are Mount Keravi and Mount Sabre on the same island?', [keravi, sabre]).shortAnswer).toBe('no');
    expect(ask('Are Mount Keravi and Mount Sabre in the same archipelago?', [keravi, sabre]).shortAnswer).toBe('yes');
  });

  it('reads a title of common words with a capital inside as a name, asked in lower case', () => {
    // Act & Assess
    expect(ask('how tall is mount sabre', [keravi, sabre]).shortAnswer).toBe('1,876 metres');
  });

  it('takes a compound ending in the class noun as a kind of it ("stratovolcano", asked which volcano)', () => {
    // Act & Assess
    expect(ask('Which volcano is monitored by the Lunesse Volcanological Observatory?', [keravi, sabre]).shortAnswer).toBe('Mount Keravi');
  });

  it('names a group with its plural in -men ("Breton fishermen")', () => {
    // Act & Assess
    expect(ask('Who settled Lunesse?', [lunesse]).shortAnswer).toBe('Breton fishermen');
  });
});

describe('Function: answerStructured on a distillery, its owner and its village', () => {
  const dorval = doc(
    'maison-dorval',
    'Maison Dorval',
    'Maison Dorval is a French wine and spirits company headquartered in Cognac. The group bought Glenmarra in 2007 and Tallis Gin in 2015.',
  );
  const macrath = doc(
    'angus-macrath',
    'Angus MacRath',
    'Angus MacRath (1794 – 1861) was a Scottish distiller. With his younger brother Ewan he founded the Glenmarra distillery in 1826.',
  );
  const kilbrae = doc('kilbrae', 'Kilbrae', "Kilbrae is a village on the Isle of Harrow. The village is known for its 13th-century chapel, St Moluag's.");
  const harrow = doc('isle-of-harrow', 'Isle of Harrow', 'The Isle of Harrow is an island of the Inner Hebrides. Its largest settlement is Portnessan.');

  it('dates each of two things a verb is said of once by the name beside the date', () => {
    // Act & Assess
    expect(ask('When did Maison Dorval buy Tallis Gin?', [dorval]).shortAnswer).toBe('2015');
    expect(ask('When did Maison Dorval buy Glenmarra?', [dorval]).shortAnswer).toBe('2007');
  });

  it('reads "What was X\'s brother called?" and "the name of X\'s brother" as who he is', () => {
    // Act & Assess
    expect(ask("What was Angus MacRath's brother called?", [macrath]).shortAnswer).toBe('Ewan');
    expect(ask("What is the name of Angus MacRath's brother?", [macrath]).shortAnswer).toBe('Ewan');
  });

  it('never takes a century for a name', () => {
    // Act & Assess
    expect(ask('Which chapel is in Kilbrae?', [kilbrae]).shortAnswer).toBe("St Moluag's");
  });

  it('reads the class asked before "on the" and a name', () => {
    // Act & Assess
    expect(ask('What is the largest settlement on the Isle of Harrow?', [harrow]).shortAnswer).toBe('Portnessan');
  });
});

describe('Function: answerStructured on a ballet company', () => {
  it('ends an object where a year bounds it ("until 1955")', () => {
    // Arrange
    const lund = doc(
      'ingrid-lund',
      'Ingrid Lund',
      "Ingrid Lund (1921 – 2004) was a Norwegian dancer. She trained in London at the Sadler's Wells school and danced with the Royal Ballet until 1955.",
    );

    // Act & Assess
    expect(ask('Which company did Ingrid Lund dance with?', [lund]).shortAnswer).toBe('the Royal Ballet');
  });
});

describe('Function: answerStructured on a shipwreck and the diver who found it', () => {
  const marrow = doc(
    'ss-marrow',
    'SS Marrow',
    'SS Marrow was a British cargo steamship built in 1903. On 14 November 1911 she ran aground in a gale off Skerry Point and sank with the loss of 23 of her 31 crew.',
  );
  const point = doc('skerry-point', 'Skerry Point', 'Skerry Point is a headland on the coast of Northumberland, England. The nearest village is Craster Mill.');
  const corr = doc(
    'helen-corr',
    'Helen Corr',
    'Helen Corr (born 1949) is a Scottish diver. In 1987 she located the wreck of the SS Marrow, and in 1994 she founded the North Sea Wreck Trust.',
  );
  const trust = doc(
    'trust',
    'North Sea Wreck Trust',
    'The North Sea Wreck Trust is a charity that surveys and protects shipwrecks off the east coast of Britain.',
  );

  it('counts those who died by the part a death names, the whole by what the ship had', () => {
    // Act & Assess
    expect(ask('How many crew died when SS Marrow sank?', [marrow]).shortAnswer).toBe('23');
    expect(ask('How many crew did SS Marrow have?', [marrow]).shortAnswer).toBe('31 crew');
  });

  it('reads the class asked before "to" and a name ("the nearest village to X")', () => {
    // Act & Assess
    expect(ask('What is the nearest village to Skerry Point?', [point]).shortAnswer).toBe('Craster Mill');
  });

  it("dates a thing founded by the sentence that has it as the verb's object after its subject's pronoun", () => {
    // Act & Assess
    expect(ask('When was the North Sea Wreck Trust founded?', [corr, trust]).shortAnswer).toBe('1994');
  });
});

describe('Function: answerStructured on two dinosaurs and the geologist a museum is named after', () => {
  const velo = doc(
    'velorosaurus',
    'Velorosaurus',
    'Velorosaurus is a genus of herbivorous sauropod dinosaur that lived in what is now Patagonia during the Late Cretaceous, about 85 million years ago. Velorosaurus reached an estimated length of 21 metres.',
  );
  const chelka = doc('chelkanaptor', 'Chelkanaptor', 'Chelkanaptor is a genus of small theropod dinosaur from the Late Cretaceous of Argentina.');
  const feruglio = doc(
    'egidio-feruglio',
    'Egidio Feruglio',
    'Egidio Feruglio (1897 – 1954) was an Italian geologist. Born in Udine, he worked for the Argentine state oil company YPF from 1925 and mapped much of Patagonia.',
  );

  it('answers a size asked by its adjective with no span of time', () => {
    // Act & Assess
    expect(ask('How big was Velorosaurus?', [velo]).shortAnswer).toBe('21 metres');
  });

  it('answers when a thing lived by the named period its passage says, where no date says it', () => {
    // Act & Assess
    expect(ask('When did Velorosaurus live?', [velo]).shortAnswer).toBe('the Late Cretaceous');
  });

  it('says yes where both passages name the name asked and no verb is asked', () => {
    // Act & Assess
    expect(ask('Are Velorosaurus and Chelkanaptor both from the Late Cretaceous?', [velo, chelka]).shortAnswer).toBe('yes');
    expect(ask('Are Velorosaurus and Chelkanaptor both from Patagonia?', [velo, chelka]).shortAnswer).toBe('no');
  });

  it('gives the name right after the class noun, past the words describing it', () => {
    // Act & Assess
    expect(ask('Which company did Egidio Feruglio work for?', [feruglio]).shortAnswer).toBe('YPF');
  });
});

describe('Function: answerStructured on a perfume house and its perfumer', () => {
  const house = doc(
    'maison-averne',
    'Maison Averne',
    'Maison Averne is a French perfume house founded in Grasse in 1889 by Jules Averne, a former glove maker. It has been owned since 1998 by the Swiss luxury group Helvane. Its best-selling fragrance is Nuit de Mimosa, launched in 1934.',
  );
  const perfume = doc(
    'nuit-de-mimosa',
    'Nuit de Mimosa',
    'Nuit de Mimosa is a floral perfume created in 1934 by the perfumer Sylvie Arnaud for Maison Averne. Its main notes are mimosa, bergamot and vanilla.',
  );
  const arnaud = doc(
    'sylvie-arnaud',
    'Sylvie Arnaud',
    'Sylvie Arnaud (1901 – 1977) was a French perfumer. The daughter of a Grasse flower grower, she trained at the Chiris laboratories and joined Maison Averne in 1929.',
  );

  it('reads two names "for" joins after a name as two', () => {
    // Act & Assess
    expect(ask('Who created Nuit de Mimosa?', [perfume, house]).shortAnswer).toBe('Sylvie Arnaud');
  });

  it('gives where someone trained past an article', () => {
    // Act & Assess
    expect(ask('Where did Sylvie Arnaud train?', [arnaud]).shortAnswer).toBe('Chiris');
  });
});

describe('Function: answerStructured on a tennis tournament and its champions', () => {
  const open = doc(
    'vessa-open',
    'Vessa Open',
    'The Vessa Open is a professional tennis tournament played on outdoor clay courts in Vessa, Portugal. The most successful player in its history is the Spaniard Diego Ferrán, who won it four times.',
  );
  const ferran = doc(
    'diego-ferran',
    'Diego Ferrán',
    'Diego Ferrán (born 12 March 1984) is a Spanish former professional tennis player. He reached a career-high singles ranking of world No. 7 in 2011.',
  );
  const macedo = doc(
    'rui-macedo',
    'Rui Macedo',
    'Rui Macedo (born 2001) is a Portuguese tennis player. He won his first ATP title at the 2024 Vessa Open, beating Karel Novák in the final.',
  );
  const novak = doc(
    'karel-novak',
    'Karel Novák',
    'Karel Novák (born 1998) is a Czech tennis player. He reached the final of the 2024 Vessa Open, where he lost to Rui Macedo. His best ranking is world No. 31.',
  );
  const vessa = doc('vessa', 'Vessa', 'Vessa is a coastal city in the Algarve region of Portugal, with a population of 48,000.');

  it('never answers a chain with the subject of the passage it started from', () => {
    // Act & Assess
    expect(ask('Who won the 2024 Vessa Open?', [open, macedo, novak]).shortAnswer).toBe('Rui Macedo');
  });

  it('reads a rank past the stop of "No." and dates it', () => {
    // Act & Assess
    expect(ask("What is Karel Novák's best ranking?", [novak]).shortAnswer).toBe('world No. 31');
    expect(ask("What was Diego Ferrán's career-high ranking?", [ferran]).shortAnswer).toBe('world No. 7');
    expect(ask('In which year did Diego Ferrán reach his career-high ranking?', [ferran]).shortAnswer).toBe('2011');
  });

  it('names the region the sentence calls so, not the country it is of', () => {
    // Act & Assess
    expect(ask('In which region is Vessa?', [vessa]).shortAnswer).toBe('Algarve');
  });

  it('ends an object before the place it is in', () => {
    // Act & Assess
    expect(ask('What surface is the Vessa Open played on?', [open]).shortAnswer).toBe('outdoor clay courts');
  });
});

describe('Function: answerStructured on a typeface and its designer', () => {
  it('gives what a thing is named after in common words, asked what', () => {
    // Arrange
    const vinter = doc(
      'vinter',
      'Vinter (typeface)',
      'Vinter is a serif typeface designed by Kari Moe in 1988 for the newspaper Nordlys. It is named after the Norwegian word for winter.',
    );

    // Act & Assess
    expect(ask('What is Vinter named after?', [vinter]).shortAnswer).toBe('the Norwegian word for winter');
  });
});

describe('Function: answerStructured on a wine estate and the family that owns it', () => {
  const estate = doc(
    'chateau-lerac',
    'Château Lérac',
    'Château Lérac is a wine estate in the Bordeaux wine region of France. It has belonged to the Delorme family since 1921, when Henri Delorme bought it from a Dutch banker.',
  );
  const henri = doc(
    'henri-delorme',
    'Henri Delorme',
    'Henri Delorme (1880 – 1957) was a French wine merchant from Libourne. He bought Château Lérac in 1921 and rebuilt its cellars after the frost of 1956.',
  );
  const claire = doc(
    'claire-delorme',
    'Claire Delorme',
    'Claire Delorme (born 1972) is a French winemaker. She trained in oenology at the University of Bordeaux and worked at a winery in Napa Valley before returning to Château Lérac in 2004.',
  );

  it('names the owner a thing is said to belong to', () => {
    // Act & Assess
    expect(ask('Who owns Château Lérac?', [estate, henri]).shortAnswer).toBe('Delorme family');
  });

  it('gives the place of a workplace the sentence does not name', () => {
    // Act & Assess
    expect(ask('Where did Claire Delorme work?', [claire]).shortAnswer).toBe('Napa Valley');
  });

  it('gives what was done, asked with the time it was done after', () => {
    // Act & Assess
    expect(ask('What did Henri Delorme rebuild after the frost of 1956?', [henri]).shortAnswer).toBe('its cellars');
  });
});

describe('Function: answerStructured on a small language and the linguist who described it', () => {
  const oskari = doc(
    'oskari-language',
    'Oskari language',
    'Oskari is a Finnic language spoken by about 3,500 people in the Oskari Valley. It is closely related to Veps and is written in the Latin alphabet.',
  );
  const valley = doc(
    'oskari-valley',
    'Oskari Valley',
    'The Oskari Valley is a river valley in northern Karelia. Its main village is Oskarinkylä, with about 900 inhabitants.',
  );
  const lehtonen = doc(
    'aino-lehtonen',
    'Aino Lehtonen',
    'Aino Lehtonen (1874 – 1949) was a Finnish linguist. Her Grammar of the Oskari Language (1911) was the first description of the language.',
  );

  it('counts those by whom a thing is done ("spoken by about 3,500 people")', () => {
    // Act & Assess
    expect(ask('How many people speak Oskari?', [oskari, valley]).shortAnswer).toBe('about 3,500 people');
  });

  it('names the maker of a work by the possessive before its title', () => {
    // Act & Assess
    expect(ask('Who wrote the Grammar of the Oskari Language?', [oskari, lehtonen]).shortAnswer).toBe('Aino Lehtonen');
  });
});

describe('Function: answerStructured on an abbey, its psalter and the collector who owned it', () => {
  it('gives a post held written as a title with capitals', () => {
    // Arrange
    const douce = doc(
      'francis-douce',
      'Francis Douce',
      'Francis Douce (1757 – 1834) was an English antiquary and collector. Born in London, he was Keeper of Manuscripts at the British Museum from 1807 to 1811.',
    );

    // Act & Assess
    expect(ask('What post did Francis Douce hold at the British Museum?', [douce]).shortAnswer).toBe('Keeper of Manuscripts');
    expect(ask('What position did Francis Douce hold?', [douce]).shortAnswer).toBe('Keeper of Manuscripts');
  });
});

describe('Function: answerStructured on a statue and its sculptor', () => {
  it('names the maker "by" a work\'s lead gives, asked who made it', () => {
    // Arrange
    const ferryman = doc(
      'the-ferryman',
      'The Ferryman (statue)',
      'The Ferryman is a bronze statue by the Danish sculptor Ida Krogh, unveiled in 1936 on Havnetorvet square in Aalborg.',
    );

    // Act & Assess
    expect(ask('Who made The Ferryman?', [ferryman]).shortAnswer).toBe('Ida Krogh');
  });
});

describe('Function: answerStructured on a theorem, its prover and a prize', () => {
  it('gives what someone worked "in", asked with the preposition last and no question mark', () => {
    // Arrange
    const halvorsen = doc(
      'sigrid-halvorsen',
      'Sigrid Halvorsen',
      'Sigrid Halvorsen (1921 – 2003) was a Norwegian mathematician who worked in topology. She spent most of her career at the University of Bergen.',
    );

    // Act & Assess
    expect(ask('What field did Sigrid Halvorsen work in?', [halvorsen]).shortAnswer).toBe('topology');
    expect(ask('what field did sigrid halvorsen work in', [halvorsen]).shortAnswer).toBe('topology');
  });

  it("answers a worth asked by a sum of money its passage gives, with no word of the question's verb", () => {
    // Arrange
    const prize = doc(
      'prix-fermat',
      'Prix Fermat',
      'The Prix Fermat is a mathematics prize awarded every two years. It was established in 1989 and carries a purse of 20,000 euros.',
    );

    // Act & Assess
    expect(ask('How much is the Prix Fermat worth?', [prize]).shortAnswer).toBe('20,000 euros');
  });
});

describe('Function: answerStructured on a comic strip and its cartoonist', () => {
  it('gives when a thing ended by the year it ran until, where its passage says no end', () => {
    // Arrange
    const strip = doc(
      'pip-and-moss',
      'Pip and Moss',
      'Pip and Moss is a Belgian comic strip created by the cartoonist Luc Verhaegen. It first appeared in the weekly magazine Spirou on 3 May 1962 and ran until 1998.',
    );

    // Act & Assess
    expect(ask('When did Pip and Moss end?', [strip]).shortAnswer).toBe('1998');
  });
});

describe('Function: answerStructured on a local radio station and its owner', () => {
  const bauer = doc(
    'bauer-media-audio',
    'Bauer Media Audio',
    'Bauer Media Audio is the radio division of the German media group Bauer Media Group. Based in London, it owns more than 100 stations in the United Kingdom and Ireland.',
  );

  it('gives where a body is based by the participle put first in its own passage', () => {
    // Act & Assess
    expect(ask('Where is Bauer Media Audio based?', [bauer]).shortAnswer).toBe('in London');
  });

  it("never takes a nation's adjective for where a thing is", () => {
    // Arrange
    const division = doc('bauer', 'Bauer Media Audio', 'Bauer Media Audio is the radio division of the German media group Bauer Media Group.');

    // Act & Assess
    expect(ask('Where is Bauer Media Audio based?', [division]).shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured on a cricket club and its ground', () => {
  it("names the agent of a participle set off by commas, which is no part of the sentence's subject", () => {
    // Arrange
    const ground = doc(
      'mill-lane-ground',
      'Mill Lane Ground',
      'The Mill Lane Ground is a cricket ground in Harlow Vale, Essex. The pavilion, designed by Arthur Blomfield, was completed in 1892.',
    );

    // Act & Assess
    expect(ask('Who designed the pavilion at the Mill Lane Ground?', [ground]).shortAnswer).toBe('Arthur Blomfield');
  });
});

describe('Function: answerStructured on an airliner and its maker', () => {
  const valdor = doc(
    'valdor-aero',
    'Valdor Aero',
    'Valdor Aero was a Swedish aircraft manufacturer based in Linköping. Founded in 1946 by the engineer Gustav Valdor, it built military trainers before turning to regional airliners in the 1980s.',
  );
  const founder = doc(
    'gustav-valdor',
    'Gustav Valdor',
    'Gustav Valdor (1911 – 1990) was a Swedish aeronautical engineer. Born in Norrköping, he worked for ASJA before founding his own company in 1946.',
  );

  it('gives what was made, its object ended at a time clause, asked with one', () => {
    // Act & Assess
    expect(ask('What did Valdor Aero build?', [valdor]).shortAnswer).toBe('military trainers');
    expect(ask('What did Valdor Aero build before airliners?', [valdor]).shortAnswer).toBe('military trainers');
  });

  it('gives whom someone worked for, asked with a time clause after the preposition', () => {
    // Act & Assess
    expect(ask('Which company did Gustav Valdor work for before founding his own?', [founder]).shortAnswer).toBe('ASJA');
  });
});

describe('Function: answerStructured on a photographer and her series', () => {
  it('gives what a work is about from the topic set off by a comma after its name', () => {
    // Arrange
    const marsh = doc(
      'lena-marsh',
      'Lena Marsh',
      "Lena Marsh (born 1958) is a British documentary photographer. Her series Steel Town (1984), about the closure of the city's steelworks, made her name.",
    );
    const series = doc('steel-town', 'Steel Town (photographs)', 'Steel Town is a series of 60 black-and-white photographs taken by Lena Marsh in Sheffield.');

    // Act & Assess
    expect(ask('What is Steel Town about?', [series, marsh]).shortAnswer).toBe("the closure of the city's steelworks");
  });
});

describe('Function: answerStructured on a national park, its peak and the botanist who climbed it', () => {
  it('names the binomial right after a kind of the class, asked with a verb of asking after "did X"', () => {
    // Arrange
    const nordgren = doc(
      'elias-nordgren',
      'Elias Nordgren',
      'Elias Nordgren (1851 – 1925) was a Swedish botanist who studied Arctic plants. He taught at Uppsala University and described the saxifrage Saxifraga kvarnensis, which he found on Storkvarn in 1884.',
    );

    const peak = doc(
      'storkvarn',
      'Storkvarn',
      'Storkvarn is a mountain in Kvarn National Park, Sweden. It was first climbed in 1884 by the botanist Elias Nordgren.',
    );

    // Act & Assess
    expect(ask('What plant did Elias Nordgren describe?', [nordgren, peak]).shortAnswer).toBe('Saxifraga kvarnensis');
  });
});

describe('Function: answerStructured on a cheese and the dairy that makes it', () => {
  it('dates no figure a clause says "now" of by the year of another clause', () => {
    // Arrange
    const dairy = doc(
      'laiterie-saint-cyran',
      'Laiterie Saint-Cyran',
      'Laiterie Saint-Cyran is a cooperative dairy in Saint-Michel-en-Brenne. It was founded in 1931 by 40 local farmers and now has 160 members.',
    );

    // Act & Assess
    expect(ask('How many members does Laiterie Saint-Cyran have?', [dairy]).shortAnswer).toBe('160 members');
  });
});
