/**
 * The Lambda defaults of Cairn, in one construct: Node.js 24 on arm64, X-Ray tracing, a log group
 * with retention, Powertools' variables, an alarm on errors, and an esbuild bundle (ESM, minified,
 * tree-shaken, source maps, split into chunks) built from the handler file on this machine. Each
 * function gets its own role, which holds only what the stack grants it.
 *
 * The bundle is built here with esbuild's API rather than by NodejsFunction, which always passes
 * esbuild one output file and so cannot split: code reached only through a dynamic import (the
 * Anthropic SDK, the OpenAI-compatible client, the AWS clients built on first use) goes to its own
 * chunk, which a cold start does not load. esbuild runs in a child process (bundle.mjs), since CDK
 * bundles synchronously and only esbuild's asynchronous API takes plugins (build/sdk-schemas.mjs).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration, type ILocalBundling, RemovalPolicy, type Size, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { BuildOptions, Metafile } from 'esbuild';
import { NAMES_IMPORTED, standInModule } from '../../build/stand-in.mjs';
import { FUNCTION_MEMORY_MB } from '../../functions/shared/deployment.js';

/** Node.js 24, the newest runtime Lambda offers. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HANDLERS = fileURLToPath(new URL('../../functions/handlers/', import.meta.url));
const requireFromProject = createRequire(join(PROJECT_ROOT, 'package.json'));
/** Runs esbuild with plugins, which its synchronous API cannot (bundle.mjs). */
const BUNDLE_SCRIPT = fileURLToPath(new URL('./bundle.mjs', import.meta.url));

/**
 * Bundled ESM still meets CommonJS dependencies (the X-Ray SDK, ...) that call `require`: this
 * gives the bundle one, as the Powertools documentation does. `__cairnLoadFirstUse` loads a file at
 * the bundle's root (beside index.mjs) from whichever output file the caller was bundled into
 * (index.mjs, or a chunk under chunks/): the stand-ins of LOADED_ON_FIRST_USE call it.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __cairnCreateRequire } from 'node:module'; const require = __cairnCreateRequire(import.meta.url); " +
  "const __cairnLoadFirstUse = (file) => require((/\\/chunks\\/[^/]+$/.test(import.meta.url) ? '../' : './') + file);";

/**
 * Packages the functions import at their top but that a normal invocation never calls, each
 * replaced by a stand-in with the same export names whose getters load the real package the first
 * time one is read. The real package is bundled as an entry of its own,
 * `first-use-<name>.mjs` beside index.mjs, which the stand-in loads synchronously with `require` (Node 24
 * requires an ES module that has no top-level await), so that the code using it stays synchronous.
 *
 * - semver, which the X-Ray SDK loads at its top for its AWS SDK v2 patcher only (at every cold
 *   start): Cairn's clients are v3, traced by another patcher. A CommonJS package: the
 *   stand-in has every export name of the real one, read at build time.
 * - The S3 client: only large payloads, S3 task files, s3:// corpora and stored indexes use it,
 *   which a typical invocation of most functions does not (the S3 task trigger and the index job
 *   always do; they pay the chunk's load on their first call, reported by bench:bundles). The names
 *   are the ones Cairn's code imports (NAMES_IMPORTED, shared with the CLI bundle), checked by
 *   test/infra/bundling.test.ts.
 */
export const LOADED_ON_FIRST_USE: Readonly<Record<string, readonly string[] | 'commonjs'>> = {
  '@aws-sdk/client-s3': NAMES_IMPORTED['@aws-sdk/client-s3'],
  semver: 'commonjs',
};

/**
 * Built-ins the bundled code imports at its top but a normal invocation never uses: the AWS SDK's
 * HTTP/2 handler (its clients speak HTTP/1.1). Every built-in is reached through CommonJS
 * (builtinsThroughCommonJs in build/stand-in.mjs, applied by bundle.mjs); these through stand-ins.
 */
const BUILTINS_ON_FIRST_USE = ['http2'];

/**
 * How every function is bundled: ESM for Node 24, minified and tree-shaken, with source maps (the
 * `.map` files ship beside the code, for reading a stack trace; not loaded at run time), split at dynamic imports so that what a function loads at a
 * cold start is `index.mjs` and the chunks it imports statically; the rest waits in `chunks/`
 * until first used.
 */
export const BUNDLING = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  // No keepNames: it wraps every class and named function in a call that sets its name, some
  // 30 KiB and CPU at every cold start. The error types Step Functions' Retry and Catch match
  // (LlmTransientError, TraceStoreTransientError, ...) are literals (CairnError's `errorName`).
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  splitting: true,
  // `index.mjs`, and the `first-use-*.mjs` entries of LOADED_ON_FIRST_USE beside it.
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  // The AWS SDK v3 is bundled too, though the nodejs24.x runtime has a copy: resolving and
  // loading its hundreds of files from node_modules cost a cold start more than parsing the
  // clients a function uses, minified, inside its bundle (measured by npm run bench:bundles).
  // It also pins the SDK version to the lock file's.
  logLevel: 'warning',
  // Native modules cannot be bundled: they stay imports, and the functions that load them ship
  // them beside the code (`nodeModules`).
  external: ['@lancedb/lancedb', 'apache-arrow'],
} as const satisfies BuildOptions;

/**
 * The local engine's packages, for the functions that build or open an index (the index job,
 * Execute): LanceDB, its native binary and Apache Arrow. The lock file holds LanceDB's Linux
 * binary for x86_64 only, so those functions run on x86_64.
 */
export const LOCAL_ENGINE_MODULES = ['@lancedb/lancedb', '@lancedb/lancedb-linux-x64-gnu', 'apache-arrow'] as const;

/** `names` and the packages they depend on (not their optional ones), as found in the project's node_modules. */
export function dependencyClosure(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const manifest = join(PROJECT_ROOT, 'node_modules', name, 'package.json');
    if (!existsSync(manifest)) throw new Error(`${name} is not installed in node_modules (npm ci)`);
    seen.add(name);
    const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(dependencies)) visit(dependency);
  };
  for (const name of names) visit(name);
  return [...seen].sort();
}

/**
 * Builds the bundle of `entry` into `outdir`, and copies `extraFiles` (relative to the project
 * root) beside it. Returns esbuild's account of which input went to which output file.
 */
export function bundleFunction(entry: string, outdir: string, extraFiles: readonly string[] = [], nodeModules: readonly string[] = []): Metafile {
  const firstUse = loadedOnFirstUse();
  const options: BuildOptions = {
    ...BUNDLING,
    alias: firstUse.alias,
    entryPoints: { index: entry, ...firstUse.entryPoints },
    outdir,
    absWorkingDir: PROJECT_ROOT,
  };
  // esbuild's own messages (warnings, errors naming the file and line) go to this process's stderr.
  const bundled = spawnSync(process.execPath, [BUNDLE_SCRIPT], {
    input: JSON.stringify({ options, builtinsOnFirstUse: BUILTINS_ON_FIRST_USE }),
    stdio: ['pipe', 'pipe', 'inherit'],
    maxBuffer: 256 * 1024 * 1024,
  });
  if (bundled.status !== 0) throw new Error(`esbuild could not bundle ${relative(PROJECT_ROOT, entry)}: ${bundled.error?.message ?? 'see its messages above'}`);
  const metafile = JSON.parse(bundled.stdout.toString()) as Metafile;
  for (const file of extraFiles) cpSync(join(PROJECT_ROOT, file), join(outdir, basename(file)));
  for (const name of nodeModules.length > 0 ? dependencyClosure(nodeModules) : []) {
    cpSync(join(PROJECT_ROOT, 'node_modules', name), join(outdir, 'node_modules', name), { recursive: true, dereference: true });
  }
  return metafile;
}

/**
 * For each package of LOADED_ON_FIRST_USE: an entry point `first-use-<name>` that re-exports
 * the names Cairn uses from the real package (its ES module build, by absolute path, so the alias
 * does not apply to it), and an alias of the package to its stand-in. Written into .cairn/first-use/.
 */
function loadedOnFirstUse(): { alias: Record<string, string>; entryPoints: Record<string, string> } {
  const dir = join(PROJECT_ROOT, '.cairn/first-use');
  mkdirSync(dir, { recursive: true });
  const alias: Record<string, string> = {};
  const entryPoints: Record<string, string> = {};
  for (const [name, names] of Object.entries(LOADED_ON_FIRST_USE)) {
    const slug = name.replace(/^@/, '').replaceAll('/', '-');
    const root = join(PROJECT_ROOT, 'node_modules', name);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { module?: string; main?: string };
    const real = JSON.stringify(join(root, (names === 'commonjs' ? undefined : manifest.module) ?? manifest.main ?? 'index.js'));
    const entry = join(dir, `${slug}.entry.mjs`);
    const load = `__cairnLoadFirstUse(${JSON.stringify(`first-use-${slug}.mjs`)})`;
    const standIn = join(dir, `${slug}.cjs`);
    if (names === 'commonjs') {
      // A CommonJS package's exports are its module.exports, the entry's default export.
      writeFileSync(entry, `import real from ${real};\nexport default real;\n`);
      writeFileSync(standIn, standInModule({ load: `${load}.default`, keys: Object.keys(requireFromProject(name) as object) }));
    } else {
      writeFileSync(entry, `export { ${names.join(', ')} } from ${real};\n`);
      writeFileSync(standIn, standInModule({ load, keys: names }));
    }
    entryPoints[`first-use-${slug}`] = entry;
    alias[name] = standIn;
  }
  return { alias, entryPoints };
}

/**
 * The local bundling of one function. A class with public fields, not a closure: CDK caches
 * bundled assets under a hash of the bundling options' JSON, and a closure would give every
 * function the same hash, hence the first function's bundle.
 */
class EsbuildBundling implements ILocalBundling {
  readonly options = BUNDLING;

  constructor(
    readonly entry: string,
    readonly extraFiles: readonly string[],
    readonly nodeModules: readonly string[],
  ) {}

  tryBundle(outputDir: string): boolean {
    bundleFunction(this.entry, outputDir, this.extraFiles, this.nodeModules);
    return true;
  }
}

export interface CairnFunctionProps {
  /** The handler module in functions/handlers, e.g. `analyze.ts`; it exports `handler`. */
  readonly handlerFile: string;
  readonly description: string;
  readonly timeout: Duration;
  /** @default FUNCTION_MEMORY_MB, 1024 (on arm64, more memory is also more CPU, which shortens a cold start) */
  readonly memorySize?: number;
  /** Room under /tmp. @default 512 MiB (Lambda's) */
  readonly ephemeralStorageSize?: Size;
  readonly environment?: Record<string, string>;
  readonly logRetention: RetentionDays;
  /** Files copied next to the bundle, relative to the project root (e.g. the sample corpus). */
  readonly extraFiles?: readonly string[];
  /** Packages shipped in the bundle's node_modules with their dependencies (native modules); the function then runs on x86_64. */
  readonly nodeModules?: readonly string[];
  /** For a function invoked asynchronously: its retries, and where an event that kept failing goes. */
  readonly asyncInvocation?: { readonly retryAttempts: number; readonly deadLetterQueue: IQueue };
}

export class CairnFunction extends LambdaFunction {
  readonly errorsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: CairnFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Cairn ${id}: its log group, and what the stack grants it`,
    });
    const entry = `${HANDLERS}${props.handlerFile}`;
    super(scope, id, {
      code: Code.fromAsset(PROJECT_ROOT, {
        // The hash of what is deployed, not of the project's files.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Required by the type, never pulled: local bundling always succeeds or throws.
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
          local: new EsbuildBundling(entry, props.extraFiles ?? [], props.nodeModules ?? []),
        },
      }),
      handler: 'index.handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: props.nodeModules && props.nodeModules.length > 0 ? Architecture.X86_64 : Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      timeout: props.timeout,
      memorySize: props.memorySize ?? FUNCTION_MEMORY_MB,
      ...(props.ephemeralStorageSize ? { ephemeralStorageSize: props.ephemeralStorageSize } : {}),
      role,
      ...(props.asyncInvocation ? { retryAttempts: props.asyncInvocation.retryAttempts, deadLetterQueue: props.asyncInvocation.deadLetterQueue } : {}),
      logGroup,
      // No --enable-source-maps: Node would read and index every .map file while loading the code,
      // CPU at each cold start. A stack trace's minified names and positions map back
      // with the .map files shipped beside the code.
      environment: {
        POWERTOOLS_SERVICE_NAME: 'cairn',
        POWERTOOLS_METRICS_NAMESPACE: 'Cairn',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...props.environment,
      },
    });
    // The role writes to this function's log group only (no AWSLambdaBasicExecutionRole).
    logGroup.grantWrite(role);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions.',
    });
    this.errorsAlarm = new Alarm(this, 'ErrorsAlarm', {
      alarmDescription: `Cairn ${id} failed at least once in 5 minutes`,
      metric: this.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
