/**
 * Where the benches find the HotpotQA sample: the folder given on the command line, else the
 * shared data beside the project, ../shared/data/hotpotqa-100 (from the working folder, which
 * `npm run` makes the project's root). A fresh clone has no such folder: the bench then says so in
 * one line and exits 2, rather than failing later on a missing file.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The HotpotQA sample's default folder, relative to the project's root. */
export const DEFAULT_HOTPOTQA_DIR = '../shared/data/hotpotqa-100';

/** The files of the sample every bench reads. */
const HOTPOTQA_FILES = ['qa_train.json', 'train_corpus.json'];

/**
 * The sample's folder for `bench`, `given` or the default; exits 2 with one line when its files are
 * not there. `flag` is how the bench takes the folder (`--data`), if not as an argument.
 */
export function hotpotqaDir(bench: string, given?: string, flag?: string): string {
  const dir = resolve(given ?? DEFAULT_HOTPOTQA_DIR);
  const missing = HOTPOTQA_FILES.filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) {
    console.error(
      `bench:${bench}: no HotpotQA sample at ${dir} (${missing.join(' and ')} missing); give its folder: npm run bench:${bench} -- ${flag ? `${flag} ` : ''}<dir with qa_train.json and train_corpus.json>`,
    );
    process.exit(2);
  }
  return dir;
}
