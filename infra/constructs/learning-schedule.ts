/**
 * Learning on a schedule: an EventBridge Scheduler schedule invokes the learn function
 * (functions/handlers/learn.ts), which reads the plans of the last window through the trace
 * table's byCreated index, mines, synthesizes, replays and stores the tools it finds; a person
 * promotes them through POST /tools/{id}/approve.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct, type IConstruct } from 'constructs';
import { CairnFunction } from './cairn-function.js';

export interface LearningScheduleProps {
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
  /** How often learning runs, and how far back each run reads. Default: daily, over the last 7 days. */
  readonly every?: Duration;
  readonly window?: string;
}

export class LearningSchedule extends Construct {
  readonly function: CairnFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: LearningScheduleProps) {
    super(scope, id);
    this.function = new CairnFunction(this, 'LearnFunction', {
      handlerFile: 'learn.ts',
      description: 'Cairn: learn composite tools from the stored plans',
      // Reading a week of traces and replaying them takes longer than a phase.
      timeout: Duration.minutes(10),
      memorySize: 1024,
      environment: props.environment,
      logRetention: props.logRetention,
    });
    // A role of its own, so that what it may do is acknowledged here and nowhere else.
    const role = new Role(this, 'SchedulerRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
    this.schedule = new Schedule(this, 'Schedule', {
      description: 'Cairn: mine, synthesize and validate composite tools',
      schedule: ScheduleExpression.rate(props.every ?? Duration.days(1)),
      target: new LambdaInvoke(this.function, { input: ScheduleTargetInput.fromObject({ since: props.window ?? '7d' }), retryAttempts: 0, role }),
    });
    // The scheduler's role may invoke the function and its versions (`<arn>:*`), as CDK grants it.
    const logicalId = Stack.of(this).resolve((this.function.node.defaultChild as CfnFunction).logicalId) as string;
    Validations.of(role as unknown as IConstruct).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>:*]`,
      reason: 'The schedule invokes the learn function only; CDK grants it the function and its versions.',
    });
  }
}
