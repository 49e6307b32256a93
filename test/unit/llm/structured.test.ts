import { describe, expect, it } from 'vitest';
import { structuredAnswerText } from '../../../functions/adapters/llm/structured/answer-text.js';
import { structuredName, structuredSchema } from '../../../functions/adapters/llm/structured/response-schema.js';
import { analysisSchema, planSchema } from '../../../functions/core/plan/schemas.js';
import { extractJson } from '../../../functions/core/planner/extract-json.js';

describe('Function: structuredSchema', () => {
  it('inlines $defs, drops document keywords and moves bounds into descriptions', () => {
    // Act
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON Schema
    const schema = structuredSchema(planSchema) as Record<string, any>;

    // Assess
    const step = schema.properties.plan.items;
    expect(step.required).toEqual(['step_id', 'type', 'modality', 'parameters', 'dependencies', 'trace']);
    expect(step.properties.dependencies).toEqual({
      type: 'array',
      items: { type: 'integer', description: '(minimum 1)' },
      description: 'Ids of the steps this step depends on; it runs after all of them. (items unique)',
    });
    expect(step.properties.condition.description).toMatch(/\(at least 1 character\(s\); at most 512 characters\)$/);
    for (const keyword of ['$defs', '$schema', '$id', '$ref']) expect(JSON.stringify(schema)).not.toContain(`"${keyword}"`);
  });

  it('puts an optional reasoning first and keeps the root closed', () => {
    // Act
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON Schema
    const schema = structuredSchema(analysisSchema) as Record<string, any>;

    // Assess
    expect(Object.keys(schema.properties)[0]).toBe('reasoning');
    expect(schema.required).not.toContain('reasoning');
    expect(schema.additionalProperties).toBe(false);
  });

  it('computes the copy once, and leaves the frozen original as it was', () => {
    // Act
    const first = structuredSchema(planSchema);
    const second = structuredSchema(planSchema);

    // Assess
    expect(second).toBe(first);
    expect(Object.isFrozen(planSchema)).toBe(true);
    expect((planSchema.properties as Record<string, unknown>).reasoning).toBeUndefined();
  });

  it('turns oneOf into anyOf and refuses a $ref it cannot inline', () => {
    // Act
    const reduced = structuredSchema({ title: 'X', type: 'object', properties: { a: { oneOf: [{ type: 'string' }, { type: 'integer' }] } } }) as {
      properties: Record<string, unknown>;
    };

    // Assess
    expect(reduced.properties.a).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(() => structuredSchema({ type: 'object', properties: { b: { $ref: 'other.json' } } })).toThrow('cannot inline $ref other.json');
  });
});

describe('Function: structuredName', () => {
  it.each([
    [planSchema, 'submit_decomposition_plan'],
    [analysisSchema, 'submit_task_analysis'],
    [{}, 'submit_answer'],
  ])('names the tool after the schema title', (schema, name) => {
    // Act + Assess
    expect(structuredName(schema)).toBe(name);
  });
});

describe('Function: structuredAnswerText', () => {
  it('writes the reasoning as prose and the rest as a fenced JSON block, which extraction splits again', () => {
    // Act
    const text = structuredAnswerText({ reasoning: 'Two searches.', plan: [], traceability: true }, 'Here it is.');
    const extracted = extractJson(text, 'plan');

    // Assess
    expect(extracted).toMatchObject({ value: { plan: [], traceability: true }, reasoning: 'Here it is.\n\nTwo searches.', method: 'fenced-block' });
  });

  it('unwraps a plan sent as a JSON string', () => {
    // Act
    const text = structuredAnswerText({ plan: '[{"step_id": 1}]', traceability: true });

    // Assess
    expect(extractJson(text).value).toEqual({ plan: [{ step_id: 1 }], traceability: true });
  });

  it('keeps a reasoning that is not a string in the JSON, for validation to report', () => {
    // Act
    const text = structuredAnswerText({ reasoning: 42, plan: [] });

    // Assess
    expect(extractJson(text).value).toEqual({ plan: [], reasoning: 42 });
  });
});
