/**
 * The core's layering, read from the source: no import circle inside functions/core, and nothing in
 * it reaching out to the adapters, the handlers, the CLI, the infrastructure, an AWS SDK or the
 * environment. Type-only imports count: a circle of types still ties the files' meaning together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, resolveRelative, specifiers, tsFiles, withoutComments } from '../../support/source-imports.js';

const CORE = join(ROOT, 'functions/core');

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

/**
 * The arrows between rooms outside the core that run one way only (issue 27). A room's files are
 * read with the same specifier reader as above; the build plugins and infra's bundler are .mjs.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name) ? [path] : [];
  });
}

/** Each file under `dirs` with the project files it imports by a relative path (`./x.js` read as `./x.ts`). */
function projectGraph(...dirs: string[]): Map<string, string[]> {
  const files = dirs.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  return new Map(
    files.map((file) => [
      file,
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.'))
        .map((s) => resolveRelative(file, s)),
    ]),
  );
}

const under = (dir: string) => (file: string) => file.startsWith(`${join(ROOT, dir)}/`);

/** The imports from a file under `from` of a file under `to`, one line each. */
function crossings(graph: ReadonlyMap<string, readonly string[]>, from: string, to: string): string[] {
  return [...graph]
    .filter(([file]) => under(from)(file))
    .flatMap(([file, targets]) => targets.filter(under(to)).map((target) => `${name(file)} imports ${name(target)}`));
}

/** The files under `to` that a file under `from` reaches, through any files of the graph, each with the file that imports it. */
function reached(graph: ReadonlyMap<string, readonly string[]>, from: string, to: string): string[] {
  const seen = new Map<string, string>();
  const queue = [...graph.keys()].filter(under(from));
  for (const file of queue) seen.set(file, '');
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (seen.has(target)) continue;
      seen.set(target, file);
      queue.push(target);
    }
  }
  return [...seen].filter(([file]) => under(to)(file)).map(([file, by]) => `${name(file)} (imported by ${name(by)})`);
}

describe('Architecture: arrows that run one way', () => {
  const functions = projectGraph('functions');

  it('finds an import that crosses, and a file reached through another', () => {
    // Prepare: a -> b -> c, with a under x/ and c under y/.
    const graph = new Map([
      [join(ROOT, 'x/a.ts'), [join(ROOT, 'z/b.ts')]],
      [join(ROOT, 'z/b.ts'), [join(ROOT, 'y/c.ts')]],
      [join(ROOT, 'y/c.ts'), []],
    ]);

    // Assess
    expect(crossings(graph, 'x', 'y')).toEqual([]);
    expect(crossings(graph, 'z', 'y')).toEqual(['z/b.ts imports y/c.ts']);
    expect(reached(graph, 'x', 'y')).toEqual(['y/c.ts (imported by z/b.ts)']);
    expect(reached(graph, 'y', 'x')).toEqual([]);
  });

  it('keeps the runtime below the handlers: runtime/ imports nothing from handlers/', () => {
    const found = crossings(functions, 'functions/runtime', 'functions/handlers');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('has no import circle in the runtime', () => {
    const runtime = new Map([...functions].filter(([file]) => under('functions/runtime')(file)));
    const found = circles(runtime).map((group) => group.map(name).join(', '));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('keeps the infrastructure off the CLI: infra/ imports nothing from cli/ (the bundling plugins are in build/)', () => {
    const found = crossings(projectGraph('infra', 'build'), 'infra', 'cli');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('keeps the build plugins below infra and the CLI: build/ imports neither', () => {
    const graph = projectGraph('build');
    const found = [...crossings(graph, 'build', 'infra'), ...crossings(graph, 'build', 'cli'), ...crossings(graph, 'build', 'functions')];
    expect(found, found.join('\n')).toEqual([]);
  });

  it('serves the embedding adapters from the shared HTTP client: embeddings/ imports nothing from llm/, and http-client/ neither of them', () => {
    const found = [
      ...crossings(functions, 'functions/adapters/embeddings', 'functions/adapters/llm'),
      ...crossings(functions, 'functions/adapters/http-client', 'functions/adapters/llm'),
      ...crossings(functions, 'functions/adapters/http-client', 'functions/adapters/embeddings'),
    ];
    expect(found, found.join('\n')).toEqual([]);
  });

  it('has the executor run the steps and never the other way: core/steps reaches nothing of core/executor, even through other files', () => {
    const found = reached(functions, 'functions/core/steps', 'functions/core/executor');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('keeps what the steps use below them: core/expression and core/answer import nothing from core/steps or core/executor', () => {
    const found = ['functions/core/expression', 'functions/core/answer'].flatMap((from) => [
      ...crossings(functions, from, 'functions/core/steps'),
      ...crossings(functions, from, 'functions/core/executor'),
    ]);
    expect(found, found.join('\n')).toEqual([]);
  });
});
