/**
 * The core's layering, read from the source: no import circle inside functions/core, and nothing in
 * it reaching out to the adapters, the handlers, the CLI, the infrastructure, an AWS SDK or the
 * environment. Type-only imports count: a circle of types still ties the files' meaning together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CORE = join(ROOT, 'functions/core');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Block and line comments removed, so a word in a comment is not taken for code. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every module specifier a file names in `import ... from`, `export ... from`, `import '...'` or `import('...')`. */
function specifiers(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\s[^;'"]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The .ts file a relative specifier names (the sources import `./x.js` for `./x.ts`). */
function resolveRelative(from: string, specifier: string): string {
  return resolve(dirname(from), specifier).replace(/\.js$/, '.ts');
}

/** The strongly connected groups of more than one file (or a file importing itself): each holds a circle. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

const files = tsFiles(CORE);
const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const graph = new Map(
  files.map((file) => [
    file,
    specifiers(sources.get(file)!)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolveRelative(file, s))
      .filter((target) => target.startsWith(`${CORE}/`)),
  ]),
);
const name = (file: string) => relative(ROOT, file);

describe('Architecture: functions/core', () => {
  it('finds a circle when there is one, and none in a chain', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
    expect(specifiers("import type { X } from './x.js';\nexport { y } from \"../y.js\";\n// import { z } from './z.js';")).toEqual(['./x.js', '../y.js']);
  });

  it('has no import circle', () => {
    const found = circles(graph).map((group) => `${group.length} files: ${group.map(name).join(', ')}`);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('imports nothing from the adapters, the handlers, the CLI, the infrastructure or an AWS SDK, and reads no environment', () => {
    const outside = ['functions/adapters', 'functions/handlers', 'functions/runtime', 'cli', 'infra'].map((dir) => join(ROOT, dir));
    const findings: string[] = [];
    for (const [file, source] of sources) {
      for (const specifier of specifiers(source)) {
        const target = specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined;
        if (target && outside.some((dir) => target === dir || target.startsWith(`${dir}/`))) findings.push(`${name(file)} imports ${specifier}`);
        if (/^(@aws-sdk\/|aws-sdk$|@smithy\/|aws-lambda$|@aws-lambda-powertools\/)/.test(specifier)) findings.push(`${name(file)} imports ${specifier}`);
      }
      if (/\bprocess\s*\.\s*env\b/.test(withoutComments(source))) findings.push(`${name(file)} reads process.env`);
    }
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it('keeps the workflow on top: below it, only the starter port names the workflow, and only its leaf of types', () => {
    const workflow = join(CORE, 'workflow');
    const findings = [...graph]
      .filter(([file]) => !file.startsWith(`${workflow}/`))
      .flatMap(([file, targets]) =>
        targets.filter((t) => t.startsWith(`${workflow}/`) && t !== join(workflow, 'types.ts')).map((t) => `${name(file)} imports ${name(t)}`),
      );
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it('keeps the trace rules on the domain’s leaves: errors, ports and types', () => {
    const trace = join(CORE, 'trace');
    const leaves = ['errors.ts', 'ports.ts', 'types.ts'].map((f) => join(CORE, f));
    const findings = [...graph]
      .filter(([file]) => file.startsWith(`${trace}/`))
      .flatMap(([file, targets]) => targets.filter((t) => !t.startsWith(`${trace}/`) && !leaves.includes(t)).map((t) => `${name(file)} imports ${name(t)}`));
    expect(findings, findings.join('\n')).toEqual([]);
  });
});
