/**
 * What a deployment may choose by context: an Express workflow, a JWT authorizer and media steps on
 * AWS (one synth), and context that is wrong, refused before anything is built.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { settingsFromContext } from '../../infra/settings.js';
import { actionsOf, appWith, logicalIdOf, statementsOf, synthCairn } from './support.js';

const { app, template } = synthCairn({
  workflow: 'express',
  auth: 'jwt',
  jwtIssuer: 'https://issuer.example.com/',
  jwtAudience: 'cairn-api, cairn-cli',
  logRetentionDays: 7,
  corpus: 's3://my-corpora/corpus/films.jsonl',
  media: 'aws',
  captionModel: 'eu.amazon.nova-lite-v1:0',
});

describe('Stack: Cairn with `-c workflow=express -c auth=jwt ...`', () => {
  it('builds an Express state machine and tells the starters it does not deduplicate by name', () => {
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', { StateMachineType: 'EXPRESS' });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cairn POST /plans',
      Environment: { Variables: Match.objectLike({ CAIRN_WORKFLOW_TYPE: 'express' }) },
    }); // Finalize estimates the plan's cost by the workflow's type.
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cairn workflow state Finalize',
      Environment: { Variables: Match.objectLike({ CAIRN_WORKFLOW_TYPE: 'express' }) },
    });
  });

  it('puts every route behind the JWT authorizer of the given issuer and audiences', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      JwtConfiguration: { Issuer: 'https://issuer.example.com/', Audience: ['cairn-api', 'cairn-cli'] },
    });
    // POST and GET /plans, GET /plans/{id} and its trace, the input, GET /tools and the approval.
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 7);
    for (const route of Object.values(template.findResources('AWS::ApiGatewayV2::Route'))) {
      expect(route.Properties.AuthorizationType).toBe('JWT');
    }
  });

  it('uses the configured log retention and default corpus', () => {
    for (const group of Object.values(template.findResources('AWS::Logs::LogGroup'))) expect(group.Properties.RetentionInDays).toBe(7);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cairn workflow state Execute',
      Environment: { Variables: Match.objectLike({ CAIRN_CORPUS: 's3://my-corpora/corpus/films.jsonl' }) },
    });
  });
});

describe('Stack: Cairn with `-c media=aws -c captionModel=...`', () => {
  const functions = template.findResources('AWS::Lambda::Function');
  const execute = logicalIdOf(template, 'AWS::Lambda::Function', 'WorkflowExecuteFunction');
  const bucket = logicalIdOf(template, 'AWS::S3::Bucket', 'StorageBucket');
  const roleOf = (functionId: string) => (functions[functionId]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const executeStatements = statementsOf(template, roleOf(execute));
  const join = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });
  const arn = (...rest: unknown[]) => join('arn:', { Ref: 'AWS::Partition' }, ...rest);

  it('tells the Execute function, and only it, to run media steps on AWS and where', () => {
    expect(functions[execute]!.Properties.Environment.Variables).toMatchObject({
      CAIRN_MEDIA: 'aws',
      CAIRN_CAPTION_MODEL_ID: 'eu.amazon.nova-lite-v1:0',
      CAIRN_MEDIA_LOCATION: join('s3://', { Ref: bucket }, '/corpus/'),
      CAIRN_TRANSCRIPT_LOCATION: join('s3://', { Ref: bucket }, '/transcripts/'),
    });
    for (const [id, fn] of Object.entries(functions)) {
      if (id !== execute) expect(fn.Properties.Environment?.Variables ?? {}, id).not.toHaveProperty('CAIRN_MEDIA');
    }
  });

  it('lets the Execute function run cairn-* Transcribe jobs, invoke the caption model and keep transcripts under transcripts/', () => {
    const media = executeStatements.filter(
      (s) => actionsOf([s]).some((a) => /^(transcribe|bedrock):/.test(a)) || JSON.stringify(s.Resource).includes('/transcripts/'),
    );
    expect(media).toEqual([
      { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: join({ 'Fn::GetAtt': [bucket, 'Arn'] }, '/transcripts/*') },
      {
        Effect: 'Allow',
        Action: ['transcribe:StartTranscriptionJob', 'transcribe:GetTranscriptionJob'],
        Resource: arn(':transcribe:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':transcription-job/cairn-*'),
      },
      {
        Effect: 'Allow',
        Action: 'bedrock:InvokeModel',
        // The inference profile, and the model it routes to in any region of its geography.
        Resource: [
          arn(':bedrock:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':inference-profile/eu.amazon.nova-lite-v1:0'),
          arn(':bedrock:*::foundation-model/amazon.nova-lite-v1:0'),
        ],
      },
    ]);
    // The media files themselves are read under corpus/, as the corpora are.
    expect(executeStatements).toContainEqual({ Effect: 'Allow', Action: 's3:GetObject', Resource: join({ 'Fn::GetAtt': [bucket, 'Arn'] }, '/corpus/*') });
  });

  it('grants the media services to no other function', () => {
    for (const id of Object.keys(functions)) {
      if (id === execute || id.startsWith('BucketNotificationsHandler')) continue;
      const statements = statementsOf(template, roleOf(id));
      expect(
        actionsOf(statements).filter((a) => /^(transcribe|bedrock):/.test(a)),
        id,
      ).toEqual([]);
      expect(JSON.stringify(statements), id).not.toContain('/transcripts/');
    }
  });

  it('leaves no cdk-nag finding unacknowledged', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  it("grants a model id (no inference profile) on that one foundation model in the stack's region", () => {
    // Act
    const { template: plain } = synthCairn({ media: 'aws', captionModel: 'anthropic.claude-3-haiku-20240307-v1:0' });

    // Assess
    const role = logicalIdOf(plain, 'AWS::IAM::Role', 'WorkflowExecuteFunctionRole');
    expect(statementsOf(plain, role).filter((s) => actionsOf([s]).includes('bedrock:InvokeModel'))).toEqual([
      {
        Effect: 'Allow',
        Action: 'bedrock:InvokeModel',
        Resource: arn(':bedrock:', { Ref: 'AWS::Region' }, '::foundation-model/anthropic.claude-3-haiku-20240307-v1:0'),
      },
    ]);
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
    const settings = settingsFromContext(
      appWith({ workflow: undefined, auth: undefined, logRetentionDays: undefined, ttlDays: undefined, taskPrefix: undefined }).node,
    );

    // Assess
    expect(settings).toEqual({
      workflowType: 'STANDARD',
      authorization: { kind: 'iam' },
      logRetention: 30,
      ttlDays: 30,
      taskPrefix: 'tasks/',
      corpus: undefined,
      media: 'local',
      captionModelId: 'amazon.nova-lite-v1:0',
      retrievalEngine: 'local',
    });
  });

  it('refuses a media backend or caption model it does not know', () => {
    expect(() => settingsFromContext(appWith({ media: 'cloud', captionModel: 'arn:aws:bedrock:eu-west-1::foundation-model/x' }).node)).toThrow(
      'invalid Cairn context: media must be local or aws, got "cloud"; captionModel must be a Bedrock model or inference profile id, got "arn:aws:bedrock:eu-west-1::foundation-model/x"',
    );
  });
});
