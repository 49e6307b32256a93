/**
 * The validators the code runs are generated from schemas/ at build time; this keeps them honest.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CairnError } from '../../../functions/core/errors.js';
import { compiledValidator } from '../../../functions/core/plan/schemas.js';
import { LOCAL_TOOLS } from '../../../functions/core/tools/local-tools.js';
import { ToolRegistry } from '../../../functions/core/tools/registry.js';
import { GENERATED_FILE, generate, generatedFiles } from '../../../schemas/compile.js';

describe('schemas/compile.ts', () => {
  it('has generated exactly what schemas/ compiles to now (run npm run build:validators when this fails)', () => {
    // Act
    const fresh = generate();

    // Assess
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(fresh);
  });

  it('has generated exactly what the step catalog gives now: names, facts, schema map and the step types enum', () => {
    // Act
    const files = generatedFiles();

    // Assess
    expect(files.map(([path]) => path.replace(/^.*?\/(functions|schemas)\//, '$1/'))).toEqual([
      'schemas/step-types.generated.json',
      'functions/core/steps/catalog.generated.ts',
      'functions/core/steps/schemas.generated.ts',
      'functions/core/plan/validators.generated.ts',
      'functions/core/learn/validators.generated.ts',
    ]);
    for (const [path, content] of files) expect(readFileSync(path, 'utf8'), path).toBe(content);
  });

  it('generates plain functions: no require, no code built at run time', () => {
    const code = readFileSync(GENERATED_FILE, 'utf8');
    expect(code).not.toMatch(/\brequire\(|new Function|\beval\(/);
  });

  it('compiles every built-in tool, so a registry that compiles nothing can hold them', () => {
    // Prepare
    const registry = new ToolRegistry();

    // Act
    for (const tool of LOCAL_TOOLS) registry.register(tool);

    // Assess
    expect(registry.names()).toEqual(['corpus.get', 'corpus.search', 'math.evaluate', 'media.caption', 'media.transcribe']);
    expect(compiledValidator('tool_corpus_search')({ query: 'Lyon' })).toBe(true);
    expect(compiledValidator('tool_corpus_search')({ query: '' })).toBe(false);
  });

  it('refuses a tool with no compiled schema when the registry compiles none', () => {
    // Prepare
    const registry = new ToolRegistry();
    const tool = { name: 'sim.work', description: 'waits', inputSchema: { type: 'object' }, run: async () => ({}) };

    // Act / Assess
    expect(() => registry.register(tool)).toThrow(new CairnError('tool sim.work has no compiled argument schema, and this registry compiles none'));
  });
});
