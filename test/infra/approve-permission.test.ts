/**
 * Approving a learned tool is its own permission on AWS, apart from planning: with IAM auth, a
 * managed policy to plan (every route but the approve route) and one to approve (that route only);
 * with JWT auth, the approve route asks for a scope of its own. Checked on the synthesized
 * templates of both.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APPROVE_SCOPE } from '../../infra/constructs/plans-api.js';
import { settingsFromContext } from '../../infra/settings.js';
import { appWith, synthCairn } from './support.js';

const JWT = { auth: 'jwt', jwtIssuer: 'https://issuer.example.com/', jwtAudience: 'cairn-api' };

/** The execute-api resources a managed policy of `description` allows, each as its route's tail (`/POST/plans`). */
function invokedRoutes(template: Template, description: string): string[] {
  const policies = Object.values(template.findResources('AWS::IAM::ManagedPolicy')).filter((p) => p.Properties.Description === description);
  expect(policies).toHaveLength(1);
  const statements = policies[0]!.Properties.PolicyDocument.Statement as Array<{ Action: string; Effect: string; Resource: unknown }>;
  expect(statements.map((s) => [s.Effect, s.Action])).toEqual([['Allow', 'execute-api:Invoke']]);
  // One resource is written alone, several as a list; each an Fn::Join whose last part is `/<stage>/<METHOD>/<path>`.
  const resources = [statements[0]!.Resource].flat();
  return resources.map((r) => {
    const parts = (r as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    return String(parts[parts.length - 1]).replace(/^\/\*/, '');
  });
}

describe('Stack: approving tools with IAM authorization', () => {
  const { template } = synthCairn();

  it('gives planners a policy for every route but the approve route', () => {
    expect(invokedRoutes(template, 'Cairn API: send tasks, follow and answer plans, list tools; not approve them').sort()).toEqual([
      '/GET/plans',
      '/GET/plans/*',
      '/GET/plans/*/trace',
      '/GET/tools',
      '/POST/plans',
      '/POST/plans/*/input',
    ]);
  });

  it('gives approvers a policy for the approve route alone, and outputs both', () => {
    expect(invokedRoutes(template, 'Cairn API: promote or reject a learned tool')).toEqual(['/POST/tools/*/approve']);
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['PlannerPolicyArn', 'ApproverPolicyArn']));
  });
});

describe('Stack: approving tools with JWT authorization', () => {
  it('requires the approve scope on the approve route and no scope elsewhere', () => {
    // Act
    const { template } = synthCairn(JWT);

    // Assess
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => [r.Properties.RouteKey, r.Properties.AuthorizationScopes]);
    expect(routes.filter(([, scopes]) => scopes !== undefined)).toEqual([['POST /tools/{id}/approve', [DEFAULT_APPROVE_SCOPE]]]);
    expect(routes).toHaveLength(7);
  });

  it('takes the scope from the context, and refuses one that is not a single scope', () => {
    expect(settingsFromContext(appWith({ ...JWT, jwtApproveScope: 'admin/approve' }).node).authorization).toMatchObject({ approveScope: 'admin/approve' });
    expect(() => settingsFromContext(appWith({ ...JWT, jwtApproveScope: 'tools approve' }).node)).toThrow(
      'jwtApproveScope must be one scope, printable ASCII without spaces, got "tools approve"',
    );
  });
});
