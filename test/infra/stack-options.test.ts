/**
 * What a deployment may choose by context: an Express workflow and a JWT authorizer (one synth),
 * and context that is wrong, refused before anything is built.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { settingsFromContext } from '../../infra/settings.js';
import { appWith, synthCairn } from './support.js';

const { template } = synthCairn({
  workflow: 'express',
  auth: 'jwt',
  jwtIssuer: 'https://issuer.example.com/',
  jwtAudience: 'cairn-api, cairn-cli',
  logRetentionDays: 7,
  corpus: 's3://my-corpora/corpus/films.jsonl',
});

describe('Stack: Cairn with `-c workflow=express -c auth=jwt ...`', () => {
  it('builds an Express state machine and tells the starters it does not deduplicate by name', () => {
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', { StateMachineType: 'EXPRESS' });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cairn POST /plans',
      Environment: { Variables: Match.objectLike({ CAIRN_WORKFLOW_TYPE: 'express' }) },
    });
  });

  it('puts every route behind the JWT authorizer of the given issuer and audiences', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      JwtConfiguration: { Issuer: 'https://issuer.example.com/', Audience: ['cairn-api', 'cairn-cli'] },
    });
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 3);
    for (const route of Object.values(template.findResources('AWS::ApiGatewayV2::Route'))) {
      expect(route['Properties'].AuthorizationType).toBe('JWT');
    }
  });

  it('uses the configured log retention and default corpus', () => {
    for (const group of Object.values(template.findResources('AWS::Logs::LogGroup'))) expect(group['Properties'].RetentionInDays).toBe(7);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cairn workflow state Execute',
      Environment: { Variables: Match.objectLike({ CAIRN_CORPUS: 's3://my-corpora/corpus/films.jsonl' }) },
    });
  });
});

describe('Function: settingsFromContext', () => {
  it('lists every bad value in one error', () => {
    // Prepare
    const app = appWith({ workflow: 'turbo', auth: 'jwt', logRetentionDays: 10, taskPrefix: '/tasks', corpus: 'corpus.jsonl', ttlDays: 0 });

    // Act / Assess
    expect(() => settingsFromContext(app.node)).toThrow(
      /^invalid Cairn context: workflow must be standard or express, got "turbo"; auth=jwt needs jwtIssuer, an https URL, got ""; auth=jwt needs jwtAudience, one or more audiences separated by commas; logRetentionDays must be one of 1, 3, 5, 7, 14, 30, .*, got 10; taskPrefix must be a key prefix ending in \/, got "\/tasks"; corpus must be an s3:\/\/bucket\/key reference, got "corpus.jsonl"; ttlDays must be an integer from 1 to 3650, got "0"$/,
    );
  });

  it('defaults to a Standard workflow behind IAM, 30-day logs and the bundled sample corpus', () => {
    // Act
    const settings = settingsFromContext(appWith({ workflow: undefined, auth: undefined, logRetentionDays: undefined, ttlDays: undefined, taskPrefix: undefined }).node);

    // Assess
    expect(settings).toEqual({ workflowType: 'STANDARD', authorization: { kind: 'iam' }, logRetention: 30, ttlDays: 30, taskPrefix: 'tasks/', corpus: undefined });
  });
});
