/** What S3 answers, shaped as the SDK hands it over in Node, for tests and benchmarks that mock S3. */
import { Readable } from 'node:stream';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';

/** A GetObject body: a stream of `text` with the SDK's helpers. */
export function s3Body(text: string): NonNullable<GetObjectCommandOutput['Body']> {
  const stream = Readable.from([Buffer.from(text, 'utf8')]);
  return Object.assign(stream, {
    transformToString: async () => text,
    transformToByteArray: async () => new Uint8Array(Buffer.from(text, 'utf8')),
    transformToWebStream: () => Readable.toWeb(stream) as ReadableStream,
  });
}
