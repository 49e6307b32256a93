/**
 * One synth of the Cairn app for a test file: cdk.json's context (what `cdk synth` uses) plus the
 * test's, cdk-nag registered as in infra/app.ts. Bundling is skipped (the bench builds the real
 * bundles); so are CDK's built-in CloudFormation checks (see appWith).
 */
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildCairnApp } from '../../infra/cairn-app.js';
import type { CairnStack } from '../../infra/stack.js';

export interface Synthesized {
  app: App;
  stack: CairnStack;
  template: Template;
}

export const cdkJsonContext = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> }).context;

export function appWith(context: Record<string, unknown> = {}): App {
  return new App({
    context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], ...context },
    // CDK's own CloudFormation checks (a WASM engine, seconds a synth) only warn, and report
    // nothing on this stack under `cdk synth`; cdk-nag, which these tests are about, still runs.
    builtinCloudFormationValidation: false,
  });
}

export function synthCairn(context: Record<string, unknown> = {}): Synthesized {
  const app = appWith(context);
  const stack = buildCairnApp(app);
  // Template.fromStack synthesizes the app, running the validation plugins: an unacknowledged
  // cdk-nag finding throws here.
  return { app, stack, template: Template.fromStack(stack) };
}

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

/** Every statement of the IAM policies attached to `roleLogicalId` (inline default policies). */
export function statementsOf(template: Template, roleLogicalId: string): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleLogicalId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

export function actionsOf(statements: readonly Statement[]): string[] {
  return statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])).sort();
}

/** The logical id of the one resource of `type` whose logical id starts with `prefix`. */
export function logicalIdOf(template: Template, type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  if (ids.length !== 1) throw new Error(`expected one ${type} named ${prefix}*, found ${ids.join(', ') || 'none'}`);
  return ids[0]!;
}
