/**
 * The OpenSearch client of Cairn: requests signed with SigV4 for OpenSearch Serverless (`aoss`), a
 * timeout below the functions' own and a small number of retries of the client's own. Credentials
 * come from the AWS SDK's default chain (the function's role) unless a caller passes its own.
 *
 * The signer is built from the package's shared signer with the SDK's chain imported here, rather
 * than taken from `@opensearch-project/opensearch/aws-v3`: that CommonJS module reaches the chain
 * with an `import()`, and an ES module imported from CommonJS makes esbuild wrap it and everything
 * it imports (most of the AWS SDK) in functions run on first use, so every Lambda bundle compiled
 * the SDK twice at each cold start.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Client } from '@opensearch-project/opensearch';
import { giveAwsV4Signer } from '@opensearch-project/opensearch/lib/aws/shared.js';

type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export interface OpenSearchClientOptions {
  /** The collection endpoint, `https://<id>.<region>.aoss.amazonaws.com`. */
  endpoint: string;
  region: string;
  /** Default: the AWS SDK's credential chain. */
  getCredentials?: () => Promise<Credentials>;
  /** Per request. Default 10 s. */
  requestTimeoutMs?: number;
}

let sdkChain: (() => Promise<Credentials>) | undefined;

/** The AWS SDK's default credential chain, made on first use and kept (it refreshes what expires). */
const sdkCredentials = (): Promise<Credentials> => {
  sdkChain ??= defaultProvider();
  return sdkChain();
};

const AwsSigv4Signer = giveAwsV4Signer(sdkCredentials);

export function createOpenSearchClient(options: OpenSearchClientOptions): Client {
  return new Client({
    ...AwsSigv4Signer({ region: options.region, service: 'aoss', ...(options.getCredentials ? { getCredentials: options.getCredentials } : {}) }),
    node: options.endpoint,
    requestTimeout: options.requestTimeoutMs ?? 10_000,
    maxRetries: 2,
  });
}
