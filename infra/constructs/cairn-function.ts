/**
 * The Lambda defaults of Cairn, in one construct (STYLE 7): Node.js 24 on arm64, X-Ray tracing,
 * a log group with retention, Powertools' variables, an alarm on errors, and an esbuild bundle
 * (ESM, minified, tree-shaken, source maps) built from the handler file on this machine. Each
 * function gets its own role, which holds only what the stack grants it.
 */
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, type ICommandHooks, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** Node.js 24, the newest runtime Lambda offers. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HANDLERS = fileURLToPath(new URL('../../functions/handlers/', import.meta.url));

/**
 * Bundled ESM still meets CommonJS dependencies (the X-Ray SDK, ...) that call `require`: this
 * gives the bundle one, as the Powertools documentation does.
 */
const ESM_REQUIRE_BANNER = "import { createRequire as __cairnCreateRequire } from 'node:module'; const require = __cairnCreateRequire(import.meta.url);";

/**
 * How every function is bundled: ESM for Node 24, minified and tree-shaken, with source maps, the
 * AWS SDK included, by the esbuild of node_modules (no Docker).
 */
export const BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node24',
  minify: true,
  // Error class names survive minification: they are the error types Step Functions' Retry and
  // Catch match (LlmTransientError, TraceStoreTransientError, ...).
  keepNames: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  // The AWS SDK v3 comes with the nodejs24.x runtime (CDK's own default): leaving it out keeps
  // every bundle under 1 MB. Everything else, the LLM SDKs included, is bundled and tree-shaken.
  externalModules: ['@aws-sdk/*'],
  forceDockerBundling: false,
};

export interface CairnFunctionProps {
  /** The handler module in functions/handlers, e.g. `analyze.ts`; it exports `handler`. */
  readonly handlerFile: string;
  readonly description: string;
  readonly timeout: Duration;
  /** @default 1024 (on arm64, more memory is also more CPU, which shortens a cold start) */
  readonly memorySize?: number;
  readonly environment?: Record<string, string>;
  readonly logRetention: RetentionDays;
  /** Files copied next to the bundle, relative to the project root (e.g. the sample corpus). */
  readonly extraFiles?: readonly string[];
  /** For a function invoked asynchronously: its retries, and where an event that kept failing goes. */
  readonly asyncInvocation?: { readonly retryAttempts: number; readonly deadLetterQueue: IQueue };
}

export class CairnFunction extends NodejsFunction {
  readonly errorsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: CairnFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Cairn ${id}: its log group, and what the stack grants it`,
    });
    super(scope, id, {
      entry: `${HANDLERS}${props.handlerFile}`,
      handler: 'handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      timeout: props.timeout,
      memorySize: props.memorySize ?? 1024,
      role,
      ...(props.asyncInvocation ? { retryAttempts: props.asyncInvocation.retryAttempts, deadLetterQueue: props.asyncInvocation.deadLetterQueue } : {}),
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: `${PROJECT_ROOT}package-lock.json`,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'cairn',
        POWERTOOLS_METRICS_NAMESPACE: 'Cairn',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...props.environment,
      },
      bundling: { ...BUNDLING, ...(props.extraFiles?.length ? { commandHooks: copyFiles(props.extraFiles) } : {}) },
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

function copyFiles(files: readonly string[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => files.map((file) => `cp "${inputDir}/${file}" "${outputDir}/"`),
  };
}
