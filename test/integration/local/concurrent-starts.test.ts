/**
 * Several `cairn` processes started together on one fresh CAIRN_HOME, as a user's shell or the docs
 * test starts them: the first to reach the store's folder holds it, the others share it or take it
 * over. Processes that start at the same moment race for the folder's lock; one that lost the race
 * once crashed on an unhandled 'error' event of dynalite's (LEVEL_ITERATOR_NOT_OPEN) instead of
 * sharing the winner's store. Real processes, real folders: the race only exists between processes.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cairnEnvironment, type ProcessRun, runCairn } from '../../support/cairn-process.js';
import { tempDir } from '../../support/temp-dir.js';

/** Homes raced on, and processes a home. The lost race is a matter of timing: several homes make it come. */
const HOMES = 5;
const PROCESSES = 6;
const TASK = 'What is a bouchon?';

/** `cairn args` on `home`, started `delay` ms from now. */
const later = (delay: number, args: string[], home: string): Promise<ProcessRun> =>
  new Promise((resolve) => setTimeout(() => resolve(runCairn(args, cairnEnvironment(home))), delay));

/** Notices a process may print: the holder waits for its clients; the launcher rebuilt the bundle for sources changed meanwhile. */
const NOTICES = [/^cairn: waiting for \d+ other cairn process(es)? using the local store to finish$/, /^cairn: built the CLI bundle in \d+ ms /];

/** What a process printed on stderr besides its notices. */
const unexpectedStderr = (run: ProcessRun): string =>
  run.stderr
    .split('\n')
    .filter((line) => line !== '' && !NOTICES.some((notice) => notice.test(line)))
    .join('\n');

describe('cairn: processes started together on one home', () => {
  it('runs every task and lists every plan when several runs and listings start at once on fresh homes, none crashing', { timeout: 180_000 }, async () => {
    // Prepare
    const homes = Array.from({ length: HOMES }, (_, i) => join(tempDir('concurrent-starts'), `home-${i}`));

    // Act: on each home, runs and listings side by side, all at once on the first homes and
    // staggered on the last, where some start while an earlier one closes the store.
    const rounds: ProcessRun[][] = [];
    for (const [i, home] of homes.entries()) {
      const staggered = i === HOMES - 1;
      rounds.push(
        await Promise.all(
          Array.from({ length: PROCESSES }, (_, p) => later(staggered ? p * 150 : 0, p % 2 === 0 ? ['run', TASK, '--json'] : ['plans', '--json'], home)),
        ),
      );
    }
    const listed = await Promise.all(homes.map((home) => runCairn(['plans', '--json'], cairnEnvironment(home))));

    // Assess: no process crashed or failed, and each run's plan is in its home's one store.
    for (const [i, runs] of rounds.entries()) {
      expect(runs.map(unexpectedStderr)).toEqual(runs.map(() => ''));
      expect(runs.map((run) => run.code)).toEqual(runs.map(() => 0));
      const planIds = runs.filter((_, p) => p % 2 === 0).map((run) => (JSON.parse(run.stdout) as { planId: string }).planId);
      const { plans } = JSON.parse(listed[i]!.stdout) as { plans: Array<{ planId: string; status: string }> };
      expect(plans.filter((plan) => planIds.includes(plan.planId)).map((plan) => plan.status)).toEqual(planIds.map(() => 'succeeded'));
    }
  });
});
