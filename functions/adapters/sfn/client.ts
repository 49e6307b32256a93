/** The one place that creates a Step Functions client (STYLE: each SDK client created once, in one place). */
import { SFNClient } from '@aws-sdk/client-sfn';
import { awsClientConfig, type AwsClientOptions } from '../aws/client-options.js';

export function createSfnClient(options: AwsClientOptions = {}): SFNClient {
  return new SFNClient(awsClientConfig(options));
}
