/** The one place that creates a Step Functions client (STYLE: each SDK client created once, in one place). */
import { SFNClient } from '@aws-sdk/client-sfn';
import { type AwsClientOptions, awsClientConfig, withoutSdkLogging } from '../aws/client-options.js';

export function createSfnClient(options: AwsClientOptions = {}): SFNClient {
  return withoutSdkLogging(new SFNClient(awsClientConfig(options)));
}
