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

/** The data of a built-in that a stand-in carries rather than loads: its `constants`, when it has some. */
export function builtinCopied(builtin) {
  return builtin.constants === undefined ? {} : { constants: builtin.constants };
}
