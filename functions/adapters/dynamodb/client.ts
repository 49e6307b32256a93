/**
 * The one place that creates a DynamoDB client (STYLE: each SDK client created once, in one
 * place). Timeouts are explicit and far below a Lambda timeout: the SDK's defaults never time a
 * request out, so a stuck socket would otherwise eat the whole invocation.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type AwsClientOptions, awsClientConfig } from '../aws/client-options.js';

/** The shared AWS client options (region, attempts, timeouts), plus a local endpoint. */
export interface DynamoClientOptions extends AwsClientOptions {
  /** A local endpoint (dynalite, DynamoDB Local) or a custom one; the SDK's regional default when absent. */
  endpoint?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True when the endpoint is on this machine: dynalite or DynamoDB Local. */
export function isLocalEndpoint(endpoint: string | undefined): boolean {
  if (endpoint === undefined) return false;
  try {
    return LOOPBACK.has(new URL(endpoint).hostname);
  } catch {
    return false;
  }
}

export function createDynamoClient(options: DynamoClientOptions = {}): DynamoDBClient {
  const local = isLocalEndpoint(options.endpoint);
  return new DynamoDBClient({
    ...awsClientConfig(options),
    ...(options.endpoint !== undefined ? { endpoint: options.endpoint } : {}),
    // A local server accepts any signature: fixed credentials and region, so no credential or
    // region lookup (files, IMDS) happens on a laptop.
    ...(local ? { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
}

/**
 * The DocumentClient over a DynamoDBClient, with the marshalling options the trace store relies
 * on: optional fields that are absent (undefined) are left out rather than rejected.
 */
export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
