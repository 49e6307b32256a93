/**
 * The state machine definition is checked here, once, by the Amazon States Language validator of
 * aws-local-stepfunctions (every state, every path, every ARN), so the local runner can skip that
 * check at each start, where it cost most of a second.
 */
import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { loadWorkflowDefinition } from '../../cli/local-runner.js';

const arnOf = (state: string) => `arn:aws:lambda:us-east-1:000000000000:function:cairn-${state}`;
const strict = { validationOptions: { checkArn: true, checkPaths: true } };

describe('Workflow definition: infra/workflow.asl.json', () => {
  it('passes the States Language validator, with its ARNs and paths checked', () => {
    // Prepare
    const definition = loadWorkflowDefinition(arnOf);

    // Act
    const build = () => new StateMachine(definition, strict);

    // Assess
    expect(build).not.toThrow();
  });

  it('is refused by the same validator when a state points at a state that does not exist', () => {
    // Prepare: the same definition with one Next bent towards nowhere.
    const definition = structuredClone(loadWorkflowDefinition(arnOf)) as { States: Record<string, { Next?: string }> };
    const [name] = Object.entries(definition.States).find(([, state]) => typeof state.Next === 'string') ?? [];
    expect(name).toBeDefined();
    definition.States[name!]!.Next = 'NoSuchState';

    // Act
    const build = () => new StateMachine(definition as unknown as ConstructorParameters<typeof StateMachine>[0], strict);

    // Assess
    expect(build).toThrow(/invalid/i);
  });
});
