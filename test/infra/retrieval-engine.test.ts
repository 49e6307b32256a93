/**
 * Where corpora in S3 are indexed and searched, by context: the default stack's index job writes
 * the local engine's index under indexes/ and Execute opens it; `-c retrievalEngine=opensearch`
 * adds an OpenSearch Serverless collection that only the index job and Execute may use.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { settingsFromContext } from '../../infra/settings.js';
import { EXECUTE_MEMORY_MB } from '../../infra/stack.js';
import { actionsOf, appWith, logicalIdOf, type Synthesized, statementsOf, synthCairn } from './support.js';

const roleOf = (s: Synthesized, functionPrefix: string) => {
  const fn = s.template.findResources('AWS::Lambda::Function')[logicalIdOf(s.template, 'AWS::Lambda::Function', functionPrefix)]!;
  return (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
};
const bucketArnJoin = (s: Synthesized, prefix: string) => ({
  'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalIdOf(s.template, 'AWS::S3::Bucket', 'StorageBucket'), 'Arn'] }, `/${prefix}*`]],
});
const resourcesOf = (statements: ReturnType<typeof statementsOf>, action: string) =>
  statements.filter((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]).includes(action)).map((st) => st.Resource);

describe('Stack: Cairn retrieval, default context (the local engine)', () => {
  const s = synthCairn();
  const job = roleOf(s, 'IndexJobFunction');
  const execute = roleOf(s, 'WorkflowExecuteFunction');

  it('runs the index job with the longest timeout, room under /tmp, on corpus files written under corpus/', () => {
    s.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cairn index job: builds the index of a corpus in S3 once',
      Timeout: 900,
      MemorySize: 3008,
      EphemeralStorage: { Size: 4096 },
      Environment: { Variables: Match.objectLike({ CAIRN_RETRIEVAL_ENGINE: 'local', CAIRN_INDEX_LOCATION: Match.anyValue() }) },
    });
    s.template.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        LambdaFunctionConfigurations: Match.arrayWith(
          ['.jsonl', '.json'].map((suffix) => ({
            Events: ['s3:ObjectCreated:*'],
            Filter: {
              Key: {
                FilterRules: [
                  { Name: 'suffix', Value: suffix },
                  { Name: 'prefix', Value: 'corpus/' },
                ],
              },
            },
            LambdaFunctionArn: { 'Fn::GetAtt': [logicalIdOf(s.template, 'AWS::Lambda::Function', 'IndexJobFunction'), 'Arn'] },
          })),
        ),
      },
    });
  });

  it('tells Execute to open the stored index, with the memory and /tmp it needs at 100k documents', () => {
    s.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cairn workflow state Execute',
      MemorySize: EXECUTE_MEMORY_MB,
      EphemeralStorage: { Size: 2048 },
      Architectures: ['x86_64'],
      Environment: { Variables: Match.objectLike({ CAIRN_RETRIEVAL_ENGINE: 'local', CAIRN_INDEX_LOCATION: Match.anyValue() }) },
    });
  });

  it('lets the job read corpora and write indexes, and Execute read indexes only', () => {
    const jobStatements = statementsOf(s.template, job);
    expect(resourcesOf(jobStatements, 's3:GetObject')).toEqual(expect.arrayContaining([bucketArnJoin(s, 'corpus/'), bucketArnJoin(s, 'indexes/')]));
    expect(resourcesOf(jobStatements, 's3:PutObject')).toEqual([bucketArnJoin(s, 'indexes/')]);
    const executeStatements = statementsOf(s.template, execute);
    expect(resourcesOf(executeStatements, 's3:GetObject')).toEqual(expect.arrayContaining([bucketArnJoin(s, 'indexes/')]));
    expect(resourcesOf(executeStatements, 's3:PutObject')).not.toContainEqual(bucketArnJoin(s, 'indexes/'));
    expect(actionsOf(jobStatements).filter((a) => a.startsWith('aoss:'))).toEqual([]);
  });

  it('deploys no OpenSearch collection', () => {
    s.template.resourceCountIs('AWS::OpenSearchServerless::Collection', 0);
  });
});

describe('Stack: Cairn with `-c retrievalEngine=opensearch`', () => {
  const s = synthCairn({ retrievalEngine: 'opensearch' });
  const job = roleOf(s, 'IndexJobFunction');
  const execute = roleOf(s, 'WorkflowExecuteFunction');
  const collection = logicalIdOf(s.template, 'AWS::OpenSearchServerless::Collection', 'RetrievalCollection');

  it('deploys a vector-search collection behind its encryption and network policies', () => {
    s.template.hasResourceProperties('AWS::OpenSearchServerless::Collection', { Type: 'VECTORSEARCH' });
    const resource = s.template.findResources('AWS::OpenSearchServerless::Collection')[collection]!;
    expect(resource.DependsOn).toEqual(expect.arrayContaining([logicalIdOf(s.template, 'AWS::OpenSearchServerless::SecurityPolicy', 'RetrievalEncryption')]));
    s.template.hasResourceProperties('AWS::OpenSearchServerless::SecurityPolicy', { Type: 'encryption' });
    s.template.hasResourceProperties('AWS::OpenSearchServerless::SecurityPolicy', { Type: 'network' });
  });

  it('gives data access to the index job (write) and Execute (read) only', () => {
    const policy = Object.values(s.template.findResources('AWS::OpenSearchServerless::AccessPolicy'))[0]!;
    const text = JSON.stringify(policy.Properties.Policy);
    expect(text).toContain(job);
    expect(text).toContain(execute);
    expect(text.match(/"Fn::GetAtt":\["[^"]+Role[^"]*","Arn"\]/g)?.length).toBe(2);
    for (const role of [job, execute]) {
      expect(resourcesOf(statementsOf(s.template, role), 'aoss:APIAccessAll')).toEqual([{ 'Fn::GetAtt': [collection, 'Arn'] }]);
    }
  });

  it('points Execute and the job at the collection, Execute ships no local engine, both keep indexes/ for the vectorizer state', () => {
    for (const description of ['Cairn workflow state Execute', 'Cairn index job: builds the index of a corpus in S3 once']) {
      s.template.hasResourceProperties('AWS::Lambda::Function', {
        Description: description,
        Environment: {
          Variables: Match.objectLike({
            CAIRN_RETRIEVAL_ENGINE: 'opensearch',
            CAIRN_OPENSEARCH_ENDPOINT: { 'Fn::GetAtt': [collection, 'CollectionEndpoint'] },
          }),
        },
      });
    }
    s.template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Cairn workflow state Execute', Architectures: ['arm64'] });
    // indexes/ keeps the lexical vectorizer's state the queries are embedded with.
    expect(resourcesOf(statementsOf(s.template, job), 's3:PutObject')).toEqual([bucketArnJoin(s, 'indexes/')]);
    expect(resourcesOf(statementsOf(s.template, execute), 's3:GetObject')).toEqual(expect.arrayContaining([bucketArnJoin(s, 'indexes/')]));
  });

  it('leaves no cdk-nag finding unacknowledged', () => {
    const report = new AwsSolutionsChecks().validateScope(s.app);
    expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
});

describe('Function: settingsFromContext, retrievalEngine', () => {
  it('refuses an engine it does not know', () => {
    expect(() => settingsFromContext(appWith({ retrievalEngine: 'elastic' }).node)).toThrow('retrievalEngine must be local or opensearch, got "elastic"');
  });
});
