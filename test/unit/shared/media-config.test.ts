/** Where media steps run (CAIRN_MEDIA and its variables), read by loadConfig and checked up front. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../functions/core/errors.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { DEFAULT_CAPTION_MODEL_ID, isBedrockModelId } from '../../../functions/shared/media-config.js';

const AWS = {
  CAIRN_MEDIA: 'aws',
  CAIRN_MEDIA_LOCATION: 's3://cairn-bucket/corpus/',
  CAIRN_TRANSCRIPT_LOCATION: 's3://cairn-bucket/transcripts/',
};

/** Loading `env` fails with a ConfigError of exactly `message`. */
function expectRefused(env: Record<string, string>, message: string): void {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(new ConfigError(message));
}

describe('Function: loadConfig (media)', () => {
  it('runs media steps locally by default', () => {
    expect(loadConfig({}).media).toEqual({ backend: 'local' });
    expect(loadConfig({ CAIRN_MEDIA: 'LOCAL', CAIRN_MEDIA_LOCATION: 's3://cairn-bucket/corpus/' }).media).toEqual({ backend: 'local' });
  });

  it('reads the AWS settings, with the default caption model', () => {
    // Act
    const { media } = loadConfig(AWS);

    // Assess
    expect(media).toEqual({
      backend: 'aws',
      captionModelId: DEFAULT_CAPTION_MODEL_ID,
      mediaLocation: { bucket: 'cairn-bucket', prefix: 'corpus/' },
      transcriptLocation: { bucket: 'cairn-bucket', prefix: 'transcripts/' },
    });
  });

  it('takes a bucket root, nested prefixes and an inference profile', () => {
    // Act
    const { media } = loadConfig({
      CAIRN_MEDIA: 'aws',
      CAIRN_MEDIA_LOCATION: 's3://media.example-bucket',
      CAIRN_TRANSCRIPT_LOCATION: 's3://cairn-bucket/out/transcripts/',
      CAIRN_CAPTION_MODEL_ID: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    });

    // Assess
    expect(media).toEqual({
      backend: 'aws',
      captionModelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      mediaLocation: { bucket: 'media.example-bucket', prefix: '' },
      transcriptLocation: { bucket: 'cairn-bucket', prefix: 'out/transcripts/' },
    });
  });

  it('requires both locations with CAIRN_MEDIA=aws, listing both', () => {
    expectRefused(
      { CAIRN_MEDIA: 'aws' },
      'invalid configuration: CAIRN_MEDIA_LOCATION is required when CAIRN_MEDIA=aws (s3://bucket/prefix/); CAIRN_TRANSCRIPT_LOCATION is required when CAIRN_MEDIA=aws (s3://bucket/prefix/)',
    );
  });

  it('lists every bad media value in one message', () => {
    expectRefused(
      {
        CAIRN_MEDIA: 'cloud',
        CAIRN_MEDIA_LOCATION: 's3://cairn-bucket/corpus',
        CAIRN_TRANSCRIPT_LOCATION: 'https://cairn-bucket.s3.amazonaws.com/transcripts/',
        CAIRN_CAPTION_MODEL_ID: 'arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-lite-v1:0',
      },
      [
        'invalid configuration: CAIRN_MEDIA_LOCATION must be s3://bucket/ or s3://bucket/prefix/ (ending in /), got "s3://cairn-bucket/corpus"',
        'CAIRN_TRANSCRIPT_LOCATION must be s3://bucket/ or s3://bucket/prefix/ (ending in /), got "https://cairn-bucket.s3.amazonaws.com/transcripts/"',
        'CAIRN_CAPTION_MODEL_ID must be a Bedrock model or inference profile id, got "arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-lite-v1:0"',
        'CAIRN_MEDIA must be local or aws, got "cloud"',
      ].join('; '),
    );
    expectRefused(
      { ...AWS, CAIRN_MEDIA_LOCATION: 's3://cairn-bucket/corpus/../tasks/' },
      'invalid configuration: CAIRN_MEDIA_LOCATION must be s3://bucket/ or s3://bucket/prefix/ (ending in /), got "s3://cairn-bucket/corpus/../tasks/"',
    );
  });

  it.each([
    ['amazon.nova-lite-v1:0', true],
    ['anthropic.claude-3-haiku-20240307-v1:0', true],
    ['eu.amazon.nova-pro-v1:0', true],
    ['Amazon.Nova', false],
    ['nova-lite', false],
    ['us.anthropic.claude haiku', false],
  ])('takes %s as a model id: %s', (id, valid) => {
    expect(isBedrockModelId(id)).toBe(valid);
  });
});
