/**
 * The OpenSearch client of Cairn: requests signed with SigV4 for OpenSearch Serverless (`aoss`), a
 * timeout below the functions' own and a small number of retries of the client's own. Credentials
 * come from the AWS SDK's default chain (the function's role) unless a caller passes its own.
 */
import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';

export interface OpenSearchClientOptions {
  /** The collection endpoint, `https://<id>.<region>.aoss.amazonaws.com`. */
  endpoint: string;
  region: string;
  /** Default: the AWS SDK's credential chain. */
  getCredentials?: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;
  /** Per request. Default 10 s. */
  requestTimeoutMs?: number;
}

export function createOpenSearchClient(options: OpenSearchClientOptions): Client {
  return new Client({
    ...AwsSigv4Signer({ region: options.region, service: 'aoss', ...(options.getCredentials ? { getCredentials: options.getCredentials } : {}) }),
    node: options.endpoint,
    requestTimeout: options.requestTimeoutMs ?? 10_000,
    maxRetries: 2,
  });
}
