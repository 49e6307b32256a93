// Loads one Lambda bundle, as the Lambda runtime does at init, and prints how long the module's
// initialization took. Run in a fresh process per measurement by bench/bundles.ts; plain ESM, so
// nothing but the bundle itself is loaded.
//
// Then, once init is measured, it loads the bundle's `first-use-*.mjs` files (the packages the
// bundle defers until one of their names is first read, infra/constructs/cairn-function.ts) and
// prints that time too: what the first invocation that needs all of them pays, once per process.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const bundle = process.argv[2];
const started = performance.now();
const mod = await import(pathToFileURL(bundle).href);
const initMs = performance.now() - started;
if (typeof mod.handler !== 'function') {
  process.stderr.write(`${bundle} exports no handler function\n`);
  process.exit(2);
}
const deferred = readdirSync(dirname(bundle)).filter((f) => /^first-use-.*\.mjs$/.test(f));
const firstUseStarted = performance.now();
for (const file of deferred) await import(pathToFileURL(join(dirname(bundle), file)).href);
const firstUseMs = performance.now() - firstUseStarted;
process.stdout.write(JSON.stringify({ initMs, firstUseMs, deferred }));
