import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../functions/core/executor/compare-runs.js';
import type { StepOutput } from '../../../functions/core/types.js';
import { stepOutput } from '../../support/plans.js';

const ranked = (id: number, ids: string[], score = 1): StepOutput =>
  stepOutput(id, 'keyword_search', { documents: ids.map((d, i) => ({ id: d, score: score - i / 10 })) });

describe('Function: compareRuns', () => {
  it('matches a step exactly when only its times differ', () => {
    const before = { ...stepOutput(1, 'llm_call', { text: 'Lyon', llm_call: { duration_ms: 3, input_tokens: 9 } }), durationMs: 5 };
    const after = { ...stepOutput(1, 'llm_call', { text: 'Lyon', llm_call: { duration_ms: 40, input_tokens: 9 } }), durationMs: 50 };
    expect(compareRuns([before], [after])).toEqual([{ step_id: 1, type: 'llm_call', match: 'exact' }]);
  });

  it('states the similarity of ranked lists that differ in their scores or a little in their order', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const [similar] = compareRuns([ranked(1, ids)], [ranked(1, ['b', 'a', 'c', 'd', 'e'], 0.9)]);
    expect(similar).toMatchObject({ match: 'similar', similarity: 1 });
    const [fourOfFive] = compareRuns([ranked(1, ids)], [ranked(1, ['a', 'b', 'c', 'd', 'z'])]);
    expect(fourOfFive).toMatchObject({ match: 'similar', similarity: 0.8, note: 'ranked list: 0.8 of the first 5 ids in both' });
    const [different] = compareRuns([ranked(1, ids)], [ranked(1, ['a', 'b', 'x', 'y', 'z'])]);
    expect(different).toMatchObject({ match: 'differs', similarity: 0.4 });
  });

  it('says how a step differs: its status, its result, or a step only one run has', () => {
    const out = compareRuns(
      [stepOutput(1, 'tool_call', { output: { value: 1 } }), stepOutput(2, 'tool_call', {}), stepOutput(3, 'tool_call', {})],
      [stepOutput(1, 'tool_call', { output: { value: 2 } }), stepOutput(2, 'tool_call', {}, 'skipped'), stepOutput(4, 'tool_call', {})],
    );
    expect(out.map((c) => [c.step_id, c.match, c.note])).toEqual([
      [1, 'differs', 'the result differs in output'],
      [2, 'differs', 'status succeeded then skipped'],
      [3, 'differs', 'not run in the replay'],
      [4, 'differs', 'not in the original run'],
    ]);
  });
});
