/**
 * The one place that creates a DynamoDB client (STYLE: each SDK client created once, in one
 * place). Timeouts are explicit and far below a Lambda timeout: the SDK's defaults never time a
 * request out, so a stuck socket would otherwise eat the whole invocation.
 */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type AwsClientOptions, awsClientConfig, withoutSdkLogging } from '../aws/client-options.js';

/** The shared AWS client options (region, attempts, timeouts), plus a local endpoint. */
export interface DynamoClientOptions extends AwsClientOptions {
  /** A local endpoint (the embedded store, DynamoDB Local) or a custom one; the SDK's regional default when absent. */
  endpoint?: string;
  /** How requests reach the endpoint, in place of the SDK's HTTP handler (the embedded store, in process). */
  requestHandler?: DynamoDBClientConfig['requestHandler'];
  /**
   * The secret a local store asks its clients for (the embedded store of a CAIRN_HOME, held by
   * another process): presented on every request. Never sent to an endpoint off this machine.
   */
  secret?: string;
}

/** The header a client of the embedded store presents its secret in (local/store/embedded.ts checks it). */
export const STORE_SECRET_HEADER = 'x-cairn-secret';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True when the endpoint is on this machine: the embedded store or DynamoDB Local. */
export function isLocalEndpoint(endpoint: string | undefined): boolean {
  if (endpoint === undefined) return false;
  try {
    return LOOPBACK.has(new URL(endpoint).hostname);
  } catch {
    return false;
  }
}

/** What a request to a local server carries instead of a signature. */
interface UnsignedRequest {
  headers: Record<string, string>;
}

/**
 * A signer for a local server: the embedded store and DynamoDB Local check that a request has the
 * shape of a signed one, never the signature. Hashing and HMAC-ing every body cost about a fifth of the
 * CPU of each request of a local run, for nothing.
 * The embedded store of a CAIRN_HOME asks for its secret instead, in a header: on loopback it
 * travels no network, and checking it costs the store one comparison, not a signature's hashes.
 */
const localSigner = (secret: string | undefined) => ({
  sign: async <R extends UnsignedRequest>(request: R): Promise<R> => {
    const stamp = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    request.headers['x-amz-date'] = stamp;
    request.headers.authorization = `AWS4-HMAC-SHA256 Credential=local/${stamp.slice(0, 8)}/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0`;
    if (secret !== undefined) request.headers[STORE_SECRET_HEADER] = secret;
    return request;
  },
});

export function createDynamoClient(options: DynamoClientOptions = {}): DynamoDBClient {
  const local = isLocalEndpoint(options.endpoint);
  const client = new DynamoDBClient({
    ...awsClientConfig(options),
    ...(options.endpoint !== undefined ? { endpoint: options.endpoint } : {}),
    ...(options.requestHandler !== undefined ? { requestHandler: options.requestHandler } : {}),
    // A local server accepts any signature: fixed credentials and region, so no credential or
    // region lookup (files, IMDS) happens on a laptop, and no signing work either.
    ...(local
      ? {
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          httpAuthSchemes: [
            {
              schemeId: 'aws.auth#sigv4',
              identityProvider: (config: { getIdentityProvider(id: string): unknown }) => config.getIdentityProvider('aws.auth#sigv4'),
              signer: localSigner(options.secret),
            },
          ] as unknown as NonNullable<DynamoDBClientConfig['httpAuthSchemes']>,
        }
      : {}),
  });
  return withoutSdkLogging(client);
}

/**
 * The DocumentClient over a DynamoDBClient, with the marshalling options the trace store relies
 * on: optional fields that are absent (undefined) are left out rather than rejected.
 */
export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
