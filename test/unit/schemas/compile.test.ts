/**
 * The validators the code runs are generated from schemas/ at build time; this keeps them honest.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CairnError } from '../../../functions/core/errors.js';
import { compiledToolValidator } from '../../../functions/core/plan/schemas.js';
import { LOCAL_TOOLS } from '../../../functions/core/tools/local-tools.js';
import { ToolRegistry } from '../../../functions/core/tools/registry.js';
import { generate, generatedFiles, validatorModules } from '../../../schemas/compile.js';

describe('schemas/compile.ts', () => {
  it('has generated exactly what schemas/ compiles to now (run npm run build:validators when this fails)', () => {
    // Act
    const fresh = generate();

    // Assess
    expect(fresh.length).toBe(Object.keys(validatorModules()).length);
    for (const [path, content] of fresh) expect(readFileSync(path, 'utf8'), path).toBe(content);
  });

  it('compiles every schema into exactly one module, each module exporting its own group', async () => {
    // Prepare
    const modules = validatorModules();
    const names = Object.values(modules).flat();

    // Act / Assess
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['plan', 'analysis', 'planRequest', 'document', 'step_dedupe', 'tool_corpus_search']));
    for (const [path] of generate()) {
      const file = path.replace(/^.*\/([\w-]+)\.generated\.ts$/, '$1');
      const exported = Object.keys(await import(path)).sort();
      expect(exported, file).toEqual([...modules[file]!].sort());
    }
  });

  it('has generated exactly what the step catalog gives now: names, facts, schema map and the step types enum', () => {
    // Act
    const files = generatedFiles();

    // Assess
    expect(files.map(([path]) => path.replace(/^.*?\/(functions|schemas)\//, '$1/'))).toEqual([
      'schemas/step-types.generated.json',
      'functions/core/steps/catalog.generated.ts',
      'functions/core/steps/schemas.generated.ts',
      'functions/core/plan/validators/plan.generated.ts',
      'functions/core/plan/validators/analysis.generated.ts',
      'functions/core/plan/validators/plan-request.generated.ts',
      'functions/core/plan/validators/document.generated.ts',
      'functions/core/plan/validators/tools.generated.ts',
      'functions/core/learn/validators.generated.ts',
    ]);
    for (const [path, content] of files) expect(readFileSync(path, 'utf8'), path).toBe(content);
  });

  it('generates plain functions: no require, no code built at run time', () => {
    for (const [path] of generate()) expect(readFileSync(path, 'utf8'), path).not.toMatch(/\brequire\(|new Function|\beval\(/);
  });

  it('compiles every built-in tool, so a registry that compiles nothing can hold them', () => {
    // Prepare
    const registry = new ToolRegistry();

    // Act
    for (const tool of LOCAL_TOOLS) registry.register(tool);

    // Assess
    expect(registry.names()).toEqual(['corpus.get', 'corpus.search', 'math.evaluate', 'media.caption', 'media.transcribe']);
    expect(compiledToolValidator('corpus.search')({ query: 'Lyon' })).toBe(true);
    expect(compiledToolValidator('corpus.search')({ query: '' })).toBe(false);
  });

  it('refuses a tool with no compiled schema when the registry compiles none', () => {
    // Prepare
    const registry = new ToolRegistry();
    const tool = { name: 'sim.work', description: 'waits', inputSchema: { type: 'object' }, run: async () => ({}) };

    // Act / Assess
    expect(() => registry.register(tool)).toThrow(new CairnError('tool sim.work has no compiled argument schema, and this registry compiles none'));
  });
});
