/** `cairn index --corpus <file>`: the on-disk index of a corpus that run, eval, execute and serve then open. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidInputError } from '../../functions/core/errors.js';
import { withCorpusRoots } from '../../functions/shared/config.js';
import { localConfig } from './shared/context.js';

export function addIndexCommand(program: Command): void {
  program
    .command('index')
    .description('build the on-disk index of a corpus (keyword, vectors, entity graph) that run, eval, execute and serve then open')
    .requiredOption('--corpus <file>', 'JSONL or JSON corpus (a file or a folder of them)')
    .option('--out <dir>', 'the index folder (default: CAIRN_HOME/indexes/<corpus name>-<path hash>, where the other commands look)')
    .option('--json', 'print the manifest as one JSON object')
    .action(async (flags: { corpus: string; out?: string; json?: boolean }) => {
      const full = resolve(flags.corpus);
      if (!existsSync(full)) throw new InvalidInputError(`corpus file not found: ${flags.corpus}`);
      const { buildIndex } = await import('../../functions/adapters/corpus/lance/lance-index.js');
      const { defaultIndexDir } = await import('../../functions/adapters/corpus/lance/manifest.js');
      const { config, home } = localConfig();
      const out = resolve(flags.out ?? defaultIndexDir(config.indexRoot ?? resolve(home, 'indexes'), full));
      // The files are read as a run reads them: under the corpus folders (the one named among them), within the size cap.
      const access = { roots: withCorpusRoots(config, [full]).corpusRoots, maxFileBytes: config.corpusMaxFileBytes };
      const manifest = await buildIndex(full, out, flags.json ? { access } : { access, progress: (line) => console.error(`  ${line}`) });
      if (flags.json) console.log(JSON.stringify({ dir: out, ...manifest }));
      else {
        console.log(`indexed ${manifest.documents} documents of ${flags.corpus} into ${out} in ${(manifest.buildMs / 1000).toFixed(1)} s`);
        console.log(
          `  engine ${manifest.engine}; keyword ${manifest.keywordMethod}; vectors ${manifest.vectorMethod} (${manifest.dimensions} dimensions); graph ${manifest.graphMethod}`,
        );
        if (flags.out !== undefined) console.log(`  open it with --corpus ${out}`);
      }
    });
}
