/** The guard benchmark's scripted planners, run as another benchmark calls them. */
import { describe, expect, it } from 'vitest';
import { runGuardBench } from '../../../bench/guard.js';

describe('Function: runGuardBench', () => {
  it('blocks the looping planners, lets the corrective one finish, and blocks nothing of the planner that does not loop', async () => {
    const figures = await runGuardBench({ rounds: 20 });
    expect(figures.falsePositives).toBe(0);
    expect(figures.scenarios.stuck).toMatchObject({ calls: 20, blocked: 18, toolRuns: 2, firstBlockedRound: 3 });
    expect(figures.scenarios.alternating?.byRule.alternation).toBeGreaterThan(0);
    expect(figures.scenarios.corrective).toMatchObject({ finished: true, withoutGuard: { finished: false } });
    expect(figures.blocked).toBe(figures.byRule.consecutive + figures.byRule.frequency + figures.byRule.alternation);
    expect(figures.toolRuns).toBe(figures.calls - figures.blocked);
  });
});
