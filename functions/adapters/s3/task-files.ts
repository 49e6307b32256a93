/**
 * Task files in S3: reading one that has just arrived, and writing `<key>.result.json`
 * beside it, whether a plan finished or the file was not a request.
 */
import { GetObjectCommand, type GetObjectCommandOutput, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CairnError, RequestValidationError } from '../../core/errors.js';
import type { ResultWriter } from '../../core/ports.js';
import type { PlanOrigin } from '../../core/types.js';
import { resultKeyOf } from '../../core/workflow/plan-view.js';
import { describeAwsError } from '../aws/transient.js';
import { isMissingObject, s3Uri } from './uri.js';

export interface S3TaskFilesOptions {
  client: S3Client;
  /** A task file larger than this is refused unread. Default 256 KiB: a request is at most ~80 KB. */
  maxBytes?: number;
}

export class S3TaskFiles implements ResultWriter {
  private readonly client: S3Client;
  private readonly maxBytes: number;

  constructor(options: S3TaskFilesOptions) {
    this.client = options.client;
    this.maxBytes = options.maxBytes ?? 256 * 1024;
  }

  /**
   * The text of a task file; undefined when it was deleted before we got to it. With `versionId`
   * (an event from a versioned bucket) the version the event announced, not whatever was uploaded since.
   */
  async read(bucket: string, key: string, versionId?: string): Promise<string | undefined> {
    let out: GetObjectCommandOutput;
    try {
      out = await this.client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(versionId !== undefined ? { VersionId: versionId } : {}) }));
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw new CairnError(`S3 GetObject ${s3Uri({ bucket, key })} failed: ${describeAwsError(error)}`, { cause: error });
    }
    const size = out.ContentLength ?? 0;
    if (size > this.maxBytes) {
      // Drop the body unread rather than download what will be refused.
      (out.Body as { destroy?: () => void } | undefined)?.destroy?.();
      throw new RequestValidationError(`the task file is ${size} bytes, over the limit of ${this.maxBytes}`, [
        { path: '(file)', message: `is ${size} bytes, over the limit of ${this.maxBytes}` },
      ]);
    }
    return (await out.Body?.transformToString('utf8')) ?? '';
  }

  async write(origin: PlanOrigin, document: Readonly<Record<string, unknown>>): Promise<void> {
    if (origin.source !== 's3') return;
    const location = { bucket: origin.bucket, key: resultKeyOf(origin.key) };
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: location.key,
          Body: `${JSON.stringify({ ...document, taskFile: s3Uri(origin) }, null, 2)}\n`,
          ContentType: 'application/json; charset=utf-8',
        }),
      );
    } catch (error) {
      throw new CairnError(`S3 PutObject ${s3Uri(location)} failed: ${describeAwsError(error)}`, { cause: error });
    }
  }
}
