/**
 * The workflow: the state machine of infra/workflow.asl.json, the very file the local runner
 * interprets, with its `${<State>FunctionArn}` placeholders substituted by the ARNs of one Lambda
 * per Task state. The Task states and their timeouts are read from that file, their entry files
 * from the state -> handler map the local runner uses too (functions/handlers/states.ts); a state
 * missing from either fails the synth. Logs of every event, X-Ray, alarms on failed and timed-out
 * executions.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, type Size, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, type StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { TASK_STATES } from '../../functions/handlers/states.js';
import { CairnFunction } from './cairn-function.js';

export const WORKFLOW_FILE = fileURLToPath(new URL('../workflow.asl.json', import.meta.url));

export interface TaskState {
  /** The state's name, e.g. `RejectPlan`. */
  readonly name: string;
  /** The placeholder its Resource holds, e.g. `RejectPlanFunctionArn`. */
  readonly placeholder: string;
  /** Its handler module, e.g. `reject-plan.ts`. */
  readonly handlerFile: string;
  /** The function's timeout: the state's TimeoutSeconds, or CALLBACK_FUNCTION_TIMEOUT for a state that waits on a task token. */
  readonly timeoutSeconds: number;
  /** The state waits on a task token (`lambda:invoke.waitForTaskToken`): its TimeoutSeconds bounds the wait, not the function. */
  readonly callback: boolean;
}

/** A state that waits on a task token invokes its function through this integration, naming it in Parameters.FunctionName. */
export const WAIT_FOR_TASK_TOKEN = 'arn:aws:states:::lambda:invoke.waitForTaskToken';

/** The function of a callback state only stores the token: it has a short timeout of its own. */
export const CALLBACK_FUNCTION_TIMEOUT = 60;

/**
 * Every Task state of the definition, each with its Resource a `${<State>FunctionArn}` placeholder
 * and its entry from `bindings`, which must name exactly the definition's Task states.
 */
export function taskStates(
  definitionText: string = readFileSync(WORKFLOW_FILE, 'utf8'),
  bindings: Readonly<Record<string, { readonly entry: string }>> = TASK_STATES,
): TaskState[] {
  const definition = JSON.parse(definitionText) as {
    States: Record<string, { Type: string; Resource?: string; TimeoutSeconds?: number; Parameters?: { FunctionName?: string } }>;
  };
  const states = Object.entries(definition.States)
    .filter(([, state]) => state.Type === 'Task')
    .map(([name, state]) => {
      const callback = state.Resource === WAIT_FOR_TASK_TOKEN;
      const named = callback ? state.Parameters?.FunctionName : state.Resource;
      const placeholder = /^\$\{(\w+)\}$/.exec(named ?? '')?.[1];
      if (placeholder !== `${name}FunctionArn`) {
        const where = callback ? 'Parameters.FunctionName' : 'Resource';
        throw new Error(`state ${name}: ${where} must be \${${name}FunctionArn}, got ${named}`);
      }
      if (state.TimeoutSeconds === undefined) throw new Error(`state ${name}: TimeoutSeconds is required (it is the function's timeout, or the wait's)`);
      const binding = bindings[name];
      if (binding === undefined) throw new Error(`state ${name}: no handler in the state map (functions/handlers/states.ts)`);
      const timeoutSeconds = callback ? CALLBACK_FUNCTION_TIMEOUT : state.TimeoutSeconds;
      return { name, placeholder, handlerFile: binding.entry, timeoutSeconds, callback };
    });
  const unused = Object.keys(bindings).filter((name) => !states.some((state) => state.name === name));
  if (unused.length > 0) throw new Error(`the state map names states the workflow does not have: ${unused.join(', ')}`);
  return states;
}

export interface WorkflowProps {
  readonly type: StateMachineType;
  /** Environment of every workflow function (table, bucket, secret, ...). */
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
  /** Files some functions need next to their bundle, by state name. */
  readonly extraFiles?: Readonly<Record<string, readonly string[]>>;
  /** Packages some functions ship in their bundle's node_modules (native modules), by state name. */
  readonly nodeModules?: Readonly<Record<string, readonly string[]>>;
  /** Memory of some functions, by state name (default CairnFunction's). */
  readonly memorySizes?: Readonly<Record<string, number>>;
  /** Room under /tmp of some functions, by state name. */
  readonly ephemeralStorage?: Readonly<Record<string, Size>>;
}

export class Workflow extends Construct {
  readonly stateMachine: StateMachine;
  /** One function per Task state, by state name. */
  readonly functions: ReadonlyMap<string, CairnFunction>;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    const states = taskStates();
    const functions = new Map<string, CairnFunction>();
    for (const state of states) {
      const extraFiles = props.extraFiles?.[state.name];
      const nodeModules = props.nodeModules?.[state.name];
      const memorySize = props.memorySizes?.[state.name];
      const ephemeralStorageSize = props.ephemeralStorage?.[state.name];
      functions.set(
        state.name,
        new CairnFunction(this, `${state.name}Function`, {
          handlerFile: state.handlerFile,
          description: `Cairn workflow state ${state.name}`,
          // The state's TimeoutSeconds is the Lambda's: the state never waits on a function already stopped
          // (a callback state's function only stores its token, and the state's timeout bounds the wait).
          timeout: Duration.seconds(state.timeoutSeconds),
          environment: props.environment,
          logRetention: props.logRetention,
          ...(extraFiles ? { extraFiles } : {}),
          ...(nodeModules ? { nodeModules } : {}),
          ...(memorySize ? { memorySize } : {}),
          ...(ephemeralStorageSize ? { ephemeralStorageSize } : {}),
        }),
      );
    }
    this.functions = functions;

    const logGroup = new LogGroup(this, 'Logs', {
      // The /aws/vendedlogs/ prefix keeps the log resource policy small (Step Functions' advice).
      logGroupName: `/aws/vendedlogs/states/${Stack.of(this).stackName}-${id}`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      definitionBody: DefinitionBody.fromFile(WORKFLOW_FILE),
      definitionSubstitutions: Object.fromEntries(states.map((s) => [s.placeholder, functions.get(s.name)!.functionArn])),
      stateMachineType: props.type,
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    // The definition names the functions by their unqualified ARNs: exactly those, nothing more.
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [...functions.values()].map((fn) => fn.functionArn) }),
    );
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Step Functions logging and X-Ray: the logs:*LogDelivery* / DescribeLogGroups / PutResourcePolicy and xray:Put*/GetSampling* actions have no resource-level permissions.',
    });

    const alarm = (name: string, metric: Metric, description: string) =>
      new Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    const period = { period: Duration.minutes(5), statistic: 'Sum' };
    alarm('FailedAlarm', this.stateMachine.metricFailed(period), 'A Cairn plan failed in the last 5 minutes (its trace has the reason)');
    alarm('TimedOutAlarm', this.stateMachine.metricTimedOut(period), 'A Cairn execution timed out in the last 5 minutes');
  }
}
