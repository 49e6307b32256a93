/**
 * The tools every Cairn registry has. They read the corpus through its port, so they run the same
 * in Lambda and on a laptop.
 *
 * `media.transcribe` and `media.caption` are the local implementations of the modality steps: the
 * transcript or caption a media document carries in its metadata (`metadata.transcript`,
 * `metadata.caption`), which is real for corpora that ship them, as the sample corpus does. They
 * say so in their `method`. An AWS implementation registers under the same names.
 */

import { ExpressionError } from '../errors.js';
import { evaluateArithmetic } from '../expression/arithmetic.js';
import { compiledToolValidator } from '../plan/schemas.js';
import type { CorpusIndex } from '../ports.js';
import type { CorpusDocument } from '../types.js';
import { LOCAL_TOOL_SCHEMAS } from './local-tool-schemas.js';
import { type ToolDefinition, ToolInputError, type ToolRegistry } from './registry.js';

/** The media document a file name or document id refers to. */
export function findMediaDocument(index: CorpusIndex, wanted: string): Promise<CorpusDocument | undefined> {
  return index.findDocument(wanted);
}

function metadataText(kind: 'transcript' | 'caption'): ToolDefinition['run'] {
  return async (args, ctx) => {
    const wanted = String(args.document_id ?? args.file);
    const doc = await findMediaDocument(ctx.index, wanted);
    if (!doc) throw new ToolInputError(`no document in the corpus for ${JSON.stringify(wanted)}`);
    const text = doc.metadata?.[kind];
    if (typeof text !== 'string' || text.trim() === '') throw new ToolInputError(`document ${doc.id} carries no ${kind} in its metadata`);
    return { text, document_id: doc.id, modality: doc.modality ?? 'text', method: `corpus-metadata-${kind}` };
  };
}

export const LOCAL_TOOLS: readonly ToolDefinition[] = [
  {
    name: 'corpus.search',
    description: 'BM25 search of the corpus; returns the best documents with their scores.',
    inputSchema: LOCAL_TOOL_SCHEMAS['corpus.search']!,
    validate: compiledToolValidator('corpus.search'),
    async run(args, ctx) {
      const hits = await ctx.index.keywordSearch(String(args.query), {
        topK: typeof args.top_k === 'number' ? args.top_k : 5,
        modality: args.modality as CorpusDocument['modality'],
      });
      return { documents: hits.map((h) => ({ id: h.doc.id, title: h.doc.title ?? null, score: h.score })), method: ctx.index.keywordMethod };
    },
  },
  {
    name: 'corpus.get',
    description: 'One document of the corpus by id.',
    inputSchema: LOCAL_TOOL_SCHEMAS['corpus.get']!,
    validate: compiledToolValidator('corpus.get'),
    async run(args, ctx) {
      const doc = await ctx.index.get(String(args.id));
      if (!doc) throw new ToolInputError(`no document ${JSON.stringify(args.id)} in the corpus`);
      return { document: { ...doc }, method: 'corpus-lookup' };
    },
  },
  {
    name: 'media.transcribe',
    description: 'The transcript of an audio document.',
    inputSchema: LOCAL_TOOL_SCHEMAS['media.transcribe']!,
    validate: compiledToolValidator('media.transcribe'),
    run: metadataText('transcript'),
  },
  {
    name: 'media.caption',
    description: 'The caption of an image document.',
    inputSchema: LOCAL_TOOL_SCHEMAS['media.caption']!,
    validate: compiledToolValidator('media.caption'),
    run: metadataText('caption'),
  },
  {
    name: 'math.evaluate',
    description:
      'Evaluates arithmetic: numbers, the given variables, pi and e, + - * / % ** (or ^), parentheses, and abs, ceil, floor, round, sqrt, exp, ln, log, log10, log2, min, max, pow, sin, cos, tan.',
    inputSchema: LOCAL_TOOL_SCHEMAS['math.evaluate']!,
    validate: compiledToolValidator('math.evaluate'),
    async run(args) {
      const expression = String(args.expression);
      try {
        const value = evaluateArithmetic(expression, (args.variables ?? {}) as Record<string, number>);
        return { value, expression, method: 'safe-arithmetic' };
      } catch (error) {
        // A bad expression is the caller's to fix: another attempt gives the same error.
        if (error instanceof ExpressionError) throw new ToolInputError(`math.evaluate: ${error.message}`);
        throw error;
      }
    },
  },
];

export function registerLocalTools(registry: ToolRegistry): ToolRegistry {
  for (const tool of LOCAL_TOOLS) registry.register(tool);
  return registry;
}
