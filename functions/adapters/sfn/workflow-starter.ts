/**
 * WorkflowStarter on Step Functions. The plan id is the execution name, so a second start of the
 * same plan is refused by a Standard workflow (ExecutionAlreadyExists, or the original answer
 * while it still runs with the same input): both mean "already started".
 */
import { type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { WorkflowStarter } from '../../core/ports.js';
import type { WorkflowInput } from '../../core/workflow/types.js';
import { toStartError } from './errors.js';

export interface SfnWorkflowStarterOptions {
  client: SFNClient;
  stateMachineArn: string;
  /** Express workflows do not refuse a second execution with the same name. */
  workflowType: 'standard' | 'express';
}

export class SfnWorkflowStarter implements WorkflowStarter {
  readonly deduplicatesByName: boolean;
  private readonly client: SFNClient;
  private readonly stateMachineArn: string;

  constructor(options: SfnWorkflowStarterOptions) {
    this.client = options.client;
    this.stateMachineArn = options.stateMachineArn;
    this.deduplicatesByName = options.workflowType === 'standard';
  }

  async start(name: string, input: WorkflowInput): Promise<{ started: boolean }> {
    try {
      await this.client.send(new StartExecutionCommand({ stateMachineArn: this.stateMachineArn, name, input: JSON.stringify(input) }));
      return { started: true };
    } catch (error) {
      if ((error as { name?: unknown }).name === 'ExecutionAlreadyExists') return { started: false };
      throw toStartError(this.stateMachineArn, error);
    }
  }
}
