/**
 * Builds one Lambda bundle with esbuild's asynchronous API, in a process of its own:
 * `node infra/constructs/bundle.mjs` reads `{ options, builtinsOnFirstUse }` as JSON on standard
 * input and writes esbuild's metafile as JSON on standard output. CDK bundles synchronously
 * (ILocalBundling), and esbuild's synchronous API takes no plugins; bundleFunction
 * (cairn-function.ts) runs this and waits, as CDK's own NodejsFunction runs esbuild's binary.
 *
 * The plugins, shared with the CLI bundle: builtinsThroughCommonJs (build/stand-in.mjs), and
 * sdkSchemaKeys (build/sdk-schemas.mjs), so that the AWS SDK clients' unused operation shapes are dropped.
 */
import { text } from 'node:stream/consumers';
import { build } from 'esbuild';
import { sdkSchemaKeys } from '../../build/sdk-schemas.mjs';
import { builtinsThroughCommonJs } from '../../build/stand-in.mjs';

const { options, builtinsOnFirstUse } = JSON.parse(await text(process.stdin));
try {
  const { metafile } = await build({ ...options, metafile: true, plugins: [builtinsThroughCommonJs(builtinsOnFirstUse), sdkSchemaKeys()] });
  process.stdout.write(JSON.stringify(metafile));
} catch {
  // esbuild has written its messages (file, line, what failed) to stderr already.
  process.exitCode = 1;
}
