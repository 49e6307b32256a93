import { describe, expect, it } from 'vitest';
import { stepParameterSchemas } from '../../../functions/core/plan/schemas.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { normalizePlan } from '../../../functions/core/planner/plan-format.js';
import { catalogText } from '../../../functions/core/planner/prompts.js';
import { shapeOf, shownTypes, simpleEnough, stepSignature, type TaskShape, taskShape } from '../../../functions/core/planner/sizing.js';
import { SHIPPED_EXAMPLES } from '../../../functions/core/planner/templates/examples.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import { catalog } from '../../support/planner.js';

describe('Function: taskShape', () => {
  it.each([
    ['Compare the populations of Lyon and Marseille', 'comparison'],
    ['Are Christopher Nolan and Sathish Kalathil both film directors?', 'comparison'],
    ['Which is older, the Rhône or the Saône?', 'comparison'],
    ['Which river flows through the city where the Lumière brothers patented the cinematograph?', 'bridge'],
    ['If the corpus mentions a tram network in Lyon, summarize public transport in Lyon, otherwise describe the museums of Lyon', 'conditional'],
    ['If Gallu is a demon Lilu is what?', 'bridge'],
    ['What are the top 3 sources of electricity in France?', 'top_n'],
    ['What does the deputy mayor say about cycling in interview-lyon-mobility.mp3?', 'multimodal'],
    ['Describe the diagram in this image', 'multimodal'],
    ['Which video game was released first?', 'lookup'],
    ['What is a bouchon?', 'lookup'],
  ])('reads "%s" as %s', (task, shape) => {
    // Act + Assess
    expect(taskShape(task)).toBe(shape);
  });

  it('takes the kind the analysis names over the reading of the task', () => {
    // Act + Assess
    expect(
      shapeOf('What is a bouchon?', {
        complexity: 'simple',
        requires_tools: false,
        requires_routing: false,
        suggested_step_types: [],
        key_entities: [],
        intent: 'x',
        task_kind: 'top_n',
      }),
    ).toBe('top_n');
    expect(
      shapeOf('What is a bouchon?', {
        complexity: 'simple',
        requires_tools: false,
        requires_routing: false,
        suggested_step_types: [],
        key_entities: [],
        intent: 'x',
        task_kind: 'odd',
      }),
    ).toBe('lookup');
  });
});

describe('Function: shownTypes', () => {
  it('spells out the shape’s types, the ones the analysis suggests and tool_call when tools are offered, in the allowed order, never one not allowed', () => {
    // Act
    const conditional = shownTypes('conditional', EXECUTABLE_STEP_TYPES, undefined, false);
    const suggested = shownTypes(
      'lookup',
      EXECUTABLE_STEP_TYPES,
      { complexity: 'simple', requires_tools: false, requires_routing: false, suggested_step_types: ['dedupe'], key_entities: [], intent: 'x' },
      true,
    );
    const narrow = shownTypes('multimodal', ['keyword_search', 'llm_call'], undefined, false);

    // Assess
    expect(conditional).toEqual(['vector_search', 'keyword_search', 'multi-hop', 'rerank', 'aggregate', 'conditional', 'llm_call']);
    // A lookup has no second hop: multi-hop is named in the prompt, not spelled out.
    expect(suggested).toEqual(['vector_search', 'keyword_search', 'rerank', 'aggregate', 'dedupe', 'llm_call', 'tool_call']);
    expect(narrow).toEqual(['keyword_search', 'llm_call']);
  });
});

describe('Function: stepSignature', () => {
  it('names the required parameters first, the values of a required enum, and marks the optional ones', () => {
    // Act + Assess
    expect(stepSignature('aggregate', stepParameterSchemas.aggregate)).toBe('aggregate {input_steps, method: union|intersection|rank_fusion, top_k?}');
    expect(stepSignature('audio_transcription', stepParameterSchemas.audio_transcription)).toBe('audio_transcription {file?, document_id?}');
  });

  it('is what the catalog text lists, the other allowed types named after it', () => {
    // Act
    const text = catalogText(catalog, ['keyword_search', 'llm_call'], ['keyword_search', 'rerank', 'llm_call']);

    // Assess
    expect(text).toBe(
      'Step types and parameters (? optional):\nkeyword_search {query, top_k?, modality?, metadata?}\nllm_call {prompt, input_step?, input_steps?, documents_per_input?, max_tokens?}\nAlso allowed: rerank',
    );
  });
});

describe('Function: simpleEnough', () => {
  it.each([
    ['What is a bouchon?', undefined, true],
    ['What do E. B. White and Dan Masterson have in common?', undefined, true],
    ['Jon L. Luther was the chairman of a company headquartered in what city?', undefined, true],
    ['The director Armando Iannucci has an OBE. Does the director Puneet Sira also have one?', undefined, true],
    ['Read the report. Then list its findings. Then compare them with last year.', undefined, false],
    ['What is a bouchon?', 'The user is planning a trip to Lyon.', false],
    [`What is ${'very '.repeat(100)}long?`, undefined, false],
    ['List the rivers\nand the lakes of Lyon', undefined, false],
  ])('judges "%s" (context %s): %s', (task, context, simple) => {
    // Act + Assess
    expect(simpleEnough(task, context)).toBe(simple);
  });
});

describe('Shipped examples', () => {
  it.each(Object.keys(SHIPPED_EXAMPLES) as TaskShape[])('holds a valid %s plan once normalized', (shape) => {
    // Act
    const result = validatePlan(normalizePlan({ plan: SHIPPED_EXAMPLES[shape].plan, traceability: true }, 'example'), {
      allowedStepTypes: EXECUTABLE_STEP_TYPES,
    });

    // Assess
    expect(result).toEqual({ valid: true, errors: [] });
  });
});
