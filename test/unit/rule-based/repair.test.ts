import { describe, expect, it } from 'vitest';

import { repairPlan } from '../../../functions/adapters/llm/rule-based/repair.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import type { DecompositionPlan, StepType } from '../../../functions/core/types.js';
import { BASE_STEP_TYPES } from '../../support/plans.js';

const TASK = 'How high is Mount Everest?';
/** A fixed catalog, so that the table does not depend on which operators this build has. */
const allowed = BASE_STEP_TYPES;

const step = (id: unknown, type: string, parameters: Record<string, unknown>, dependencies: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  step_id: id,
  type,
  modality: 'text',
  parameters,
  dependencies,
  trace: { source: 'llm' },
  ...extra,
});
const wrap = (...steps: unknown[]) => ({ plan: steps, traceability: true });
const search = (id: unknown, deps: unknown[] = []) => step(id, 'keyword_search', { query: 'Everest height' }, deps);

/** Repairs `broken` as the planner would: the validator's errors of it, and its text as a model wrote it. */
function repairOf(broken: unknown, wrapText: (json: string) => string = (json) => `Here is my plan.\n\n\`\`\`json\n${json}\n\`\`\``) {
  const errors = validatePlan(broken, { allowedStepTypes: allowed }).errors;
  const outcome = repairPlan({ task: TASK, previousText: wrapText(JSON.stringify(broken, null, 2)), errors, allowedStepTypes: allowed });
  return { errors, outcome };
}

const BROKEN: Array<[string, unknown, string]> = [
  ['a dangling dependency', wrap(search(1), step(2, 'rerank', { input_step: 1 }, [1, 7])), 'step 7 does not exist'],
  ['a self dependency', wrap(search(1, [1])), 'step 1 depends on itself'],
  ['a two-step cycle', wrap(search(1, [2]), step(2, 'rerank', { input_step: 1 }, [1])), 'dependency cycle 1 -> 2 -> 1'],
  [
    'a three-step cycle',
    wrap(search(1, [3]), step(2, 'rerank', { input_step: 1 }, [1]), step(3, 'filter', { input_step: 2, min_score: 0.1 }, [2])),
    'dependency cycle 1 -> 3 -> 2 -> 1',
  ],
  [
    'duplicate ids',
    wrap(search(1), step(1, 'vector_search', { query: 'Everest' }), step(2, 'aggregate', { input_steps: [1], method: 'union' }, [1])),
    'duplicate step id 1',
  ],
  ['numeric string ids', wrap(search('1'), step('2', 'rerank', { input_step: 1 }, ['1'])), 'must be integer (got string)'],
  ['named string ids', wrap(search('s1'), step('s2', 'rerank', { input_step: 1 }, ['s1'])), 'must be integer (got string)'],
  ["the unknown type 'search'", wrap(step(1, 'search', { query: 'Everest' })), 'must be one of ['],
  [
    'audio_transcription with the text modality',
    wrap(step(1, 'audio_transcription', { file: 'guide.mp3' })),
    'must be audio for step type audio_transcription (got text)',
  ],
  [
    'image_captioning with the audio modality',
    wrap(step(1, 'image_captioning', { file: 'camp.png' }, [], { modality: 'audio' })),
    'must be image for step type image_captioning (got audio)',
  ],
  ['an unknown modality', wrap(step(1, 'keyword_search', { query: 'x' }, [], { modality: 'pdf' })), 'must be one of [text, image, audio, table, video]'],
  ['a search with no query', wrap(step(1, 'vector_search', {})), "must have required property 'query'"],
  [
    'an aggregate without input_steps or method',
    wrap(search(1), step(2, 'vector_search', { query: 'x' }), step(3, 'aggregate', {}, [1, 2])),
    "must have required property 'input_steps'",
  ],
  [
    'an aggregate with an unknown method',
    wrap(search(1), step(2, 'aggregate', { input_steps: [1], method: 'concat' }, [1])),
    'must be one of [union, intersection, rank_fusion]',
  ],
  [
    'an aggregate reading a step it does not depend on',
    wrap(search(1), search(2), step(3, 'aggregate', { input_steps: [1, 2], method: 'union' }, [1])),
    "step 2 is not in this step's dependencies [1]",
  ],
  [
    'a rerank whose input_step is not a dependency',
    wrap(search(1), step(2, 'vector_search', { query: 'x' }), step(3, 'rerank', { input_step: 1 }, [2])),
    "step 1 is not in this step's dependencies [2]",
  ],
  [
    'a filter with no criterion',
    wrap(search(1), step(2, 'filter', { input_step: 1 }, [1])),
    'must have at least one of the properties min_score, metadata, modality, max_results',
  ],
  ['an llm_call with no prompt', wrap(search(1), step(2, 'llm_call', { input_step: 1 }, [1])), "must have required property 'prompt'"],
  ['a conditional with no expression', wrap(search(1), step(2, 'conditional', {}, [1])), "must have required property 'expression'"],
  ['an unknown parameter key', wrap(step(1, 'keyword_search', { query: 'Everest', k: 5 })), "must NOT have additional property 'k'"],
  [
    'a condition on a step that is not upstream',
    wrap(search(1), step(2, 'keyword_search', { query: 'y' }, [1], { condition: 'step_3.result.count > 0' }), search(3)),
    'references step_3',
  ],
  ['a graph_query, which this request does not allow', wrap(step(1, 'graph_query', { related_to: 'Everest' })), 'step type graph_query is not allowed here'],
  ['steps under the key "steps"', { steps: [search(1)], traceability: true }, "must have required property 'plan'"],
  ['steps under the key "nodes" and no traceability', { nodes: [search(1)] }, "must have required property 'plan'"],
  [
    'a missing trace and traceability',
    { plan: [{ step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'x' }, dependencies: [] }] },
    "must have required property 'trace'",
  ],
  ['a bare array of steps', [search(1), step(2, 'rerank', { input_step: 1 }, [1])], 'must be object (got array)'],
];

describe('Function: repairPlan (rule-based)', () => {
  it.each(BROKEN)('repairs %s into a plan that validates', (_name, broken, expectedError) => {
    // Prepare
    const { errors, outcome } = repairOf(broken);

    // Act
    const result = validatePlan(outcome?.plan, { allowedStepTypes: allowed });

    // Assess: the broken plan really was invalid for the reason named, and the repair is valid.
    expect(errors.map((e) => e.message).join('\n')).toContain(expectedError);
    expect(outcome?.replanned).toBe(false);
    expect(outcome?.fixes.length).toBeGreaterThan(0);
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it('drops only the dangling dependency and keeps the rest of the step', () => {
    // Act
    const { outcome } = repairOf(wrap(search(1), step(2, 'rerank', { input_step: 1 }, [1, 7])));

    // Assess
    const plan = outcome!.plan as DecompositionPlan;
    expect(plan.plan[1]).toMatchObject({ step_id: 2, type: 'rerank', parameters: { input_step: 1 }, dependencies: [1] });
    expect(outcome!.fixes).toEqual(['step 2: dependencies [1,7] -> [1]']);
  });

  it('breaks a cycle by keeping only dependencies on earlier steps', () => {
    // Act
    const { outcome } = repairOf(wrap(search(1, [2]), step(2, 'rerank', { input_step: 1 }, [1])));

    // Assess
    const plan = outcome!.plan as DecompositionPlan;
    expect(plan.plan.map((s) => s.dependencies)).toEqual([[], [1]]);
  });

  it('renumbers a duplicate id to the next free one', () => {
    // Act
    const { outcome } = repairOf(
      wrap(search(1), step(1, 'vector_search', { query: 'Everest' }), step(2, 'aggregate', { input_steps: [1], method: 'union' }, [1])),
    );

    // Assess
    const plan = outcome!.plan as DecompositionPlan;
    expect(plan.plan.map((s) => s.step_id)).toEqual([1, 3, 2]);
    expect(outcome!.fixes).toEqual(['step_id 1 -> 3']);
  });

  it('turns string ids into numbers and lets dependencies follow the renamed ids', () => {
    // Act
    const numeric = repairOf(wrap(search('1'), step('2', 'rerank', { input_step: 1 }, ['1']))).outcome!;
    const named = repairOf(wrap(search('s1'), step('s2', 'rerank', { input_step: 1 }, ['s1']))).outcome!;

    // Assess
    for (const outcome of [numeric, named]) {
      const plan = outcome.plan as DecompositionPlan;
      expect(plan.plan.map((s) => [s.step_id, s.dependencies])).toEqual([
        [1, []],
        [2, [1]],
      ]);
    }
    expect(numeric.fixes).toEqual(['step_id "1" -> 1', 'step_id "2" -> 2', 'step 2: dependencies ["1"] -> [1]']);
    expect(named.fixes).toEqual(['step_id "s1" -> 1', 'step_id "s2" -> 2', 'step 2: dependencies ["s1"] -> [1]']);
  });

  it('maps the unknown type "search" to keyword_search and fills a missing query from the task', () => {
    // Act
    const typed = repairOf(wrap(step(1, 'search', { query: 'Everest' }))).outcome!;
    const queried = repairOf(wrap(step(1, 'vector_search', {}))).outcome!;

    // Assess
    expect((typed.plan as DecompositionPlan).plan[0]!.type).toBe('keyword_search');
    expect(typed.fixes).toEqual(['step 1: type "search" -> keyword_search']);
    expect((queried.plan as DecompositionPlan).plan[0]!.parameters).toEqual({ query: TASK });
  });

  it('sets the modality an audio step needs', () => {
    // Act
    const { outcome } = repairOf(wrap(step(1, 'audio_transcription', { file: 'guide.mp3' })));

    // Assess
    expect((outcome!.plan as DecompositionPlan).plan[0]!.modality).toBe('audio');
    expect(outcome!.fixes).toEqual(['step 1: modality set to audio']);
  });

  it('gives an aggregate its dependencies as inputs and the union method', () => {
    // Act
    const { outcome } = repairOf(wrap(search(1), step(2, 'vector_search', { query: 'x' }), step(3, 'aggregate', {}, [1, 2])));

    // Assess
    expect((outcome!.plan as DecompositionPlan).plan[2]!.parameters).toEqual({ input_steps: [1, 2], method: 'union' });
  });

  it('gives any type that requires input_steps its dependencies as inputs, as its schema says', () => {
    // Prepare: a dedupe step (allowed here) with no inputs named.
    const broken = wrap(search(1), step(2, 'vector_search', { query: 'x' }), step(3, 'dedupe', {}, [1, 2]));
    const options = { allowedStepTypes: [...allowed, 'dedupe' as StepType] };
    const errors = validatePlan(broken, options).errors;

    // Act
    const outcome = repairPlan({ task: TASK, previousText: JSON.stringify(broken), errors, ...options });

    // Assess
    expect(errors.map((e) => e.message)).toContain("must have required property 'input_steps'");
    expect((outcome!.plan as DecompositionPlan).plan[2]!.parameters).toEqual({ input_steps: [1, 2] });
    expect(validatePlan(outcome!.plan, options)).toEqual({ valid: true, errors: [] });
  });

  it('adds the rerank’s input step to its dependencies', () => {
    // Act
    const { outcome } = repairOf(wrap(search(1), step(2, 'vector_search', { query: 'x' }), step(3, 'rerank', { input_step: 1 }, [2])));

    // Assess
    expect((outcome!.plan as DecompositionPlan).plan[2]!.dependencies).toEqual([2, 1]);
    expect(outcome!.fixes).toEqual(['step 3: dependency on 1 added']);
  });

  it('removes the unknown parameter the schema named', () => {
    // Act
    const { outcome } = repairOf(wrap(step(1, 'keyword_search', { query: 'Everest', k: 5 })));

    // Assess
    expect((outcome!.plan as DecompositionPlan).plan[0]!.parameters).toEqual({ query: 'Everest' });
    expect(outcome!.fixes).toEqual(['step 1: removed unknown parameter k']);
  });

  it('renames "steps" to "plan" and wraps a bare array', () => {
    // Act
    const renamed = repairOf({ steps: [search(1)], traceability: true }).outcome!;
    const wrapped = repairOf([search(1)]).outcome!;

    // Assess
    expect(renamed.fixes).toEqual(['renamed "steps" to "plan"']);
    expect(wrapped.fixes).toEqual(['wrapped the step list in {plan, traceability}']);
    expect(wrapped.plan).toEqual({ plan: [search(1)], traceability: true });
  });

  it('reads a previous answer that was bare JSON, not fenced', () => {
    // Act
    const { outcome } = repairOf(wrap(search(1, [1])), (json) => json);

    // Assess
    expect(validatePlan(outcome!.plan).valid).toBe(true);
  });

  it('gives up (undefined) when the previous answer holds no plan', () => {
    // Act
    const noJson = repairPlan({ task: TASK, previousText: 'I cannot plan this.', errors: [], allowedStepTypes: allowed });
    const noSteps = repairPlan({ task: TASK, previousText: '{"plan": [1, "two"]}', errors: [], allowedStepTypes: allowed });
    const noPlanKey = repairPlan({ task: TASK, previousText: '{"answer": 42}', errors: [], allowedStepTypes: allowed });

    // Assess
    expect(noJson).toBeUndefined();
    expect(noSteps).toBeUndefined();
    expect(noPlanKey).toBeUndefined();
  });

  it('maps an unknown type to the nearest allowed one when the request allows few', () => {
    // Act
    const outcome = repairPlan({
      task: TASK,
      previousText: JSON.stringify(wrap(step(1, 'vector_serch', { query: 'x' }))),
      errors: [],
      allowedStepTypes: ['vector_search', 'llm_call'],
    });

    // Assess
    expect((outcome!.plan as DecompositionPlan).plan[0]!.type).toBe('vector_search');
  });

  it('repairs a parameter template that reads a step that is not a dependency', () => {
    // Prepare
    const broken = wrap(
      search(1),
      step(2, 'llm_call', { prompt: 'Name the entity' }, [1]),
      step(3, 'keyword_search', { query: '{{ step_2.result.text }} height' }, [1]),
    );

    // Act
    const { errors, outcome } = repairOf(broken);

    // Assess
    expect(errors[0]!.message).toContain('references step_2');
    expect(validatePlan(outcome?.plan).valid).toBe(true);
    expect((outcome!.plan as DecompositionPlan).plan[2]!.dependencies).toEqual([1, 2]);
    expect(outcome!.fixes).toContain('step 3: dependency on 2 added');
  });
});
