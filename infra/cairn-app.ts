/**
 * The Cairn CDK app: the stack from the context's settings, and cdk-nag's AwsSolutions rules as a
 * validation plugin (cdk-nag 3), so a finding nobody acknowledged fails the synth.
 */
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { settingsFromContext } from './settings.js';
import { CairnStack } from './stack.js';

export function buildCairnApp(app: App, stackName = 'Cairn'): CairnStack {
  const stack = new CairnStack(app, stackName, {
    settings: settingsFromContext(app.node),
    description: 'Cairn: a serverless LLM planner (API, bucket and queue intake, Step Functions workflow, DynamoDB traces)',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
