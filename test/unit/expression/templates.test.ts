import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../../../functions/core/errors.js';
import type { StepView } from '../../../functions/core/expression/expression.js';
import { hasPlaceholders, parameterReferences, renderParameters, renderTemplate, templateReferences } from '../../../functions/core/expression/templates.js';

const scope = new Map<number, StepView>([
  [
    1,
    {
      status: 'succeeded',
      skipped: false,
      result: {
        documents: [
          { id: 'd1', title: 'Inception', text: 'A film.', score: 2.1, rank: 1, modality: 'text' },
          { id: 'd2', text: 'Untitled.', score: 1.2, rank: 2, modality: 'text' },
        ],
        entities: ['Christopher Nolan', 'Emma Thomas'],
        count: 2,
        ok: true,
        nothing: null,
        meta: { lang: 'en' },
      },
    },
  ],
]);

describe('Function: renderTemplate', () => {
  it('fills a placeholder from an earlier result', () => {
    // Act
    const text = renderTemplate('director of {{ step_1.result.documents[0].title }}', scope);

    // Assess
    expect(text).toBe('director of Inception');
  });

  it('formats lists, documents, numbers, booleans, null and objects', () => {
    // Act & Assess
    expect(renderTemplate('{{step_1.result.entities}}', scope)).toBe('Christopher Nolan, Emma Thomas');
    expect(renderTemplate('films: {{ step_1.result.documents }}', scope)).toBe('films: Inception, d2');
    expect(renderTemplate('{{ step_1.result.count }} / {{ step_1.result.ok }}', scope)).toBe('2 / true');
    expect(renderTemplate('[{{ step_1.result.nothing }}]', scope)).toBe('[]');
    expect(renderTemplate('{{ step_1.result.meta }}', scope)).toBe('{"lang":"en"}');
  });

  it('leaves text without placeholders untouched, braces and all', () => {
    // Act & Assess
    expect(renderTemplate('plain { text } here', scope)).toBe('plain { text } here');
  });

  it('does not close a placeholder on "}}" inside a quoted string', () => {
    // Act & Assess
    expect(renderTemplate("{{ 'a}}b' in 'xa}}by' }}", scope)).toBe('true');
  });

  it('fills several placeholders in one string', () => {
    // Act & Assess
    expect(renderTemplate('{{ step_1.result.entities[0] }} and {{ step_1.result.entities[1] }}', scope)).toBe('Christopher Nolan and Emma Thomas');
  });

  it.each([
    ['director of {{ step_1.result', /column 13: placeholder '\{\{' is not closed/],
    ['x {{ }}', /column 3: in placeholder \{\{ \}\}: column 1: expression is empty/],
    ['{{ step_1.constructor }}', /property 'constructor' is not accessible/],
    ['{{ foo }}', /unknown identifier 'foo'/],
  ])('rejects a bad placeholder in %j', (template, message) => {
    // Act & Assess
    expect(() => renderTemplate(template, scope)).toThrow(ExpressionError);
    expect(() => renderTemplate(template, scope)).toThrow(message);
  });

  it('fails when a placeholder names a step that has not run', () => {
    // Act & Assess
    expect(() => renderTemplate('{{ step_2.result.x }}', scope)).toThrow(/step_2 is not available/);
  });
});

describe('Function: renderParameters', () => {
  it('renders strings at any depth and returns a new object', () => {
    // Prepare
    const params = {
      query: 'films by {{ step_1.result.entities[0] }}',
      top_k: 5,
      filters: { must_include: ['{{ step_1.result.documents[0].title }}', 'plain'] },
      flag: true,
    };

    // Act
    const rendered = renderParameters(params, scope);

    // Assess
    expect(rendered).toEqual({
      query: 'films by Christopher Nolan',
      top_k: 5,
      filters: { must_include: ['Inception', 'plain'] },
      flag: true,
    });
    expect(params.query).toBe('films by {{ step_1.result.entities[0] }}');
    expect(rendered.filters).not.toBe(params.filters);
  });

  it('keeps a "__proto__" key as data, not as a prototype', () => {
    // Prepare
    const params = JSON.parse('{"__proto__": {"polluted": "{{ step_1.result.count }}"}}') as Record<string, unknown>;

    // Act
    const rendered = renderParameters(params, scope);

    // Assess
    expect(Object.getPrototypeOf(rendered)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rendered, '__proto__')?.value).toEqual({ polluted: '2' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('Function: templateReferences', () => {
  it('lists the steps the placeholders read, sorted and deduplicated', () => {
    // Act & Assess
    expect(templateReferences('{{ step_3.result.x }} and {{ step_1.result.y }} or {{ step_3.status }}')).toEqual([1, 3]);
    expect(templateReferences('no placeholders')).toEqual([]);
  });

  it('throws on a bad placeholder', () => {
    // Act & Assess
    expect(() => templateReferences('{{ step_1.result. }}')).toThrow(ExpressionError);
  });

  it('finds references anywhere in a parameters object', () => {
    // Act & Assess
    expect(parameterReferences({ query: '{{ step_2.result.a }}', nested: { list: ['{{ step_1.result.b }}', 3] } })).toEqual([1, 2]);
    expect(hasPlaceholders('a {{ step_1.status }}')).toBe(true);
    expect(hasPlaceholders('a { b }')).toBe(false);
  });
});
