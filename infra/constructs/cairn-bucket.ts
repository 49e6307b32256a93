/**
 * The one bucket of Cairn: task files under the task prefix with their results beside them,
 * large payloads under `payloads/`, corpora (and their media files) under `corpus/`,
 * transcripts of media steps run on AWS under `transcripts/`. Encrypted, TLS only, no public
 * access, access-logged to a second bucket. Grants are per prefix and per action.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct, type IConstruct } from 'constructs';

export const PAYLOAD_PREFIX = 'payloads/';
export const CORPUS_PREFIX = 'corpus/';
export const TRANSCRIPT_PREFIX = 'transcripts/';
/** Where the index job writes the local engine's index of each corpus under corpus/. */
export const INDEX_PREFIX = 'indexes/';

export type ObjectAction = 's3:GetObject' | 's3:GetObjectVersion' | 's3:PutObject';

export interface CairnBucketProps {
  /** Payloads outlive the trace items that point at them by a day, then go. */
  readonly payloadExpiration: Duration;
}

export class CairnBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: CairnBucketProps) {
    super(scope, id);
    const secure = {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    };
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...secure,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket of the Cairn bucket; logging it to itself would loop.',
    });
    this.bucket = new Bucket(this, 'Bucket', {
      ...secure,
      // A cast for exactOptionalPropertyTypes only: jsii declares Bucket.isWebsite `boolean | undefined`, IBucket's `boolean`.
      serverAccessLogsBucket: this.accessLogs as IBucket,
      serverAccessLogsPrefix: 'cairn/',
      lifecycleRules: [{ prefix: PAYLOAD_PREFIX, expiration: props.payloadExpiration }],
      // Task files and their results are the user's: a `cdk destroy` keeps them.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  get bucketName(): string {
    return this.bucket.bucketName;
  }

  /**
   * Grants `actions` on the objects under `prefix`. An object ARN needs a wildcard after the
   * prefix; the finding that raises is acknowledged on the grantee, for this prefix only.
   */
  grantObjects(grantee: IGrantable, prefix: string, actions: readonly ObjectAction[]): void {
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources: [this.bucket.arnForObjects(`${prefix}*`)] }));
    const logicalId = Stack.of(this).resolve((this.bucket.node.defaultChild as CfnBucket).logicalId) as string;
    // The finding is on the principal's policy (a function's role), so it is acknowledged there.
    Validations.of(grantee.grantPrincipal as unknown as IConstruct).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/${prefix}*]`,
      reason: `Object-level S3 actions need an object ARN; this grant covers the ${prefix} prefix of the Cairn bucket only.`,
    });
  }
}
