/** What `run` prints of an answer: the short answer first, the sources the answer used, the rest apart. */
import { describe, expect, it } from 'vitest';
import { renderRun } from '../../../cli/render.js';
import type { PlanRecord, Source } from '../../../functions/core/types.js';

const source = (id: string, rank: number): Source => ({
  id,
  title: id,
  modality: 'text',
  score: 1,
  step_id: 3,
  subquery_id: 'step_3',
  rank_in_subquery: rank,
  rank,
  snippet: `about ${id}`,
});

function record(results: Partial<NonNullable<PlanRecord['results']>>): PlanRecord {
  return {
    planId: 'p-1',
    status: 'succeeded',
    version: 3,
    request: { task: 'Which river flows through Toulouse?' },
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    eventCount: 0,
    results: { answer: '', citations: [], sources: [], steps: [], coverage: { subquery_count: 1, covered_count: 1, coverage_ratio: 1 }, ...results },
  };
}

describe('Function: renderRun', () => {
  it('prints the short answer first, then the sources the answer used, then what was retrieved apart', () => {
    // Prepare
    const answered = record({
      shortAnswer: 'Garonne',
      answer: 'It lies on the Garonne river. [toulouse]',
      citations: ['toulouse'],
      sources: [source('toulouse', 1)],
      alsoRetrieved: [source('paris', 2), source('rhone', 3)],
    });

    // Act
    const lines = renderRun(answered, [], 800).split('\n');

    // Assess
    expect(lines[0]).toBe('Answer: Garonne');
    expect(lines.filter((l) => /^\s+\d+\. \[/.test(l))).toEqual(['   1. [toulouse] toulouse · text · step 3 (step_3 #1)']);
    expect(lines).toContain('Also retrieved (not used by the answer): [paris] [rhone]');
  });

  it('says a refusal on the first line and lists no source as support', () => {
    // Prepare
    const refused = record({
      shortAnswer: null,
      refused: true,
      answer: 'The corpus does not answer this: no retrieved passage speaks of "tidal".',
      alsoRetrieved: [source('nuclear-power', 1)],
    });

    // Act
    const lines = renderRun(refused, [], 800).split('\n');

    // Assess
    expect(lines[0]).toBe('Answer: none. The corpus does not answer this: no retrieved passage speaks of "tidal".');
    expect(lines).toContain('Sources (none: the answer cites nothing)');
    expect(lines.filter((l) => /^\s+\d+\. \[/.test(l))).toEqual([]);
    expect(lines).toContain('Also retrieved (not used by the answer): [nuclear-power]');
  });
});
