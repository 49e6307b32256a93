/**
 * The project's imports read from its source, for the tests that hold the layout to its rules
 * (test/unit/architecture): the files of a folder, the module specifiers each names, and where a
 * relative one points. Type-only imports count: a circle of types still ties files together.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The TypeScript sources below a folder, declaration files left out. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Block and line comments removed, so a word in a comment is not taken for code. */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every module specifier a file names in `import ... from`, `export ... from`, `import '...'` or `import('...')`. */
export function specifiers(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\s[^;'"]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The .ts file a relative specifier names (the sources import `./x.js` for `./x.ts`). */
export function resolveRelative(from: string, specifier: string): string {
  return resolve(dirname(from), specifier).replace(/\.js$/, '.ts');
}
