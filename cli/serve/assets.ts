/**
 * What the browser gets from `cairn serve`: the two page scripts of web/, bundled once at start-up
 * by esbuild with what they import (the views of cli/view, dagre) so that nothing comes from
 * anywhere but this server; the style sheet; and the HTML shell of each page.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { esc } from '../view/html.js';

const WEB = (file: string) => fileURLToPath(new URL(`../../web/${file}`, import.meta.url));

export interface Asset {
  contentType: string;
  body: Buffer;
}

/** `/assets/<name>` → the file. */
export type Assets = ReadonlyMap<string, Asset>;

export const PAGE_SCRIPTS = ['plans-page', 'plan-page', 'tools-page'] as const;
export type PageName = (typeof PAGE_SCRIPTS)[number];

export async function buildAssets(): Promise<Assets> {
  const result = await build({
    entryPoints: Object.fromEntries(PAGE_SCRIPTS.map((name) => [name, WEB(`${name}.ts`)])),
    bundle: true,
    write: false,
    outdir: 'assets',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const assets = new Map<string, Asset>();
  for (const file of result.outputFiles) {
    const name = file.path.split('/').at(-1) ?? file.path;
    assets.set(name, { contentType: 'text/javascript; charset=utf-8', body: Buffer.from(file.contents) });
  }
  assets.set('style.css', { contentType: 'text/css; charset=utf-8', body: await readFile(WEB('style.css')) });
  return assets;
}

/** No inline script or style, nothing from another origin, no eval: the page is our files only. */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** The HTML of a page: the script of web/ renders its content into <main>. */
export function pageShell(page: PageName, title: string, data: Record<string, string> = {}): string {
  const attributes = Object.entries(data)
    .map(([key, value]) => ` data-${key}="${esc(value)}"`)
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)} · Cairn</title>`,
    '<link rel="icon" href="data:,">',
    '<link rel="stylesheet" href="/assets/style.css">',
    `<script type="module" src="/assets/${page}.js"></script>`,
    '</head><body>',
    '<nav class="top"><a class="brand" href="/">Cairn</a><span class="small">local · <a href="/openapi.json">OpenAPI</a></span></nav>',
    `<main id="app"${attributes} data-state="loading"><p class="empty">Loading…</p></main>`,
    '</body></html>',
  ].join('');
}
