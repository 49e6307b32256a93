/**
 * What a deployment may choose, from CDK context (`-c key=value` or cdk.json), checked up front:
 * a bad value stops the synth with every problem listed.
 *
 *   workflow          standard (default) | express
 *   auth              iam (default) | jwt, with jwtIssuer and jwtAudience (comma-separated), and
 *                     jwtApproveScope: the scope a token needs to approve learned tools
 *                     (cairn/tools.approve by default)
 *   logRetentionDays  30 (default); one of CloudWatch's retention values
 *   ttlDays           30 (default); how long traces and large payloads are kept
 *   taskPrefix        tasks/ (default); where task files go in the bucket
 *   corpus            the default corpus: the bundled sample (default), or s3://<the Cairn bucket>/corpus/...
 *   media             local (default): media steps read the corpus's metadata; aws: Amazon Transcribe
 *                     and Bedrock, media files under corpus/ of the Cairn bucket
 *   captionModel      with media=aws, the Bedrock model or inference profile id that captions images
 *   retrievalEngine   local (default): the index job writes the local engine's index of a corpus to
 *                     S3 and Execute opens it; opensearch: an OpenSearch Serverless collection holds
 *                     the indexes, for corpora past one function's memory
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Node } from 'constructs';
import { DEFAULT_CAPTION_MODEL_ID, isBedrockModelId } from '../functions/shared/media-config.js';
import { type ApiAuthorization, DEFAULT_APPROVE_SCOPE } from './constructs/plans-api.js';

export interface CairnSettings {
  readonly workflowType: StateMachineType;
  readonly authorization: ApiAuthorization;
  readonly logRetention: RetentionDays;
  readonly ttlDays: number;
  readonly taskPrefix: string;
  /** undefined: the sample corpus shipped inside the Execute function. */
  readonly corpus: string | undefined;
  /** Where media steps run; `aws` grants the Execute function Transcribe and Bedrock. */
  readonly media: 'local' | 'aws';
  /** The Bedrock model or inference profile id that captions images when media is `aws`. */
  readonly captionModelId: string;
  /** Where corpora in S3 are indexed and searched (index job and Execute). */
  readonly retrievalEngine: 'local' | 'opensearch';
}

const RETENTIONS = new Set<number>(Object.values(RetentionDays).filter((v): v is number => typeof v === 'number'));

export function settingsFromContext(node: Node): CairnSettings {
  const problems: string[] = [];
  const text = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    return String(value);
  };
  const integer = (key: string, fallback: number, min: number, max: number): number => {
    const raw = text(key);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${key} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
      return fallback;
    }
    return value;
  };

  const workflow = (text('workflow') ?? 'standard').toLowerCase();
  if (workflow !== 'standard' && workflow !== 'express') problems.push(`workflow must be standard or express, got ${JSON.stringify(workflow)}`);

  let authorization: ApiAuthorization = { kind: 'iam' };
  const auth = (text('auth') ?? 'iam').toLowerCase();
  if (auth === 'jwt') {
    const issuer = text('jwtIssuer');
    const audiences = (text('jwtAudience') ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '');
    if (issuer === undefined || !/^https:\/\/\S+$/.test(issuer)) problems.push(`auth=jwt needs jwtIssuer, an https URL, got ${JSON.stringify(issuer ?? '')}`);
    if (audiences.length === 0) problems.push('auth=jwt needs jwtAudience, one or more audiences separated by commas');
    const approveScope = text('jwtApproveScope') ?? DEFAULT_APPROVE_SCOPE;
    if (!/^[\x21-\x7E]+$/.test(approveScope))
      problems.push(`jwtApproveScope must be one scope, printable ASCII without spaces, got ${JSON.stringify(approveScope)}`);
    authorization = { kind: 'jwt', issuer: issuer ?? '', audiences, approveScope };
  } else if (auth !== 'iam') {
    problems.push(`auth must be iam or jwt, got ${JSON.stringify(auth)}`);
  }

  const retentionDays = integer('logRetentionDays', 30, 1, 3653);
  if (!RETENTIONS.has(retentionDays))
    problems.push(`logRetentionDays must be one of ${[...RETENTIONS].sort((a, b) => a - b).join(', ')}, got ${retentionDays}`);

  const taskPrefix = text('taskPrefix') ?? 'tasks/';
  if (!/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/$/.test(taskPrefix))
    problems.push(`taskPrefix must be a key prefix ending in /, got ${JSON.stringify(taskPrefix)}`);

  const corpus = text('corpus');
  if (corpus !== undefined && !/^s3:\/\/[^/]+\/.+/.test(corpus)) problems.push(`corpus must be an s3://bucket/key reference, got ${JSON.stringify(corpus)}`);

  const ttlDays = integer('ttlDays', 30, 1, 3650);

  const media = (text('media') ?? 'local').toLowerCase();
  if (media !== 'local' && media !== 'aws') problems.push(`media must be local or aws, got ${JSON.stringify(media)}`);
  const captionModelId = text('captionModel') ?? DEFAULT_CAPTION_MODEL_ID;
  if (!isBedrockModelId(captionModelId)) problems.push(`captionModel must be a Bedrock model or inference profile id, got ${JSON.stringify(captionModelId)}`);
  const retrievalEngine = (text('retrievalEngine') ?? 'local').toLowerCase();
  if (retrievalEngine !== 'local' && retrievalEngine !== 'opensearch')
    problems.push(`retrievalEngine must be local or opensearch, got ${JSON.stringify(retrievalEngine)}`);
  if (problems.length > 0) throw new Error(`invalid Cairn context: ${problems.join('; ')}`);
  return {
    workflowType: workflow === 'express' ? StateMachineType.EXPRESS : StateMachineType.STANDARD,
    authorization,
    logRetention: retentionDays as RetentionDays,
    ttlDays,
    taskPrefix,
    corpus,
    media: media === 'aws' ? 'aws' : 'local',
    captionModelId,
    retrievalEngine: retrievalEngine === 'opensearch' ? 'opensearch' : 'local',
  };
}
