/**
 * The events AWS sends to Cairn's intake functions, as plain builders: API Gateway HTTP API
 * (payload 2.0), S3 event notifications and SQS batches. No test runner here, so benchmarks use
 * them too.
 */
import type { APIGatewayProxyEventV2, S3Event, SQSEvent, SQSRecord } from 'aws-lambda';

export const BUCKET = 'cairn-test-bucket';

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  routeKey: string;
  body?: string;
  headers?: Record<string, string>;
  pathParameters?: Record<string, string>;
  isBase64Encoded?: boolean;
}

/** An API Gateway HTTP API (payload format 2.0) event, as API Gateway sends it to Lambda. */
export function httpEvent(request: HttpRequest): APIGatewayProxyEventV2 {
  const now = new Date();
  return {
    version: '2.0',
    routeKey: request.routeKey,
    rawPath: request.path,
    rawQueryString: '',
    headers: {
      accept: '*/*',
      host: 'abc123.execute-api.eu-west-1.amazonaws.com',
      'user-agent': 'curl/8.5.0',
      'x-forwarded-proto': 'https',
      ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
      ...request.headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: request.method, path: request.path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'curl/8.5.0' },
      requestId: `rid-${Math.random().toString(36).slice(2)}=`,
      routeKey: request.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(request.pathParameters ? { pathParameters: request.pathParameters } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
    isBase64Encoded: request.isBase64Encoded ?? false,
  };
}

export interface S3Object {
  key: string;
  size?: number;
  eTag?: string;
  sequencer: string;
  versionId?: string;
}

/** An S3 event notification (ObjectCreated:Put) as S3 sends it to Lambda; keys are URL-encoded. */
export function s3Event(objects: readonly S3Object[], bucket = BUCKET): S3Event {
  return {
    Records: objects.map((object) => ({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: 'eu-west-1',
      eventTime: new Date().toISOString(),
      eventName: 'ObjectCreated:Put',
      userIdentity: { principalId: 'AWS:AIDAEXAMPLE' },
      requestParameters: { sourceIPAddress: '203.0.113.7' },
      responseElements: { 'x-amz-request-id': 'C3D13FE58DE4C810', 'x-amz-id-2': 'FMyUVURIY8/IgAtTv8xRjskZQpcIZ9KG4V5Wp6S7S/JRWeUWerMUE5JgHvANOjpD' },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'cairn-tasks',
        bucket: { name: bucket, ownerIdentity: { principalId: 'A3NL1KOZZKExample' }, arn: `arn:aws:s3:::${bucket}` },
        object: {
          key: encodeURIComponent(object.key).replace(/%2F/g, '/').replace(/%20/g, '+'),
          size: object.size ?? 100,
          eTag: object.eTag ?? 'd41d8cd98f00b204e9800998ecf8427e',
          sequencer: object.sequencer,
          ...(object.versionId !== undefined ? { versionId: object.versionId } : {}),
        },
      },
    })),
  };
}

export function sqsRecord(messageId: string, body: string, receiveCount = 1): SQSRecord {
  return {
    messageId,
    receiptHandle: `AQEB${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(Date.now()),
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: 'e4e68fb7bd0e697a0ae8f1bb342846b3',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:123456789012:Cairn-Requests',
    awsRegion: 'eu-west-1',
  };
}

export function sqsEvent(records: SQSRecord[]): SQSEvent {
  return { Records: records };
}
