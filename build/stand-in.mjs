import { builtinModules } from 'node:module';

/**
 * The source of a stand-in module: a CommonJS module with a package's (or a built-in's) export
 * names, whose getters evaluate `load` once, the first time one is read. A bundler reads a
 * CommonJS module's exports where they are used, not when it is imported, so importing the stand-in
 * costs nothing until then. The CLI bundle (cli/build.mjs) and the Lambda bundles
 * (infra/constructs/cairn-function.ts) put one in place of what a dependency imports at its top
 * but a normal run never calls.
 *
 * - `load`: the JavaScript expression that loads the real module.
 * - `keys`: its export names, read from it at build time.
 * - `copied`: plain data written into the stand-in itself, for names a dependency reads at its top
 *   (the AWS SDK's HTTP/2 handler reads `http2.constants`): reading them loads nothing.
 * - `callable`: the module itself is a function (asl-validator): the stand-in calls the real one.
 */
export function standInModule({ load, keys, copied = {}, callable = false }) {
  const lines = [
    'let loaded;',
    `const load = () => (loaded ??= ${load});`,
    callable ? 'module.exports = function (...args) { return load().apply(this, args); };' : 'module.exports = {};',
  ];
  for (const [key, value] of Object.entries(copied)) lines.push(`module.exports[${JSON.stringify(key)}] = Object.freeze(${JSON.stringify(value)});`);
  const lazy = keys.filter((key) => !(key in copied));
  lines.push(`for (const key of ${JSON.stringify(lazy)}) Object.defineProperty(module.exports, key, { enumerable: true, get: () => load()[key] });`, '');
  return lines.join('\n');
}

/**
 * The CommonJS source a bundle reaches built-in `name` (`fs`, `http2`, ...) through: the built-in
 * itself, or with `onFirstUse`, a stand-in that loads it when one of its exports is first read.
 * The stand-in carries the built-in's `constants` as data, since a dependency may read them at its
 * top (the AWS SDK's HTTP/2 handler reads `http2.constants`).
 */
export function builtinModuleSource(name, { onFirstUse = false } = {}) {
  const load = `process.getBuiltinModule(${JSON.stringify(`node:${name}`)})`;
  if (!onFirstUse) return `module.exports = ${load};\n`;
  const builtin = process.getBuiltinModule(`node:${name}`);
  const copied = builtin.constants === undefined ? {} : { constants: builtin.constants };
  return standInModule({ load, keys: Object.keys(builtin), copied });
}

/**
 * The esbuild plugin that makes a bundle reach Node's built-in modules through CommonJS:
 * `module.exports = process.getBuiltinModule(...)` (builtinModuleSource). An ES `import ... from
 * 'node:http'` makes Node build a module facade of the built-in, which reads every export, and
 * reading `http`'s lazy getters loads undici (fetch) at every start, for code whose
 * requests never use it. Reached through CommonJS, a built-in is returned as is, its getters
 * untouched. `onFirstUse` names the built-ins that get stand-ins loading them when first read.
 * Used by the CLI bundle (cli/build.mjs) and the Lambda bundles (infra/constructs/bundle.mjs).
 */
export function builtinsThroughCommonJs(onFirstUse = []) {
  // As listed: `fs` (also reached as `node:fs`), and `node:test`, only ever reached with its prefix.
  const names = new Set(builtinModules.filter((name) => !name.startsWith('_')));
  return {
    name: 'builtins-through-commonjs',
    setup(build) {
      build.onResolve({ filter: /^[a-z_:/0-9]+$/ }, (args) => {
        const known = names.has(args.path) || (args.path.startsWith('node:') && names.has(args.path.slice('node:'.length)));
        return known ? { path: args.path.replace(/^node:/, ''), namespace: 'node-builtin' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({
        contents: builtinModuleSource(args.path, { onFirstUse: onFirstUse.includes(args.path) }),
        loader: 'js',
      }));
    },
  };
}

/**
 * The names Cairn's code and its dependencies import from each package that a bundle loads on
 * first use: its stand-in carries these and no others. A stand-in with every export name of the
 * client (709 for S3, 643 for Lambda) slowed every CLI start, most of it by esbuild's copy of
 * those names into a namespace object at each of the 9 modules that import the S3 client.
 * The CLI build checks the bundle against this list (namesRead, in cli/build.mjs); the Lambda bundles' test
 * checks the sources (test/infra/bundling.test.ts).
 */
export const NAMES_IMPORTED = {
  '@aws-sdk/client-s3': ['GetObjectCommand', 'HeadObjectCommand', 'PutObjectCommand', 'S3Client'],
  '@aws-sdk/client-sfn': ['SendTaskSuccessCommand', 'SFNClient', 'StartExecutionCommand'],
  // aws-local-stepfunctions: the Lambda client for Task states without a local handler, and the
  // Cognito credentials it can invoke them with. Every state of the local runner has a handler.
  '@aws-sdk/client-lambda': ['InvokeCommand', 'LambdaClient'],
  '@aws-sdk/credential-providers': ['fromCognitoIdentityPool'],
};

/**
 * The names bundled `code` reads from the stand-in of `packageName` that `names` leaves out, and
 * whether it reads any. esbuild, not minifying, reads a CommonJS module's exports as
 * `import_<last part of its name>[N].<export>`.
 */
export function namesRead(code, packageName, names) {
  const base = packageName
    .split('/')
    .pop()
    .replace(/[^\w$]/g, '_');
  const read = new Set([...code.matchAll(new RegExp(`\\bimport_${base}\\d*\\.([\\w$]+)`, 'g'))].map((match) => match[1]));
  return { any: read.size > 0, unlisted: [...read].filter((name) => !names.includes(name)) };
}
