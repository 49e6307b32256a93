/**
 * Makes the CLI bundle that cli/launch.mjs runs: cli/cairn.ts and everything it imports, as ES
 * modules for Node 24, split into chunks so that what a command loads lazily (`serve`'s page
 * builder, an LLM SDK) is only read by the commands that use it.
 *
 * Kept out of the bundle (imported from node_modules at run time):
 * - esbuild: `serve` runs it to build the page scripts, and it starts its own native binary;
 * - level and classic-level: a native LevelDB binding, loaded from its package folder.
 * dynalite (the embedded store) is bundled, with a small rewrite of how it names its modules (see dynaliteActions).
 *
 * A source that finds files next to itself (`new URL('../infra/workflow.asl.json', import.meta.url)`)
 * gets its own file's URL in place of `import.meta.url`, so it still finds them from the bundle.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { sdkSchemaKeys } from '../build/sdk-schemas.mjs';
import { builtinsThroughCommonJs, NAMES_IMPORTED, namesRead, standInModule } from '../build/stand-in.mjs';

// Packages with native code (LanceDB's engine) are loaded from node_modules, not bundled.
export const EXTERNAL = ['esbuild', 'level', 'classic-level', '@lancedb/lancedb', 'apache-arrow'];

/** The list of the project's files a bundle was made from, in its folder. */
export const INPUTS_FILE = 'inputs.json';

/** Bundles older than this are removed when a new one is made (a process still running an older one has loaded what it needs). */
const KEEP_OLD_MS = 60 * 60 * 1000;

/** Replaces `import.meta.url` (and its dirname/filename) in the project's sources by the values of the source file itself. */
function sourceLocation(root) {
  return {
    name: 'source-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        if (!args.path.startsWith(root) || args.path.includes('/node_modules/')) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta')) return { contents: text, loader: 'ts' };
        const url = pathToFileURL(args.path);
        const contents = text
          .replaceAll('import.meta.url', JSON.stringify(url.href))
          .replaceAll('import.meta.dirname', JSON.stringify(join(args.path, '..')))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Built-ins the AWS SDK's HTTP handler imports at its top that a local run never uses (the store is
 * reached in process, nothing speaks TLS or HTTP/2). They get stand-ins whose exports load the
 * built-in on first use (builtinsThroughCommonJs, build/stand-in.mjs). (dynalite, loaded from
 * node_modules, still loads https for itself.)
 */
const LOADED_ON_FIRST_USE_BUILTINS = ['https', 'http2', 'tls'];

/**
 * Packages that a dependency imports at its top but calls only on paths the CLI never takes: the
 * local state machine's definition checker (the workflow definition is checked by its test,
 * test/infra/workflow-definition.test.ts, so the runner turns it off) with JSONata, ajv and its path
 * parser, and the Lambda client it uses for Task states without a local handler (every state here
 * has one). Also the S3 and Step Functions clients: the trace store reaches S3 only for payloads
 * on AWS, and the local workflow starts in process. Together about 1.1 MiB of every command's start.
 * Each is replaced by a module that loads the real package from node_modules the first time one
 * of its exports is read: the exports of NAMES_IMPORTED (build/stand-in.mjs), checked against the
 * bundle once it is built (checkStandIns), or all of them for a package not listed there.
 */
export const LOADED_ON_FIRST_USE = ['asl-validator', '@aws-sdk/client-lambda', '@aws-sdk/credential-providers', '@aws-sdk/client-s3', '@aws-sdk/client-sfn'];

function loadedOnFirstUse(root) {
  const requireFromRoot = createRequire(join(root, 'package.json'));
  const filter = new RegExp(`^(${LOADED_ON_FIRST_USE.map((name) => name.replace(/[/.-]/g, '\\$&')).join('|')})$`);
  return {
    name: 'loaded-on-first-use',
    setup(build) {
      build.onResolve({ filter }, (args) =>
        // The stand-in's own require of the package stays a require, resolved at run time.
        args.namespace === 'first-use' ? { path: args.path, external: true } : { path: args.path, namespace: 'first-use' },
      );
      build.onLoad({ filter: /.*/, namespace: 'first-use' }, (args) => {
        // The export names, read from the package itself at build time.
        const real = requireFromRoot(args.path);
        const keys = NAMES_IMPORTED[args.path] ?? Object.keys(real);
        const contents = standInModule({ load: `require(${JSON.stringify(args.path)})`, keys, callable: typeof real === 'function' });
        return { contents, loader: 'js', resolveDir: root };
      });
    },
  };
}

/**
 * dynalite (the embedded store) requires each action's module by a computed name,
 * `require('./actions/' + action)`. esbuild bundles every file such a pattern can name, but looks
 * the name up with its extension; this adds `.js` to those two requires, so dynalite's 120 small
 * modules come inside the bundle (and its compile cache) instead of being resolved one by one from
 * node_modules at each start (some 40 ms). Its one `url.parse` call, which Node warns about in code
 * outside node_modules, reads the query string with the same result through the WHATWG URL.
 */
function dynaliteActions() {
  return {
    name: 'dynalite-actions',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]dynalite[\\/]index\.js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const contents = text
          .replace(/require\('\.\/(actions|validations)\/' \+ action\)/g, "require('./$1/' + action + '.js')")
          .replace('url.parse(req.url, true).query', "require('querystring').parse(new URL(req.url, 'http://localhost').search.slice(1))");
        if (contents.includes('url.parse(') || !contents.includes("require('./actions/' + action + '.js')"))
          throw new Error('dynalite no longer requires its actions as expected: see cli/build.mjs');
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * Fails the build when the bundle reads an export that a stand-in of NAMES_IMPORTED does not
 * carry (it would read as undefined at run time), or when it reads none of a stand-in it contains
 * (esbuild named its imports otherwise, and the check would see nothing).
 */
async function checkStandIns(root, metafile) {
  // The metafile's paths are relative to the folder the build ran in.
  const outputs = Object.keys(metafile.outputs).filter((path) => path.endsWith('.mjs'));
  const code = (await Promise.all(outputs.map((path) => readFile(join(root, path), 'utf8')))).join('\n');
  for (const [name, names] of Object.entries(NAMES_IMPORTED)) {
    if (!Object.keys(metafile.inputs).includes(`first-use:${name}`)) continue;
    const { any, unlisted } = namesRead(code, name, names);
    if (unlisted.length > 0) throw new Error(`the bundle reads ${unlisted.join(', ')} from ${name}: add them to NAMES_IMPORTED in build/stand-in.mjs`);
    if (!any) throw new Error(`the bundle reads nothing from ${name} in a way build/stand-in.mjs recognises: see namesRead`);
  }
}

/** Builds into a folder of its own, then renames it to `<base>/<stamp>`; when another process got there first, keeps theirs. */
export async function buildBundle({ root, base, stamp }) {
  const target = join(base, stamp);
  const temporary = join(base, `.tmp-${stamp}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints: { cairn: join(root, 'cli', 'cairn.ts') },
      outdir: temporary,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      // The ES module builds of packages that have one (the AWS SDK's): esbuild drops what is never
      // used from them, where a CommonJS build comes whole, wrapped in a function.
      mainFields: ['module', 'main'],
      external: EXTERNAL,
      // Bundled CommonJS packages call require() for Node's built-ins; an ES module has no require of its own.
      banner: { js: "import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);" },
      sourcemap: 'linked',
      legalComments: 'none',
      logLevel: 'silent',
      metafile: true,
      plugins: [sourceLocation(root), builtinsThroughCommonJs(LOADED_ON_FIRST_USE_BUILTINS), loadedOnFirstUse(root), dynaliteActions(), sdkSchemaKeys()],
    });
    await checkStandIns(root, metafile);
    // The project's own files the bundle was made from (packages are covered by the lock files):
    // what the launcher stats to know the bundle is still current.
    const inputs = Object.keys(metafile.inputs).filter((path) => !path.includes(':') && !path.startsWith('..') && !path.includes('node_modules/'));
    await writeFile(join(temporary, INPUTS_FILE), `${JSON.stringify(inputs)}\n`);
    try {
      await rename(temporary, target);
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST'].includes(error?.code)) throw error;
    }
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  await removeOldBundles(base, stamp);
}

async function removeOldBundles(base, keep) {
  const now = Date.now();
  for (const name of await readdir(base)) {
    if (name === keep) continue;
    const path = join(base, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > KEEP_OLD_MS) await rm(path, { recursive: true, force: true });
  }
}
