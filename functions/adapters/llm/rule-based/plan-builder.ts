/**
 * The rule-based planner's plans: one DAG shape per kind of task. Each shape is what a careful
 * person would do with a search engine and no model: split the task into sub-queries that can be
 * retrieved on their own, run independent ones in parallel, fuse, re-rank and answer with citations.
 */

import { asksForSummary } from '../../../core/answer/text.js';
import { PlanningFailedError } from '../../../core/errors.js';
import type { DecompositionPlan, DecompositionStep, Modality, StepType } from '../../../core/types.js';
import { searchedAttribute, type TaskReading } from './reading.js';

export interface BuildOptions {
  allowedStepTypes: readonly StepType[];
  maxSteps: number;
  topK: number;
}

type StepSpec = Omit<DecompositionStep, 'step_id' | 'trace' | 'modality'> & { modality?: Modality; why: string };

/** Step types that start from the corpus or a file rather than from other steps. */
const SOURCE_TYPES: ReadonlySet<StepType> = new Set(['keyword_search', 'vector_search', 'graph_query', 'tool_call', 'audio_transcription', 'image_captioning']);

class PlanDraft {
  readonly steps: DecompositionStep[] = [];
  constructor(private readonly options: BuildOptions) {}

  allows(type: StepType): boolean {
    return this.options.allowedStepTypes.includes(type);
  }

  /** Adds a step and returns its id, or undefined when its type is not allowed in this request. */
  add(spec: StepSpec): number | undefined {
    if (!this.allows(spec.type)) return undefined;
    // A step that works on other steps' results has nothing to do when none of them could be planned.
    if (spec.dependencies.length === 0 && !SOURCE_TYPES.has(spec.type)) return undefined;
    const { why, modality, ...rest } = spec;
    const step_id = this.steps.length + 1;
    this.steps.push({
      step_id,
      type: rest.type,
      modality: modality ?? 'text',
      parameters: rest.parameters,
      dependencies: rest.dependencies,
      trace: { source: 'rule-based', explanation: why, step: rest.type },
      ...(rest.condition !== undefined ? { condition: rest.condition } : {}),
      ...(rest.on_dependency_skipped !== undefined ? { on_dependency_skipped: rest.on_dependency_skipped } : {}),
    });
    return step_id;
  }

  build(): DecompositionPlan {
    return { plan: this.steps.slice(0, this.options.maxSteps), traceability: true };
  }
}

const ids = (...xs: Array<number | undefined>): number[] => xs.filter((x): x is number => x !== undefined);

/** Searches one sub-query two ways (BM25 and vectors) and fuses them: the sub-query's own ranking. */
function retrieve(draft: PlanDraft, query: string, topK: number, why: string, dependencies: number[] = []): number | undefined {
  const keyword = draft.add({ type: 'keyword_search', parameters: { query, top_k: topK }, dependencies, why: `${why} (BM25)` });
  const vector = draft.add({ type: 'vector_search', parameters: { query, top_k: topK }, dependencies, why: `${why} (vectors)` });
  const both = ids(keyword, vector);
  if (both.length < 2) return both[0];
  return (
    draft.add({
      type: 'aggregate',
      parameters: { input_steps: both, method: 'rank_fusion', top_k: topK },
      dependencies: both,
      why: 'Fuse the keyword and vector rankings of the sub-query by reciprocal rank',
    }) ?? keyword
  );
}

/** One search of a query: by keywords when allowed, else by vectors (a gate and a branch need only one list). */
function search(draft: PlanDraft, query: string, topK: number, why: string, dependencies: number[] = [], condition?: string): number | undefined {
  const spec = { parameters: { query, top_k: topK }, dependencies, why, ...(condition !== undefined ? { condition } : {}) };
  return draft.add({ type: 'keyword_search', ...spec }) ?? draft.add({ type: 'vector_search', ...spec });
}

/** What the first step of a plan for this task can be: without one of these, no plan can start. */
function starters(reading: TaskReading): StepType[] {
  const media: StepType[] =
    reading.kind === 'multimodal'
      ? [
          ...(reading.files.some((f) => f.modality === 'audio') ? (['audio_transcription'] as const) : []),
          ...(reading.files.some((f) => f.modality === 'image') ? (['image_captioning'] as const) : []),
        ]
      : [];
  return [...media, 'keyword_search', 'vector_search'];
}

/** A rerank of `input` against `query`, when there is an input to rerank (the step type may not be allowed). */
function rerank(draft: PlanDraft, input: number | undefined, query: string, topK: number, why: string): number | undefined {
  if (input === undefined) return undefined;
  return draft.add({ type: 'rerank', parameters: { input_step: input, query, top_k: topK }, dependencies: [input], why });
}

/** The llm_call that answers from `inputs`; `documentsPerInput`: how many documents of each it reads (the step's 4 unless given). */
function answer(draft: PlanDraft, prompt: string, inputs: number[], why: string, documentsPerInput?: number): number | undefined {
  if (inputs.length === 0) return undefined;
  const parameters = {
    prompt,
    ...(inputs.length === 1 ? { input_step: inputs[0]! } : { input_steps: inputs }),
    ...(documentsPerInput !== undefined ? { documents_per_input: documentsPerInput } : {}),
  };
  return draft.add({ type: 'llm_call', parameters, dependencies: inputs, why, on_dependency_skipped: 'continue' });
}

export function buildPlan(reading: TaskReading, options: BuildOptions): DecompositionPlan {
  const draft = new PlanDraft(options);
  const { task, topK } =
    reading.kind === 'top_n' ? { task: reading.task, topK: Math.max(options.topK, (reading.n ?? 5) * 3) } : { task: reading.task, topK: options.topK };

  // A comparison whose sides are not named ("the two phones in the brochure") is searched as a whole.
  const kind = reading.kind === 'comparison' && !reading.pair ? 'lookup' : reading.kind;
  switch (kind) {
    case 'comparison': {
      const [a, b] = reading.pair!;
      const attribute = searchedAttribute(reading.attribute);
      const on = attribute ? ` ${attribute}` : '';
      const left = retrieve(draft, `${a}${on}`, topK, `Retrieve ${a} on its own so it is not crowded out by ${b}`);
      const right = retrieve(draft, `${b}${on}`, topK, `Retrieve ${b} on its own`);
      // The whole question as a branch of its own: what one search of it finds stays in the pool,
      // so splitting the question can add evidence but not lose what the plain search had.
      // Only when it can be fused: a loose third list would be one more search to attribute.
      const whole = draft.allows('aggregate')
        ? retrieve(draft, task, topK, 'Search the whole question too, so the split cannot lose what one search finds')
        : undefined;
      const sides = ids(left, right, whole);
      const fused = draft.add({
        type: 'aggregate',
        parameters: { input_steps: sides, method: 'union' },
        dependencies: sides,
        why: 'Union of both sides and the whole question, keeping which sub-query found each document',
      });
      const ranked = rerank(draft, fused, task, topK, 'Re-score the union against the whole comparison');
      answer(
        draft,
        `Compare ${a} and ${b}${reading.attribute ? ` on ${reading.attribute}` : ''}, citing a source for each side. Question: ${task}`,
        ids(left, right, ranked).filter((x, i, all) => all.indexOf(x) === i),
        'Compose the comparison from both sides',
      );
      break;
    }
    case 'bridge': {
      const first = retrieve(draft, task, topK, 'First hop: find the passage that names the intermediate entity');
      // Second hop: follow the entities the first hop's passages name (the entity graph).
      const hop =
        first === undefined
          ? undefined
          : draft.add({
              type: 'multi-hop',
              parameters: { input_step: first, hops: 1, query: task, top_k: topK },
              dependencies: [first],
              why: 'Second hop: follow the entities named in the first hop to the passage about the bridge entity',
            });
      answer(draft, `Answer the question from the evidence of both hops, citing sources. Question: ${task}`, ids(first, hop), 'Compose the answer');
      break;
    }
    case 'conditional': {
      // One search for the condition: the gate reads whether its best passage affirms the condition
      // or denies it ("Lyon has no tram" shares every word of "Lyon has a tram").
      const test = search(draft, reading.condition!, topK, `Gather evidence for the condition "${reading.condition}"`);
      const gate =
        test === undefined
          ? undefined
          : draft.add({
              type: 'conditional',
              parameters: { expression: `step_${test}.result.count > 0 and step_${test}.result.supported == True` },
              dependencies: [test],
              why: 'The condition holds when a retrieved passage covers its words and does not negate them',
            });
      const branches: number[] = [];
      if (gate !== undefined) {
        if (reading.then) {
          const thenStep = search(draft, reading.then, topK, 'Branch taken when the condition holds', [gate], `step_${gate}.result['run'] == True`);
          branches.push(...ids(thenStep));
        }
        if (reading.otherwise) {
          const elseStep = search(
            draft,
            reading.otherwise,
            topK,
            'Branch taken when the condition does not hold',
            [gate],
            `step_${gate}.result['run'] == False`,
          );
          branches.push(...ids(elseStep));
        }
      }
      const merged =
        branches.length < 2
          ? branches[0]
          : draft.add({
              type: 'aggregate',
              parameters: { input_steps: branches, method: 'union' },
              dependencies: branches,
              on_dependency_skipped: 'continue',
              why: 'Whichever branch ran',
            });
      answer(
        draft,
        `Answer the task from the branch that ran, citing sources. Task: ${task}`,
        ids(...(merged !== undefined ? [merged] : branches), test).filter((x, i, a) => a.indexOf(x) === i),
        'Compose the answer',
      );
      break;
    }
    case 'top_n': {
      const n = reading.n ?? 5;
      const query = task
        .replace(/\btop[\s-]*\w+\b/i, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      const pool = retrieve(draft, query, topK, `Gather a candidate pool three times the size of the top ${n}`);
      // The passages kept are twice the items asked for: items are named several to a passage as often
      // as one per passage ("the confluence of the Rhône and the Saône"); the answer picks the items.
      const ranked = rerank(draft, pool, query, n * 3, 'Re-score the pool against the task');
      const kept =
        ranked === undefined
          ? undefined
          : draft.add({
              type: 'filter',
              parameters: { input_step: ranked, max_results: n * 2 },
              dependencies: [ranked],
              why: `Keep the best ${n * 2} passages for the top ${n}`,
            });
      // The answer reads every passage kept, not the four an answer reads: five cities are five passages.
      answer(
        draft,
        `List the top ${n} with one line each, citing sources. Task: ${task}`,
        ids(kept ?? ranked ?? pool),
        'Compose the list',
        n > 0 ? Math.min(16, n * 2) : undefined,
      );
      break;
    }
    case 'multimodal': {
      const media: number[] = [];
      // Tables (csv, xlsx) are documents to search, not media to transcribe or caption.
      for (const f of reading.files.filter((x) => x.modality !== 'table').slice(0, 3)) {
        const type: StepType = f.modality === 'audio' ? 'audio_transcription' : 'image_captioning';
        const id = draft.add({
          type,
          modality: f.modality === 'audio' ? 'audio' : 'image',
          parameters: { file: f.file },
          dependencies: [],
          why: `Turn ${f.file} into text the other steps can search with`,
        });
        if (id !== undefined) media.push(id);
      }
      const question = reading.files
        .reduce((t, f) => t.split(f.file).join(' '), task)
        .replace(/\s+(?:in|from|of|on|about)\s*(?=[?.!]|$)/i, '')
        .replace(/\s+/g, ' ')
        .replace(/\s+([?.!])$/, '$1')
        .trim();
      const fromMedia = media.map((m) =>
        search(draft, `{{ step_${m}.result.text }} ${question}`, topK, 'Search the corpus for what the media talks about', [m]),
      );
      const direct =
        draft.add({ type: 'vector_search', parameters: { query: question, top_k: topK }, dependencies: [], why: 'Search with the question itself' }) ??
        draft.add({ type: 'keyword_search', parameters: { query: question, top_k: topK }, dependencies: [], why: 'Search with the question itself' });
      const lists = ids(...fromMedia, direct);
      const fused =
        lists.length < 2
          ? lists[0]
          : draft.add({
              type: 'aggregate',
              parameters: { input_steps: lists, method: 'rank_fusion', top_k: topK },
              dependencies: lists,
              why: 'Fuse what the media led to with the direct search',
            });
      answer(draft, `Answer from the media and the retrieved passages, citing sources. Task: ${question}`, ids(...media, fused), 'Compose the answer');
      break;
    }
    case 'lookup': {
      const found = retrieve(draft, task, topK, 'Search for the task');
      const ranked = rerank(draft, found, task, topK, 'Re-score the candidates against the whole task');
      // A summary reads twice the passages an answer reads: each side of the topic has its own. A
      // question asking for several things does not: four more passages let a near miss ("What
      // museums opened in Marseille in 2014?") reach Lyon's museums through Lyon's mention of Marseille.
      const wide = asksForSummary(task);
      answer(draft, `Answer from the sources, citing them. Question: ${task}`, ids(ranked ?? found), 'Compose the answer', wide ? 8 : undefined);
      break;
    }
  }
  const built = draft.build();
  if (built.plan.length === 0) {
    throw new PlanningFailedError(
      `this ${reading.kind.replace('_', '-')} task needs one of these step types, and the request allows none: ${starters(reading).join(', ')}`,
    );
  }
  return built;
}
