import { describe, expect, it } from 'vitest';

import { extractJson, JsonExtractionError } from '../../../functions/core/planner/extract-json.js';

const PLAN = { plan: [{ step_id: 1, type: 'keyword_search', parameters: { query: 'Everest' } }], traceability: true };
const PLAN_TEXT = JSON.stringify(PLAN, null, 2);

/** The error extractJson throws for `text`, or a failure when it throws nothing. */
function extractionError(text: string): JsonExtractionError {
  try {
    extractJson(text);
  } catch (error) {
    if (error instanceof JsonExtractionError) return error;
    throw error;
  }
  throw new Error(`expected a JsonExtractionError for ${JSON.stringify(text)}`);
}

describe('Function: extractJson', () => {
  describe('the cases of seed 000', () => {
    it('reads clean JSON as the whole text, with no reasoning', () => {
      // Act
      const out = extractJson(`  ${PLAN_TEXT}\n`);

      // Assess
      expect(out).toEqual({ value: PLAN, reasoning: '', method: 'whole-text' });
    });

    it('reads a fenced ```json block that is the whole answer', () => {
      // Prepare
      const text = `\`\`\`json\n${PLAN_TEXT}\n\`\`\``;

      // Act
      const out = extractJson(text);

      // Assess
      expect(out).toEqual({ value: PLAN, reasoning: '', method: 'fenced-block' });
    });

    it('reads a fenced block among reasoning and keeps the reasoning apart', () => {
      // Prepare
      const text = `Here's the plan for your task:\n\n\`\`\`json\n${PLAN_TEXT}\n\`\`\`\n\nThis plan uses one search.`;

      // Act
      const out = extractJson(text);

      // Assess
      expect(out.value).toEqual(PLAN);
      expect(out.method).toBe('fenced-block');
      expect(out.reasoning).toBe("Here's the plan for your task:\n\nThis plan uses one search.");
    });

    it('finds the object holding `plan` in prose with no fence (pattern matching)', () => {
      // Prepare
      const text = `I searched once. ${JSON.stringify(PLAN)} That is all.`;

      // Act
      const out = extractJson(text);

      // Assess
      expect(out.value).toEqual(PLAN);
      expect(out.method).toBe('object-with-key');
      expect(out.reasoning).toBe('I searched once.  That is all.');
    });
  });

  it('accepts a fence with no language tag and one closed on the last JSON line', () => {
    // Act
    const bare = extractJson('```\n{"plan": 3}\n```');
    const tight = extractJson('```json\n{"plan": 1}```');

    // Assess
    expect(bare).toEqual({ value: { plan: 3 }, reasoning: '', method: 'fenced-block' });
    expect(tight).toEqual({ value: { plan: 1 }, reasoning: '', method: 'fenced-block' });
  });

  it('skips a fenced block that does not parse and finds the plan object after it', () => {
    // Prepare
    const text = '```json\nnot json at all\n```\nthen {"plan": 5}';

    // Act
    const out = extractJson(text);

    // Assess
    expect(out.value).toEqual({ plan: 5 });
    expect(out.method).toBe('object-with-key');
  });

  it('does not count braces inside strings, escaped quotes included', () => {
    // Prepare: the first object's strings hold "}{" and an escaped quote before a brace.
    const text = 'Note {"a": "}{", "b": "say \\"}\\" now"} and then {"plan": [{"query": "x { y"}]} done';

    // Act
    const out = extractJson(text);

    // Assess
    expect(out.value).toEqual({ plan: [{ query: 'x { y' }] });
    expect(out.method).toBe('object-with-key');
    expect(out.reasoning).toBe('Note {"a": "}{", "b": "say \\"}\\" now"} and then  done');
  });

  it('prefers the second of two objects when only the second holds `plan`', () => {
    // Prepare
    const text = 'First a note {"note": 1}, then the plan {"plan": 2, "traceability": true}.';

    // Act
    const out = extractJson(text);

    // Assess
    expect(out.value).toEqual({ plan: 2, traceability: true });
    expect(out.method).toBe('object-with-key');
    expect(out.reasoning).toBe('First a note {"note": 1}, then the plan .');
  });

  it('looks for the key it is given (the analysis uses `complexity`)', () => {
    // Prepare
    const text = 'Context {"plan": 1} and analysis {"complexity": "simple"}';

    // Act
    const out = extractJson(text, 'complexity');

    // Assess
    expect(out.value).toEqual({ complexity: 'simple' });
  });

  it('falls back to the first balanced object that parses when none holds the key', () => {
    // Prepare
    const text = 'Broken {"a": 1,} then {"steps": [1]} and {"other": 2}';

    // Act
    const out = extractJson(text);

    // Assess
    expect(out.value).toEqual({ steps: [1] });
    expect(out.method).toBe('balanced-brackets');
    expect(out.reasoning).toBe('Broken {"a": 1,} then  and {"other": 2}');
  });

  it('reads a fenced bare array (a step list without its wrapper)', () => {
    // Act
    const out = extractJson('```json\n[{"step_id": 1}]\n```');

    // Assess
    expect(out.value).toEqual([{ step_id: 1 }]);
    expect(out.method).toBe('fenced-block');
  });

  it('finds a bare array of objects among prose, as one value', () => {
    // Act
    const out = extractJson('The steps: [{"step_id": 1}, {"step_id": 2}] as asked.');

    // Assess
    expect(out.value).toEqual([{ step_id: 1 }, { step_id: 2 }]);
    expect(out.method).toBe('balanced-brackets');
    expect(out.reasoning).toBe('The steps:  as asked.');
  });

  it('ignores a bracket in prose that opens no object', () => {
    // Act
    const out = extractJson('As noted in [1] and [a], here it is: {"plan": {"steps": []}}');

    // Assess
    expect(out.value).toEqual({ plan: { steps: [] } });
    expect(out.method).toBe('object-with-key');
  });

  it('takes the first of two objects that both hold `plan`', () => {
    // Act
    const out = extractJson('{"plan": 1}\n{"plan": 2}');

    // Assess
    expect(out.value).toEqual({ plan: 1 });
    expect(out.reasoning).toBe('{"plan": 2}');
  });

  describe('errors', () => {
    it('says the response is empty for empty or blank text', () => {
      // Act
      const empty = extractionError('');
      const blank = extractionError(' \n\t ');

      // Assess
      expect(empty.name).toBe('JsonExtractionError');
      expect(empty.message).toBe('the response is empty');
      expect(blank.message).toBe('the response is empty');
    });

    it('says the object is not closed when the output was cut off', () => {
      // Prepare
      const truncated = `Here is the plan:\n${PLAN_TEXT.slice(0, 60)}`;
      const truncatedFence = '```json\n{"plan": [1, 2\n```';

      // Act
      const a = extractionError(truncated);
      const b = extractionError(truncatedFence);

      // Assess
      expect(a.message).toBe('the JSON object is not closed (truncated output?)');
      expect(b.message).toBe('the JSON object is not closed (truncated output?)');
    });

    it('says the response holds no JSON object for prose alone', () => {
      // Act
      const error = extractionError('I could not make a plan for this task.');

      // Assess
      expect(error.message).toBe('the response holds no JSON object');
    });

    it('names the parse error when the only balanced object is malformed', () => {
      // Act
      const error = extractionError('Answer: {"a": 1,} oops');

      // Assess
      expect(error.message).toMatch(/^the JSON in the response does not parse: /);
      expect(error.message).toContain('position 8');
    });
  });

  // A stray `{` in the prose opens a span that swallows the real object; the scan retries from
  // each later brace.
  it('finds the plan after an unbalanced brace in the prose', () => {
    // Act
    const out = extractJson('Sets open with { in math. {"plan": 1}');

    // Assess
    expect(out.value).toEqual({ plan: 1 });
  });

  it('reports truncation, not an inner object, when a plan is cut off after a complete step', () => {
    // Act / Assess
    expect(() => extractJson('{"plan": [{"step_id": 1, "type": "x"}, {"step_id": 2')).toThrow('the JSON object is not closed (truncated output?)');
  });
});
