/** Which version of a plan's record the state input says the previous phase left. */
import { describe, expect, it } from 'vitest';
import { reportedVersion } from '../../../functions/core/workflow/plan-record.js';

describe('reportedVersion', () => {
  it('takes the highest version the phases reported: the last phase to run', () => {
    const input = {
      planId: 'p',
      maxIterations: 3,
      analysis: { analyzed: true, version: 4 },
      generation: { attempt: 2, version: 9 },
      validation: { valid: false, version: 6 },
    };
    expect(reportedVersion(input)).toBe(9);
  });

  it('names none after AwaitInput, whose answer someone else wrote without reporting it', () => {
    const input = {
      planId: 'p',
      maxIterations: 3,
      validation: { valid: true, version: 6 },
      execution: { status: 'waiting_for_input', version: 8 },
      input: { planId: 'p', stepId: 2 },
    };
    expect(reportedVersion(input)).toBeUndefined();
  });

  it('names the version intake created the record at before any phase has run', () => {
    expect(reportedVersion({ planId: 'p', maxIterations: 3 })).toBe(1);
    expect(reportedVersion({ planId: 'p', maxIterations: 1, supplied: true })).toBe(1);
  });

  it('names none when any phase the input carries reported none, even beside a higher version', () => {
    // A retried Replan returns without a version; the Replan before it may have written after Execute.
    const execution = { status: 'succeeded', steps: 3, skipped: 0, failed: 0, version: 12 };
    expect(reportedVersion({ planId: 'p', execution, round: { round: 2, done: false } })).toBeUndefined();
    expect(reportedVersion({ planId: 'p', execution, round: { round: 2, done: false, version: 14 } })).toBe(14);
  });

  it('names none when a phase ran without reporting one, and ignores what is not a version', () => {
    expect(reportedVersion({ planId: 'p', analysis: { analyzed: false }, generation: { attempt: 1, version: '7' } })).toBeUndefined();
    expect(reportedVersion({ planId: 'p', error: { Error: 'States.Timeout' } })).toBeUndefined();
  });
});
