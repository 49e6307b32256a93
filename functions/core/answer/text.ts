/**
 * Shallow English text analysis for the rule-based planner and the answer: entity spans, clause splits and file
 * names. It reads surface cues (capitalisation, quotes, connectives), which is what a planner
 * without a model can honestly do; it is not a parser.
 */

const LEADING_NOISE = new Set([
  'a',
  'an',
  'the',
  'what',
  'which',
  'who',
  'whom',
  'whose',
  'where',
  'when',
  'why',
  'how',
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'can',
  'could',
  'should',
  'would',
  'will',
  'compare',
  'list',
  'find',
  'show',
  'give',
  'tell',
  'summarize',
  'summarise',
  'describe',
  'explain',
  'if',
  'then',
  'otherwise',
  'else',
  'in',
  'on',
  'at',
  'of',
  'for',
  'from',
  'by',
  'and',
  'or',
  'both',
  'either',
  'neither',
  'between',
  'name',
  'rank',
  'top',
  'please',
  'only',
  'provided',
  'assuming',
  'unless',
  'has',
  'have',
  'had',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'they',
  'their',
  'he',
  'she',
  'his',
  'her',
  'besides',
  'during',
  'after',
  'before',
  'since',
  'until',
  'about',
  'also',
  'whether',
  'not',
  'no',
  'we',
  'i',
  'you',
  'our',
  'us',
  'my',
  'your',
]);

/** Abbreviations a name goes on after ("St. Pauli", "Dr. Watson", "Craig v. Boren"). */
const NAME_ABBREVIATIONS = [
  'St',
  'Mr',
  'Mrs',
  'Ms',
  'Dr',
  'Jr',
  'Sr',
  'Mt',
  'Ft',
  'Gen',
  'Col',
  'Lt',
  'Capt',
  'Rev',
  'Prof',
  'Sgt',
  'Gov',
  'Sen',
  'Rep',
  'Hon',
  'v',
];
const TITLE_ABBREVIATION = new RegExp(`^(?:${NAME_ABBREVIATIONS.join('|')})$`);
/**
 * Where a sentence ends: after a full stop, a question or an exclamation mark and before a capital,
 * a figure or an opening quote, but not after an initial ("Robert F. Kennedy"; a degree's "°C." is
 * none) nor after an abbreviation a name or a phrase goes on after ("St. Pauli", "No. 5", "Apple
 * Inc. and ..."), nor after one a year follows ("(c. 1069–1089)", "(b. 1950)", "fl. 1200").
 */
const SENTENCE_END = new RegExp(
  `(?<=[.!?])(?<!(?<![°º])\\b\\p{Lu}\\.)(?<!\\b(?:${[...NAME_ABBREVIATIONS, 'No', 'Op', 'vs', 'Inc', 'Co', 'Ltd', 'Bros'].join('|')})\\.)\\s+(?=[\\p{Lu}\\p{N}"“(])(?<!\\b(?:c|ca|fl|b|d)\\.\\s+(?=\\d))`,
  'u',
);

/** Lowercase words allowed inside a proper-name span ("Bank of America", "Palace of Westminster", "Mülheim an der Ruhr"). */
export const NAME_CONNECTORS = new Set([
  // A case's parties: "Craig v. Boren", "United States v. Paramount Pictures, Inc." ("A vs B" compares two names).
  'v',
  'of',
  'for',
  'the',
  'de',
  'da',
  'des',
  'del',
  'della',
  'di',
  'do',
  'dos',
  'das',
  'du',
  'la',
  'le',
  'el',
  'al',
  // A patronym's "son of" / "daughter of": "Ali ibn Sahl", "Osama bin Laden".
  'ibn',
  'bin',
  'bint',
  'von',
  'van',
  'der',
  'den',
  // A place on its river or by its hill: "Mülheim an der Ruhr", "Frankfurt am Main", "Kingston upon Hull".
  'an',
  'am',
  'upon',
  'y',
  '&',
]);

/** A word, a language's sign after it too ("C#", "C++", "F#"). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*(?:#|\+\+)?/gu;

/** File names with an extension we know the modality of. */
const FILE_PATTERN = /(?:[\w\-./]+\/)?[\w\-.]+\.(mp3|wav|m4a|flac|ogg|aac|png|jpe?g|gif|webp|bmp|tiff?|csv|xlsx?)\b/gi;

const AUDIO_EXT = new Set(['mp3', 'wav', 'm4a', 'flac', 'ogg', 'aac']);
const IMAGE_EXT = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff']);

export interface FileMention {
  file: string;
  modality: 'audio' | 'image' | 'table';
}

export function fileMentions(task: string): FileMention[] {
  const found: FileMention[] = [];
  for (const match of task.matchAll(FILE_PATTERN)) {
    const ext = (match[1] ?? '').toLowerCase();
    const modality = AUDIO_EXT.has(ext) ? 'audio' : IMAGE_EXT.has(ext) ? 'image' : 'table';
    found.push({ file: match[0], modality });
  }
  return found;
}

/** Quoted phrases: 'Big Stone Gap', "The Hunger Games", “…”. */
export function quotedPhrases(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"([^"]{2,80})"|“([^”]{2,80})”|(?:^|[\s(])'([^']{2,80})'(?=[\s?.,!;:)]|$)/g)) {
    const phrase = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    // What lies between the closing quote of one title and the opening quote of the next ("", "" and
    // a series called "") starts or ends with a space or a stop: it is no phrase.
    const raw = m[1] ?? m[2] ?? m[3] ?? '';
    if (phrase && /^[\p{L}\p{N}]/u.test(raw) && /[\p{L}\p{N}!?.)]$/u.test(raw)) out.push(phrase);
  }
  return out;
}

interface Token {
  word: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0].replace(/[.’']+$/u, (s) => (s.startsWith("'") || s.startsWith('’') ? s : ''));
    out.push({ word, start: m.index, end: m.index + word.length });
  }
  return out;
}

const ORDINAL_NUMBER = /^\d+(?:st|nd|rd|th)$/i;

function isCapitalised(word: string): boolean {
  // An elided article before a capital is part of the name: "Côte d'Azur", "Isle d'Abeau"; so is
  // Arabic's article joined by a hyphen: "Ali ibn Sahl Rabban al-Tabari", "Umm el-Qa'ab".
  return /^[\p{Lu}\p{N}]/u.test(word) || /^(?:d|l|dell|all)['’]\p{Lu}/u.test(word) || /^(?:al|el|ad|ar|as|ash|at|az|an|ul|ud|ur)-\p{Lu}/u.test(word);
}

/**
 * Whether a span is a parenthesis after a name that says which one it is ("Three Live Ghosts
 * (1936 Film)", "George Cochrane (Politician)"): of one word or with a year, and said nowhere else
 * in the text. It names nothing of its own; "Greatest Love (Ciara Song)" does name the singer.
 */
export function isQualifier(span: string, text: string): boolean {
  return (
    (/\b\d{4}\b/.test(span) || !/\s/.test(span)) && new RegExp(`\\S\\s*\\(${escapeRegExp(span)}\\)`).test(text) && !text.replace(`(${span})`, '').includes(span)
  );
}

/** A word or phrase with its first letter written as a capital ("did" → "Did"). */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A passage's title without the parenthesis that says which one it is: "Adam Green (filmmaker)" → "Adam Green". */
export function bareTitle(title: string): string {
  return title.replace(/\s*\([^)]*\)\s*$/, '');
}

/**
 * Proper-name spans: runs of capitalised words (and numbers), joined by name connectors, with
 * sentence-initial function words dropped. Quoted phrases come first and are kept whole.
 */
export function entitySpans(text: string): string[] {
  const spans: string[] = [];
  const seen = new Set<string>();
  const add = (span: string) => {
    const clean = span.trim().replace(/^[\s,;:]+|[\s,;:?!.]+$/g, '');
    const key = clean.toLowerCase();
    if (clean.length < 2 || seen.has(key) || LEADING_NOISE.has(key)) return;
    seen.add(key);
    spans.push(clean);
  };
  const quoted = quotedPhrases(text);
  for (const q of quoted) add(q);
  let masked = text;
  for (const q of quoted) masked = masked.split(q).join(' '.repeat(q.length));
  masked = masked.replace(FILE_PATTERN, (f) => ' '.repeat(f.length));

  const toks = tokens(masked);
  let run: Token[] = [];
  const flush = () => {
    while (run.length > 0 && !isCapitalised(run[run.length - 1]!.word)) run.pop();
    while (run.length > 0 && LEADING_NOISE.has(run[0]!.word.toLowerCase())) run.shift();
    // An ordinal alone is a rank, no name: "the 4th largest".
    if (run.length === 1 && ORDINAL_NUMBER.test(run[0]!.word)) run = [];
    if (run.length > 0) add(masked.slice(run[0]!.start, run[run.length - 1]!.end));
    run = [];
  };
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i]!;
    const gap = run.length > 0 ? masked.slice(run[run.length - 1]!.end, tok.start) : '';
    // A full stop ends a name, except after an initial ("J. R. R. Tolkien").
    const afterInitial =
      run.length > 0 && (/^\p{Lu}$/u.test(run[run.length - 1]!.word) || TITLE_ABBREVIATION.test(run[run.length - 1]!.word)) && /^\.\s*$/.test(gap);
    if (run.length > 0 && (/[,;:?!()"“”]/.test(gap) || (/\.\s/.test(gap) && !afterInitial))) flush();
    // A rank after a connector starts no part of the name before it: "Nice the 4th largest city" names Nice.
    // Nor does a figure ("acquired by Hollis Group for $1.2 billion"), but a year of ("War of 1812").
    const connector = run.length > 0 ? run[run.length - 1]!.word.toLowerCase() : undefined;
    if (connector !== undefined && NAME_CONNECTORS.has(connector)) {
      if (ORDINAL_NUMBER.test(tok.word) || (/^\d/.test(tok.word) && !(connector === 'of' && /^\d{4}$/.test(tok.word)))) flush();
    }
    if (isCapitalised(tok.word)) run.push(tok);
    else if (run.length > 0 && NAME_CONNECTORS.has(tok.word.toLowerCase())) run.push(tok);
    else flush();
  }
  flush();
  return spans;
}

/** The forms of be, do and have a question opens or a clause turns on ("is", "did", "had"). */
export const BE_DO_HAVE = 'is|are|was|were|do|does|did|has|have|had';
/** The auxiliaries: be, do and have, and the modals. */
export const AUX = `${BE_DO_HAVE}|can|could|will|would|should|may|might|must`;

/** First words of a "<word> of <name>" query that ask for something other than a thing's noun ("list of museums"). */
const KEYWORD_NOT_NOUN =
  /^(?:list|lists|name|names|summary|summarise|summarize|overview|compare|comparison|history|all|some|most|many|few|one|none|each|any|both|top|rank|describe|explain|tell|show|give|find|which|what|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|type|kind|sort)$/i;

/** What a request for a summary or a description asks about: the words after its verb (summaryTopic). */
const SUMMARY_REQUEST = new RegExp(
  [
    // "Summarise public transport in Lyon", "Describe the Rhône", "Give me a short overview of electricity in France".
    String.raw`^(?:please\s+)?(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?(?:summari[sz]e|describe|outline|explain|give\s+(?:me\s+|us\s+)?(?:an?\s+)?(?:short\s+|brief\s+|quick\s+|general\s+)?(?:overview|summary|description|rundown|account)\s+of)\s+`,
    // "An overview of wind power in France".
    String.raw`^(?:an?\s+)?(?:short\s+|brief\s+|quick\s+|general\s+)?(?:overview|summary)\s+of\s+`,
    // "What does the corpus say about Vélo'v?", "What do we know about the Rhône?", "What is known about bouchons?".
    String.raw`^what\s+(?:does|do|did|can)\s+(?:the\s+)?(?:corpus|documents?|sources?|passages?|texts?|you|we|it|they)\s+(?:say|know|tell(?:\s+(?:me|us))?|have|mention)\s+(?:about|of|on)\s+`,
    String.raw`^what\s+is\s+(?:known|said)\s+(?:about|of|on)\s+`,
    // "Find information about the Saône", "Show me everything about Vélo'v".
    String.raw`^(?:please\s+)?(?:find|get|show|give|tell)\s+(?:me\s+|us\s+)?(?:some\s+|all\s+|any\s+|more\s+)?(?:the\s+)?(?:information|info|details|facts|everything|anything)\s+(?:(?:you\s+(?:have|know)|there\s+is)\s+)?(?:about|on|regarding|concerning)\s+`,
    // "What happened in 1895?": what the passages say of that time or place.
    String.raw`^what\s+(?:happened|took\s+place|occurred)\s+(?:in|on|at|during)\s+`,
  ].join('|'),
  'iu',
);
/**
 * "Summarise what the corpus says about cycling in Lyon", "... what you know about Marseille": the
 * corpus (or whoever answers) is where the answer comes from, not what it is about.
 */
const CORPUS_SAYS =
  /^what\s+(?:(?:the\s+)?(?:corpus|documents?|sources?|passages?|texts?)|you|we)\s+(?:says?|tells?(?:\s+(?:me|us))?|knows?|mentions?|have)\s+(?:about|of|on)\s+/iu;
/** "What is Lyon known for?", "What are bouchons famous for?": what is said of the thing is what it is known for. */
export const KNOWN_FOR = /^what\s+(?:is|are|was|were)\s+(.+?)\s+(?:best\s+|most\s+|mainly\s+|mostly\s+)?(?:known|famous|noted|renowned)\s+for\s*[?.!]*\s*$/iu;

/**
 * "What is Vélo'v and how big is it?", "What are bouchons and where are they found?": what a thing
 * is, and more of it, asks for what is said of it. The thing is a name or a short noun phrase, not
 * a figure of something ("What is the population of Lyon and ...?" asks two questions).
 */
const AND_MORE =
  /^what\s+(?:is|are)\s+((?:an?\s+|the\s+)?(?!(?:an?|the)\s)[\p{L}'’-]+(?:\s+(?!of\b)[\p{L}'’-]+){0,2})\s*,?\s+and\s+(?:how|when|where|who|what|why|which)\b[^?]*\b(?:it|they|its|their|them)\b/iu;

/**
 * The topic of a request for a summary or a description, undefined for any other question. A
 * request that goes on with a question word ("Explain how the cinematograph worked", "Describe
 * where the Rhône rises") asks that question, not for a summary.
 */
export function summaryTopic(question: string): string | undefined {
  const q = question.trim();
  const known = KNOWN_FOR.exec(q)?.[1] ?? AND_MORE.exec(q)?.[1];
  if (known) return known;
  const m = SUMMARY_REQUEST.exec(q);
  if (!m) return undefined;
  const topic = q
    .slice(m[0].length)
    .replace(CORPUS_SAYS, '')
    .replace(/\s*[?.!]+\s*$/, '')
    .trim();
  return topic === '' || /^(?:who|whom|whose|what|which|when|where|why|how|if|whether)\b/i.test(topic) ? undefined : topic;
}

/** "What are the differences between A and B?", "How do A and B differ?": a comparison of the two, with nothing named to compare them on. */
const DIFFERENCES =
  /^\s*(?:what\s+are\s+the\s+(?:main\s+)?differences\s+between\s+(.+?)\s+and\s+(.+?)|how\s+(?:do|does|did)\s+(.+?)\s+and\s+(.+?)\s+differ)\s*\??\s*$/iu;

/**
 * The verbs and particles that close a question after its subject ("... of X born?", "... of X
 * graduate from?", "... die in?"): a run of them, none part of the subject.
 */
export const CLOSING_WORDS =
  /(?:\s+(?:born|die|died|buried|live|lived|work|worked|study|studied|come\s+from|from|graduate|graduated|start|started|begin|began|based|located|headquartered|situated|founded|formed|established)(?:\s+(?:in|at))?)+\s*$/i;

/** "How old was Elin Roos when she painted The Herring Girls?": who, the verb, and the thing done, a name. */
export const AGE_AT_DATED_EVENT =
  /^\s*[Hh]ow\s+old\s+(?:was|were)\s+(.+?)\s+when\s+(?:he|she|they)\s+(\p{Ll}{3,}ed)\s+((?:the\s+|The\s+)?\p{Lu}[^?]*?)\s*\?*\s*$/u;

/**
 * A life's span of years in a parenthesis ("(1 April 1925, Kraków – 3 October 2000, Łódź)",
 * "(c. 1565 – 1591)"): where a person's passage says their birth and death without the words.
 */
export const LIFE_SPAN = /\([^()]*?\d{3,4}[^().;]*?\s?[–-]\s?[^().;]*?\d{3,4}[^()]*\)/;

/** "How old was X when he died?", "... at his death?", "At what age did X die?", "How long did X live?": whose age at death is asked, or undefined. */
export function ageAtDeathOf(question: string): string | undefined {
  return AGE_AT_DEATH.map((form) => form.exec(question)?.[1]).find((x) => x !== undefined);
}

const AGE_AT_DEATH = [
  /^\s*how\s+old\s+(?:was|were)\s+(.+?)\s+(?:when\s+(?:he|she|they)\s+died|at\s+(?:the\s+time\s+of\s+)?(?:his|her|their)\s+death)\s*\?*\s*$/i,
  /^\s*at\s+what\s+age\s+did\s+(.+?)\s+die\s*\?*\s*$/i,
  // "How long did Frederick Henry live?": a life's length is the age at its end.
  /^\s*how\s+(?:long|many\s+years)\s+did\s+(.+?)\s+live\s*\?*\s*$/i,
];

/** The years something ran: "from 1841 to 1846", "between 1855 and 1863" (first and last year: groups 1 and 2, or 3 and 4). */
export const YEARS_RUN = /\b(?:[Ff]rom\s+(\d{4})\s+(?:to|until|till)\s+(\d{4})|[Bb]etween\s+(\d{4})\s+and\s+(\d{4}))\b/g;

/** A total asked of several things: "the combined population of A and B", "A and B together". */
export const TOTAL_ASKED = /\b(?:combined|total|together|altogether|in\s+all|added\s+up)\b/i;

/** What a thing is made of, asked: "What is bouillabaisse made of?", "the main ingredient of paella". */
export const MATERIAL_ASKED =
  /\b(?:made\s+(?:of|from|out\s+of|with)|(?:main|chief|principal|key|basic)\s+ingredients?|consists?\s+(?:mainly\s+|chiefly\s+)?of|composed\s+of)\b/i;

/**
 * "What is Lantern Deep about?", "What is the plot of X?", "What happens in X?": the work whose story
 * is asked (group 1 for "about", else 2 or 3). What the question asks with ("about", "plot",
 * "happens") is no word a passage tells a story with.
 */
export const PLOT_ASKED =
  /^\s*(?:[Ww]hat\s+(?:is|was|are|were)\s+(?!the\s+(?:plot|story|storyline|premise)\s+of\b)(.+?)\s+about|[Ww]hat\s+(?:is|was)\s+the\s+(?:plot|story|storyline|premise)\s+of\s+(.+?)|[Ww]hat\s+happens\s+in\s+(.+?))\s*\?*\s*$/u;

/** "Is Granen still open?", "Does X still exist?": whether a thing lasts to now, read from its passage's tense, not its words. */
export const STILL_ASKED = /^\s*(?:is|are|does|do)\b[^?]*\bstill\b/i;

/**
 * "Who taught Elin Roos?", "Who taught Jonas Arke the fiddle?", "Who was Elin Roos's teacher?": whose
 * teacher is asked (without the skill), group 1 or 2. A teacher is said by what the pupil did under
 * them ("studied ... under Jules Marchal"), so the words asking are no words a passage need say.
 */
export const TEACHER_ASKED =
  /^\s*who\s+(?:taught|trained|teaches|(?:is|was)\s+the\s+teacher\s+of|(?:are|were)\s+the\s+teachers\s+of)\s+(.+?)(?:\s+(?:the|to|how)\s+[^?]+)?\s*\?*\s*$|^\s*who\s+(?:was|were|is)\s+(.+?)['’]s?\s+teachers?\s*\?*\s*$/i;

/** "Tell me about <topic>": the one form a request for a summary is read in (asTellMeAbout). */
export const TELL_ME_ABOUT = /^(?:please\s+)?(?:tell|show)\s+me\s+about\b/i;

/** Whether a task asks for a summary or a description of a topic, in any of the forms summaryTopic reads. */
export function asksForSummary(task: string): boolean {
  return summaryTopic(task) !== undefined || TELL_ME_ABOUT.test(task);
}

/**
 * A request for a summary or a description, asked as the one form the readers know: "Tell me about
 * <topic>"; a request for the differences of two things, as "Compare A and B".
 */
function asTellMeAbout(question: string): string {
  const differ = DIFFERENCES.exec(question);
  if (differ) return `Compare ${differ[1] ?? differ[3]} and ${differ[2] ?? differ[4]}`;
  const topic = summaryTopic(question);
  return topic === undefined ? question : `Tell me about ${topic}`;
}

const COUNT_WORD = String.raw`(?:one|a|two|three|four|five|\d)`;
/** How an answer is asked to be written before the question: "In one sentence, ...", "Briefly, ...". */
const FORMAT_BEFORE = new RegExp(
  String.raw`^\s*(?:in\s+${COUNT_WORD}\s+(?:short\s+)?(?:sentences?|lines?)|briefly|in\s+(?:short|brief)|quickly)\s*[,:]?\s+`,
  'iu',
);
/**
 * ... or after it: "..., in two sentences", "..., briefly", "... as a bullet list"; "briefly"
 * without a comma after a request only ("Describe Marseille briefly", not "Which king reigned
 * briefly?"); also a request of its own after the question ("What is a bouchon? Give me the gist.").
 */
const FORMAT_AFTER = new RegExp(
  String.raw`(?:\s*,?\s+(?:in\s+${COUNT_WORD}\s+(?:short\s+)?(?:sentences?|lines?)(?:\s+or\s+${COUNT_WORD})?|,\s*(?:briefly|in\s+(?:short|brief|a\s+nutshell|a\s+few\s+words))|(?<=^\s*(?:please\s+)?(?:describe|summari[sz]e|explain|outline|tell|give)\b.*)(?:briefly|in\s+(?:short|brief|a\s+nutshell|a\s+few\s+words))|as\s+(?:a\s+)?(?:bullet(?:ed)?\s+(?:list|points)|bullets|list)|in\s+bullet\s+points|(?:with|using)\s+bullet(?:\s+point)?s)|(?<=[?.!])\s*(?:please\s+)?(?:(?:just\s+)?give\s+(?:me|us)\s+(?:just\s+)?the\s+gist|just\s+the\s+gist|keep\s+it\s+(?:short|brief)|be\s+brief)(?:,?\s+please)?)(?=\s*[?.!]*\s*$)`,
  'iu',
);

/** How the answer is asked to be written: in bullets, in at most so many sentences (one, "briefly"). */
export interface AnswerFormat {
  bullets?: boolean;
  sentences?: number;
}

/** The form a question asks its answer in ("Summarise X as a bullet list", "In two sentences, ..."). */
export function answerFormat(question: string): AnswerFormat {
  const said = `${FORMAT_BEFORE.exec(question)?.[0] ?? ''} ${FORMAT_AFTER.exec(question)?.[0] ?? ''}`.toLowerCase();
  // "in a sentence or two": at most the larger.
  const counted = new RegExp(String.raw`\b(${COUNT_WORD})\s+(?:short\s+)?(?:sentences?|lines?)\b(?:\s+or\s+(${COUNT_WORD}))?`).exec(said);
  const count = counted?.[2] ?? counted?.[1];
  const sentences = count
    ? (NUMBER_WORDS[count === 'a' ? 'one' : count] ?? Number(count))
    : /\b(?:briefly|short|brief|gist|nutshell|few words)\b/.test(said)
      ? 1
      : undefined;
  return { ...(/\bbullet/.test(said) ? { bullets: true } : {}), ...(sentences ? { sentences } : {}) };
}

/** The question without the words that say how to write its answer: what is asked, not how. */
function withoutFormat(question: string): string {
  return question.replace(FORMAT_BEFORE, '').replace(FORMAT_AFTER, '');
}

/** Where a preamble ends and the question after it starts: a dash between spaces, or a colon. */
const PREAMBLE_END = /\s+[—–-]\s+|:\s+/;

/**
 * The question a user asked, as the readers expect it: a contracted question word written out
 * ("what's" is "what is") and a preamble before a dash or a colon left out ("I'm planning a
 * museum trip — what's the largest ...?" asks "what is the largest ...?").
 */
export function askedPart(question: string): string {
  const expanded = tagAsked(
    leadingPhraseLast(
      asTellMeAbout(withFilterAsked(withoutFormat(question)))
        // Not inside a title written in capitals ("... or There'S One Born Every Minute?").
        .replace(/\b(what|who|where|when|how|which|that|there|it)['’]s\b/gi, (whole, word: string, at: number, all: string) =>
          at === 0 || /^\p{Ll}/u.test(word) || /(?:^|[.!?:;—–-])\s*$/u.test(all.slice(0, at)) ? `${word} is` : whole,
        )
        // Words said before a question ("ok so ..."), and a question asked after a statement and a
        // comma ("X got bought at some point, who bought it"), which is asked as after a dash.
        .replace(/^\s*(?:(?:[Oo]k(?:ay)?|OK|[Ss]o|[Hh]ey|[Hh]i|[Uu]m+|[Ww]ell),?\s+)+(?=\p{Ll})/u, '')
        // Not a phrase of place or time before the question ("In 2023, what ...": leadingPhraseLast), nor options ("gas vs solar ..., which ...").
        .replace(
          /^((?!(?:who|whom|whose|what|which|when|where|why|how|in|on|at|from|during|among|of|for|between|according|after|before|once|while|as)\b)[^,?]+),\s+(?:but\s+|and\s+|so\s+)?(?=(?:who|what|when|where|how)\b[^,]*$)/i,
          (whole, statement: string) => (/\b(?:or|vs\.?|versus)\s/i.test(statement) ? whole : `${statement} — `),
        )
        // Typed without the apostrophe ("whats the budget"), or as said ("gimme the name").
        .replace(/\b(what|where|who)s\b/gi, '$1 is')
        .replace(/\bgimme\b/gi, (word) => `${word[0]}ive me`)
        // "Where does Frayne come from?" asks "Where is Frayne from?": coming from is being from.
        .replace(/^(\s*)where\s+(does|do|did)\s+(.+?)\s+(?:come|hail)\s+from\s*\?*\s*$/i, (_, space: string, verb: string, who: string) => {
          const be = { does: 'is', do: 'are', did: 'was' }[verb.toLowerCase() as 'does' | 'do' | 'did'];
          return `${space}Where ${be} ${who} from?`;
        })
        // "Into what does the Orva empty?", "To whom was she married?" ask with the preposition last.
        .replace(
          /^(\s*)(into|onto|to|from|with|for|about)\s+(what|whom)\s+((?:does|did|do|is|was|are|were|has|have|had)\s+[^?]+?)\s*\?*\s*$/i,
          (_, space: string, preposition: string, word: string, rest: string) =>
            `${space}${word.toLowerCase() === 'whom' ? 'Who' : 'What'} ${rest} ${preposition.toLowerCase()}?`,
        )
        // "Which cities in the collection ...?": the corpus itself is no part of what is asked.
        .replace(
          /\s+(?:in|from|within|among)\s+(?:the|this|these|our|your|my)\s+(?:collection|corpus|documents?|dataset|data\s*set|files?|passages?|texts?)\b/gi,
          '',
        )
        // "greater Lyon" (as "Greater London") and "the metro area" are a city's metropolitan area.
        .replace(/\bgreater\s+(\p{Lu}[\p{L}'’-]+)/gu, '$1 metropolitan area')
        .replace(/\bmetro[\s-]+area\b/gi, 'metropolitan area')
        // "the metropolitan population of Lyon" is the population of its metropolitan area.
        .replace(/\bmetro(?:politan)?\s+population\s+of\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]+)/gu, 'population of the $1 metropolitan area'),
    ),
  );
  const parts = expanded.split(PREAMBLE_END);
  const last = parts[parts.length - 1]!.trim();
  // "Lyon - what is its population?": a pronoun in the question points back into the preamble, which stays;
  // so do the options a "which" chooses between ("Gas or solar: which generated more?", "Nice vs Toulouse: which ...?").
  const asks = /^(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|do|does|did|can|could)\b/i.test(last);
  const options =
    parts.length === 2 && /^\s*\S+(?:\s+\S+){0,3}\s+(?:or|vs\.?|versus)\s+\S+(?:\s+\S+){0,3}\s*$/i.test(parts[0]!) && /^(?:which|who|what)\b/i.test(last);
  // "auguste and louis lumière — what nationality": a question word and its noun alone ask of the preamble.
  const bare =
    parts.length === 2 &&
    !options &&
    /^(?:what|which)(?:\s+[\p{L}-]+){1,2}\s*\??$/iu.test(last) &&
    !new RegExp(`\\b(?:${BE_DO_HAVE}|more|less|most|least|one)\\b|\\p{L}(?:ed|ing)\\b`, 'iu').test(last);
  if (bare) return `${last.replace(/\s*\?$/, '')} is ${parts[0]!.trim()}?`;
  // "The Toy of the Tsarina (1919) - who was the director?": a role asked alone is the preamble's.
  const role = /^(who|what)\s+(is|was|are|were)\s+the\s+(\p{Ll}+(?:\s+\p{Ll}+)?)\s*\??$/u.exec(last);
  const named = /^\s*(?:the\s+)?(?!(?:I|We|My|Our|You|He|She|They|It|This|That)\b)\p{Lu}/u.test(parts[0]!) && parts[0]!.trim().split(/\s+/).length <= 8;
  if (parts.length === 2 && role && named) return `${role[1]} ${role[2]} the ${role[3]} of ${parts[0]!.trim()}?`;
  // A keyword query "capital of france", "headquarters of airbus" asks what that noun of the name is.
  const keyword = /^\s*(?:the\s+)?(\p{L}[\p{Ll}-]+)\s+of\s+((?:the\s+)?[^\s?\d]+(?:\s+[^\s?\d]+){0,2})\s*\??\s*$/u.exec(expanded);
  if (
    parts.length === 1 &&
    keyword &&
    !KEYWORD_NOT_NOUN.test(keyword[1]!) &&
    !new RegExp(`\\b(?:${BE_DO_HAVE}|in|on|at|by|for|from|with)\\b`, 'i').test(keyword[2]!)
  )
    return `What is the ${keyword[1]!.toLowerCase()} of ${keyword[2]}?`;
  // The preamble stays when the question names nothing of its own (no capital after its first
  // word) and a pronoun points back into it ("Lyon - what is its population?") or the preamble
  // names something ("Compare Paris and Lyon: which is larger?"); a question naming its subject
  // keeps none ("I'm curious: what is Vélo'v and how big is it?").
  const pointsBack =
    !/\s\p{Lu}/u.test(last) &&
    (/\b(?:it|its|he|him|his|she|her|they|them|their|this|these|those|there|here)\b/i.test(last) || /\s(?!I\b)\p{Lu}/u.test(parts.slice(0, -1).join(' ')));
  // "Robert Tronson's Farewell Performance from 1963 - was that a French production?": "that" (or
  // "it", "this") as the subject of a yes/no question stands for the preamble, when it names something.
  const claimed = /^(is|was|are|were)\s+(?:that|it|this)\s+(.+)$/i.exec(last);
  if (parts.length === 2 && claimed && named) return `${claimed[1]} ${parts[0]!.trim()} ${claimed[2]}`;
  // "hydro or wind — which ...?" chooses between the two as "hydro or wind: which ...?" does.
  if (options) return `${parts[0]!.trim()}: ${last}`;
  // "Hit Parade of 1941's director - what city was he born in?": a person the question points
  // back to is the one the preamble names, asked of in its place.
  const person = /\b(?:he|she|they|him|her|them)\b(?!['’])/i.exec(last);
  if (parts.length === 2 && asks && pointsBack && person && !/\b(?:he|she|they|him|her|them)\b/i.test(parts[0]!) && /\p{Lu}/u.test(parts[0]!))
    return `${last.slice(0, person.index)}${parts[0]!.trim()}${last.slice(person.index + person[0].length)}`;
  // The question after a preamble may itself ask for a summary ("I'm curious: what is Vélo'v and ...?").
  return parts.length > 1 && asks && !pointsBack ? asTellMeAbout(last) : expanded;
}

/**
 * "The Gotland Line runs ferries — where is it based?": "it" in a question after a statement that
 * opens with a name stands for that name ("where is The Gotland Line based?"). The question as it
 * was otherwise: no name opening the statement, or no "it" in the question after it.
 */
export function itAsPreamble(question: string): string {
  const parts = question.split(PREAMBLE_END);
  if (parts.length !== 2) return question;
  const [statement, asked] = parts as [string, string];
  const it = /\bit\b(?!['’])/i.exec(asked);
  const name = /^\s*((?:[Tt]he\s+)?\p{Lu}[\p{L}'’.-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}'’.-]*)*)\s+\p{Ll}{2,}(?:\s+\S+)*\s*$/u.exec(statement)?.[1];
  if (!it || name === undefined || !/^(?:who|what|which|when|where|why|how)\b/i.test(asked)) return question;
  return `${upperFirst(asked.slice(0, it.index))}${name}${asked.slice(it.index + it[0].length)}`;
}

/**
 * A query for the things of a class with a property, typed without a question word ("cities with
 * fewer than 500,000 inhabitants", "list museums with a cinema"), asks "Which cities have ...?".
 */
function withFilterAsked(question: string): string {
  const m = /^\s*(?:(?:list|show|name|find)\s+(?:me\s+)?(?:all\s+)?(?:the\s+)?)?(\p{Ll}{3,}[^s\s']s)\s+with\s+([^?]+?)\s*[?.]?\s*$/u.exec(question);
  return m ? `Which ${m[1]} have ${m[2]}?` : question;
}

/**
 * A statement with a question tag ("Lyon is in Provence, right?", "Nice was founded by Greeks,
 * wasn't it?") asks its statement: "Is Lyon in Provence?". Only a statement whose verb is an
 * auxiliary is turned; any other is left as written.
 */
function tagAsked(question: string): string {
  const m =
    /^((?:\S+\s+){0,5}?\S+)\s+(is|are|was|were|has|have|had|can|could|will|would)\s+([^?]+?),?\s+(?:right|correct|true|no|yes|isn['’]t (?:it|she|he|that)|aren['’]t they|wasn['’]t (?:it|she|he)|weren['’]t they|hasn['’]t (?:it|she|he)|haven['’]t they|is that (?:right|correct|true|so))\s*\?*\s*$/i.exec(
      question.trim(),
    );
  if (!m || /^(?:who|whom|whose|what|which|when|where|why|how)\b/i.test(m[1]!)) return question;
  const aux = m[2]!;
  return `${upperFirst(aux.toLowerCase())} ${m[1]} ${m[3]}?`;
}

/**
 * A question opened by a phrase of place or time before its question word ("In the photograph of
 * the basilica, which river is visible?") asks the same with the phrase last ("Which river is
 * visible in the photograph of the basilica?"): the question word leads, and the phrase's names stay.
 * "Between Nice and Marseille, which ...?" asks "Which ... between Nice and Marseille?".
 */
function leadingPhraseLast(question: string): string {
  const q = question.trim();
  // "In 2023 did France have more ...?": a year before a yes/no question's verb goes last, or the verb would not lead it.
  const dated = new RegExp(`^((?:in|by|as of|during)\\s+\\d{4}),?\\s+((?:${BE_DO_HAVE})\\b[^?]*)(\\??)\\s*$`, 'i').exec(q);
  if (dated) return phraseLast(dated);
  // "between A and B which one ...?" needs no comma: the pair ends where the question word starts.
  const m =
    /^((?:in|on|at|from|during|among|of|according to|for)\s+[^,?]+),\s*((?:which|what|who|whom|whose|when|where|how)\b[^?]*)(\??)\s*$/i.exec(q) ??
    /^(between\s+[^,?]+?\s+and\s+[^,?]+?),?\s+((?:which|who)\b[^?]*)(\??)\s*$/i.exec(q) ??
    // "When Vélo'v launched in 2005, was it one of the first?": a clause of time before a yes/no question.
    new RegExp(`^((?:when|after|before|once|while|as soon as)\\s+[^,?]+),\\s*((?:${BE_DO_HAVE}|can|could)\\b[^?]*)(\\??)\\s*$`, 'i').exec(q);
  // A year alone ("In 2023, which ...") reads where it stands; options after a colon keep their place.
  if (!m || /^\S+\s+[\d\s]+$/.test(m[1]!) || /:/.test(m[2]!)) return question;
  return phraseLast(m);
}

/** The question of a match (phrase, question, mark) asked first, the phrase after it in lower case. */
function phraseLast(m: RegExpExecArray): string {
  return `${upperFirst(m[2]!)} ${m[1]!.charAt(0).toLowerCase()}${m[1]!.slice(1)}${m[3]}`;
}

/** Splits "A and B", "A or B", "A vs B", "A versus B" at the last top-level connective. */
export function splitPair(text: string): [string, string] | undefined {
  const m = /^(.*\S)\s+(?:and|or|vs\.?|versus|compared (?:to|with))\s+(\S.*)$/i.exec(text.trim());
  if (!m) return undefined;
  return [m[1]!.trim(), m[2]!.trim()];
}

/** A text as a regular expression that matches it literally. */
/** The numbers written as words that a count is most often given in (a count of items, a top-N). */
/**
 * English's plurals without an "s" that a count may end on or ask of ("34 turboprop aircraft", "120
 * local people", "How many reindeer ...?"), currencies among them ("300,000 Danish kroner").
 */
export const PLURALS_WITHOUT_S = [
  'aircraft',
  'spacecraft',
  'people',
  'children',
  'men',
  'women',
  'sheep',
  'deer',
  'reindeer',
  'moose',
  'elk',
  'bison',
  'fish',
  'salmon',
  'trout',
  'cattle',
  'swine',
  'geese',
  'mice',
  'police',
  'personnel',
  'staff',
  'crew',
  'kroner',
  'kronor',
  'krone',
  'yen',
  'yuan',
  'renminbi',
  'rupiah',
  'baht',
];

/** A quarter of a place, said between a preposition and the place: "in northern Ostria", "of central Sarnia". */
export const QUARTER = '(?:northern|southern|eastern|western|central)';

export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** "How long does the Brennholt Festival last?", "How long did the siege take?": a length of time asked, the subject group 1. */
export const DURATION_ASKED = /^\s*how\s+long\s+(?:does|did|do|will|would)\s+(.+?)\s+(?:last|take|go\s+on)\b[^?]*\?*\s*$/iu;

/**
 * A length of time a sentence gives: "over four days", "a four-day festival", "90 minutes", "two and
 * a half hours"; figure group 1, unit group 2.
 */
export const DURATION_SAID = new RegExp(
  `\\b((?:\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})(?:\\s+and\\s+a\\s+half)?)[-\\s](second|minute|hour|day|night|week|month|year)s?\\b`,
  'iu',
);

/** "How long is The Glass Queen?": a thing's length asked, which may be a time it lasts; the thing, group 1. */
export const LENGTH_OF_ASKED = /^\s*how\s+long\s+(?:is|was|are|were)\s+(.+?)\s*\?*\s*$/iu;

/** A sentence saying how long a thing lasts: "A performance lasts about ...", "a running time of ...". */
export const LASTS_SAID = /\b(?:lasts?|lasting|lasted|running\s+time|runtime|duration|runs\s+for)\b/i;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Sentence split that keeps abbreviations like "U.S." and initials together well enough. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
