/**
 * The phrasing suite: tasks worded the many ways people word them, none taken from a benchmark,
 * each with the kind a careful reader gives it. The test holds the reader to it, and the evaluation page's
 * figures script reports its accuracy per kind.
 */
import { readTask, type TaskKind } from '../../../functions/adapters/llm/rule-based/reading.js';

export const PHRASING_SUITE: Record<TaskKind, string[]> = {
  comparison: [
    'Is the Rhône longer than the Seine?',
    'Does Paris have more people than Lyon?',
    'Compare the populations of Lyon and Marseille',
    'Which is bigger, Toulouse or Nice?',
    'Which city is older: Marseille or Lyon?',
    'Is Nice smaller than Toulouse?',
    'How does nuclear power differ from wind power in France?',
    'Contrast the metro of Lyon with the metro of Marseille',
    'Lyon versus Marseille: which has the larger port?',
    'Marseille vs. Nice for a beach holiday',
    'Are Lyon and Marseille both on a river?',
    'Do Toulouse and Nice have the same number of universities?',
    'Which came first, the cinematograph or the phonograph?',
    'Was the Saône or the Rhône named first by the Romans?',
    'Which river is longer, the Loire or the Garonne?',
    'What is the difference between solar power and wind power in France?',
    'Are Paris and Lyon similar in size?',
    'Which has fewer inhabitants, Nice or Toulouse?',
    'Is hydroelectricity a bigger source of power than solar in France?',
    'Did Auguste Lumière live longer than Louis Lumière?',
    'Which produces more electricity in France, wind or solar?',
    'Who was born earlier, Auguste Lumière or Louis Lumière?',
    'Are the Rhône and the Saône the same length?',
    'Which museum opened later, the Musée des Confluences or the Musée des Beaux-Arts?',
    'Compare trams and buses in Lyon',
    'Is Marseille warmer than Lyon in winter?',
    'Neither Nice nor Toulouse is the capital, is that right?',
    'Compare the prices of the two phones in the brochure',
    'How do the Calanques compare with the Côte d’Azur beaches?',
  ],
  bridge: [
    'Which river flows through the city where the Lumière brothers patented the cinematograph?',
    'What is the population of the city that hosts the Musée des Confluences?',
    'Who was the mayor of the city whose bicycle sharing system is called Vélo’v?',
    'In which country does the river that joins the Saône at Lyon rise?',
    'What dish is served in the restaurants that Lyon is known for?',
    'What is the name of the port of the city where bouillabaisse originated?',
    'How many metro lines does the city with the Fourvière basilica have?',
    'Which sea borders the city that is the fifth-largest in France?',
    'What glacier feeds the river that flows through Lyon and Avignon?',
    'Who invented the device that the Lumière brothers patented in 1895?',
    'What is the largest source of electricity in the country whose capital is Paris?',
    'Which city hosts the museum that opened in 2014 at the Confluence?',
    'When was the bicycle sharing system of the third-largest city of France launched?',
    'What is the nationality of the inventors of the cinematograph?',
    'Which river is a tributary of the river that rises in the Swiss Alps?',
    'What kind of fish stew comes from the city with the largest port in France?',
    'Name the region of the city where Vélo’v operates',
    'Where was the film projector invented by the brothers from Lyon first shown?',
    'What is the main square of the city that the Rhône and the Saône meet in?',
    'Which company runs the public transport of the city where the Saône ends?',
    'Who designed the basilica that overlooks the old town of Lyon?',
    'What is the capital of the region whose largest port is in Marseille?',
    'What share of electricity comes from the second source of power in France?',
    "What year was Lyon's metro operator's first line opened?",
    'Which river runs past the basilica built on the hill of Fourvière?',
    'What stew is typical of the city with the second-largest population in France?',
    'Who led the company that built the first cinematograph in Lyon?',
  ],
  conditional: [
    'If the corpus mentions a tram network in Lyon, describe it; otherwise describe the buses.',
    'Only if Lyon has bike sharing, describe it',
    'If Marseille has a metro, list its lines, else list its tram lines.',
    'Describe the tram network of Lyon if it has one',
    'Unless Nice has a metro, describe its trams',
    'Should the corpus mention solar farms, summarise where they are',
    'When nuclear power is the largest source, explain why; otherwise name the largest source.',
    'In case the Rhône is navigable, describe its ports',
    'Is the Saône a tributary of the Rhône? If so, describe where they meet, otherwise describe the Saône.',
    'If the Lumière brothers were born in Lyon, say so, otherwise say where they were born.',
    'Describe the Vélo’v system only if it has more than 300 stations',
    'Provided that Toulouse has a metro, tell me how many lines it has',
    'Assuming Nice is on the coast, describe its beaches',
    'List the museums of Lyon if any opened after 2010, otherwise list the oldest ones',
    'If wind power produces more than solar, explain the difference; else compare their capacity.',
    'When the port of Marseille handles oil, describe the oil terminals; if not, describe the container terminals.',
    'Summarise the funiculars of Lyon unless there are none',
    'If there is no metro in Nice, describe its tram lines.',
    'As long as the corpus covers hydroelectricity, give its share of production',
    'If Paris is the capital, describe its population; otherwise describe Lyon.',
    'Describe the Calanques if they are near Marseille, or else describe the port.',
    'If bouchons serve Lyonnaise cuisine, name two dishes',
    'If Toulouse has no metro, say which transport it uses instead.',
    'Describe the metro only if Marseille has one; otherwise say it has none.',
  ],
  top_n: [
    'Which two sources produce most of France’s electricity?',
    'List the three largest cities in France',
    'What are the five biggest sources of electricity in France?',
    'Name 3 museums in Lyon',
    'Top 4 cities of France by population',
    'Give me two dishes from Lyon',
    'Which three rivers flow through Lyon?',
    'The 2 largest ports on the Mediterranean',
    'Rank the four largest French cities',
    'Show me the top-3 renewable sources in France',
    'What are the ten most visited museums in France?',
    'Suggest four things to see in Marseille',
    'Recommend three restaurants types in Lyon',
    'List 5 facts about the Rhône',
    'Name the two rivers that meet at Lyon',
    'What three transport modes does Lyon offer?',
    'Identify the three main sources of renewable electricity in France',
    'The three oldest museums of Lyon',
    'List the two main inventions of the Lumière brothers',
    'Pick five landmarks of Paris',
    'Give the 3 highest shares of electricity by source',
    'Enumerate four metro lines of Lyon',
    'What are the 3 most common dishes in a bouchon?',
    'Name five French cities on a river',
  ],
  multimodal: [
    'What does the deputy mayor say in interview-lyon.mp3?',
    'Describe the building in fourviere.jpg',
    'Summarise the recording of the interview on cycling',
    'What is shown in the photo of the Calanques?',
    'Transcribe the voice memo and tell me what it says about trams',
    'Caption this picture of Lyon',
    'What does the chart in energy.png show?',
    'Listen to talk.wav and list the places it names',
    'Which basilica is in the attached photo?',
    'What city is this image from?',
    'Summarize podcast-episode-3.m4a',
    'Compare what the audio says with the transport page',
    'What is written on the sign in the screenshot?',
    'Is the building in basilica.png in Lyon?',
    'Read the scan of the old map and name the rivers',
    'What does the speaker in the video say about bikes?',
    'Describe the diagram of the metro network',
    'Which museum appears in my photo?',
    'Explain the figures in the uploaded image',
    'What do the people in mobility.ogg discuss?',
    'Turn the recording into notes about cycling',
    'Which landmark is in calanques.jpeg?',
    'What does the voicemail say about the metro?',
  ],
  lookup: [
    'Explain how vaccines train the immune system',
    'Tell me about the Saône',
    'Describe Lyon’s public transport',
    'What is Vélo’v?',
    'How long is the Rhône?',
    'Who founded Lyon?',
    'When was the cinematograph patented?',
    'Where is the Musée des Confluences?',
    'Bouillabaisse recipe',
    'What is a bouchon?',
    'Solar power capacity in France',
    'Summarise the history of Marseille',
    'What is the population of Toulouse?',
    'How is electricity produced in France?',
    'What does TCL stand for?',
    'Why is Lyon called the capital of gastronomy?',
    'Describe the Calanques',
    'What is the capital of France?',
    'How old is the port of Marseille?',
    'Give an overview of wind power in France',
    'Which sea is Nice on?',
    'Everything about funiculars',
    'What is hydroelectricity?',
    'Explain the history of the cinematograph',
    'How many tram lines does Lyon have?',
  ],
};

export interface KindAccuracy {
  kind: TaskKind | 'all';
  tasks: number;
  right: number;
  accuracy: number;
  misread: string[];
}

/** The reader's accuracy on the suite, per kind and over all tasks. */
export function phrasingAccuracy(): KindAccuracy[] {
  return accuracyOn(PHRASING_SUITE);
}

function accuracyOn(suite: Record<TaskKind, string[]>): KindAccuracy[] {
  const rows: KindAccuracy[] = (Object.entries(suite) as Array<[TaskKind, string[]]>).map(([kind, tasks]) => {
    const misread = tasks.filter((t) => readTask(t).kind !== kind).map((t) => `${t} -> ${readTask(t).kind}`);
    return { kind, tasks: tasks.length, right: tasks.length - misread.length, accuracy: (tasks.length - misread.length) / tasks.length, misread };
  });
  const tasks = rows.reduce((n, r) => n + r.tasks, 0);
  const right = rows.reduce((n, r) => n + r.right, 0);
  rows.push({ kind: 'all', tasks, right, accuracy: right / tasks, misread: rows.flatMap((r) => r.misread) });
  return rows;
}

/**
 * Tasks written after the reader's rules were last changed, and never used to change them: the
 * suite above was written beside the rules, so its figure flatters them; this one says what to
 * expect of a new phrasing. Do not tune the reader on it: when it is outgrown, write a new one.
 */
export const PHRASING_HELDOUT: Record<TaskKind, string[]> = {
  comparison: [
    'Is Toulouse further south than Lyon?',
    'Which of Lyon and Marseille has more museums?',
    'Nuclear or wind: which gives France more power?',
    'How do bouchons and brasseries differ?',
    'Do the Rhône and the Saône both reach the Mediterranean?',
    'Was Paris bigger than Marseille in 2020?',
  ],
  bridge: [
    'Which company operates the trams of the city where the Saône joins the Rhône?',
    'What is the population of the city where bouillabaisse comes from?',
    'In which region is the city that the Lumière brothers came from?',
    'Who founded the museum devoted to the history of cinema in the city of the Lumière brothers?',
    'What river runs through the capital of France?',
    'Which museum in the third-largest city of France opened in 2014?',
  ],
  conditional: [
    'If Nice has a tram, tell me how many lines it has; if not, describe its buses.',
    'Describe the Voies Lyonnaises only if the corpus talks about cycle lanes',
    'Unless the Saône is navigable, describe its bridges',
    'Should Marseille have a metro, list its lines.',
    'If solar power is growing in France, give its capacity, otherwise give the wind capacity.',
    'Tell me about the port of Marseille if it is the largest in France.',
  ],
  top_n: [
    'What are the four largest cities of France?',
    'Give three facts about Vélo’v',
    'Name the top two renewable sources in France',
    'Which five museums should I visit in Lyon?',
    'List 2 dishes served in a bouchon',
    'Show the three biggest ports of the Mediterranean',
  ],
  multimodal: [
    'What does the woman in the picture hold?',
    'Summarise what is said in meeting-notes.wav',
    'Which monument is in fourviere-photo.png?',
    'Transcribe the interview and list the projects it names',
    'What colours dominate the photograph of the basilica?',
    'Does the recording mention the Voies Lyonnaises?',
  ],
  lookup: [
    'How old is Vélo’v?',
    'What is the TCL network?',
    'Describe the Saône',
    'Where do the Rhône and the Saône meet?',
    'Who patented the cinematograph?',
    'Tell me about bouillabaisse',
  ],
};

/** The reader's accuracy on the held-out tasks, per kind and over all. */
export function heldOutAccuracy(): KindAccuracy[] {
  return accuracyOn(PHRASING_HELDOUT);
}
