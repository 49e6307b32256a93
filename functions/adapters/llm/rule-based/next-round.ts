/**
 * The rule-based planner between rounds of an iterative plan. It is asked only about a round that
 * left something uncovered (Replan's check, workflow/round-gap.ts): a sub-query that found
 * nothing, or an answer the evidence does not bear out. It reads the results the way a person
 * reads search results before searching again (iterative retrieval, as IRCoT does): the passages
 * each side of the task ranked highest name the entity the task only describes ("the city where
 * ...", "the director of ..."), so the next round asks the corpus about those names, one side at
 * a time (a bridge has one side, its first hop; a comparison one per thing compared), fuses what
 * it finds with the first round's evidence and answers again. A bridge whose second hop already
 * found a document a first-hop passage names has crossed: more searching would only crowd the
 * evidence. Once a round has asked about the names, the planner adds no step and the loop ends.
 *
 * It reads only what a model would read: the task, the plan so far, and the bounded results
 * (document ids, titles and the start of their text).
 */
import { inputsOf } from '../../../core/plan/sanitize.js';
import type { LlmIntent } from '../../../core/ports.js';
import { contentTerms } from '../../../core/retrieval/tokenize.js';
import type { DecompositionStep, RoundResult } from '../../../core/types.js';
import { readTask } from './reading.js';
import { entitySpans } from './text.js';

type NextRoundIntent = Extract<LlmIntent, { kind: 'next_round' }>;

/** How many of the first round's best passages are read for names, and how many names are asked about. */
const PASSAGES_READ = 2;
const ENTITIES_ASKED = 3;

interface RankedDocument {
  id: string;
  title?: string;
  snippet?: string;
  rank: number;
}

export interface NextRoundReply {
  reasoning: string;
  steps: DecompositionStep[];
}

export function nextRound(intent: NextRoundIntent): NextRoundReply {
  const reading = readTask(intent.task);
  const done = (why: string): NextRoundReply => ({ reasoning: why, steps: [] });
  const earlier = intent.plan.plan;
  const asked = new Set(earlier.filter((s) => typeof s.parameters.query === 'string').map((s) => normalise(String(s.parameters.query))));
  // One intermediate entity a side: once a round has asked about names the results gave, the second hop is done.
  if (intent.round > 2) return done('The entities the first round found have been asked about; the evidence of both hops is in.');

  const answerStep = findAnswerStep(earlier);
  const evidence = answerStep ? inputsOf(answerStep) : [];
  const previous = intent.results.filter((r) => r.round === intent.round - 1);
  // What each side of the task found: a bridge has one side, its first hop (the first list the
  // answer read); a comparison one per thing compared (each list the answer read). The passages
  // each side ranked best name the entity the task only describes ("the director of ...").
  const sides =
    reading.kind === 'bridge'
      ? [previous.filter((r) => r.step_id === evidence[0])]
      : evidence.map((id) => previous.filter((r) => r.step_id === id)).filter((side) => side.length > 0);
  const found = sides.some((side) => side.length > 0) ? sides.filter((side) => side.length > 0) : [previous];
  // The second hop is in when another list of the round already holds a document that a first-hop
  // passage names by its title: the bridge is crossed, and asking again would only add noise.
  // A link either way counts: the first-hop passage names the second-hop document, or the other way round.
  if (reading.kind === 'bridge') {
    const firstHopAll = bestPassages(found[0]!);
    const foundNext = bestPassages(previous.filter((r) => r.step_id !== evidence[0] && evidence.includes(r.step_id)));
    const names = (a: RankedDocument, b: RankedDocument) =>
      a.id !== b.id && (b.title ?? b.id).length > 2 && normalise(a.snippet ?? '').includes(normalise(b.title ?? b.id));
    const linked = foundNext.find((d) => firstHopAll.some((p) => names(p, d) || names(d, p)));
    if (linked) {
      return done(
        `Round ${intent.round - 1} crossed the bridge: a first-hop passage names ${linked.title ?? linked.id}, which the second hop found; nothing more to ask.`,
      );
    }
  }
  // A single side reads its best passages; several sides read the best passage of each.
  const perSide = found.length === 1 ? PASSAGES_READ : 1;
  const passages = found.flatMap((side) => bestPassages(side).slice(0, perSide));
  const taskTerms = new Set(contentTerms(intent.task));
  // The new names of the passages, best passage first, one name from each passage in turn: each
  // passage the first hop ranked high gets its say before any gives a second name.
  const asking: string[] = [];
  const candidates = passages.map((passage) => {
    // The passage's own title is what the first hop found; the names in its text are where the question leads next.
    const title = normalise(passage.title ?? passage.id);
    return entitySpans(passage.snippet ?? '').filter((span) => {
      const terms = contentTerms(span);
      // A name is words, not a date or a quantity ("December 1895"), and has one the task does not already say.
      if (/\p{N}/u.test(span) || terms.length === 0 || terms.every((t) => taskTerms.has(t))) return false;
      return normalise(span) !== title && !asked.has(normalise(span));
    });
  });
  for (let depth = 0; asking.length < ENTITIES_ASKED && candidates.some((c) => c.length > depth); depth++) {
    for (const c of candidates) {
      const span = c[depth];
      if (span !== undefined && asking.length < ENTITIES_ASKED && !asking.some((n) => normalise(n) === normalise(span))) asking.push(span);
    }
  }
  if (asking.length === 0) return done('The passages the first round found name no entity the task does not already name; nothing more to ask.');

  const firstId = Math.max(0, ...earlier.map((s) => s.step_id)) + 1;
  const steps: DecompositionStep[] = [];
  const add = (step: Omit<DecompositionStep, 'step_id' | 'modality' | 'trace'>, why: string): number => {
    const step_id = firstId + steps.length;
    steps.push({ step_id, modality: 'text', trace: { source: 'rule-based', explanation: why, step: step.type, round: intent.round }, ...step });
    return step_id;
  };
  const allowed = (type: DecompositionStep['type']) => intent.allowedStepTypes.includes(type);
  const searchType = allowed('keyword_search') ? 'keyword_search' : allowed('vector_search') ? 'vector_search' : undefined;
  if (searchType === undefined) return done('No search step type is allowed, so the names the results gave cannot be asked about.');
  const searches = asking.map((name) =>
    add(
      { type: searchType, parameters: { query: name, top_k: intent.topK }, dependencies: [] },
      `Ask the corpus about ${name}, named by the first round's evidence`,
    ),
  );
  // The new names' searches are fused into one ranking: the second hop, one sub-query.
  const secondHop =
    searches.length > 1 && allowed('aggregate')
      ? add(
          { type: 'aggregate', parameters: { input_steps: searches, method: 'rank_fusion', top_k: intent.topK }, dependencies: searches },
          'Fuse what the new names found into the second hop',
        )
      : searches[0]!;
  // The final ranking stays the first round's, with the second hop's best document fused in: a look
  // back adds what it found without pushing aside what the first round ranked high.
  const best = allowed('filter')
    ? add(
        { type: 'filter', parameters: { input_step: secondHop, max_results: 1 }, dependencies: [secondHop] },
        "Keep the second hop's best document for the final ranking",
      )
    : secondHop;
  const lists = [...evidence.slice(-1), best];
  const fused =
    allowed('aggregate') && evidence.length > 0
      ? add(
          { type: 'aggregate', parameters: { input_steps: lists, method: 'rank_fusion', top_k: intent.topK }, dependencies: lists },
          "The first round's final ranking with the second hop's best document",
        )
      : undefined;
  if (allowed('llm_call')) {
    // The answer reads the whole second hop, not only its best document.
    const inputs = [...new Set([fused ?? best, secondHop])];
    add(
      {
        type: 'llm_call',
        parameters:
          inputs.length === 1 ? { prompt: answerPrompt(intent.task), input_step: inputs[0]! } : { prompt: answerPrompt(intent.task), input_steps: inputs },
        dependencies: inputs,
        on_dependency_skipped: 'continue',
      },
      'Answer again from the evidence of both hops',
    );
  }
  return {
    reasoning: `Round ${intent.round - 1}'s best passages name ${asking.join(' and ')}, which the task only describes; round ${intent.round} asks the corpus about ${asking.length === 1 ? 'it' : 'them'} and answers from both hops.`,
    steps,
  };
}

function answerPrompt(task: string): string {
  return `Answer the question from the evidence of both hops, citing sources. Question: ${task}`;
}

/** The documents of a round's results, best first: by their rank in the list that ranked them best, then by step. */
function bestPassages(results: readonly RoundResult[]): RankedDocument[] {
  const best = new Map<string, RankedDocument>();
  for (const r of results) {
    const docs = r.result.documents;
    if (!Array.isArray(docs)) continue;
    for (const [i, d] of (docs as Array<{ id: string; title?: string; snippet?: string }>).entries()) {
      const seen = best.get(d.id);
      if (seen === undefined || i + 1 < seen.rank)
        best.set(d.id, { id: d.id, rank: i + 1, ...(d.title ? { title: d.title } : {}), ...(d.snippet ? { snippet: d.snippet } : {}) });
    }
  }
  return [...best.values()].sort((a, b) => a.rank - b.rank);
}

/** The step the plan answers with: an llm_call no other step reads. */
function findAnswerStep(plan: readonly DecompositionStep[]): DecompositionStep | undefined {
  const read = new Set(plan.flatMap((s) => s.dependencies));
  return [...plan].reverse().find((s) => s.type === 'llm_call' && !read.has(s.step_id));
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
