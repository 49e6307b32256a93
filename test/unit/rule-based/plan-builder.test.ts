import { describe, expect, it } from 'vitest';

import { type BuildOptions, buildPlan } from '../../../functions/adapters/llm/rule-based/plan-builder.js';
import { readTask } from '../../../functions/adapters/llm/rule-based/reading.js';
import { PlanningFailedError } from '../../../functions/core/errors.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { DecompositionPlan, DecompositionStep, StepType } from '../../../functions/core/types.js';
import { BASE_STEP_TYPES } from '../../support/plans.js';

const options: BuildOptions = { allowedStepTypes: EXECUTABLE_STEP_TYPES, maxSteps: 20, topK: 10 };
const TASKS = {
  comparison: 'Compare Mount Everest and K2 on elevation',
  bridge: 'What is the nationality of the director of Inception?',
  conditional: 'When K2 is in Pakistan, describe the Karakoram; otherwise describe the Himalayas.',
  conditionalNoElse: 'If the Nile flows into the Mediterranean Sea, list the cities on its delta.',
  top_n: 'List the top 3 highest mountains',
  multimodalAudio: 'What does the guide say in interview.mp3 about the icefall?',
  multimodalImage: 'Describe the photo basecamp.jpg',
  multimodalBoth: 'Compare what sherpa.mp3 says with what basecamp.png shows',
  lookup: 'Everest height',
} as const;

function plan(task: string, buildOptions: BuildOptions = options): DecompositionPlan {
  return buildPlan(readTask(task), buildOptions);
}

function stepOf(p: DecompositionPlan, id: number): DecompositionStep {
  const found = p.plan.find((s) => s.step_id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
}

/** Every step `id` depends on, directly or transitively. */
function ancestorsOf(p: DecompositionPlan, id: number): Set<number> {
  const out = new Set<number>();
  const visit = (current: number): void => {
    for (const dep of stepOf(p, current).dependencies) {
      if (out.has(dep)) continue;
      out.add(dep);
      visit(dep);
    }
  };
  visit(id);
  return out;
}

const shape = (p: DecompositionPlan): string[] => p.plan.map((s) => `${s.step_id}:${s.type}[${s.dependencies.join(',')}]`);

describe('Function: buildPlan', () => {
  describe('every plan validates', () => {
    it.each(Object.entries(TASKS))('builds a valid plan for the %s task', (_kind, task) => {
      // Act
      const built = plan(task);

      // Assess
      expect(validatePlan(built, { allowedStepTypes: EXECUTABLE_STEP_TYPES, maxSteps: 20 })).toEqual({ valid: true, errors: [] });
      expect(built.traceability).toBe(true);
      for (const s of built.plan) expect(s.trace).toEqual({ source: 'rule-based', explanation: expect.any(String), step: s.type });
      expect(built.plan.map((s) => s.step_id)).toEqual(built.plan.map((_, i) => i + 1));
    });

    it('keeps every plan valid under any allowed subset that holds keyword_search, and under a small step limit', () => {
      // Prepare: every subset of the types the planner writes that holds its base search.
      const types: StepType[] = [...BASE_STEP_TYPES, 'multi-hop'];
      const invalid: string[] = [];

      // Act
      for (const [kind, task] of Object.entries(TASKS)) {
        const reading = readTask(task);
        for (let mask = 1; mask < 1 << types.length; mask++) {
          const allowed = types.filter((_, i) => mask & (1 << i));
          if (!allowed.includes('keyword_search')) continue;
          for (const maxSteps of [20, 3]) {
            const built = buildPlan(reading, { allowedStepTypes: allowed, maxSteps, topK: 5 });
            const result = validatePlan(built, { allowedStepTypes: allowed, maxSteps });
            if (!result.valid) invalid.push(`${kind} [${allowed.join(',')}] max ${maxSteps}: ${result.errors[0]!.message}`);
          }
        }
      }

      // Assess
      expect(invalid).toEqual([]);
    });

    it('plans a conditional task when vector_search is the only search allowed', () => {
      // Act
      const built = plan(TASKS.conditional, { allowedStepTypes: ['vector_search', 'conditional', 'llm_call'], maxSteps: 20, topK: 5 });

      // Assess
      expect(validatePlan(built).valid).toBe(true);
      expect(shape(built)).toEqual(['1:vector_search[]', '2:conditional[1]', '3:vector_search[2]', '4:vector_search[2]', '5:llm_call[3,4,1]']);
    });

    it('plans a multimodal task when only keyword_search is allowed', () => {
      // Act
      const built = plan(TASKS.multimodalAudio, { allowedStepTypes: ['keyword_search'], maxSteps: 20, topK: 5 });

      // Assess
      expect(validatePlan(built).valid).toBe(true);
      expect(shape(built)).toEqual(['1:keyword_search[]']);
    });

    it('under any allowed subset, builds a valid non-empty plan or fails in one line naming the step types the task needs', () => {
      // Prepare
      const types: StepType[] = [...BASE_STEP_TYPES, 'multi-hop'];
      const problems: string[] = [];

      // Act
      for (const [kind, task] of Object.entries(TASKS)) {
        const reading = readTask(task);
        for (let mask = 1; mask < 1 << types.length; mask++) {
          const allowed = types.filter((_, i) => mask & (1 << i));
          try {
            const built = buildPlan(reading, { allowedStepTypes: allowed, maxSteps: 20, topK: 5 });
            const result = validatePlan(built, { allowedStepTypes: allowed, maxSteps: 20 });
            if (!result.valid || built.plan.length === 0) problems.push(`${kind} [${allowed.join(',')}]: ${result.errors[0]?.message ?? 'empty'}`);
          } catch (error) {
            const message = (error as Error).message;
            const needed = /needs one of these step types, and the request allows none: (.+)$/.exec(message)?.[1]?.split(', ') ?? [];
            const startable = needed.length === 0 || needed.some((t) => allowed.includes(t as StepType));
            if (!(error instanceof PlanningFailedError) || message.includes('\n') || startable) {
              problems.push(`${kind} [${allowed.join(',')}] threw: ${message}`);
            }
          }
        }
      }

      // Assess
      expect(problems).toEqual([]);
    });

    it('names the step types a task needs when the request allows none of them', () => {
      // Act
      const attempt = () => plan(TASKS.comparison, { allowedStepTypes: ['rerank', 'llm_call'], maxSteps: 20, topK: 5 });

      // Assess
      expect(attempt).toThrow(PlanningFailedError);
      expect(attempt).toThrow('this comparison task needs one of these step types, and the request allows none: keyword_search, vector_search');
    });
  });

  describe('comparison', () => {
    it('retrieves each side in its own branch, with no dependency between the branches', () => {
      // Act
      const built = plan(TASKS.comparison);

      // Assess
      expect(shape(built)).toEqual([
        '1:keyword_search[]',
        '2:vector_search[]',
        '3:aggregate[1,2]',
        '4:keyword_search[]',
        '5:vector_search[]',
        '6:aggregate[4,5]',
        '7:keyword_search[]',
        '8:vector_search[]',
        '9:aggregate[7,8]',
        '10:aggregate[3,6,9]',
        '11:rerank[10]',
        '12:llm_call[3,6,11]',
      ]);
      expect(stepOf(built, 1).parameters).toEqual({ query: 'Mount Everest elevation', top_k: 10 });
      expect(stepOf(built, 4).parameters).toEqual({ query: 'K2 elevation', top_k: 10 });
      expect(stepOf(built, 3).parameters).toEqual({ input_steps: [1, 2], method: 'rank_fusion', top_k: 10 });
      // The two branches are independent: neither is upstream of the other.
      const left = new Set([3, ...ancestorsOf(built, 3)]);
      const right = new Set([6, ...ancestorsOf(built, 6)]);
      expect([...left].filter((id) => right.has(id))).toEqual([]);
      // The whole question is searched as a third branch and fused with the two sides.
      expect(stepOf(built, 7).parameters).toEqual({ query: TASKS.comparison, top_k: 10 });
      expect(stepOf(built, 10).parameters).toEqual({ input_steps: [3, 6, 9], method: 'union' });
      expect(stepOf(built, 11).parameters).toEqual({ input_step: 10, query: TASKS.comparison, top_k: 10 });
      expect(stepOf(built, 12)).toMatchObject({ on_dependency_skipped: 'continue', parameters: { input_steps: [3, 6, 11] } });
      expect(stepOf(built, 12).parameters.prompt).toBe(
        `Compare Mount Everest and K2 on elevation, citing a source for each side. Question: ${TASKS.comparison}`,
      );
    });

    it("searches each side without the comparative, which says which side wins and no side's passage says", () => {
      // Act
      const age = plan('Who is younger, Kari Lind or Jean Compo?');
      const release = plan('Which film was released earlier, Fast Lane or The Long Night?');

      // Assess
      expect([stepOf(age, 1).parameters.query, stepOf(age, 4).parameters.query]).toEqual(['Kari Lind', 'Jean Compo']);
      expect([stepOf(release, 1).parameters.query, stepOf(release, 4).parameters.query]).toEqual(['Fast Lane film released', 'Long Night film released']);
      expect(stepOf(age, 12).parameters.prompt).toContain('on younger');
    });
  });

  describe('bridge', () => {
    it('makes the second hop (multi-hop over the entity graph) depend on the first hop', () => {
      // Act
      const built = plan(TASKS.bridge);

      // Assess
      expect(shape(built)).toEqual(['1:keyword_search[]', '2:vector_search[]', '3:aggregate[1,2]', '4:multi-hop[3]', '5:llm_call[3,4]']);
      expect(stepOf(built, 1).parameters).toEqual({ query: TASKS.bridge, top_k: 10 });
      expect(stepOf(built, 4).parameters).toEqual({ input_step: 3, hops: 1, query: TASKS.bridge, top_k: 10 });
      expect(ancestorsOf(built, 4)).toEqual(new Set([1, 2, 3]));
      expect(stepOf(built, 5)).toMatchObject({ parameters: { input_steps: [3, 4] }, on_dependency_skipped: 'continue' });
    });

    it('answers from the first hop alone when multi-hop is not allowed', () => {
      // Act
      const built = plan(TASKS.bridge, { ...options, allowedStepTypes: BASE_STEP_TYPES });

      // Assess
      expect(shape(built)).toEqual(['1:keyword_search[]', '2:vector_search[]', '3:aggregate[1,2]', '4:llm_call[3]']);
    });
  });

  describe('conditional', () => {
    it('gates two branches on a conditional step and merges whichever ran', () => {
      // Act
      const built = plan(TASKS.conditional);

      // Assess
      expect(shape(built)).toEqual([
        '1:keyword_search[]',
        '2:conditional[1]',
        '3:keyword_search[2]',
        '4:keyword_search[2]',
        '5:aggregate[3,4]',
        '6:llm_call[5,1]',
      ]);
      expect(stepOf(built, 1).parameters).toEqual({ query: 'K2 is in Pakistan', top_k: 10 });
      expect(stepOf(built, 2).parameters).toEqual({ expression: 'step_1.result.count > 0 and step_1.result.supported == True' });
      expect(stepOf(built, 3)).toMatchObject({ condition: "step_2.result['run'] == True", parameters: { query: 'describe the Karakoram' } });
      expect(stepOf(built, 4)).toMatchObject({ condition: "step_2.result['run'] == False", parameters: { query: 'describe the Himalayas' } });
      expect(stepOf(built, 5)).toMatchObject({ on_dependency_skipped: 'continue', parameters: { input_steps: [3, 4], method: 'union' } });
    });

    it('has a single gated branch when there is no otherwise-clause', () => {
      // Act
      const built = plan(TASKS.conditionalNoElse);

      // Assess
      expect(shape(built)).toEqual(['1:keyword_search[]', '2:conditional[1]', '3:keyword_search[2]', '4:llm_call[3,1]']);
      expect(stepOf(built, 3).condition).toBe("step_2.result['run'] == True");
    });
  });

  describe('top_n', () => {
    it('gathers a pool three times N, reranks it and keeps the best 2N passages (items stand several to a passage)', () => {
      // Act
      const built = plan(TASKS.top_n, { ...options, topK: 5 });

      // Assess
      expect(shape(built)).toEqual(['1:keyword_search[]', '2:vector_search[]', '3:aggregate[1,2]', '4:rerank[3]', '5:filter[4]', '6:llm_call[5]']);
      expect(stepOf(built, 1).parameters).toEqual({ query: 'List the highest mountains', top_k: 9 });
      expect(stepOf(built, 4).parameters).toEqual({ input_step: 3, query: 'List the highest mountains', top_k: 9 });
      expect(stepOf(built, 5).parameters).toEqual({ input_step: 4, max_results: 6 });
      // The answer reads every passage kept: three items may stand in six passages.
      expect(stepOf(built, 6).parameters).toMatchObject({ input_step: 5, documents_per_input: 6 });
    });
  });

  describe('lookup', () => {
    it("reads twice the passages for a summary, the step's own number otherwise", () => {
      // Act
      const many = plan('Which cities are on the Amber coast?');
      const summary = plan('Summarise public transport in Essin');
      const one = plan('What is the population of Essin?');
      const last = (p: DecompositionPlan) => p.plan[p.plan.length - 1]!;

      // Assess
      expect(last(summary).type).toBe('llm_call');
      expect(last(summary).parameters).toMatchObject({ documents_per_input: 8 });
      expect(last(many).parameters).not.toHaveProperty('documents_per_input');
      expect(last(one).parameters).not.toHaveProperty('documents_per_input');
    });
  });

  describe('multimodal', () => {
    it('transcribes the audio first and searches with its text, beside a direct search', () => {
      // Act
      const built = plan(TASKS.multimodalAudio);

      // Assess
      expect(shape(built)).toEqual(['1:audio_transcription[]', '2:keyword_search[1]', '3:vector_search[]', '4:aggregate[2,3]', '5:llm_call[1,4]']);
      expect(stepOf(built, 1)).toMatchObject({ modality: 'audio', parameters: { file: 'interview.mp3' } });
      expect(String(stepOf(built, 2).parameters.query).startsWith('{{ step_1.result.text }} ')).toBe(true);
      expect(String(stepOf(built, 3).parameters.query)).not.toContain('interview.mp3');
    });

    it('captions an image with the image modality, and handles audio and image together', () => {
      // Act
      const image = plan(TASKS.multimodalImage);
      const both = plan(TASKS.multimodalBoth);

      // Assess
      expect(stepOf(image, 1)).toMatchObject({ type: 'image_captioning', modality: 'image', parameters: { file: 'basecamp.jpg' } });
      expect(shape(both)).toEqual([
        '1:audio_transcription[]',
        '2:image_captioning[]',
        '3:keyword_search[1]',
        '4:keyword_search[2]',
        '5:vector_search[]',
        '6:aggregate[3,4,5]',
        '7:llm_call[1,2,6]',
      ]);
    });

    // Reported: a table file (.csv) is sent to image_captioning with modality image.
    it('does not caption a .csv table as an image', () => {
      // Act
      const built = plan('What is the highest peak in peaks.csv?');

      // Assess
      expect(built.plan.map((s) => s.type)).not.toContain('image_captioning');
    });
  });

  describe('lookup', () => {
    it('searches two ways, fuses, reranks and answers', () => {
      // Act
      const built = plan(TASKS.lookup);

      // Assess
      expect(shape(built)).toEqual(['1:keyword_search[]', '2:vector_search[]', '3:aggregate[1,2]', '4:rerank[3]', '5:llm_call[4]']);
      expect(stepOf(built, 5).parameters).toEqual({ prompt: 'Answer from the sources, citing them. Question: Everest height', input_step: 4 });
    });
  });

  describe('allowed step types and limits', () => {
    it('falls back to the keyword search alone when vectors and aggregates are not allowed', () => {
      // Act
      const built = plan(TASKS.comparison, { allowedStepTypes: ['keyword_search', 'llm_call'], maxSteps: 20, topK: 4 });

      // Assess
      expect(shape(built)).toEqual(['1:keyword_search[]', '2:keyword_search[]', '3:llm_call[1,2]']);
    });

    it('never uses a type the request does not allow', () => {
      // Prepare
      const allowed: StepType[] = ['vector_search', 'rerank'];

      // Act
      const used = new Set(Object.values(TASKS).flatMap((task) => plan(task, { allowedStepTypes: allowed, maxSteps: 20, topK: 3 }).plan.map((s) => s.type)));

      // Assess
      expect([...used].sort()).toEqual(['rerank', 'vector_search']);
    });

    it('cuts the plan to the step limit without leaving a dangling dependency', () => {
      // Act
      const built = plan(TASKS.comparison, { ...options, maxSteps: 5 });

      // Assess
      expect(shape(built)).toEqual(['1:keyword_search[]', '2:vector_search[]', '3:aggregate[1,2]', '4:keyword_search[]', '5:vector_search[]']);
      expect(validatePlan(built, { maxSteps: 5 }).valid).toBe(true);
    });
  });
});
