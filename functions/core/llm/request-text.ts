/**
 * The request's own text, for a provider that does not say what it sends. Apart from the token
 * counter (token-count.ts), whose dynamic import of the tokenizer would otherwise follow this
 * function into every bundle that uses it (the retry layer's does), ranks and all.
 */
import type { LlmRequest } from '../ports.js';

/**
 * The text a model reads from a request when no provider says how it sends it: the system text,
 * each turn (its role, its text, an earlier round's plan as the JSON of its tool call), and the
 * JSON Schema of the structured output. The HTTP providers say it themselves
 * (`LlmProvider.sentText`), from the very body they send.
 */
export function requestText(request: LlmRequest): string {
  const parts = [request.system];
  for (const m of request.messages) {
    parts.push(m.role, m.content);
    if (m.toolCall) parts.push(JSON.stringify(m.toolCall.input));
  }
  if (request.responseSchema) parts.push(JSON.stringify(request.responseSchema));
  return parts.filter((p) => p !== '').join('\n');
}
