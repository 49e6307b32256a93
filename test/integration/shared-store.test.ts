/**
 * Several `cairn` processes on one CAIRN_HOME: the one holding the local store serves it and the
 * others connect to it, so a plan run from the command line while `serve` runs shows on its page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointFileOf } from '../../functions/adapters/dynamodb/embedded.js';
import { cairnCommand, cairnEnvironment, runCairn } from '../support/cairn-process.js';
import { tempDir } from '../support/temp-dir.js';

const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

/** `cairn serve --port 0` on `home`, until it says where it listens. */
function serve(home: string): Promise<{ url: string; child: ChildProcess }> {
  const [file, args] = cairnCommand(['serve', '--port', '0']);
  const child = spawn(file, args, { env: cairnEnvironment(home), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /serving on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

describe('cairn: one local store, several processes', () => {
  it('runs a task from the command line while serve holds the store, and serve lists its plan', async () => {
    // Prepare
    const home = tempDir('shared-store');
    const { url } = await serve(home);

    // Act
    const run = await runCairn(['run', 'Compare the populations of Lyon and Marseille', '--json'], cairnEnvironment(home));
    const trace = run.code === 0 ? await runCairn(['trace', (JSON.parse(run.stdout) as { planId: string }).planId], cairnEnvironment(home)) : undefined;
    const listed = (await (await fetch(new URL('ui/plans.json', url))).json()) as { plans: Array<{ planId: string; status: string }> };

    // Assess
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const { planId } = JSON.parse(run.stdout) as { planId: string };
    expect(trace?.code).toBe(0);
    expect(listed.plans).toContainEqual(expect.objectContaining({ planId, status: 'succeeded' }));
  });

  it('ignores the endpoint file of a process that has ended', async () => {
    // Prepare: a pid that no longer runs, announcing a port nobody listens on.
    const home = tempDir('stale-store');
    const ended = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => ended.once('exit', resolve));
    writeFileSync(endpointFileOf(join(home, 'db')), JSON.stringify({ pid: ended.pid, endpoint: 'http://127.0.0.1:9' }));

    // Act
    const run = await runCairn(['run', 'What is a bouchon?', '--json'], cairnEnvironment(home));

    // Assess
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
