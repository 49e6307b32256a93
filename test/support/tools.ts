/**
 * Tool registries for tests: the local tools every registry has, and beside them tools that fail,
 * wait or throw on demand, so the error strategies and timeouts can be driven from a plan.
 */
import { ExpressionError, StepExecutionError } from '../../functions/core/errors.js';
import { compileToolSchema } from '../../functions/core/tools/compile-schema.js';
import { registerLocalTools } from '../../functions/core/tools/local-tools.js';
import { ToolArgumentsError, ToolInputError, ToolNotAllowedError, ToolRegistry } from '../../functions/core/tools/registry.js';

/** A registry with the local tools (corpus.search, corpus.get, media.transcribe, media.caption). */
export const localTools = (): ToolRegistry => registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));

/** The errors `test.throws` can throw, by the name of their class. */
const THROWABLE = {
  ToolNotAllowedError: (m: string) => new ToolNotAllowedError(m),
  ToolArgumentsError: (m: string) => new ToolArgumentsError(m),
  ToolInputError: (m: string) => new ToolInputError(m),
  ExpressionError: (m: string) => new ExpressionError(m),
  StepExecutionError: (m: string) => new StepExecutionError(m),
  Error: (m: string) => new Error(m),
} as const;
export type ThrowableKind = keyof typeof THROWABLE;

/** How a slow tool waits when its arguments name no wait: longer than any timeout a test sets. */
const LONG_WAIT_MS = 10_000;

/**
 * The local tools and four test tools, each counting its runs:
 * - `test.flaky` fails the first `failures` calls (default 1) for each `key` (default none), then answers;
 * - `test.slow` waits `ms[n]` on its n-th call (0 past the list, 10 s without one), or until its signal fires;
 * - `test.spy` answers its `city`, with a strict schema;
 * - `test.throws` throws the error class named by `kind`.
 */
export function testTools() {
  const counts = { flaky: 0, slow: 0, aborted: 0, spy: 0, throws: 0 };
  const flakyCallsByKey = new Map<string, number>();
  const tools = localTools();
  tools.register({
    name: 'test.flaky',
    description: 'Fails its first calls for each key, then answers.',
    inputSchema: {
      type: 'object',
      properties: { key: { type: 'string' }, failures: { type: 'integer', minimum: 0 } },
      additionalProperties: false,
    },
    async run(args) {
      counts.flaky++;
      const key = args.key === undefined ? undefined : String(args.key);
      const n = (flakyCallsByKey.get(key ?? '') ?? 0) + 1;
      flakyCallsByKey.set(key ?? '', n);
      if (n <= Number(args.failures ?? 1)) throw new Error(key === undefined ? `flaky failure ${n}` : `flaky ${key} failure ${n}`);
      return { ...(key === undefined ? {} : { key }), call: n };
    },
  });
  tools.register({
    name: 'test.slow',
    description: 'Waits, unless its signal fires first.',
    inputSchema: { type: 'object', properties: { ms: { type: 'array', items: { type: 'integer' } } }, additionalProperties: false },
    async run(args, ctx) {
      const waits = args.ms as number[] | undefined;
      const ms = waits === undefined ? LONG_WAIT_MS : (waits[counts.slow] ?? 0);
      counts.slow++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        ctx.signal.addEventListener('abort', () => {
          counts.aborted++;
          clearTimeout(timer);
          resolve();
        });
      });
      return { waited: ms };
    },
  });
  tools.register({
    name: 'test.spy',
    description: 'Counts its runs.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    async run(args) {
      counts.spy++;
      return { city: args.city };
    },
  });
  tools.register({
    name: 'test.throws',
    description: 'Throws the error it is asked for.',
    inputSchema: { type: 'object', properties: { kind: { enum: Object.keys(THROWABLE) } }, required: ['kind'], additionalProperties: false },
    async run(args) {
      counts.throws++;
      throw THROWABLE[args.kind as ThrowableKind](`thrown ${String(args.kind)}`);
    },
  });
  return { tools, counts };
}
