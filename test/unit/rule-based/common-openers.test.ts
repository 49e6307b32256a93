/**
 * A sentence's first word is capitalised whatever it is: the keyless answerer takes it for a name
 * only when WordNet knows it as one (or not at all), and an answer sentence must say something of
 * what is asked, not merely name the subject.
 */
import { describe, expect, it } from 'vitest';

import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { answerStructured } from '../../../functions/adapters/llm/rule-based/answer/index.js';

const doc = (id: string, title: string, text: string) => ({ id, title, text });
const ask = (question: string, documents: Array<ReturnType<typeof doc>>) =>
  answerStructured({ question, instruction: 'Answer, citing sources.', documents }, wordNet());

describe('Function: WordNetLexicon.isCommonWord', () => {
  it('tells a word only ever common from one that is also a name, and an adverb from both', () => {
    // Prepare
    const lexicon = wordNet();

    // Act & Assess
    expect(['Audio', 'Most', 'Photograph', 'Currently'].map((w) => lexicon.isCommonWord?.(w))).toEqual([true, true, true, true]);
    expect(['Nice', 'Marseille', 'Paris', 'Zyxwvut'].map((w) => lexicon.isCommonWord?.(w))).toEqual([false, false, false, false]);
  });
});

describe('Function: WordNetLexicon.isNameAdjective', () => {
  it('knows the adjective of a name from the name and from a common adjective', () => {
    // Prepare
    const lexicon = wordNet();

    // Act & Assess
    expect(['French', 'European', 'Roman'].map((w) => lexicon.isNameAdjective?.(w))).toEqual([true, true, true]);
    expect(['Nice', 'Lyon', 'Louis', 'french', 'Zyxwvut'].map((w) => lexicon.isNameAdjective?.(w))).toEqual([false, false, false, false, false]);
    expect(['French', 'Norwegian', 'Nice'].map((w) => lexicon.nameOf?.(w))).toEqual(['France', 'Norway', undefined]);
  });
});

describe('Function: WordNetLexicon.antonyms', () => {
  it("gives a word's opposites and nothing for a word without one", () => {
    // Prepare
    const lexicon = wordNet();

    // Act & Assess
    expect(lexicon.antonyms?.('left')).toContain('right');
    expect(lexicon.antonyms?.('north')).toContain('south');
    expect(lexicon.antonyms?.('river')).toEqual([]);
  });
});

describe('Function: answerStructured (sentence openers and what is asked)', () => {
  it('never answers with a common word that merely opens a sentence', () => {
    // Prepare
    const interview = doc('interview', 'Interview (audio)', 'Audio recording: interview with the deputy mayor of Lyon about cycling.');
    const solar = doc('solar', 'Solar power', 'Most large solar farms are in the sunny south, in Occitanie.');

    // Act
    const mayor = ask('What is the name of the mayor of Lyon?', [interview]);
    const region = ask('In which region are most of the large solar farms?', [solar]);

    // Assess
    expect(mayor.shortAnswer).toBeNull();
    expect(region.shortAnswer).toBe('Occitanie');
  });

  it('does not answer from a sentence that only names the subject and says nothing of what is asked', () => {
    // Prepare
    const lyon = doc('lyon', 'Lyon', 'Lyon is the third-largest city of France.');

    // Act
    const answer = ask('Who is the mayor of Lyon?', [lyon]);

    // Assess
    expect(answer.shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured (the event asked)', () => {
  it('answers who did something only from a passage that says it was done', () => {
    // Prepare
    const transport = doc('transport', 'Public transport in Lyon', 'The Rhônexpress tram links the city to Lyon–Saint-Exupéry Airport.');
    const camera = doc('camera', 'Cinematograph', 'The cinematograph is a camera. It was patented by the Lumière brothers in 1895.');
    const museum = doc('museums', 'Museums', 'The Musée des Confluences is a science museum. It stands at the Confluence.');

    // Act
    const designer = ask('Who designed the Rhônexpress trams?', [transport]);
    const patented = ask('Who patented the cinematograph?', [camera]);
    const designedMuseum = ask('Who designed the Musée des Confluences?', [museum]);

    // Assess
    expect(designer.shortAnswer).toBeNull();
    expect(patented.shortAnswer).toBe('Lumière brothers');
    expect(designedMuseum.shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured (superlatives)', () => {
  it('names the subject of the sentence that says the superlative, and nothing when none says it', () => {
    // Prepare
    const marseille = doc('marseille', 'Marseille', 'Marseille is a port city. It is the oldest city in France, founded around 600 BC.');
    const port = doc('port', 'Port of Marseille', 'The Grand Port Maritime de Marseille is the largest port in France.');
    const nuclear = doc('nuclear', 'Nuclear power', 'Nuclear power is the largest source of electricity in France, from 56 reactors operated by EDF.');
    const bouchon = doc('bouchon', 'Bouchon', 'A bouchon is a type of restaurant found in Lyon that serves Lyonnaise cuisine.');

    // Act
    const oldest = ask('Which is the oldest city in France?', [marseille, port]);
    const biggest = ask('What is the biggest port in France?', [port, marseille]);
    const largest = ask('Which is the largest source of electricity in France?', [nuclear]);
    const nearMiss = ask('Which is the oldest bouchon in Lyon?', [bouchon, marseille]);

    // Assess: "biggest" is said as "largest"; an "oldest city" does not answer for a bouchon.
    expect(oldest.shortAnswer).toBe('Marseille');
    expect(biggest.shortAnswer).toBe('Grand Port Maritime de Marseille');
    expect(largest.shortAnswer).toBe('Nuclear power');
    expect(nearMiss.shortAnswer).toBeNull();
  });
});

describe('Function: answerStructured (a passage speaking of its subject)', () => {
  const toulouse = doc(
    'toulouse',
    'Toulouse',
    'Toulouse is the fourth-largest city of France, with a population of about 493,000 in 2020. It lies on the Garonne river and is the centre of the European aerospace industry, home to the headquarters of Airbus.',
  );
  const lyon = doc(
    'lyon',
    'Lyon',
    'Lyon is the third-largest city of France. Lyon lies at the confluence of the Rhône and the Saône rivers, in the Auvergne-Rhône-Alpes region.',
  );

  it('reads a pronoun as its passage’s subject, and a name as the class its own passage calls it', () => {
    // Act
    const city = ask('In which city is the headquarters of Airbus?', [toulouse]);
    const population = ask('What is the population of the city where Airbus has its headquarters?', [toulouse]);
    const confluence = ask('Which city lies at the confluence of the Rhône and the Saône?', [lyon]);

    // Assess
    expect(city.shortAnswer).toBe('Toulouse');
    expect(population.shortAnswer).toBe('about 493,000 (2020)');
    expect(confluence.shortAnswer).toBe('Lyon');
  });
});

describe('Function: answerStructured (ordinals, and a superlative that describes)', () => {
  it('answers an ordinal as a superlative, and a superlative inside the question’s object by its bridge', () => {
    // Prepare
    const wind = doc('wind', 'Wind power in France', 'Wind power is the third source of electricity in France, after nuclear power and hydroelectricity.');
    const marseille = doc('marseille', 'Marseille', 'Marseille is a port city. It is the oldest city in France, founded by Greek settlers around 600 BC.');

    // Act
    const third = ask('Which source of electricity is third in France?', [wind]);
    const founders = ask('Who founded the oldest city in France?', [marseille]);

    // Assess: "the oldest city" is Marseille; who founded it is the answer.
    expect(third.shortAnswer).toBe('Wind power');
    expect(founders.shortAnswer).toBe('Greek settlers');
  });
});

describe('Function: answerStructured (a subject by its own passage)', () => {
  it('compares two things by their own passages’ figures, and names a subject its passage is titled after', () => {
    // Prepare
    const marseille = doc('marseille', 'Marseille', 'The commune of Marseille had a population of about 873,000 in 2020.');
    const port = doc('port', 'Port of Marseille', 'The port of Marseille is the largest port in France, handling about 80 million tonnes a year.');
    const paris = doc('paris', 'Paris', 'Paris had a population of about 2.1 million in 2020.');
    const stew = doc('bouillabaisse', 'Bouillabaisse', 'Bouillabaisse is a traditional Provençal fish stew that originated in Marseille.');

    // Act
    const larger = ask('Which is larger, Marseille or Paris?', [port, marseille, paris]);
    const dish = ask('Which fish stew comes from Marseille?', [stew]);

    // Assess: the port's tonnage is not Marseille's size; "bouillabaisse" is a common word, and the passage's subject.
    expect(larger.shortAnswer).toBe('Paris');
    expect(dish.shortAnswer).toBe('Bouillabaisse');
  });
});

describe('Function: answerStructured (the class asked for)', () => {
  it('reads what is named as the class, and a lead opening with an article as calling its subject the class', () => {
    // Prepare
    const transport = doc('transport', 'Public transport in Lyon', 'The Rhônexpress tram links the city to Lyon–Saint-Exupéry Airport.');
    const saone = doc('saone', 'Saône', 'The Saône joins, at Lyon, the Rhône.');
    const rhone = doc('rhone', 'Rhône', 'The Rhône is a major river that flows into the Mediterranean Sea.');

    // Act
    const tram = ask("What is the name of the tram to Lyon's airport?", [transport]);
    const joins = ask('Which river does the Saône join?', [saone, rhone]);

    // Assess: Lyon stands nearer the verb; the Rhône's own passage calls it a river.
    expect(tram.shortAnswer).toBe('Rhônexpress');
    expect(joins.shortAnswer).toBe('Rhône');
  });
});

describe('Function: answerStructured (what kind, what of, and a name with a passage of its own)', () => {
  const museums = doc(
    'museums',
    'Museums of Lyon',
    "Lyon's museums include the Musée des Confluences, a science and anthropology museum opened in 2014, and the Institut Lumière, devoted to the history of cinema.",
  );

  it('answers "what type of" with the words before the class noun, and "devoted to?" with what follows it', () => {
    // Act
    const kind = ask('What type of museum is the Musée des Confluences?', [museums]);
    const devoted = ask('What is the Institut Lumière devoted to?', [museums]);

    // Assess
    expect(kind.shortAnswer).toBe('science and anthropology museum');
    expect(devoted.shortAnswer).toBe('the history of cinema');
  });

  it('answers "... of what?" with what follows the word up to its own clause, and "... of which place," with the name after the word', () => {
    // Prepare
    const institute = doc('institute', 'The Essin Institute', 'Notable speakers at the Essin Institute included the painter Jon Mart.');
    const painter = doc(
      'mart',
      'Jon Mart',
      'Jon Mart (1921 – 2013) was a painter known for his precise depictions of city harbours that are "full of quiet jokes".',
    );
    const earl = doc('tovin', 'Tovin Godric', 'Tovin Godric (1026 – 1066) was an Earl of Norland and brother of King Harald.');
    const other = doc('odo', 'Odo Brisk', 'After the invasion, Odo Brisk overthrew the king and was made the Earl of Westmark.');

    // Act
    const depictions = ask('Notable speakers at the Essin Institute include a painter known for his precise depictions of what?', [institute, painter]);
    const ofWhich = ask('After the invasion led by Tovin Godric, he was made an earl of which place, that overthrew the king?', [other, earl]);
    const titled = ask('Tovin Godric was an Earl of which place?', [earl]);

    // Assess: "that are ..." is a clause of its own; the Earl of Westmark is in a passage that does
    // not name Tovin Godric; "Earl" written with a capital is a title, no name of the question's.
    expect(depictions.shortAnswer).toBe('city harbours');
    expect(ofWhich.shortAnswer).toBe('Norland');
    expect(titled.shortAnswer).toBe('Norland');
  });

  it('reads a name with a passage of its own there, not in a passage on a word of it', () => {
    // Prepare
    const city = doc('marseille', 'Marseille', 'Marseille is a port city, founded by Greek settlers around 600 BC.');
    const port = doc('port', 'Port of Marseille', 'The Port of Marseille handles about 80 million tonnes of cargo a year.');

    // Act
    const founded = ask('When was the Port of Marseille founded?', [city, port]);

    // Assess: the city's founding is not the port's.
    expect(founded.shortAnswer).not.toBe('600 BC');
  });
});

describe('Function: answerStructured (lists, counts and claims in plain words)', () => {
  it('lists names joined by "and" or commas beside the class, counts "a hundred", and settles a claim about an unnamed subject', () => {
    // Prepare
    const lyon = doc('lyon', 'Lyon', 'Lyon lies at the confluence of the Rhône and the Saône rivers.');
    const rhone = doc('rhone', 'Rhône', 'The Rhône rises in the Rhône Glacier in the Swiss Alps and meets the Saône at Lyon.');
    const transport = doc('transport', 'Public transport in Lyon', 'TCL includes four metro lines and over a hundred bus routes.');
    const bouchon = doc('bouchon', 'Bouchon', 'A bouchon is a type of restaurant found in Lyon.');

    // Act
    const rivers = ask('Which rivers meet in Lyon?', [rhone, lyon]);
    const two = ask('Which two rivers meet in Lyon?', [rhone, lyon]);
    const areTheTwo = ask('What are the two rivers of Lyon?', [rhone, lyon]);
    const routes = ask('How many bus routes does TCL have?', [transport]);
    const restaurant = ask('Is a bouchon a restaurant?', [bouchon]);

    // Assess: "the Rhône Glacier in the Swiss Alps" is one place inside another, not a list.
    expect(rivers.shortAnswer).toBe('Rhône, Saône');
    expect(two.shortAnswer).toBe('Rhône, Saône');
    expect(areTheTwo.shortAnswer).toBe('Rhône, Saône');
    expect(routes.shortAnswer).toBe('over a hundred bus routes');
    expect(restaurant.shortAnswer).toBe('yes');
  });
});

describe('Function: answerStructured (a request in the imperative)', () => {
  it('reads "Give me the river that runs through Toulouse" as "Which river runs through Toulouse?"', () => {
    // Prepare
    const toulouse = doc('toulouse', 'Toulouse', 'Toulouse is the fourth-largest city of France. It lies on the Garonne river.');

    // Act
    const river = ask('Give me the river that runs through Toulouse.', [toulouse]);

    // Assess
    expect(river.shortAnswer).toBe('Garonne');
  });

  it('reads "Name the city where a dish originated" as "Which city is where it originated?", and "in the port city of X" as where', () => {
    // Prepare: "Provençal" qualifies the stew; the place is named after "in the port city of".
    const stew = doc('stew', 'Bourride', 'Bourride is a traditional Provençal fish stew that originated in the port city of Sète.');

    // Act
    const named = ask('Name the city where bourride originated.', [stew]);
    const where = ask('Where did bourride originate?', [stew]);

    // Assess
    expect(named.shortAnswer).toBe('Sète');
    expect(where.shortAnswer).toBe('Sète');
  });
});

describe('Function: answerStructured (an adjective is not a thing)', () => {
  it('never answers a question about a thing with the adjective of one', () => {
    // Prepare
    const host = doc('host', 'Grant Hill', 'Grant Hill is an American host of NBA Inside Stuff.');

    // Act
    const show = ask('What show does Grant Hill host?', [host]);

    // Assess
    expect(show.shortAnswer).toBe('NBA Inside Stuff');
  });
});

describe('Function: answerStructured (what a thing is, a class in the answer, a comparative in the question)', () => {
  it('describes a thing asked "What is X?", keeps the class in a name, and grades options by "more"', () => {
    // Prepare
    const velov = doc('velov', "Vélo'v", "Vélo'v is the bicycle sharing system of Lyon, launched in 2005.");
    const rhone = doc('rhone', 'Rhône', 'The Rhône is a major river that rises in the Rhône Glacier in the Swiss Alps.');
    const toulouse = doc('toulouse', 'Toulouse', 'Toulouse had a population of about 493,000 in 2020.');
    const marseille = doc('marseille', 'Marseille', 'Marseille had a population of about 873,000 in 2020.');

    // Act
    const what = ask("What is Vélo'v?", [velov]);
    const glacier = ask('Which glacier is the source of the Rhône?', [rhone]);
    const more = ask('Who has more inhabitants, Toulouse or Marseille?', [toulouse, marseille]);

    // Assess
    expect(what.shortAnswer).toBe('the bicycle sharing system of Lyon');
    expect(glacier.shortAnswer).toBe('Rhône Glacier');
    expect(more.shortAnswer).toBe('Marseille');
  });
});

describe('Function: answerStructured (a list across what its items are)', () => {
  it('lists names a sentence gives with what each is between them, when asked to name them', () => {
    // Prepare
    const museums = doc(
      'museums',
      'Museums of Lyon',
      "Lyon's museums include the Musée des Confluences, a science museum opened in 2014, the Musée des Beaux-Arts, one of the largest museums in France, and the Institut Lumière, devoted to cinema.",
    );

    // Act
    const named = ask('Name the museums of Lyon.', [museums]);
    const which = ask('Which museums are in Lyon?', [museums]);

    // Assess: France stands inside what the second museum is, not in the list.
    expect(named.shortAnswer).toBe('Musée des Confluences, Musée des Beaux-Arts, Institut Lumière');
    expect(which.shortAnswer).toBe('Musée des Confluences, Musée des Beaux-Arts, Institut Lumière');
  });
});

describe('Function: answerStructured (a common word of the class asked for)', () => {
  it('answers "What colour ...?" with a word WordNet files under colour, over a name nearby', () => {
    // Prepare
    const photo = doc('photo', 'Basilica (photo)', 'Photograph of the Basilica of Fourvière. The white Basilica of Fourvière stands on a hill above Lyon.');

    // Act
    const colour = ask('What colour is the Fourvière basilica?', [photo]);

    // Assess
    expect(colour.shortAnswer).toBe('white');
  });

  it('gives no word for the class itself ("film" for "what movie"), nor a common noun for a class as broad as "entity"', () => {
    // Prepare
    const actor = doc('rook', 'Dale Rook', 'Dale Rook is an American actor. He played the villain Victor Crane in the film "Lost and Louder".');
    const region = doc(
      'varma',
      'Varma',
      'Varma is a state of the republic of Oster. It is divided into 43 municipalities and its capital city is Port Ellis. The marsh vole lives in Varma.',
    );

    // Act
    const movie = ask('Dale Rook played the villain Victor Crane in what movie?', [actor]);
    const entity = ask('What entity with the capital city of Port Ellis is a home to the marsh vole?', [region]);

    // Assess
    expect(movie.shortAnswer).toBe('Lost and Louder');
    expect(entity.shortAnswer).toBe('Varma');
  });
});
