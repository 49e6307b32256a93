/**
 * Lets esbuild drop the shapes of AWS operations Cairn never calls from the SDK clients it bundles.
 *
 * Since 3.930 each AWS SDK client describes every operation of its service in one generated
 * module, `dist-es/schemas/schemas_0.js`, as plain arrays: `export var GetObject$ = [9, n0, _GO, ...]`.
 * Their traits are objects whose keys are string constants of the module: `{ [_hH]: _CT }`, where
 * `const _hH = "httpHeader"`. esbuild treats a computed key as a possible side effect (reading it
 * may call `toString`), so it keeps every array with such an object, and everything it names:
 * all of S3's shapes for a function that sends GetObject and PutObject. This is
 * aws/aws-sdk-js-v3#7607; the code generator's fix (smithy-lang/smithy-typescript#1889) writes the
 * keys as literals, and so does this plugin at bundling time, with the constant's own value.
 *
 * Measured on the S3 client's chunk of a Lambda bundle: 123 KiB -> 70 KiB, about half the time to
 * compile, and the S3 trigger's init shorter (bench:bundles).
 *
 * Used by the CLI bundle (cli/build.mjs) and the Lambda bundles (infra/constructs/bundle.mjs).
 */
import { readFile } from 'node:fs/promises';

/** A client's generated schema modules. */
const SCHEMA_MODULE = /[\\/]node_modules[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;

/** `const _hH = "httpHeader";`, a top-level string constant of a generated module. */
const STRING_CONSTANT = /^const (_\w+) = ("(?:[^"\\\n]|\\.)*");$/gm;

/** A computed key that is a bare name, at the start of an object or after a comma: `{ [_hH]: ...` or `, [_hQ]: ...`. */
const COMPUTED_KEY = /([{,]\s*)\[(_\w+)\]:/g;

/**
 * The module's source with each computed key that names one of its top-level string constants
 * written as that string. Other computed keys are left as they are (still correct, only kept).
 */
export function literalSchemaKeys(source) {
  const strings = new Map();
  for (const [, name, literal] of source.matchAll(STRING_CONSTANT)) strings.set(name, literal);
  return source.replace(COMPUTED_KEY, (whole, before, name) => {
    const literal = strings.get(name);
    return literal === undefined ? whole : `${before}${literal}:`;
  });
}

/** The esbuild plugin that applies literalSchemaKeys to every AWS SDK client's schema modules. */
export function sdkSchemaKeys() {
  return {
    name: 'sdk-schema-keys',
    setup(build) {
      build.onLoad({ filter: SCHEMA_MODULE }, async (args) => ({ contents: literalSchemaKeys(await readFile(args.path, 'utf8')), loader: 'js' }));
    },
  };
}
