/**
 * Where payloads too large for a DynamoDB item (or a Step Functions state) live. The shape
 * follows S3 (a key in, an opaque reference out) so an S3 implementation drops in beside the file one.
 */
import { CairnError } from '../../core/errors.js';

export interface PayloadStore {
  /**
   * Stores `body` under `key` (a relative, `/`-separated name such as `plans/<id>/META/<sha>.json`)
   * and returns the reference to keep in place of the body (`file://...`, later `s3://...`).
   * Writing the same key twice replaces the body.
   */
  put(key: string, body: string): Promise<string>;
  /** The body behind a reference from `put`; fails with PayloadNotFoundError when it is gone. */
  get(ref: string): Promise<string>;
}

/** A reference that points at nothing: the payload was deleted or the reference is foreign. */
export class PayloadNotFoundError extends CairnError {
  static override readonly errorName: string = 'PayloadNotFoundError';
}
