/**
 * docs/ARCHITECTURE.md's table of the core's layers, read as a rule and held against the imports:
 * each folder or file of functions/core belongs to one row, and each of its imports (type-only
 * ones included) goes to its own row or to what the row's "may import" cell names. A folder the
 * table does not name, or an import it does not allow, fails here, so the page and the code move
 * together.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, resolveRelative, specifiers, tsFiles } from '../../support/source-imports.js';

const CORE = join(ROOT, 'functions/core');

interface Row {
  /** The row's members as the table writes them: `retrieval/` (a folder), `types.ts` (a file of the core's root). */
  members: string[];
  /** What the row's files may import, besides their own row: members of other rows, or single files (`workflow/types.ts`). */
  allowed: string[];
  /** "everything above": every row before this one. */
  everythingAbove: boolean;
}

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The rows of the first table under "## The core's layers", in order. */
function layerRows(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith("The core's layers"));
  if (!section) throw new Error('docs/ARCHITECTURE.md has no section "The core\'s layers"');
  const lines = section.split('\n').filter((l) => l.trimStart().startsWith('|'));
  const cells = lines.slice(2).map((l) =>
    l
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim()),
  );
  const rows: Row[] = [];
  for (const [layer = '', , mayImport = ''] of cells) {
    const members = ticked(layer.split(/\s\(/)[0]!);
    const leaves = rows[0]?.members ?? [];
    const allowed = [...ticked(mayImport), ...(/\bleaves\b/.test(mayImport) ? leaves : []), ...(/each other only/.test(mayImport) ? members : [])];
    rows.push({ members, allowed, everythingAbove: /everything above/.test(mayImport) });
  }
  return rows;
}

/** Whether a core file (relative to functions/core) is named by a table entry: a folder holds it, a file is it. */
const names = (entry: string, file: string) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry);

/** Each import of a core file that the table does not allow, as "from → to"; each core file no row names. */
function disagreements(rows: readonly Row[], imports: ReadonlyMap<string, readonly string[]>): string[] {
  const rowOf = (file: string) => rows.findIndex((r) => r.members.some((m) => names(m, file)));
  const found: string[] = [];
  for (const [file, targets] of imports) {
    const at = rowOf(file);
    if (at < 0) {
      found.push(`${file}: no row of the table names it`);
      continue;
    }
    const row = rows[at]!;
    for (const target of targets) {
      const to = rowOf(target);
      if (to === at || (row.everythingAbove && to >= 0 && to < at) || row.allowed.some((a) => names(a, target))) continue;
      found.push(`${file} → ${target}`);
    }
  }
  return found;
}

const markdown = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
const imports = new Map(
  tsFiles(CORE).map((file) => [
    relative(CORE, file),
    specifiers(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => resolveRelative(file, s))
      .filter((target) => target.startsWith(`${CORE}/`))
      .map((target) => relative(CORE, target)),
  ]),
);

describe('Architecture: the layer table of docs/ARCHITECTURE.md', () => {
  it('reads rows, their leaves and "everything above", and finds an import the table does not allow', () => {
    // Prepare
    const page = [
      "## The core's layers",
      '| layer | what | may import |',
      '| --- | --- | --- |',
      '| leaves: `types.ts` | types | each other only |',
      '| `retrieval/` | search | leaves |',
      '| `steps/` (the catalog) | steps | leaves, `retrieval/`, `plan/schema.ts` |',
      '| `workflow/` | phases | everything above |',
    ].join('\n');
    const rows = layerRows(page);

    // Act
    const allowedOnly = disagreements(rows, new Map([['steps/a.ts', ['retrieval/b.ts', 'types.ts', 'plan/schema.ts']]]));
    const upward = disagreements(rows, new Map([['retrieval/b.ts', ['steps/a.ts']]]));
    const unnamed = disagreements(rows, new Map([['expression/x.ts', []]]));
    const top = disagreements(rows, new Map([['workflow/w.ts', ['steps/a.ts', 'types.ts']]]));

    // Assess
    expect(allowedOnly).toEqual([]);
    expect(upward).toEqual(['retrieval/b.ts → steps/a.ts']);
    expect(unnamed).toEqual(['expression/x.ts: no row of the table names it']);
    expect(top).toEqual([]);
  });

  it('names every folder and file of functions/core, and allows each import the core makes', () => {
    // Act
    const found = disagreements(layerRows(markdown), imports);

    // Assess
    expect(found, found.join('\n')).toEqual([]);
  });
});
