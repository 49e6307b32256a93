/**
 * The settings every AWS SDK client of the functions shares (STYLE: explicit timeouts and retry
 * counts). The SDK's defaults never time a request out, so one stuck socket would otherwise eat
 * a whole invocation.
 */
export interface AwsClientOptions {
  /** Region on AWS; the SDK resolves it from the environment (AWS_REGION in Lambda) when absent. */
  region?: string | undefined;
  /** Total tries per call, the first included. Default 3. */
  maxAttempts?: number;
  /** Default 1 000 ms: a TCP connect inside a region takes milliseconds. */
  connectionTimeoutMs?: number;
  /** Default 5 000 ms per try; 3 tries plus backoff stay well under the shortest function timeout (30 s). */
  requestTimeoutMs?: number;
}

export function awsClientConfig(options: AwsClientOptions = {}) {
  return {
    ...(options.region !== undefined ? { region: options.region } : {}),
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 1_000,
      requestTimeout: options.requestTimeoutMs ?? 5_000,
      throwOnRequestTimeout: true,
    },
  };
}

/**
 * Takes the SDK's logger middleware out of a client's stack. Cairn gives its clients no logger,
 * yet the middleware still filters every request and response against the operation's schema
 * for sensitive fields, then hands them to the SDK's no-op logger: CPU spent on every request for
 * nothing.
 */
export function withoutSdkLogging<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
