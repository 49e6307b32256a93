/**
 * Global setup: makes the CLI bundle (cli/launch.mjs) once before the test files start, so the
 * tests that run `cairn` as a user does do not each build it, against their own time limits. A
 * bundle that cannot be built fails the run here, with esbuild's message.
 */
import { ensureBundle } from '../../cli/launch.mjs';

export default async function setup(): Promise<void> {
  await ensureBundle({ log: () => undefined });
}
