/**
 * Corpus confinement and index integrity as a user of `cairn` meets them: a separate process, its
 * exit code and its one line on stderr. The line for a damaged index names the command that
 * builds it again, and that command does.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cairnEnvironment, type ProcessRun, runCairn } from '../../support/cairn-process.js';
import { tempDir } from '../../support/temp-dir.js';

const SECRET = 'PELICAN4471';
const CORPUS = `${JSON.stringify({ id: 'lyon', title: 'Lyon', text: 'Lyon is known for its traboules and its silk weavers.' })}\n`;

const home = tempDir('corpus-cli');
const cairn = (args: string[]): Promise<ProcessRun> => runCairn(args, cairnEnvironment(home, { CAIRN_CORPUS_ROOTS: '' }));

describe('cairn and the corpus folders', () => {
  it('refuses a --corpus folder holding a link to a file outside the folders, in one line, quoting nothing', async () => {
    // Prepare
    const outside = tempDir('corpus-cli-outside');
    writeFileSync(join(outside, 'secret.jsonl'), `${JSON.stringify({ id: 'vault', text: `The vault code word is ${SECRET}.` })}\n`);
    const dir = join(home, 'linked');
    mkdirSync(dir);
    writeFileSync(join(dir, 'b.jsonl'), CORPUS);
    symlinkSync(join(outside, 'secret.jsonl'), join(dir, 'a.jsonl'));

    // Act
    const run = await cairn(['run', 'What is the vault code word?', '--corpus', dir]);
    const index = await cairn(['index', '--corpus', dir]);

    // Assess
    for (const outcome of [run, index]) {
      expect(outcome.code).toBe(1);
      expect(outcome.stderr.trim()).toBe(`cairn: corpus file ${join(dir, 'a.jsonl')} is a link to a file outside the corpus folders`);
      expect(outcome.stdout + outcome.stderr).not.toContain(SECRET);
    }
  });

  it('refuses a damaged index in one line whose re-index command, run, mends it', async () => {
    // Prepare
    const corpus = join(home, 'indexed.jsonl');
    writeFileSync(corpus, CORPUS);
    const dir = join(home, 'index');
    expect((await cairn(['index', '--corpus', corpus, '--out', dir, '--json'])).code).toBe(0);
    const data = join(dir, 'lance', 'docs.lance', 'data');
    const file = join(data, readdirSync(data).sort((a, b) => statSync(join(data, b)).size - statSync(join(data, a)).size)[0]!);
    writeFileSync(file, readFileSync(file, 'latin1').replaceAll('traboules', 'catacombs'), 'latin1');

    // Act
    const damaged = await cairn(['run', 'What is Lyon known for?', '--corpus', dir]);
    const command = /re-index with: npm start -- (.*)$/.exec(damaged.stderr.trim())?.[1]?.split(' ') ?? [];
    const reindexed = await cairn(command);
    const mended = await cairn(['run', 'What is Lyon known for?', '--corpus', dir, '--json']);

    // Assess
    expect(damaged.code).toBe(1);
    expect(damaged.stderr.trim().split('\n')).toHaveLength(1);
    expect(damaged.stderr.trim()).toMatch(
      new RegExp(
        `^cairn: index ${dir} is damaged: lance/docs\\.lance/data/\\S+ does not match its checksum; re-index with: npm start -- index --corpus ${corpus} --out ${dir}$`,
      ),
    );
    expect(command).toEqual(['index', '--corpus', corpus, '--out', dir]);
    expect(reindexed.code).toBe(0);
    expect(mended.code).toBe(0);
    const answer = JSON.parse(mended.stdout) as { planId: string; status: string };
    expect(answer.status).toBe('succeeded');
    // Searched in the index built again, not in memory.
    expect((await cairn(['trace', answer.planId, '--json'])).stdout).toMatch(/"search_method": "lancedb-fts-bm25"/);
  });
});
