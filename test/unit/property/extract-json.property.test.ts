/** Properties of pulling JSON out of a model's text: it fails only with its own error, and finds an object set in prose. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractJson, JsonExtractionError } from '../../../functions/core/planner/extract-json.js';

/** Prose without braces or backticks, as a model writes around its JSON. */
const prose = fc.string({ maxLength: 80 }).map((text) => text.replace(/[{}`[\]"]/g, ' '));

describe('Property: extractJson', () => {
  it('throws nothing but JsonExtractionError on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        try {
          extractJson(text);
        } catch (error) {
          expect(error).toBeInstanceOf(JsonExtractionError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('throws nothing but JsonExtractionError on text made of JSON fragments', () => {
    const fragment = fc.constantFrom('{', '}', '[', ']', '"', '\\', ':', ',', '```json\n', '```', '\n', '"plan"', '1', 'null', ' ');
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 60 }), (parts) => {
        try {
          extractJson(parts.join(''));
        } catch (error) {
          expect(error).toBeInstanceOf(JsonExtractionError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('finds an object set in prose, bare or fenced', () => {
    const object = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 4 });
    fc.assert(
      fc.property(prose, object, prose, fc.boolean(), (before, value, after, fenced) => {
        const json = JSON.stringify(value);
        const text = fenced ? `${before}\n\`\`\`json\n${json}\n\`\`\`\n${after}` : `${before} ${json} ${after}`;
        expect(extractJson(text).value).toEqual(JSON.parse(json));
      }),
      { numRuns: 1000 },
    );
  });
});
