import { describe, expect, it } from 'vitest';

import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { checkEvidence, evidenceOf, noAnswer } from '../../../functions/core/answer/evidence.js';

const TRANSPORT = {
  id: 'lyon-transport',
  title: 'Public transport in Lyon',
  text: "Lyon's public transport network, TCL, includes four metro lines, seven tram lines, two funiculars and over a hundred bus routes.",
};
const VELOV = { id: 'velov', title: "Vélo'v", text: "Vélo'v is the bicycle sharing system of Lyon, launched in 2005 with about 4,000 bicycles." };

describe('Function: checkEvidence', () => {
  it('reads three listed names as the options of a choice, whose comparative no passage need say', () => {
    // Prepare
    const towns = ['Avell', 'Brugh', 'Corra'].map((name) => ({ id: name, title: name, text: `The commune of ${name} had a population of about 500,000.` }));

    // Act
    const check = checkEvidence('Of Avell, Brugh and Corra, which has the fewest residents?', towns, { shortAnswer: 'Corra' }, wordNet());

    // Assess
    expect(check).toMatchObject({ covered: true });
  });

  it("reads a life's span of years as speaking of the birth and death, and a middle name as leading to the two-word title", () => {
    // Prepare: the film names its director with a middle name; his passage says where he died only in its span.
    const film = { id: 'film', title: 'Gray Harbour', text: 'Gray Harbour is a 1979 Vellish film directed by Tomasz Jerzy Orel.' };
    const orel = { id: 'orel', title: 'Tomasz Orel', text: 'Tomasz Jerzy Orel (2 May 1921, Essin – 9 June 1998, Brugh) was a Vellish film director.' };

    // Act
    const own = checkEvidence('Where did Tomasz Orel die?', [orel], { shortAnswer: 'Brugh' }, wordNet());
    const hop = checkEvidence('Where did the director of film Gray Harbour die?', [film, orel], { shortAnswer: 'Brugh' }, wordNet());
    const unsaid = checkEvidence(
      'Where did Tomasz Orel die?',
      [{ ...orel, text: 'Tomasz Jerzy Orel was a Vellish film director in Brugh.' }],
      { shortAnswer: 'Brugh' },
      wordNet(),
    );

    // Assess
    expect(own).toMatchObject({ covered: true });
    expect(hop).toMatchObject({ covered: true });
    expect(unsaid).toMatchObject({ covered: false });
  });

  it('follows a name that runs on with what it is of ("Ian Brask of Essin") to the passage titled after it', () => {
    // Prepare: the award's passage names the winner with his club; his own passage gives his nationality.
    const award = {
      id: 'award',
      title: '2010 Norvian Footballer of the Year',
      text: 'The 2010 Norvian Footballer of the Year was awarded to Ian Brask of Essin.',
    };
    const brask = { id: 'brask', title: 'Ian Brask', text: 'Ian Brask (born 1981) is a Vellish footballer who plays as a midfielder.' };

    // Act
    const check = checkEvidence(
      'What is the nationality of the player who was awarded the 2010 Norvian Footballer of the Year?',
      [award, brask],
      { shortAnswer: 'Vellish' },
      wordNet(),
    );

    // Assess
    expect(check).toMatchObject({ covered: true });
  });

  it('reads a bound on a figure as met by a figure, not said, and a count of inhabitants as a population', () => {
    // Prepare
    const towns = [
      { id: 'avell', title: 'Avell', text: 'Avell is a city of Norvia. The city had a population of about 610,000 in 2020.' },
      { id: 'brugh', title: 'Brugh', text: 'Brugh is a city of Norvia with a population of about 120,000.' },
    ];

    // Act
    const check = checkEvidence('Which cities have more than 500,000 inhabitants?', towns, { shortAnswer: 'Avell' }, wordNet());

    // Assess
    expect(check).toMatchObject({ covered: true });
  });

  it('lets a kind of the class asked speak of it ("stew" of a dish), never a kind of a relation word ("electricity" of energy)', () => {
    // Prepare
    const stew = { id: 'stew', title: 'Vellasse', text: 'Vellasse is a traditional fish stew that originated in the port city of Essin.' };
    const power = {
      id: 'power',
      title: 'Nuclear power in Norvia',
      text: 'Nuclear power produces about 60 percent of the electricity of Norvia, with 20 gigawatts of capacity.',
    };

    // Act
    const dish = checkEvidence('What kind of dish is vellasse?', [stew], { shortAnswer: 'stew' }, wordNet());
    const geothermal = checkEvidence('geothermal energy capacity norvia', [power], {}, wordNet());

    // Assess
    expect(dish).toMatchObject({ covered: true });
    expect(geothermal).toMatchObject({ covered: false });
  });

  it('reads a year that dates another event than the date asked for as no year the answer must be of', () => {
    // Prepare
    const bar = { id: 'bar', title: 'Essin Bar', text: 'The Essin Bar is a bar in Kelso, opened in 1962.' };
    const club = { id: 'club', title: 'Club Vell', text: 'Club Vell beat the Essin Bar to the best bar award in 2016.' };

    // Act
    const check = checkEvidence('When was the bar opened which was beaten by the Club Vell in 2016?', [bar, club], { shortAnswer: '1962' }, wordNet());

    // Assess
    expect(check).toMatchObject({ covered: true });
  });

  it('reads a person who describes a bridge ("the artist who released X") as no scope of the figure', () => {
    // Prepare
    const album = { id: 'album', title: 'Songs of Essin', text: 'Songs of Essin is the debut studio album by country artist Ana Vell.' };
    const bo = { id: 'bo', title: 'Bo Lund', text: 'Bo Lund is a country artist who recorded 12 studio albums.' };
    const ana = { id: 'ana', title: 'Ana Vell', text: 'She recorded a total of 24 studio albums between 1956 and 1981.' };

    // Act
    const check = checkEvidence(
      'The artist who released the debut album "Songs of Essin" has recorded a total of how many albums?',
      [album, ana, bo],
      { shortAnswer: '24 studio albums' },
      wordNet(),
    );

    // Assess
    expect(check).toMatchObject({ covered: true });
  });

  it('reads a price asked as said by a sale that gives a sum, and a count as no price', () => {
    // Prepare
    const deal = { id: 'brask', title: 'Brask Systems', text: 'In 2018 Brask acquired the startup Pixel for €45 million.' };
    const users = { id: 'line', title: 'Ledgerline', text: 'By 2022 Ledgerline had more than 300,000 paying customers.' };

    // Act
    const price = checkEvidence('How much did Brask pay for Pixel?', [deal], { shortAnswer: '€45 million' }, wordNet());
    const count = checkEvidence('How much did Brask pay for Ledgerline?', [deal, users], { shortAnswer: 'more than 300,000 paying customers' }, wordNet());

    // Assess
    expect(price).toMatchObject({ covered: true });
    expect(count).toMatchObject({ covered: false });
  });

  it('reads "in common" and a country "of origin" as no words to find', () => {
    // Prepare
    const cal = { id: 'cal', title: 'Cal Moss', text: 'Cal Moss is an American track coach.' };
    const dee = { id: 'dee', title: 'Dee Hart', text: 'Dee Hart (born 1958) is an American runner.' };

    // Act
    const check = checkEvidence('What country of origin does Cal Moss and Dee Hart have in common?', [cal, dee], { shortAnswer: 'American' }, wordNet());

    // Assess
    expect(check).toMatchObject({ covered: true });
  });

  it('lets a passage naming the thing a question describes ("the city where the Rhône and Saône meet") speak for it, and no other', () => {
    // Arrange: the Rhône's passage names Lyon; Vélo'v's names Lyon; the bus company's names neither.
    const rhone = { id: 'rhone', title: 'Rhône', text: 'The Rhône is a river that meets the Saône at Lyon.' };
    const lyon = { id: 'lyon', title: 'Lyon', text: 'Lyon lies at the confluence of the Rhône and the Saône rivers.' };
    const bus = { id: 'bus', title: 'Bus Vell', text: 'Bus Vell is the bicycle sharing system of Essin, launched in 2009.' };
    const asked = 'When did the bike sharing system start in the city where the Rhône and Saône meet?';

    // Act
    const named = checkEvidence(asked, [rhone, lyon, VELOV], { shortAnswer: '2005' }, wordNet());
    const other = checkEvidence(asked, [rhone, lyon, bus], { shortAnswer: '2009' }, wordNet());

    // Assess
    expect(named.covered).toBe(true);
    expect(other.covered).toBe(false);
  });

  it('holds the evidence below the floor when it says nothing of what the task asks', () => {
    // Act
    const check = checkEvidence('Explain how vaccines train the immune system', [VELOV, TRANSPORT]);

    // Assess: "system" is shared, "explain" says what to do, and the rest is missing.
    expect(check.covered).toBe(false);
    expect(check.missing).toEqual(['vaccines', 'train', 'immune']);
    expect(noAnswer(check)).toBe('The corpus does not answer this: no retrieved passage speaks of "vaccines", "train", "immune".');
  });

  it('matches a verb\'s irregular forms through WordNet\'s exception list: "wrote" is said by "written"', () => {
    // Arrange
    const novel = { id: 'grey', title: 'The Grey Harbour', text: 'The Grey Harbour is a 1931 ballad. It was written by Nora Vell.' };

    // Act
    const wrote = checkEvidence('Who wrote The Grey Harbour?', [novel], { shortAnswer: 'Nora Vell' }, wordNet());

    // Assess
    expect(wrote.covered).toBe(true);
  });

  it('finds "the same country" spoken of where each side\'s passage gives its nation by an adjective', () => {
    // Arrange
    const ghosts = { id: 'ghosts', title: 'Four Live Ghosts', text: 'Four Live Ghosts is a 1936 American comedy film directed by Hal Berne.' };
    const tailor = { id: 'tailor', title: 'The Tailor from Ulm', text: 'The Tailor from Ulm is a 1978 West German drama film.' };

    // Act
    const check = checkEvidence('Are Four Live Ghosts and The Tailor From Ulm from the same country?', [ghosts, tailor], { shortAnswer: 'no' }, wordNet());

    // Assess
    expect(check.covered).toBe(true);
  });

  it('takes a nation named by its adjective as said, for "Which country is X from?"', () => {
    // Arrange
    const director = { id: 'gion', title: 'Ana Gion', text: 'Ana Gion (born 1960) is a French-American documentary filmmaker.' };

    // Act
    const check = checkEvidence('Which country is Ana Gion from?', [director], { shortAnswer: 'France' }, wordNet());

    // Assess
    expect(check.covered).toBe(true);
  });

  it('does not count instruction words as evidence', () => {
    // Act
    const check = checkEvidence('Compare the prices of the two phones in the brochure', [TRANSPORT]);

    // Assess
    expect(check).toMatchObject({ covered: false, share: 0, missing: ['prices', 'phones', 'brochure'] });
  });

  it('holds it below the floor when a name the task mentions is missing, even if most words are there', () => {
    // Act
    const check = checkEvidence('How many metro lines does Marseille have?', [TRANSPORT]);

    // Assess
    expect(check.share).toBeGreaterThanOrEqual(0.5);
    expect(check.covered).toBe(false);
    expect(check.missing).toEqual(['Marseille']);
  });

  it('lets evidence that speaks of the task through', () => {
    // Act
    const check = checkEvidence('How many tram lines does Lyon have?', [TRANSPORT, VELOV]);

    // Assess
    expect(check).toEqual({ covered: true, share: 1, missing: [] });
  });

  it('holds no evidence at all below the floor', () => {
    // Act
    const check = checkEvidence('How many tram lines does Lyon have?', []);

    // Assess
    expect(check.covered).toBe(false);
    expect(noAnswer({ covered: false, share: 0, missing: [] })).toBe('The corpus does not answer this: nothing relevant was retrieved.');
  });

  it('takes what a person is ("a footballer") as speaking of an occupation asked, and sharing as no word to find', () => {
    // Prepare
    const one = { id: 'wolde', title: 'Pierre Wolde', text: 'Pierre Wolde (born 26 March 1979) is a Cameroonian retired footballer.' };
    const two = { id: 'poul', title: 'Christian Poul', text: 'Christian Poul (born 28 February 1980) is a Danish former footballer.' };

    // Act
    const shared = checkEvidence('Pierre Wolde and Christian Poul shared which athletic profession?', [one, two], { shortAnswer: 'footballer' }, wordNet());
    const share = checkEvidence('What profession do Pierre Wolde and Christian Poul share?', [one, two], { shortAnswer: 'footballer' }, wordNet());
    const river = checkEvidence('Which river do Pierre Wolde and Christian Poul share?', [one, two], { shortAnswer: 'footballer' }, wordNet());

    // Assess
    expect([shared.covered, share.covered, river.covered]).toEqual([true, true, false]);
  });

  it('reads a noun whose verb is "be X" through X: a place of birth is where someone was born', () => {
    // Prepare
    const bio = { id: 'brenner', title: 'Oda Brenner', text: 'Oda Brenner is a Canadian film director. She was born in Winnipeg, Manitoba.' };

    // Act
    const withLexicon = checkEvidence("What was Oda Brenner's place of birth?", [bio], { shortAnswer: 'Winnipeg' }, wordNet());
    const without = checkEvidence("What was Oda Brenner's place of birth?", [bio], { shortAnswer: 'Winnipeg' });

    // Assess
    expect(withLexicon.covered).toBe(true);
    expect(without.covered).toBe(false);
  });

  it('refuses a task narrowed to a year no passage gives, and reads a range by its start', () => {
    // Prepare
    const toulouse = { id: 'toulouse', title: 'Toulouse', text: 'Toulouse had a population of about 493,000 in 2020.' };
    const season = { id: 'season', title: 'Magic season', text: 'Hardaway missed the 2003–04 season with a knee injury.' };

    // Act
    const in1990 = checkEvidence('What was the population of Toulouse in 1990?', [toulouse], { shortAnswer: 'about 493,000' }, wordNet());
    const in2020 = checkEvidence('What was the population of Toulouse in 2020?', [toulouse], { shortAnswer: 'about 493,000' }, wordNet());
    const range = checkEvidence('Which season did Hardaway miss in 2003-2004 with a knee injury?', [season]);

    // Assess
    expect(in1990).toMatchObject({ covered: false, reason: 'no retrieved passage speaks of "1990"' });
    expect(in2020.covered).toBe(true);
    expect(range.reason ?? '').not.toContain('2004');
  });

  it('answers through synonyms and inflections the lexicon relates, and not without them', () => {
    // Prepare
    const lyon = { id: 'lyon', title: 'Lyon', text: 'The city of Lyon had a population of about 522,000 in 2020.' };

    // Act
    const withWordNet = checkEvidence('How many people live in Lyon?', [lyon], { shortAnswer: 'about 522,000 (2020)' }, wordNet());
    const wordsOnly = checkEvidence('How many people live in Lyon?', [lyon], { shortAnswer: 'about 522,000 (2020)' });

    // Assess: "live" is in WordNet's sense {populate, dwell, live, inhabit}, and "populate" derives "population".
    expect(withWordNet.covered).toBe(true);
    expect(wordsOnly.covered).toBe(false);
  });

  it('reads a nation named by its adjective, and a question opened by a manner word, by their names', () => {
    // Prepare
    const table = { id: 'energy', title: 'Electricity generation in France, 2023 (table)', text: 'source,share_percent\nnuclear,65\ngas,6' };
    const nice = { id: 'nice', title: 'Nice', text: 'Nice had a population of about 342,000 in 2020.' };

    // Act
    const french = checkEvidence('What percentage of French electricity came from gas in 2023?', [table], { shortAnswer: '6 percent' }, wordNet());
    const roughly = checkEvidence('Roughly how many people live in Nice?', [nice], { shortAnswer: 'about 342,000 (2020)' }, wordNet());
    const decent = checkEvidence('What is the population of Nice?', [{ id: 'x', title: 'X', text: 'A decent town had a population of 5,000.' }], {}, wordNet());

    // Assess: "French" is France's adjective in WordNet; "Nice" is never read as its synonym "decent".
    expect(french.covered).toBe(true);
    expect(roughly.covered).toBe(true);
    expect(decent.covered).toBe(false);
  });

  it('reads a bridge through the passages a hop leads to, and leaves out what the answer must not count', () => {
    // Prepare
    const museums = { id: 'museums', title: 'Museums of Lyon', text: "Lyon's museums include the Musée des Confluences." };
    const transport = { id: 'transport', title: 'Public transport in Lyon', text: 'The network includes four metro lines.' };
    const camera = { id: 'camera', title: 'Cinematograph', text: 'The cinematograph was first shown to a paying audience in Paris.' };
    const paris = { id: 'paris', title: 'Paris', text: 'Paris is the largest city of France. The Seine river flows through Paris.' };
    const city = { id: 'paris-pop', title: 'Paris', text: 'Paris has a population of about 2.1 million in the city proper.' };

    // Act
    const metro = checkEvidence(
      'How many metro lines are there in the city where the Musée des Confluences is?',
      [museums, transport],
      { shortAnswer: 'four metro lines' },
      wordNet(),
    );
    const river = checkEvidence(
      'Which river flows through the city where the cinematograph was first shown to paying viewers?',
      [camera, paris],
      { shortAnswer: 'Seine' },
      wordNet(),
    );
    const itself = checkEvidence(
      'How big is the population of Paris itself, not counting its suburbs?',
      [city],
      { shortAnswer: 'about 2.1 million' },
      wordNet(),
    );
    const unlinked = checkEvidence(
      'How many metro lines are there in the city where the Musée des Confluences is?',
      [museums, { ...transport, title: 'Public transport' }],
      { shortAnswer: 'four metro lines' },
      wordNet(),
    );

    // Assess
    expect([metro.covered, river.covered, itself.covered]).toEqual([true, true, true]);
    expect(unlinked.covered).toBe(false);
  });

  it('reads a year a passage gives as speaking of the year asked for, and a modal verb as ending the class', () => {
    // Prepare
    const interview = {
      id: 'interview',
      title: 'Interview',
      text: 'We are building the Voies Lyonnaises, two hundred and fifty kilometres of cycle lanes, by 2026.',
    };

    // Act
    const year = checkEvidence('By what year should the Voies Lyonnaises be finished?', [interview], { shortAnswer: '2026' }, wordNet());
    const city = checkEvidence('In which city should the Voies Lyonnaises be finished?', [interview], { shortAnswer: 'Lyon' }, wordNet());

    // Assess: "year should the" is no class; a city is not a year.
    expect(year.covered).toBe(true);
    expect(city.covered).toBe(false);
  });

  it('reads a count of residents as a population, and a count of other people as itself', () => {
    // Prepare
    const nice = { id: 'nice', title: 'Nice', text: 'Nice had a population of about 342,000 in 2020.' };

    // Act
    const residents = checkEvidence('How many residents does Nice have?', [nice], { shortAnswer: 'about 342,000 (2020)' }, wordNet());
    const inhabitants = checkEvidence('How many inhabitants does Nice have?', [nice], { shortAnswer: 'about 342,000 (2020)' }, wordNet());
    const students = checkEvidence('How many students does Nice have?', [nice], { shortAnswer: 'about 342,000 (2020)' }, wordNet());

    // Assess: WordNet's hypernyms make a resident a kind of inhabitant; a student is none.
    expect([residents.covered, inhabitants.covered]).toEqual([true, true]);
    expect(students.covered).toBe(false);
  });

  it('refuses a near miss: the focus and what is asked are in passages that do not meet', () => {
    // Prepare
    const marseille = { id: 'marseille', title: 'Marseille', text: 'Marseille is the second-largest city of France, a port on the Mediterranean.' };
    const museums = { id: 'lyon-museums', title: 'Museums of Lyon', text: 'The Musée des Confluences in Lyon, a museum of France, opened in 2014.' };

    // Act
    const check = checkEvidence('What museums opened in Marseille in 2014?', [marseille, museums], {}, wordNet());

    // Assess
    expect(check.covered).toBe(false);
    expect(noAnswer(check)).toMatch(/^The corpus does not answer this: no retrieved passage about Marseille speaks of "opened", "2014", "museums"\.$/);
  });

  it('finds a nationality asked for where a passage calls someone by it, and refuses where none does', () => {
    // Prepare
    const calledBy = { id: 'nolan', title: 'Christopher Nolan', text: 'Christopher Nolan is a British-American film director.' };
    const silent = { id: 'nolan-films', title: 'Christopher Nolan', text: 'Christopher Nolan directed Inception in 2010.' };
    const task = 'What nationality is Christopher Nolan?';

    // Act, Assess
    expect(checkEvidence(task, [calledBy], { shortAnswer: 'British-American' }, wordNet()).covered).toBe(true);
    expect(checkEvidence(task, [silent], {}, wordNet()).covered).toBe(false);
  });

  it('refuses a short answer no passage says, whichever answerer wrote it', () => {
    // Prepare
    const toulouse = { id: 'toulouse', title: 'Toulouse', text: 'Toulouse lies on the Garonne river.' };

    // Act
    const said = checkEvidence('Which river flows through Toulouse?', [toulouse], { shortAnswer: 'Garonne' }, wordNet());
    const unsaid = checkEvidence('Which river flows through Toulouse?', [toulouse], { shortAnswer: 'the Loire' }, wordNet());
    const none = checkEvidence('Which river flows through Toulouse?', [toulouse], { shortAnswer: null }, wordNet());

    // Assess
    expect(said.covered).toBe(true);
    expect(unsaid).toMatchObject({ covered: false, reason: 'no retrieved passage says "the Loire"' });
    expect(none).toMatchObject({ covered: false, reason: 'no retrieved passage holds a place about what is asked' });
  });

  it('reads a passage titled after a name with its rank left out ("King George VII of Imereti") as the one the name leads to', () => {
    // Prepare: the focus's passage names the husband with his rank; his passage is titled without it.
    const rodam = { id: 'rodam', title: 'Rodam of Kartli', text: 'Princess Rodam married King George VII of Imereti.' };
    const george = { id: 'george', title: 'George VII of Imereti', text: 'George VII (died February 22, 1720) was King of Imereti.' };
    const other = { id: 'other', title: 'Imereti', text: 'Imereti is a region; its last king died on March 1, 1810.' };

    // Act
    const led = checkEvidence("When did Rodam of Kartli's husband die?", [rodam, george], { shortAnswer: 'February 22, 1720' }, wordNet());
    const unled = checkEvidence("When did Rodam of Kartli's husband die?", [rodam, other], { shortAnswer: 'March 1, 1810' }, wordNet());

    // Assess
    expect(led.covered).toBe(true);
    expect(unled.covered).toBe(false);
  });

  it('refuses a figure that is not in what the question counts or measures, and takes one that is', () => {
    // Prepare
    const nuclear = {
      id: 'nuclear',
      title: 'Nuclear power in Norvia',
      text: "Nuclear plants produce about 65 percent of Norvia's electricity from 56 reactors; one company runs their sites.",
    };
    const city = { id: 'essin', title: 'Essin', text: 'Essin had a population of about 2.1 million in 2020, on an area of 40 square miles.' };
    const port = { id: 'port', title: 'Port of Essin', text: 'The Port of Essin handles about 80 million tonnes of cargo a year.' };

    // Act
    const sites = checkEvidence('How many plant sites does Norvia have?', [nuclear], { shortAnswer: 'about 65 percent' }, wordNet());
    const reactors = checkEvidence('How many nuclear reactors does Norvia have?', [nuclear], { shortAnswer: '56 reactors' }, wordNet());
    const area = checkEvidence('What is the area of Essin in square kilometres?', [city], { shortAnswer: 'about 2.1 million (2020)' }, wordNet());
    const people = checkEvidence('How many people lived in Essin in 2020?', [city], { shortAnswer: 'about 2.1 million (2020)' }, wordNet());
    const cargo = checkEvidence('How much cargo does the Port of Essin handle?', [port], { shortAnswer: 'about 80 million tonnes' }, wordNet());

    // Assess
    expect(sites).toMatchObject({ covered: false, reason: 'no retrieved passage gives "sites" as a figure (it gives "about 65 percent")' });
    expect(reactors.covered).toBe(true);
    expect(area).toMatchObject({ covered: false, reason: 'no retrieved passage gives a figure in "square kilometres"' });
    expect(people.covered).toBe(true);
    expect(cargo.covered).toBe(true);
  });

  it('refuses a role for a person ("the deputy mayor of Essin" for "Who is the mayor of Essin?"), and takes a name', () => {
    // Prepare
    const interview = { id: 'talk', title: 'Interview in Essin', text: 'An interview with the deputy mayor of Essin about cycling.' };
    const hall = { id: 'hall', title: 'Essin', text: 'Ann Vell is the mayor of Essin.' };

    // Act
    const role = checkEvidence('Who is the mayor of Essin?', [interview], { shortAnswer: 'the deputy mayor of Essin' }, wordNet());
    const named = checkEvidence('Who is the mayor of Essin?', [hall], { shortAnswer: 'Ann Vell' }, wordNet());

    // Assess
    expect(role).toMatchObject({ covered: false, reason: 'no retrieved passage names the mayor asked for' });
    expect(named.covered).toBe(true);
  });

  it('reads a participle of the question ("installed") as no scope a figure must be given in', () => {
    // Prepare: another passage gives an installed capacity; the one asked about says only its capacity.
    const solar = { id: 'solar', title: 'Solar power in Norvia', text: 'Solar power in Norvia had an installed capacity of about 20 gigawatts in 2023.' };
    const wind = { id: 'wind', title: 'Wind power in Norvia', text: 'Wind power in Norvia had about 22 gigawatts of onshore capacity in 2023.' };

    // Act
    const check = checkEvidence(
      'How many gigawatts of onshore wind had Norvia installed in 2023?',
      [solar, wind],
      { shortAnswer: 'about 22 gigawatts' },
      wordNet(),
    );

    // Assess
    expect(check.covered).toBe(true);
  });

  it('takes a birth year only where a passage says born or gives a span of dates, not the year of another event', () => {
    // Prepare
    const patent = { id: 'patent', title: 'Aug Vell', text: 'Aug Vell, an inventor, patented the cinematograph in 1895 in Essin.' };
    const span = { id: 'span', title: 'Carl Brask', text: 'Carl Brask ; 20 June 1634 – 12 June 1675) was the Duke of Essin.' };
    const born = { id: 'born', title: 'Ann Ost', text: 'Ann Ost was born in Essin in 1862.' };

    // Act
    const other = checkEvidence('In what year was Aug Vell born?', [patent], { shortAnswer: '1895' }, wordNet());
    const dated = checkEvidence('What is the date of birth of Carl Brask?', [span], { shortAnswer: '20 June 1634' }, wordNet());
    const said = checkEvidence('In what year was Ann Ost born?', [born], { shortAnswer: '1862' }, wordNet());

    // Assess
    expect(other).toMatchObject({ covered: false, reason: 'no retrieved passage dates the birth asked for' });
    expect(dated.covered).toBe(true);
    expect(said.covered).toBe(true);
  });

  it('takes a gap asked for as said by the two figures it lies between, and no other figure', () => {
    // Prepare
    const essin = { id: 'essin', title: 'Essin', text: 'The city of Essin had a population of about 522,000 in 2020.' };
    const vell = { id: 'vell', title: 'Vell', text: 'Vell had a population of about 493,000 in 2020.' };
    const asked = 'By how many people was Essin bigger than Vell in 2020?';

    // Act
    const gap = checkEvidence(asked, [essin, vell], { shortAnswer: 'about 29,000' }, wordNet());
    const other = checkEvidence(asked, [essin, vell], { shortAnswer: 'about 45,000' }, wordNet());

    // Assess
    expect(gap.covered).toBe(true);
    expect(other.covered).toBe(false);
    expect(checkEvidence('What is the population difference between Essin and Vell?', [essin, vell], { shortAnswer: 'about 29,000' }, wordNet()).covered).toBe(
      true,
    );
  });

  it('refuses a figure whose passage never speaks of what is asked beyond the thing counted', () => {
    // Prepare: the bicycle scheme's passage counts stations, and says nothing of a metro.
    const bikes = { id: 'bikes', title: 'Vell bikes', text: 'Vell bikes is the bicycle sharing system of Essin, with more than 400 stations.' };
    const metro = { id: 'metro', title: 'Essin metro', text: 'The Essin metro network has 40 stations on four lines.' };
    const opened = { id: 'opened', title: 'Essin metro', text: 'The Essin metro network opened in 1990.' };

    // Act
    const other = checkEvidence('How many metro stations does the Essin network have?', [bikes, opened], { shortAnswer: 'more than 400 stations' }, wordNet());
    const own = checkEvidence('How many metro stations does the Essin network have?', [bikes, metro], { shortAnswer: '40 stations' }, wordNet());

    // Assess
    expect(other).toMatchObject({ covered: false, reason: 'no retrieved passage that says "more than 400 stations" speaks of "metro", "network"' });
    expect(own.covered).toBe(true);
  });

  it('takes a choice only among the options the question gives', () => {
    // Prepare
    const docs = [
      { id: 'a', title: 'Lyon', text: 'Lyon had 522,000 inhabitants.' },
      { id: 'b', title: 'Marseille', text: 'Marseille had 873,000 inhabitants.' },
    ];

    // Act
    const inside = checkEvidence('Which city is larger, Lyon or Marseille?', docs, { shortAnswer: 'Marseille' });
    const outside = checkEvidence('Which city is larger, Lyon or Marseille?', docs, { shortAnswer: 'Paris' });

    // Assess
    expect(inside.covered).toBe(true);
    expect(outside.covered).toBe(false);
  });

  it('counts a kinship term as spoken of where a passage about the person states the first relation it is made of', () => {
    // Arrange: no passage says "paternal" or "grandfather"; one says whose son he is.
    const aldric = { id: 'aldric', title: 'Aldric Venn', text: 'Aldric Venn was a judge. He was the son of Bertram Venn.' };
    const bertram = { id: 'bertram', title: 'Bertram Venn', text: 'Bertram Venn was a landowner, the son of Edmund Venn.' };
    const unrelated = { id: 'aldric-2', title: 'Aldric Venn', text: 'Aldric Venn was a judge in Edinburgh for thirty years.' };

    // Act
    const stated = checkEvidence("Who is Aldric Venn's paternal grandfather?", [aldric, bertram], { shortAnswer: 'Edmund Venn' }, wordNet());
    const unstated = checkEvidence("Who is Aldric Venn's paternal grandfather?", [unrelated], { shortAnswer: 'Edinburgh' }, wordNet());

    // Assess
    expect(stated.covered).toBe(true);
    expect(unstated.covered).toBe(false);
  });

  it('refuses a choice one of whose options no passage speaks of, and reads an option as the start of a word', () => {
    // Prepare
    const nice = { id: 'nice', title: 'Nice', text: 'Nice is a city of France with about 342,000 inhabitants.' };
    const hydro = { id: 'hydro', title: 'Hydroelectricity', text: 'Hydroelectricity gives 12 percent of the electricity; wind gives 10 percent.' };

    // Act
    const missing = checkEvidence('Which has more inhabitants, Nice or Bordeaux?', [nice], { shortAnswer: 'Nice' }, wordNet());
    const prefix = checkEvidence('Which gives more electricity, hydro or wind?', [hydro], { shortAnswer: 'hydroelectricity' }, wordNet());

    // Assess
    expect(missing).toMatchObject({ covered: false, reason: 'no retrieved passage speaks of "Bordeaux"' });
    expect(prefix.covered).toBe(true);
  });

  it('refuses a figure asked for a year when the passage that gives it is of another year', () => {
    // Prepare: 2020 is in the corpus, but not in the passage giving the capacity.
    const solar = { id: 'solar', title: 'Solar power', text: 'Solar power had an installed capacity of about 20 gigawatts in 2023.' };
    const town = { id: 'town', title: 'Norle', text: 'Norle had a population of about 50,000 in 2020.' };

    // Act
    const other = checkEvidence('What was the installed solar capacity in 2020?', [solar, town], { shortAnswer: 'about 20 gigawatts' }, wordNet());
    const same = checkEvidence('What was the installed solar capacity in 2023?', [solar, town], { shortAnswer: 'about 20 gigawatts' }, wordNet());

    // Assess
    expect(other).toMatchObject({ covered: false, reason: 'no retrieved passage says "about 20 gigawatts" of 2020' });
    expect(same.covered).toBe(true);
  });

  it('refuses a "why" no passage states a cause for, and lets one through that does', () => {
    // Prepare
    const tram = { id: 'tram', title: 'Trams in Norle', text: 'The tram network of Norle was shut down in 1957 and reopened in 2001.' };
    const bridge = { id: 'bridge', title: 'Norle bridge', text: 'The old bridge of Norle was shut down in 1990 because its piers were cracked.' };

    // Act
    const unstated = checkEvidence('Why was the tram network of Norle shut down?', [tram], {}, wordNet());
    const how = checkEvidence('How did the tram network of Norle come to be shut down?', [tram], {}, wordNet());
    const stated = checkEvidence('Why was the old bridge of Norle shut down?', [bridge], {}, wordNet());

    // Assess
    expect(unstated).toMatchObject({ covered: false, reason: 'no retrieved passage states why' });
    expect(how).toMatchObject({ covered: false, reason: 'no retrieved passage states why' });
    expect(stated.covered).toBe(true);
  });

  it('reads a death by its cause as a cause stated, as the answerer reads it', () => {
    // Prepare
    const exile = { id: 'agra', title: 'Agra the Elder', text: 'Agra the Elder was exiled to Pand, where she remained until her death by starvation in 833.' };

    // Act
    const evidence = checkEvidence('Why did Agra the Elder die?', [exile], { shortAnswer: 'starvation' }, wordNet());

    // Assess
    expect(evidence.covered).toBe(true);
  });

  it('refuses a question about a plan that no passage speaks of as planned, and lets one through that does', () => {
    // Prepare
    const now = { id: 'now', title: 'Power in Norle', text: 'Velt built 12 new reactors in Norle, which produce its electricity.' };
    const planned = { id: 'plan', title: 'Velt', text: 'Velt plans to build 6 new reactors in Norle by 2035.' };

    // Act
    const unstated = checkEvidence('How many new reactors is Velt planning to build?', [now], { shortAnswer: '12 new reactors' }, wordNet());
    const stated = checkEvidence('How many new reactors is Velt planning to build?', [now, planned], { shortAnswer: '6 new reactors' }, wordNet());
    const present = checkEvidence('How many new reactors did Velt build?', [now], { shortAnswer: '12 new reactors' }, wordNet());
    const tram = { id: 'tram', title: 'Trams in Norle', text: 'The Velt tram links Norle to its airport.' };
    const going = checkEvidence('Which tram is going to the airport of Norle?', [tram], { shortAnswer: 'Velt' }, wordNet());

    // Assess
    expect(unstated).toMatchObject({ covered: false, reason: 'no retrieved passage speaks of a plan or of what is to come' });
    expect([stated.covered, present.covered, going.covered]).toEqual([true, true, true]);
  });

  it('refuses a figure of another scope than the question gives, where another passage gives that scope its figure', () => {
    // Prepare: one town's passage gives its metropolitan area a figure; the other's gives only its commune's.
    const lyne = { id: 'lyne', title: 'Lyne', text: 'The city of Lyne had a population of about 522,000, and its metropolitan area about 2.3 million.' };
    const marl = { id: 'marl', title: 'Marl', text: 'The commune of Marl had a population of about 873,000. Many people call Marl home.' };

    // Act
    const scope = checkEvidence('How many people live in the Marl metropolitan area?', [marl, lyne], { shortAnswer: 'about 873,000' }, wordNet());
    const plain = checkEvidence('How many people call Marl home?', [marl, lyne], { shortAnswer: 'about 873,000' }, wordNet());

    // Assess
    expect(scope).toMatchObject({ covered: false, reason: 'no retrieved passage says "about 873,000" of "metropolitan", "area"' });
    expect(plain.covered).toBe(true);
  });

  it('reads a name written in lower case as a name, and the adjective of a name as the name it is of', () => {
    // Prepare
    const bikes = { id: 'bikes', title: 'Bicycles in Lyon', text: 'Lyon has a bicycle sharing system of 4,000 bicycles.' };

    // Act
    const absent = checkEvidence('is there a bike sharing system in strasbourg', [bikes], {}, wordNet());
    const present = checkEvidence('is there a bike sharing system in lyon', [bikes], {}, wordNet());

    // Assess
    expect(absent).toMatchObject({ covered: false, reason: 'no retrieved passage speaks of "strasbourg"' });
    expect(present.covered).toBe(true);
    expect(wordNet().isOnlyName?.('strasbourg')).toBe(true);
    expect(wordNet().isOnlyName?.('nice')).toBe(false);
  });

  it('refuses a task that names nothing to look for', () => {
    // Act
    const check = checkEvidence('   ', [VELOV]);

    // Assess
    expect(check).toMatchObject({ covered: false, reason: 'the task names nothing to look for' });
  });
  it('counts a word of the relation that a verb of the passage relates to ("operated" reaches "run")', () => {
    // Prepare
    const nuclear = { id: 'nuclear', title: 'Nuclear power in France', text: 'France has 56 nuclear reactors operated by EDF.' };

    // Act
    const runs = checkEvidence('Which company runs the nuclear reactors in France?', [nuclear], { shortAnswer: 'EDF' }, wordNet());
    const builds = checkEvidence('Which company builds the nuclear reactors in France?', [nuclear], { shortAnswer: 'EDF' }, wordNet());

    // Assess: WordNet relates "run" to "operate" only from "operate"; nothing here relates to "builds".
    expect(runs.covered).toBe(true);
    expect(builds.covered).toBe(false);
  });

  it('needs no passage to say the year a yes/no question bounds its event by', () => {
    // Act
    const before = checkEvidence("Did Lyon's bike-share scheme Vélo'v start before 2010?", [VELOV], { shortAnswer: 'yes' }, wordNet());
    const in2010 = checkEvidence("Did Lyon's bike-share scheme Vélo'v have 5,000 bicycles in 2010?", [VELOV], { shortAnswer: 'yes' }, wordNet());

    // Assess: "in 2010" narrows what is asked; "before 2010" is compared with the passage's 2005.
    expect(before.covered).toBe(true);
    expect(in2010).toMatchObject({ covered: false, reason: 'no retrieved passage speaks of "2010"' });
  });

  it('refuses a span that only a passage about another name says, unless the name is compared with', () => {
    // Prepare: Paris's passage gives a metropolitan figure; Toulouse's none.
    const toulouse = { id: 'toulouse', title: 'Toulouse', text: 'Toulouse is the fourth-largest city of France, with a population of about 493,000 in 2020.' };
    const paris = {
      id: 'paris',
      title: 'Paris',
      text: 'Paris had about 2.1 million people in the city proper and more than 12 million in its metropolitan area.',
    };

    // Act
    const metro = checkEvidence(
      'What is the population of the Toulouse metropolitan area?',
      [toulouse, paris],
      { shortAnswer: 'more than 12 million' },
      wordNet(),
    );
    const own = checkEvidence('What is the population of Toulouse?', [toulouse, paris], { shortAnswer: 'about 493,000' }, wordNet());
    const larger = checkEvidence('Which city is larger than Toulouse?', [toulouse, paris], { shortAnswer: 'Paris' }, wordNet());

    // Assess
    expect(metro).toMatchObject({ covered: false, reason: 'no retrieved passage about Toulouse says "more than 12 million"' });
    expect(own.covered).toBe(true);
    expect(larger.covered).toBe(true);
  });
  it('refuses a figure of another kind than the question qualifies what it counts by, and reads a figure whole', () => {
    // Prepare: a made-up land's energy passages; the table's title holds "2023", which holds "20".
    const sun = { id: 'sun', title: 'Solar power in Norvia', text: 'Solar power in Norvia had an installed capacity of about 20 gigawatts in 2023.' };
    const gale = {
      id: 'gale',
      title: 'Wind power in Norvia',
      text: 'Wind power is the third source of electricity in Norvia, with about 22 gigawatts of onshore capacity in 2023 and the first offshore wind farm at Essin.',
    };
    const atom = { id: 'atom', title: 'Nuclear power in Norvia', text: 'Nuclear power produces about 65 percent of the electricity of Norvia.' };
    const table = { id: 'table', title: 'Electricity of Norvia by source, 2023 (table)', text: 'source,share_percent\nhydroelectricity,12\ngas,6' };
    const ask = (question: string, shortAnswer: string) => checkEvidence(question, [sun, gale, atom, table], { shortAnswer }, wordNet());

    // Act
    const hydro = ask('How many gigawatts of hydroelectric capacity does Norvia have?', 'about 20 gigawatts (2023)');
    const coal = ask('What percentage of the electricity of Norvia comes from coal?', 'about 65 percent');
    const offshore = ask('How many gigawatts of offshore wind capacity did Norvia have in 2023?', 'about 22 gigawatts');
    const solar = ask('How much solar capacity did Norvia have installed in 2023?', 'about 20 gigawatts (2023)');
    const gas = ask('What percent of the electricity of Norvia came from gas in 2023?', '6 percent');
    const ofNuclear = ask('What is the installed capacity of nuclear power in Norvia?', 'about 20 gigawatts (2023)');

    // Assess: the solar passage is no hydroelectric one (the table's "2023" does not say "20");
    // nuclear power is no coal; onshore capacity is no offshore capacity.
    expect(hydro).toMatchObject({ covered: false, reason: 'no retrieved passage that says "about 20 gigawatts (2023)" speaks of "hydroelectric"' });
    expect(coal).toMatchObject({ covered: false, reason: 'no retrieved passage that says "about 65 percent" speaks of "coal"' });
    expect(offshore).toMatchObject({ covered: false, reason: 'the passages give "about 22 gigawatts" of "onshore capacity", not of what is asked' });
    expect(solar.covered).toBe(true);
    expect(gas.covered).toBe(true);
    expect(ofNuclear).toMatchObject({ covered: false, reason: 'no retrieved passage that says "about 20 gigawatts (2023)" speaks of "nuclear"' });
  });

  it('takes a figure of onshore capacity for "wind capacity" asked of the wind passage, as a part of it', () => {
    // Prepare
    const gale = {
      id: 'gale',
      title: 'Wind power in Norvia',
      text: 'Wind power is the third source of electricity in Norvia, with about 22 gigawatts of onshore capacity in 2023 and the first offshore wind farm at Essin.',
    };

    // Act
    const wind = checkEvidence('What is the wind capacity of Norvia?', [gale], { shortAnswer: 'about 22 gigawatts of onshore capacity (2023)' }, wordNet());
    const offshore = checkEvidence('What is the offshore wind capacity of Norvia?', [gale], { shortAnswer: 'about 22 gigawatts' }, wordNet());

    // Assess: offshore capacity is still another scope.
    expect(wind.covered).toBe(true);
    expect(offshore.covered).toBe(false);
  });

  it('takes "employs about 6,500 people" as a count of employees, and no other count of people for cars', () => {
    // Prepare
    const maker = { id: 'kestrel', title: 'Kestrel Motors', text: 'Its head office is in Brennick, and it employs about 6,500 people.' };

    // Act
    const employees = checkEvidence('How many employees does Kestrel Motors have?', [maker], { shortAnswer: 'about 6,500 people' }, wordNet());
    const cars = checkEvidence('How many cars does Kestrel Motors make?', [maker], { shortAnswer: 'about 6,500 people' }, wordNet());

    // Assess
    expect(employees.covered).toBe(true);
    expect(cars.covered).toBe(false);
  });

  it('reads "is from hydro" as the source a share is of', () => {
    // Prepare
    const atom = { id: 'atom', title: 'Nuclear power in Norvia', text: 'Nuclear power produces about 65 percent of the electricity of Norvia.' };
    const coal = { id: 'coal', title: 'Coal in Norvia', text: 'The last coal plant of Norvia, a large share of its electricity once, closed in 2020.' };

    // Act
    const check = checkEvidence("How much of Norvia's electricity is from coal?", [atom, coal], { shortAnswer: 'about 65 percent' }, wordNet());

    // Assess
    expect(check).toMatchObject({ covered: false, reason: 'no retrieved passage that says "about 65 percent" speaks of "coal"' });
  });

  it('refuses a month or a year for a question asking for a day', () => {
    // Prepare
    const camera = {
      id: 'camera',
      title: 'Vellograph',
      text: 'The vellograph was patented in 1895 and first shown in Essin in December 1895, on 28 December 1895.',
    };
    const patent = { id: 'patent', title: 'Vellograph', text: 'The vellograph was patented in 1895 and first shown in Essin in December 1895.' };

    // Act
    const month = checkEvidence('On what exact day in 1895 was the vellograph first shown?', [patent], { shortAnswer: 'December 1895' }, wordNet());
    const day = checkEvidence('On what exact day in 1895 was the vellograph first shown?', [camera], { shortAnswer: '28 December 1895' }, wordNet());
    const when = checkEvidence('When was the vellograph first shown?', [patent], { shortAnswer: 'December 1895' }, wordNet());

    // Assess
    expect(month).toMatchObject({ covered: false, reason: 'no retrieved passage gives the day asked for, only "December 1895"' });
    expect(day.covered).toBe(true);
    expect(when.covered).toBe(true);
  });

  it('reads a figure noun\'s qualifier through a longer word it begins: "metro area" is the metropolitan area', () => {
    // Prepare
    const essin = { id: 'essin', title: 'Essin', text: 'The city of Essin had about 522,000 people in 2020, and its metropolitan area about 2.3 million.' };

    // Act
    const check = checkEvidence(
      'How many people live in greater Essin, counting the whole metro area?',
      [essin],
      { shortAnswer: 'about 2.3 million' },
      wordNet(),
    );

    // Assess
    expect(check.covered).toBe(true);
  });
});

describe('Function: evidenceOf', () => {
  const outputs = [
    { step_id: 1, result: { documents: [TRANSPORT, VELOV] } },
    { step_id: 2, result: { text: 'An earlier answer about trams.' } },
    { step_id: 3, result: { text: 'The answer.', read_documents: ['velov', 'step-2'] } },
  ];
  const sources = [{ id: 'lyon-transport', text: 'snippet' }];

  it('gives the whole texts of the documents the answer step read, earlier answers included', () => {
    // Act
    const evidence = evidenceOf(outputs[2], outputs, sources);

    // Assess
    expect(evidence).toEqual([VELOV, { id: 'step-2', text: 'An earlier answer about trams.' }]);
  });

  it('falls back to the kept sources when there is no answer step or it does not say what it read', () => {
    // Act + Assess
    expect(evidenceOf(undefined, outputs, sources)).toEqual(sources);
    expect(evidenceOf(outputs[1], outputs, sources)).toEqual(sources);
  });
});

describe('Function: checkEvidence on the place of a life', () => {
  it('takes a birthplace only where a passage says born or gives a span of places, not the place of another event', () => {
    // Prepare
    const patent = { id: 'patent', title: 'Aug Vell', text: 'Aug Vell was born in 1850. He patented the kinetoscope in 1891 in Essin.' };
    const born = { id: 'born', title: 'Ann Ost', text: 'Ann Ost is a Norvian painter. She was born in Essin, Norvia.' };
    const span = { id: 'span', title: 'Tom Orel', text: 'Tom Orel (2 May 1921, Essin – 9 June 1998, Brugh) was a Norvian film director.' };

    // Act
    const other = checkEvidence('Where was Aug Vell born?', [patent], { shortAnswer: 'Essin' }, wordNet());
    const said = checkEvidence('Where was Ann Ost born?', [born], { shortAnswer: 'Essin, Norvia' }, wordNet());
    const spanned = checkEvidence('Where did Tom Orel die?', [span], { shortAnswer: 'Brugh' }, wordNet());

    // Assess
    expect(other).toMatchObject({ covered: false, reason: 'no retrieved passage places the birth asked for' });
    expect(said.covered).toBe(true);
    expect(spanned.covered).toBe(true);
  });
});

describe('Function: checkEvidence on a total', () => {
  it('reads a total asked for as said by the two or three figures it adds up, and no other figure', () => {
    // Prepare
    const essin = { id: 'essin', title: 'Essin', text: 'The city of Essin had a population of about 410,000 in 2020.' };
    const brugh = { id: 'brugh', title: 'Brugh', text: 'The commune of Brugh had a population of about 250,000 in 2020.' };
    const orne = { id: 'orne', title: 'Orne', text: 'Orne had a population of about 40,000 in 2020.' };
    const asked = 'What is the combined population of Essin, Brugh and Orne?';

    // Act
    const three = checkEvidence(asked, [essin, brugh, orne], { shortAnswer: 'about 700,000' }, wordNet());
    const two = checkEvidence('What is the combined population of Essin and Brugh?', [essin, brugh], { shortAnswer: 'about 660,000' }, wordNet());
    const other = checkEvidence(asked, [essin, brugh, orne], { shortAnswer: 'about 900,000' }, wordNet());

    // Assess
    expect(three.covered).toBe(true);
    expect(two.covered).toBe(true);
    expect(other).toMatchObject({ covered: false, reason: 'no retrieved passage says "about 900,000"' });
  });
});

describe('Function: checkEvidence on a unit asked', () => {
  it('reads "in metres" as spoken of by a measure abbreviated in metres, and refuses a measure in no unit asked', () => {
    // Prepare
    const quist = { id: 'quist', title: 'Dara Quist', text: 'Dara Quist is a Norvian basketball player. He is 6 ft 7 in (2.01 m) tall.' };
    const brill = { id: 'brill', title: 'Jana Brill', text: 'Jana Brill is a Norvian high jumper. She stands 1.81 m tall.' };

    // Act
    const metres = checkEvidence('How tall is Dara Quist in metres?', [quist], { shortAnswer: '2.01 m' }, wordNet());
    const feet = checkEvidence('How tall is Jana Brill in feet?', [brill], { shortAnswer: '1.81 m' }, wordNet());

    // Assess
    expect(metres.covered).toBe(true);
    expect(feet.covered).toBe(false);
  });
});

describe('Function: checkEvidence on an age at death', () => {
  it('reads an age at death as said by the years of a birth and a death, and no other figure', () => {
    // Prepare
    const producer = { id: 'neil', title: 'Neil Abernethy', text: 'Neil Abernethy (1958 – 2019) was a Scottish record producer.' };
    const asked = 'How old was Neil Abernethy when he died?';

    // Act
    const counted = checkEvidence(asked, [producer], { shortAnswer: '60 or 61' }, wordNet());
    const unsaid = checkEvidence(asked, [producer], { shortAnswer: '45' }, wordNet());

    // Assess
    expect(counted.covered).toBe(true);
    expect(unsaid.covered).toBe(false);
  });
});

describe('Function: checkEvidence on a thing described through a common word', () => {
  it('reads the passage titled after a word the focus passage holds as speaking for the thing described', () => {
    // Prepare
    const player = { id: 'brisk', title: 'Ada Brisk', text: 'Ada Brisk (born 1995) is a Norvian bandy player who plays for Essin IK.' };
    const sport = {
      id: 'bandy',
      title: 'Bandy',
      text: 'Bandy is a team sport played on ice. Its rules were first written down in 1891 by Tom Vell, a teacher in Calder.',
    };
    const other = { id: 'vell', title: 'Tom Vell', text: 'Tom Vell (1860 – 1932) was a Norvian teacher.' };
    const docs = [player, sport, other];

    // Act
    const described = checkEvidence('Who wrote down the rules of the sport Ada Brisk plays?', docs, { shortAnswer: 'Tom Vell' }, wordNet());
    const undescribed = checkEvidence('Who wrote down the rules of Ada Brisk?', docs, { shortAnswer: 'Tom Vell' }, wordNet());
    // A life's span of years says "born" in a question naming nothing ("the man who wrote ...").
    const born = checkEvidence('When was the man who first wrote down the rules of bandy born?', docs, { shortAnswer: '1860' }, wordNet());

    // Assess
    expect(described.covered).toBe(true);
    expect(undescribed.covered).toBe(false);
    expect(born.covered).toBe(true);
  });
});
