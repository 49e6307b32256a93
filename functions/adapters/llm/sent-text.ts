/**
 * The text a model reads from a request body, as the Anthropic Messages API and OpenAI's chat
 * completions take it: the system text, every turn (role, text, tool calls and their results), the
 * tool definitions and the JSON Schema of a response format. What it leaves out (the model name,
 * max_tokens, temperature, cache marks, JSON punctuation) is not read as tokens.
 *
 * One function for both sides of the wire: each provider counts the body it is about to send (for
 * the token budget, `LlmProvider.sentText`), and the benchmarks count the bodies the loopback server
 * received, so the budget and the figure that judges it read the same text.
 *
 * Not seen in a body, so not counted: Anthropic adds a system prompt of its own (a few hundred
 * tokens) when tools are offered; the provider's reported usage, which the budget also reads,
 * includes it.
 */
export type WireApi = 'anthropic' | 'openai';

type Json = Record<string, unknown>;

export function sentText(api: WireApi, body: Json): string {
  const parts: string[] = [];
  if (api === 'anthropic') {
    const system = body.system;
    if (typeof system === 'string') parts.push(system);
    else for (const block of asArray(system)) parts.push(...blockText(block));
    for (const m of asArray(body.messages)) {
      parts.push(String(m.role ?? ''));
      if (typeof m.content === 'string') parts.push(m.content);
      else for (const block of asArray(m.content)) parts.push(...blockText(block));
    }
    for (const tool of asArray(body.tools)) parts.push(...named(tool.name, tool.description, tool.input_schema));
  } else {
    for (const m of asArray(body.messages)) {
      parts.push(String(m.role ?? ''));
      if (typeof m.content === 'string') parts.push(m.content);
      else for (const block of asArray(m.content)) parts.push(...blockText(block));
      for (const call of asArray(m.tool_calls)) {
        const fn = (call.function ?? {}) as Json;
        parts.push(...named(fn.name, undefined, undefined), String(fn.arguments ?? ''));
      }
    }
    const format = body.response_format as Json | undefined;
    const schema = format?.json_schema as Json | undefined;
    if (schema) parts.push(...named(schema.name, schema.description, schema.schema));
    for (const tool of asArray(body.tools)) {
      const fn = (tool.function ?? {}) as Json;
      parts.push(...named(fn.name, fn.description, fn.parameters));
    }
  }
  return parts.filter((p) => p !== '').join('\n');
}

/** A content block's text: prose, a tool call's input as JSON, a tool result's content. */
function blockText(block: Json): string[] {
  if (typeof block.text === 'string') return [block.text];
  if (block.type === 'tool_use') return [...named(block.name, undefined, block.input)];
  if (block.type === 'tool_result') {
    const content = block.content;
    return typeof content === 'string' ? [content] : asArray(content).flatMap(blockText);
  }
  return [];
}

/** A tool or schema: its name, its description, and its schema (or input) as JSON. */
function named(name: unknown, description: unknown, schema: unknown): string[] {
  return [typeof name === 'string' ? name : '', typeof description === 'string' ? description : '', schema === undefined ? '' : JSON.stringify(schema)];
}

function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === 'object' && v !== null) as Json[]) : [];
}
