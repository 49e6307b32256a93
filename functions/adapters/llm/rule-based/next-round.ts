/**
 * The rule-based planner between rounds of an iterative plan. It is asked only about a round that
 * left a lead (Replan's check, workflow/round-gap.ts): a passage the answer read names, beside a
 * word of the question, a document the round did not rank ("directed by Celina Murga" for "the
 * director of ..."). It reads the results the way a person reads search results before searching
 * again (iterative retrieval, as IRCoT does): the passages each side of the task ranked highest
 * name the entity the task only describes, so the next round looks each such name up by its title
 * (a graph look-up of the documents the name is the title of, else a keyword search), keeps each
 * look-up's best document for the final ranking and answers again from both hops. Once a round has
 * asked about the names, the planner adds no step and the loop ends.
 *
 * It reads only what a model would read: the task, the plan so far, and the bounded results
 * (document ids, titles and the start of their text).
 */
import { inputsOf } from '../../../core/plan/sanitize.js';
import type { LlmIntent } from '../../../core/ports.js';
import { contentTerms } from '../../../core/retrieval/tokenize.js';
import type { DecompositionStep, RoundResult } from '../../../core/types.js';
import { leadCue } from '../../../core/workflow/round-gap.js';
import { readTask } from './reading.js';
import { entitySpans } from './text.js';

type NextRoundIntent = Extract<LlmIntent, { kind: 'next_round' }>;

/**
 * How many of a bridge's first-hop passages are read for names (the gate reads as many), and how
 * many names one round looks up: two sides with two names each.
 */
const PASSAGES_READ = 2;
const ENTITIES_ASKED = 4;

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
  // One look back: once a round has asked about the names the results gave, the second hop is done.
  if (intent.round > 2) return done('The entities the first round found have been asked about; the evidence of both hops is in.');

  const answerStep = findAnswerStep(earlier);
  const evidence = answerStep ? inputsOf(answerStep) : [];
  const previous = intent.results.filter((r) => r.round === intent.round - 1);
  // The passages the answer read, as the gate reads them: a bridge's first hop (the first list
  // its answer reads), its best two; any other task, the best passage of each list (a side each).
  const lists = evidence.map((id) =>
    bestPassages(
      previous.filter((r) => r.step_id === id),
      intent.results,
    ),
  );
  const passages = (reading.kind === 'bridge' ? (lists[0] ?? []).slice(0, PASSAGES_READ) : lists.flatMap((docs) => docs.slice(0, 1))).filter(
    (p, i, all) => all.findIndex((q) => q.id === p.id) === i,
  );
  const taskTerms = new Set(contentTerms(intent.task));
  // The names each passage gives beside a word of the question, not yet asked about; one name from
  // each passage in turn, so each side gets its say before any gives a second name.
  const candidates = passages.map((passage) => {
    const title = normalise(passage.title ?? passage.id);
    const text = passage.snippet ?? '';
    return entitySpans(text).filter((span) => {
      const terms = contentTerms(span);
      // A name is words, not a date or a quantity ("December 1895"), and has one the task does not already say.
      if (/\p{N}/u.test(span) || terms.length === 0 || terms.every((t) => taskTerms.has(t))) return false;
      if (normalise(span) === title || asked.has(normalise(span))) return false;
      return leadCue(text, span, intent.task, passage.title ?? '') !== undefined;
    });
  });
  const asking: string[] = [];
  for (let depth = 0; asking.length < ENTITIES_ASKED && candidates.some((c) => c.length > depth); depth++) {
    for (const c of candidates) {
      const span = c[depth];
      if (span !== undefined && asking.length < ENTITIES_ASKED && !asking.some((n) => normalise(n) === normalise(span))) asking.push(span);
    }
  }
  if (asking.length === 0)
    return done('The passages the first round read name nothing beside the words of the task that it did not ask about; nothing more to ask.');

  const firstId = Math.max(0, ...earlier.map((s) => s.step_id)) + 1;
  const steps: DecompositionStep[] = [];
  const add = (step: Omit<DecompositionStep, 'step_id' | 'modality' | 'trace'>, why: string): number => {
    const step_id = firstId + steps.length;
    steps.push({ step_id, modality: 'text', trace: { source: 'rule-based', explanation: why, step: step.type, round: intent.round }, ...step });
    return step_id;
  };
  const allowed = (type: DecompositionStep['type']) => intent.allowedStepTypes.includes(type);
  // A name is looked up by its title: the graph look-up ranks the documents the name is the title of first.
  const lookUp = allowed('graph_query') ? 'graph_query' : allowed('keyword_search') ? 'keyword_search' : allowed('vector_search') ? 'vector_search' : undefined;
  if (lookUp === undefined) return done('No search step type is allowed, so the names the results gave cannot be asked about.');
  const searches = asking.map((name) =>
    add(
      { type: lookUp, parameters: { query: name, top_k: intent.topK }, dependencies: [] },
      `Look up ${name}, named by the first round's evidence beside a word of the task, by its title`,
    ),
  );
  // Each look-up is a sub-query of its own, so its best document is kept for the final ranking; a
  // filter keeps only that one, so the rest of its list does not crowd the first round's.
  const best = searches.map((id, i) =>
    allowed('filter')
      ? add({ type: 'filter', parameters: { input_step: id, max_results: 1 }, dependencies: [id] }, `Keep the best document of the look-up of ${asking[i]}`)
      : id,
  );
  if (allowed('llm_call')) {
    // The answer reads the first round's evidence and what each look-up found best.
    const inputs = [...new Set([...evidence, ...best])];
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
    reasoning: `Round ${intent.round - 1}'s best passages name ${asking.join(' and ')} beside words of the task, which it only describes; round ${intent.round} looks ${asking.length === 1 ? 'it' : 'them'} up and answers from both hops.`,
    steps,
  };
}

function answerPrompt(task: string): string {
  return `Answer the question from the evidence of both hops, citing sources. Question: ${task}`;
}

/**
 * The documents of a round's results, best first: by their rank in the list that ranked them best,
 * then by step. A result shortened to fit (its document ids only) takes each document's title and
 * snippet from another result that shows it.
 */
function bestPassages(results: readonly RoundResult[], all: readonly RoundResult[]): RankedDocument[] {
  const shown = new Map<string, { title?: string; snippet?: string }>();
  for (const r of all) {
    const docs = r.result.documents;
    if (!Array.isArray(docs)) continue;
    for (const d of docs as Array<{ id: string; title?: string; snippet?: string }>) if (d.snippet && !shown.has(d.id)) shown.set(d.id, d);
  }
  const best = new Map<string, RankedDocument>();
  for (const r of results) {
    const ids = Array.isArray(r.result.documents)
      ? (r.result.documents as Array<{ id: string }>).map((d) => d.id)
      : Array.isArray(r.result.document_ids)
        ? (r.result.document_ids as string[])
        : [];
    for (const [i, id] of ids.entries()) {
      const seen = best.get(id);
      const d = shown.get(id);
      if (seen === undefined || i + 1 < seen.rank)
        best.set(id, { id, rank: i + 1, ...(d?.title ? { title: d.title } : {}), ...(d?.snippet ? { snippet: d.snippet } : {}) });
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
