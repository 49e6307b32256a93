/**
 * The local runner: the state machine of infra/workflow.asl.json, interpreted in this process by
 * aws-local-stepfunctions, with each Task state mapped to the very handler its Lambda runs. The
 * database is the embedded DynamoDB-compatible server (dynalite, data under .cairn/db) unless
 * CAIRN_DYNAMODB_ENDPOINT points at another one (DynamoDB Local in the tests).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { createDynamoClient } from '../functions/adapters/dynamodb/client.js';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../functions/adapters/dynamodb/embedded.js';
import { ensureTable } from '../functions/adapters/dynamodb/table.js';
import { NotifyingTraceStore, type TraceEventListener } from '../functions/adapters/local/notifying-trace-store.js';
import { InvalidInputError } from '../functions/core/errors.js';
import type { LlmProvider } from '../functions/core/ports.js';
import type { ToolRegistry } from '../functions/core/tools/registry.js';
import type { PlanRecord, PlanRequest } from '../functions/core/types.js';
import { acceptRequest, checkRequest, newPlanId } from '../functions/core/workflow/intake.js';
import type { WorkflowInput } from '../functions/core/workflow/phases.js';
import type { Runtime } from '../functions/handlers/runtime.js';

const WORKFLOW_FILE = fileURLToPath(new URL('../infra/workflow.asl.json', import.meta.url));

/** The Task states of the workflow and the handler module each one runs (static imports, for bundlers). */
export const TASK_HANDLERS = {
  Analyze: () => import('../functions/handlers/analyze.js'),
  Generate: () => import('../functions/handlers/generate.js'),
  Validate: () => import('../functions/handlers/validate.js'),
  Repair: () => import('../functions/handlers/repair.js'),
  RejectPlan: () => import('../functions/handlers/reject-plan.js'),
  Execute: () => import('../functions/handlers/execute.js'),
  Finalize: () => import('../functions/handlers/finalize.js'),
  RecordFailure: () => import('../functions/handlers/record-failure.js'),
} as const;

/** `${AnalyzeFunctionArn}` -> a Lambda ARN; CDK substitutes the real ones on AWS. */
export function loadWorkflowDefinition(arnOf: (state: string) => string): StateMachineDefinition {
  let text = readFileSync(WORKFLOW_FILE, 'utf8');
  for (const state of Object.keys(TASK_HANDLERS)) text = text.replaceAll(`\${${state}FunctionArn}`, arnOf(state));
  return JSON.parse(text) as StateMachineDefinition;
}

export interface LocalStackOptions {
  /** Folder of the embedded database; in memory when undefined. */
  dataDir?: string | undefined;
  /** An LLM other than the one the environment selects (tests script one). */
  llm?: LlmProvider;
  /** A tool registry other than the default one (the DAG benchmark adds a simulated-latency tool). */
  tools?: ToolRegistry;
}

type JsonValue = Parameters<StateMachine['run']>[0];
type TaskHandler = (event: unknown, context: Context) => Promise<unknown>;

export class LocalStack {
  private constructor(
    readonly runtime: Runtime,
    private readonly machine: StateMachine,
    private readonly handlers: Record<string, TaskHandler>,
    private readonly embedded: EmbeddedDynamo | undefined,
    private readonly events: NotifyingTraceStore,
  ) {}

  /**
   * Starts the database (unless the environment names one), creates the table, then loads the
   * handler modules: they read their configuration at load, as a Lambda does at init.
   */
  static async open(options: LocalStackOptions = {}): Promise<LocalStack> {
    let embedded: EmbeddedDynamo | undefined;
    if (!process.env.CAIRN_DYNAMODB_ENDPOINT) {
      try {
        embedded = await startEmbeddedDynamo(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
      } catch (error) {
        if (/lock/i.test(String(error))) {
          throw new InvalidInputError(`the local store ${options.dataDir} is in use by another cairn process`, { cause: error });
        }
        throw error;
      }
      process.env.CAIRN_DYNAMODB_ENDPOINT = embedded.endpoint;
    }
    const { runtime, useLlm, useTools } = await import('../functions/handlers/runtime.js');
    const rt = runtime();
    // Every event the workflow stores is also told to onEvent's listeners (live progress).
    const events = rt.store instanceof NotifyingTraceStore ? rt.store : new NotifyingTraceStore(rt.store);
    rt.store = events;
    rt.phases.store = events;
    if (options.llm) useLlm(options.llm);
    if (options.tools) useTools(options.tools);
    const client = createDynamoClient({ endpoint: rt.config.dynamoEndpoint! });
    await ensureTable(client, rt.config.tableName);
    client.destroy();
    const handlers: Record<string, TaskHandler> = {};
    for (const [state, load] of Object.entries(TASK_HANDLERS)) {
      handlers[state] = (await load()).handler as unknown as TaskHandler;
    }
    const definition = loadWorkflowDefinition((state) => `arn:aws:lambda:us-east-1:000000000000:function:cairn-${state}`);
    // Checking the definition takes 0.3-1 s of CPU; its test checks it once (test/infra/workflow-definition.test.ts), not every start.
    const machine = new StateMachine(definition, { validationOptions: { noValidate: true } });
    return new LocalStack(rt, machine, handlers, embedded, events);
  }

  /** Calls `listener` with each trace event the workflow stores, of any plan; returns a function that stops it. */
  onEvent(listener: TraceEventListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Checks and stores the request, runs the workflow to its end and returns the final record. */
  async run(request: unknown, options: { planOnly?: boolean; planId?: string } = {}): Promise<PlanRecord> {
    const { config, store } = this.runtime;
    const checked: PlanRequest = checkRequest(request, { maxTaskBytes: config.maxTaskBytes, maxIterations: config.maxIterations });
    const planId = options.planId ?? newPlanId();
    const input = await acceptRequest(store, checked, {
      planId,
      now: new Date(),
      limits: { maxTaskBytes: config.maxTaskBytes, maxIterations: config.maxIterations },
      ...(options.planOnly ? { planOnly: true } : {}),
    });
    return this.execute(planId, input);
  }

  /** Runs the workflow of a plan already stored (intake has accepted it) to its end; returns the final record. */
  async execute(planId: string, input: WorkflowInput): Promise<PlanRecord> {
    const { store } = this.runtime;
    const taskResourceLocalHandlers = Object.fromEntries(
      Object.entries(this.handlers).map(([state, handler]) => [
        state,
        async (event: unknown) => (await handler(event, lambdaContext(state, planId))) as JsonValue,
      ]),
    );
    // The workflow input is plain JSON by construction.
    const execution = this.machine.run(input as unknown as Parameters<StateMachine['run']>[0], { overrides: { taskResourceLocalHandlers } });
    try {
      await execution.result;
    } catch {
      // The Fail state: RecordFailure has already written the reason to the trace.
    }
    const record = await store.getPlan(planId);
    if (!record) throw new Error(`plan ${planId} vanished from the store`);
    return record;
  }

  async close(): Promise<void> {
    await this.embedded?.close();
  }
}

/** The parts of a Lambda context a handler may read. */
export function lambdaContext(state: string, requestId: string): Context {
  const deadline = Date.now() + 15 * 60 * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `cairn-${state}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:cairn-${state}`,
    memoryLimitInMB: '1024',
    awsRequestId: `${requestId}-${state}`,
    logGroupName: `/aws/lambda/cairn-${state}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
