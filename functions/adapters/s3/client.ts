/** The one place that creates an S3 client (STYLE: each SDK client created once, in one place). */
import { S3Client } from '@aws-sdk/client-s3';
import { type AwsClientOptions, awsClientConfig, withoutSdkLogging } from '../aws/client-options.js';

export function createS3Client(options: AwsClientOptions = {}): S3Client {
  return withoutSdkLogging(new S3Client(awsClientConfig(options)));
}
