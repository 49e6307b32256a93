import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { progressWanted, startProgress } from '../../../cli/progress.js';
import { foldTrace } from '../../../cli/view/activity.js';
import { progressFrame } from '../../../cli/view/progress-frame.js';
import { REPAIRED_RUN, T0 } from './fixtures.js';

const terminal = { stdoutIsTTY: true, stderrIsTTY: true, env: { TERM: 'xterm-256color' } };

/** A stream that says it is a terminal (or not) and keeps what was written. */
function fakeStream(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { text: () => string };
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  Object.assign(stream, { isTTY, columns: 120, rows: 40, text: () => chunks.join('') });
  return stream;
}

describe('Progress: when it is drawn', () => {
  it.each([
    ['both streams are terminals', {}, terminal, true],
    ['--json', { json: true }, terminal, false],
    ['--no-progress', { progress: false }, terminal, false],
    ['stdout is a pipe', {}, { ...terminal, stdoutIsTTY: false }, false],
    ['stderr is a file', {}, { ...terminal, stderrIsTTY: false }, false],
    ['CI is set', {}, { ...terminal, env: { CI: 'true' } }, false],
    ['TERM is dumb', {}, { ...terminal, env: { TERM: 'dumb' } }, false],
  ])('%s: %s', (_label, flags, term, wanted) => {
    expect(progressWanted(flags, term)).toBe(wanted);
  });

  it('writes nothing at all when not wanted', async () => {
    // Prepare
    const stream = fakeStream(false);

    // Act
    const progress = await startProgress({ enabled: false, stream, title: 'a task' });
    for (const event of REPAIRED_RUN) progress.update(event);
    progress.stop();
    await new Promise((resolve) => setImmediate(resolve));

    // Assess
    expect(stream.text()).toBe('');
  });

  it('redraws each event in place on a terminal and leaves the folded frame', async () => {
    // Prepare
    const stream = fakeStream(true);

    // Act
    const progress = await startProgress({ enabled: true, stream, title: 'tram or museums', intervalMs: 10_000 });
    for (const event of REPAIRED_RUN) progress.update(event);
    progress.stop();
    await new Promise((resolve) => setImmediate(resolve));

    // Assess
    const raw = stream.text();
    const text = stripVTControlCharacters(raw);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the assertion is about a terminal escape sequence (cursor up)
    expect(raw).toMatch(/\u001b\[\d+A/); // cursor up: frames are redrawn in place, not appended
    expect(text).toContain('tram or museums');
    expect(text).toContain('attempt 1: 2 errors');
    expect(text).toContain('✔ 1 keyword_search');
    expect(text).toContain('6/6 steps · 1 skipped');
  });
});

describe('View: progressFrame', () => {
  it('shows each phase with its time, the failed validation with its errors, and the repair', () => {
    // Act
    const frame = progressFrame(foldTrace(REPAIRED_RUN), { now: T0 + 200, final: true });

    // Assess
    expect(frame.split('\n').map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      '✔ analyze conditional · complex 7 ms',
      '✔ plan attempt 1 · rule-based 21 ms',
      '✖ validate attempt 1: 2 errors 5 ms',
      'plan.2.dependencies.0: step 7 does not exist',
      'plan.0.type: must be one of [...]',
      '✔ repair attempt 2 · rule-based 25 ms',
      '✔ validate attempt 2 valid 7 ms',
      '✔ execute 6/6 steps · 1 skipped 53 ms',
      '✔ finalize 7 sources · coverage 2/2 8 ms',
      '✔ done 3 LLM calls 131 ms',
    ]);
  });

  it('lists the steps as they start and end while the plan executes, with their times', () => {
    // Prepare: the trace up to step 3 running, step 4 skipped.
    const upTo = REPAIRED_RUN.findIndex((e) => e.type === 'step.skipped');
    const activity = foldTrace(REPAIRED_RUN.slice(0, upTo + 1));

    // Act
    const frame = progressFrame(activity, { now: T0 + 90, tick: 0 });

    // Assess
    const lines = frame.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines).toContain('⠋ execute 3/6 steps · 1 skipped 20 ms');
    expect(lines).toContain('✔ 1 keyword_search 8 ms · 10 docs');
    expect(lines).toContain('✔ 2 conditional 3 ms · run=true');
    expect(lines).toContain("↷ 4 keyword_search skipped: if step_2.result['run'] == False");
    expect(lines).toContain('⠋ 3 keyword_search running 5 ms');
    expect(lines.at(-1)).toBe('⠋ 3 keyword_search running 5 ms');
  });

  it('keeps at most maxStepLines step lines and says how many it folded', () => {
    // Prepare
    const activity = foldTrace(REPAIRED_RUN.slice(0, -4));

    // Act
    const frame = progressFrame(activity, { now: T0 + 122, maxStepLines: 2 });

    // Assess
    const lines = frame.split('\n').map((l) => l.trim());
    expect(lines).toContain('… 4 more done');
    expect(lines.filter((l) => /^[✔↷⠋] \d /.test(l))).toHaveLength(2);
  });
});
