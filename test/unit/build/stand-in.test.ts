/**
 * The stand-ins of packages loaded on first use (build/stand-in.mjs): the check of what a bundle
 * reads from them against the names they carry.
 */
import { describe, expect, it } from 'vitest';
import { NAMES_IMPORTED, namesRead } from '../../../build/stand-in.mjs';

describe('Function: namesRead', () => {
  it('finds a name the bundle reads that the list leaves out, through numbered imports too', () => {
    // Prepare: esbuild numbers the second module's import of the same package.
    const code = [
      'var import_client_s3 = __toESM(require_client_s3(), 1);',
      'new import_client_s3.S3Client({});',
      'var import_client_s32 = __toESM(require_client_s3(), 1);',
      'await client.send(new import_client_s32.ListBucketsCommand({}));',
    ].join('\n');

    // Act
    const read = namesRead(code, '@aws-sdk/client-s3', NAMES_IMPORTED['@aws-sdk/client-s3']);

    // Assess
    expect(read).toEqual({ any: true, unlisted: ['ListBucketsCommand'] });
  });

  it('says when the bundle reads nothing it recognises, and ignores another package with a longer name', () => {
    // Act
    const read = namesRead('var import_client_s3_control = __toESM(require_client_s3_control(), 1);\nimport_client_s3_control.X;', '@aws-sdk/client-s3', []);

    // Assess
    expect(read).toEqual({ any: false, unlisted: [] });
  });
});
