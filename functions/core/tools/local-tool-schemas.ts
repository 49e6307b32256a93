/**
 * The argument schemas of the built-in tools. They live apart from the tools so that
 * schemas/compile.ts can compile them at build time without loading the tools themselves.
 */
const mediaArgs = {
  type: 'object',
  properties: { file: { type: 'string', minLength: 1 }, document_id: { type: 'string', minLength: 1 } },
  additionalProperties: false,
  anyOf: [{ required: ['file'] }, { required: ['document_id'] }],
};

export const LOCAL_TOOL_SCHEMAS: Readonly<Record<string, Record<string, unknown>>> = {
  'corpus.search': {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 2000 },
      top_k: { type: 'integer', minimum: 1, maximum: 100 },
      modality: { enum: ['text', 'image', 'audio', 'table', 'video'] },
    },
    required: ['query'],
    additionalProperties: false,
  },
  'corpus.get': { type: 'object', properties: { id: { type: 'string', minLength: 1 } }, required: ['id'], additionalProperties: false },
  'media.transcribe': mediaArgs,
  'media.caption': mediaArgs,
  'math.evaluate': {
    type: 'object',
    properties: {
      expression: { type: 'string', minLength: 1, maxLength: 512 },
      variables: {
        type: 'object',
        maxProperties: 64,
        propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
        additionalProperties: { type: 'number' },
      },
    },
    required: ['expression'],
    additionalProperties: false,
  },
  // Registered only where configuration allows hosts (functions/adapters/http/fetch-tool.ts).
  'http.fetch': {
    type: 'object',
    properties: {
      url: { type: 'string', minLength: 8, maxLength: 2048, pattern: '^https?://' },
      max_bytes: { type: 'integer', minimum: 1, maximum: 10485760 },
    },
    required: ['url'],
    additionalProperties: false,
  },
};
