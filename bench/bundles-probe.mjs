// Loads one Lambda bundle, as the Lambda runtime does at init, and prints how long the module's
// initialization took. Run in a fresh process per measurement by bench/bundles.ts; plain ESM, so
// nothing but the bundle itself is loaded.
import { pathToFileURL } from 'node:url';

const bundle = process.argv[2];
const started = performance.now();
const mod = await import(pathToFileURL(bundle).href);
const initMs = performance.now() - started;
if (typeof mod.handler !== 'function') {
  process.stderr.write(`${bundle} exports no handler function\n`);
  process.exit(2);
}
process.stdout.write(JSON.stringify({ initMs }));
