import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { PayloadNotFoundError } from '../../../functions/adapters/payloads/payload-store.js';

describe('Class: FilePayloadStore', () => {
  let root: string;
  let store: FilePayloadStore;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-payloads-'));
    store = new FilePayloadStore({ root: join(root, 'payloads') });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores a body under its key and reads it back by reference', async () => {
    // Act
    const ref = await store.put('plans/p1/meta/abc.json', '{"big":"é"}');

    // Assess
    expect(ref).toMatch(/^file:\/\//);
    expect(await store.get(ref)).toBe('{"big":"é"}');
    expect(await readFile(join(root, 'payloads', 'plans/p1/meta/abc.json'), 'utf8')).toBe('{"big":"é"}');
  });

  it('replaces the body when the same key is written again', async () => {
    await store.put('k.json', 'one');
    const ref = await store.put('k.json', 'two');
    expect(await store.get(ref)).toBe('two');
  });

  it('refuses keys that would leave its folder', async () => {
    await expect(store.put('../escape.json', 'x')).rejects.toThrow(/relative path/);
    await expect(store.put('/etc/passwd', 'x')).rejects.toThrow(/relative path/);
    await expect(store.put('a//b', 'x')).rejects.toThrow(/relative path/);
  });

  it('refuses references outside its folder', async () => {
    // Prepare: a real file, but not one of ours
    const outside = join(root, 'outside.json');
    await writeFile(outside, 'secret');

    // Act / Assess
    await expect(store.get(pathToFileURL(outside).href)).rejects.toBeInstanceOf(PayloadNotFoundError);
    await expect(store.get('s3://bucket/key')).rejects.toBeInstanceOf(PayloadNotFoundError);
  });

  it('fails with PayloadNotFoundError when the payload is gone', async () => {
    const ref = await store.put('gone.json', 'x');
    await rm(join(root, 'payloads', 'gone.json'));
    await expect(store.get(ref)).rejects.toBeInstanceOf(PayloadNotFoundError);
  });
});
