import { describe, expect, it } from 'vitest';

import { canonicalJson } from '../../../functions/core/canonical-json.js';
import { createDuplicateGuard, type DuplicateGuardLimits, type GuardRule, guardLimits } from '../../../functions/core/executor/duplicate-guard.js';

/** Each letter is one (tool, args) pair; the same letter, the same call. */
const CALLS: Record<string, { tool: string; args: Record<string, unknown> }> = {
  A: { tool: 'corpus.get', args: { id: 'lyon' } },
  B: { tool: 'corpus.get', args: { id: 'paris' } },
  C: { tool: 'corpus.search', args: { query: 'lyon', top_k: 3 } },
  D: { tool: 'corpus.search', args: { query: 'paris', top_k: 3 } },
  E: { tool: 'corpus.get', args: { id: 'marseille' } },
};

/** Runs a sequence of calls through one guard; the 1-based positions it blocks, with their rule. */
function blockedIn(sequence: string, limits: Partial<DuplicateGuardLimits> = {}): string[] {
  const guard = createDuplicateGuard(limits);
  const blocked: string[] = [];
  [...sequence].forEach((letter, i) => {
    const call = CALLS[letter]!;
    const verdict = guard.check(call.tool, call.args);
    if (verdict.blocked) blocked.push(`${i + 1}:${verdict.rule}`);
    else verdict.settle({ succeeded: true, output: { letter } });
  });
  return blocked;
}

describe('Function: createDuplicateGuard', () => {
  describe('the rules, as call sequences and the calls each blocks (default limits 3 / 8 / 4)', () => {
    it.each([
      ['A', []],
      ['AA', []],
      ['AAA', ['3:consecutive']],
      ['AAAA', ['3:consecutive', '4:consecutive']],
      ['AABA', []],
      // Not three in a row, but the fourth A within the window.
      ['AABAA', ['5:frequency']],
      ['AABAAB', ['5:frequency']],
      ['ABCABC', []],
      ['ABCDE', []],
      // Frequency: the fourth A within the last eight calls.
      ['ACADAEA', ['7:frequency']],
      ['ACADAEAB', ['7:frequency']],
      // The fourth A falls outside the window when the first has slid out of the last eight.
      ['ACDAEBCAEBA', []],
      // Alternation: A B A B, then the next repeat (A) is blocked, and the one after (B) too.
      ['ABAB', []],
      ['ABABA', ['5:alternation']],
      ['ABABAB', ['5:alternation', '6:alternation']],
      ['ABABC', []],
      // Three keys taking turns is no two-key alternation.
      ['ABCABCAB', []],
      // A broken alternation starts again.
      ['ABACAB', []],
    ])('%s blocks %j', (sequence, expected) => {
      expect(blockedIn(sequence)).toEqual(expected);
    });

    it.each([
      ['AAAA', { consecutiveLimit: 2 }, ['2:consecutive', '3:consecutive', '4:consecutive']],
      ['AAAA', { consecutiveLimit: 5 }, ['4:frequency']],
      ['AAAA', { consecutiveLimit: 5, windowFreqLimit: 5 }, []],
      ['ACADA', { windowFreqLimit: 3 }, ['5:frequency']],
      ['ACDEA', { windowSize: 4, windowFreqLimit: 2 }, []],
      ['ACDA', { windowSize: 4, windowFreqLimit: 2 }, ['4:frequency']],
    ] as const)('%s with %j blocks %j', (sequence, limits, expected) => {
      expect(blockedIn(sequence, limits)).toEqual(expected);
    });
  });

  it('compares arguments canonically: key order, at any depth, does not matter', () => {
    const guard = createDuplicateGuard();
    expect(guard.check('corpus.search', { query: 'x', top_k: 3 }).blocked).toBe(false);
    expect(guard.check('corpus_search', { top_k: 3, query: 'x' }).blocked).toBe(false);
    const third = guard.check('corpus.search', { top_k: 3, query: 'x' });
    expect(third.blocked && third.rule).toBe('consecutive');
    expect(canonicalJson({ b: { d: 1, c: [{ f: 1, e: 2 }] }, a: 0 })).toBe('{"a":0,"b":{"c":[{"e":2,"f":1}],"d":1}}');
    // Different values are different calls.
    expect(guard.check('corpus.search', { top_k: 4, query: 'x' }).blocked).toBe(false);
  });

  it('answers a blocked call with the last successful output of that call, waiting for one under way', async () => {
    const guard = createDuplicateGuard();
    const first = guard.check('corpus.get', { id: 'lyon' });
    const second = guard.check('corpus.get', { id: 'lyon' });
    const third = guard.check('corpus.get', { id: 'lyon' });
    if (first.blocked || second.blocked || !third.blocked) throw new Error('expected the third call only to be blocked');
    first.settle({ succeeded: true, output: { call: 1 } });
    const pending = third.lastOutput();
    second.settle({ succeeded: true, output: { call: 2 } });
    expect(await pending).toEqual({ call: 2 });
  });

  it('has no output for a blocked call that never succeeded', async () => {
    const guard = createDuplicateGuard();
    for (let i = 0; i < 2; i++) {
      const v = guard.check('corpus.get', { id: 'nowhere' });
      if (!v.blocked) v.settle({ succeeded: false });
    }
    const third = guard.check('corpus.get', { id: 'nowhere' });
    expect(third.blocked && (await third.lastOutput())).toBeUndefined();
  });

  it('serialises its history, and a guard seeded with it carries on where the earlier round stopped', async () => {
    const round1 = createDuplicateGuard();
    for (const id of ['lyon', 'lyon']) {
      const v = round1.check('corpus.get', { id });
      if (!v.blocked) v.settle({ succeeded: true, output: { id } });
    }
    const history = JSON.parse(JSON.stringify(round1.history()));
    expect(history).toEqual([
      { tool: 'corpus.get', args: '{"id":"lyon"}', blocked: false, succeeded: true, output: { id: 'lyon' } },
      { tool: 'corpus.get', args: '{"id":"lyon"}', blocked: false, succeeded: true, output: { id: 'lyon' } },
    ]);
    const round2 = createDuplicateGuard({}, history);
    const third = round2.check('corpus.get', { id: 'lyon' });
    expect(third.blocked && third.rule).toBe('consecutive');
    expect(third.blocked && (await third.lastOutput())).toEqual({ id: 'lyon' });
    expect(round2.blockedCount()).toEqual({ blocked: 1, byRule: { consecutive: 1, frequency: 0, alternation: 0 } satisfies Record<GuardRule, number> });
  });

  it('refuses limits that would block every call', () => {
    expect(() => guardLimits({ consecutiveLimit: 1 })).toThrow(/consecutiveLimit/);
    expect(() => guardLimits({ windowSize: 0 })).toThrow(/windowSize/);
    expect(() => guardLimits({ windowFreqLimit: 1.5 })).toThrow(/windowFreqLimit/);
    expect(guardLimits({})).toEqual({ consecutiveLimit: 3, windowSize: 8, windowFreqLimit: 4 });
  });
});
