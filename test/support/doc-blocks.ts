/**
 * The fenced code blocks of the project's Markdown pages, and how a shell block is marked for the
 * docs test (test/integration/docs-commands.test.ts; the convention is in docs/ARCHITECTURE.md):
 *
 *   ```sh runnable                      the docs test runs it
 *   ```sh runnable needs=shared-data    ... when ../shared/data is there; skipped with the reason when not
 *   ```sh runnable needs=graphviz       ... when Graphviz's `dot` is on the PATH
 *   ```sh runnable server               it starts a server: the test waits for its address, opens it, stops it
 *   ```sh runnable with-server          run while `npm start -- serve` runs on the same home
 *   ```sh runnable slow                 over a minute: run when CAIRN_DOCS_SLOW=1
 *   ```sh not-runnable <why>            never run (an AWS account, a key, a model server); the why is required
 */
import { readFileSync } from 'node:fs';

export interface DocBlock {
  page: string;
  /** The line of the opening fence, counted from 1. */
  line: number;
  /** The info string's first word (`sh`, `json`, or '' for none). */
  lang: string;
  /** The info string's other words. */
  marks: string[];
  text: string;
}

export const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'console', 'zsh']);

/** The marks a runnable block may carry besides `runnable`. */
export const RUN_MARKS = new Set(['needs=shared-data', 'needs=graphviz', 'server', 'with-server', 'slow']);

/** Every fenced block of `page` (a path relative to `root`), in order. */
export function docBlocks(root: string, page: string): DocBlock[] {
  const lines = readFileSync(`${root}/${page}`, 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  let open: { line: number; fence: string; info: string[]; body: string[] } | undefined;
  for (const [i, line] of lines.entries()) {
    const fence = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (!open) {
      if (fence) open = { line: i + 1, fence: fence[1]!, info: fence[2]!.trim().split(/\s+/).filter(Boolean), body: [] };
      continue;
    }
    if (fence && fence[1]!.startsWith(open.fence) && fence[2]!.trim() === '') {
      const [lang = '', ...marks] = open.info;
      blocks.push({ page, line: open.line, lang, marks, text: open.body.join('\n') });
      open = undefined;
    } else open.body.push(line);
  }
  if (open) throw new Error(`${page}:${open.line}: a code block is never closed`);
  return blocks;
}

/** What is wrong with how a shell block is marked, or undefined when nothing is. */
export function markingFault(block: DocBlock): string | undefined {
  const [kind, ...rest] = block.marks;
  if (kind === 'not-runnable') return rest.length > 0 ? undefined : 'not-runnable without a reason after it';
  if (kind !== 'runnable') return 'neither `runnable` nor `not-runnable <why>` after the language';
  const unknown = rest.filter((mark) => !RUN_MARKS.has(mark));
  if (unknown.length > 0) return `unknown marks ${unknown.join(', ')} (known: ${[...RUN_MARKS].join(', ')})`;
  if (block.text.includes('../shared/data') && !rest.includes('needs=shared-data')) return 'names ../shared/data without needs=shared-data';
  if (/\|\s*dot\b/.test(block.text) && !rest.includes('needs=graphviz')) return 'pipes into dot without needs=graphviz';
  return undefined;
}

/** A line of a block without a language that reads as a command a user would type. */
export const looksLikeCommand = (line: string): boolean => /^\s*(\$ )?(npm|npx|node|curl|aws|git|cdk|cat|echo) /.test(line);
