/**
 * Any server that speaks OpenAI's chat completions API: OpenAI itself, or a model server on your
 * own machine (llama.cpp's llama-server, vLLM, Ollama, LM Studio, ...). It talks through the small
 * fetch client of chat-client.ts rather than the `openai` package, which weighed 165 KB in every
 * workflow bundle for one POST; that client's errors carry the status and headers the retry layer
 * needs (retry-after), and the tests drive it against the loopback server as the Anthropic SDK.
 *
 * - Structured outputs: a request with a JSON Schema asks for `response_format: json_schema` with
 *   a provider-ready copy of it, `strict: false` (a plan's parameters are open objects, which
 *   strict mode cannot express). Servers without it answer in prose; extraction copes.
 * - A local server needs no key: `OPENAI_API_KEY` is optional, and the client sends a placeholder.
 * - One retry layer (the client never retries), an explicit timeout, temperature as asked (0 for plans).
 * - Context window: a prompt that would pass it is refused before it is sent (HttpLlmProvider.withinContext).
 * - Accounting: prompt/completion tokens as reported (cached prompt tokens counted as cache
 *   reads); estimated from the text when a server reports none.
 */
import type { LlmMessage, LlmRequest, LlmResponse } from '../../../core/ports.js';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '../../http-client/post-json.js';
import { HttpLlmProvider, type HttpProviderOptions } from '../http-provider.js';
import { estimateTokens } from '../rule-based/text.js';
import { sentText } from '../sent-text.js';
import { structuredAnswerText } from '../structured/answer-text.js';
import { structuredName, structuredSchema } from '../structured/response-schema.js';
import { type ChatChoice, type ChatCompletion, type ChatCompletionRequest, ChatCompletionsClient, type ChatMessage } from './chat-client.js';

export interface OpenAiCompatibleOptions extends HttpProviderOptions {
  /** Optional for local servers. */
  apiKey?: string | undefined;
  baseURL: string;
}

/**
 * The context window assumed when CAIRN_LLM_CONTEXT_TOKENS names none: OpenAI's GPT-4o class. A
 * local server's is often smaller (llama-server's default is the model's, or what -c says): set it.
 */
export const DEFAULT_CONTEXT_TOKENS = 128_000;

/** OpenAI's "you have no quota left" (a 429 that waiting will not fix). */
const QUOTA = /insufficient_quota|quota|billing|spend limit/i;

/** finish_reason → the stop reasons the planner knows (Anthropic's names). */
const STOP_REASONS: Readonly<Record<string, string>> = {
  stop: 'end_turn',
  length: 'max_tokens',
  content_filter: 'refusal',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
};

export class OpenAiCompatibleProvider extends HttpLlmProvider {
  readonly name = 'openai';
  readonly source = 'openai';
  private readonly client: ChatCompletionsClient;
  /** OpenAI's newer models take `max_completion_tokens`; most local servers know only `max_tokens`. */
  private readonly tokenField: 'max_tokens' | 'max_completion_tokens';

  constructor(options: OpenAiCompatibleOptions) {
    super(options, DEFAULT_CONTEXT_TOKENS);
    this.tokenField = new URL(options.baseURL).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens';
    this.client = new ChatCompletionsClient({ apiKey: options.apiKey ?? 'no-key', baseURL: options.baseURL, timeoutMs: options.timeoutMs });
  }

  /** What the model reads of the body `complete` would send: the response format's schema, and the tools, included. */
  async sentText(request: LlmRequest): Promise<string> {
    return sentText('openai', this.body(request) as unknown as Record<string, unknown>);
  }

  /** The body `complete` sends for `request`. */
  private body(request: LlmRequest): ChatCompletionRequest {
    const schema = this.structured ? request.responseSchema : undefined;
    return {
      model: this.model,
      temperature: request.temperature,
      [this.tokenField]: request.maxTokens,
      messages: [...(request.system ? [{ role: 'system' as const, content: request.system }] : []), ...request.messages.map((m) => chatMessage(m, schema))],
      ...(schema
        ? { response_format: { type: 'json_schema', json_schema: { name: structuredName(schema), schema: structuredSchema(schema), strict: false } } }
        : {}),
      // Earlier rounds' plans travel as calls of a function named like the response format; the
      // function is declared so those calls name something that exists, and `none` keeps this
      // answer in the response format rather than in another call.
      ...(schema && request.messages.some((m) => m.toolCall)
        ? { tools: [{ type: 'function', function: { name: structuredName(schema), parameters: structuredSchema(schema) } }], tool_choice: 'none' }
        : {}),
    };
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    const schema = this.structured ? request.responseSchema : undefined;
    const body = this.body(request);
    await this.withinContext(request, sentText('openai', body as unknown as Record<string, unknown>));
    const completion: ChatCompletion = await this.withinDeadline(signal, async (whole) => {
      try {
        return await this.client.create(body, whole);
      } catch (error) {
        throw this.failure(error, { APIUserAbortError, APIConnectionTimeoutError, APIConnectionError, APIError }, (e) => {
          const apiError = e as APIError;
          return { detail: apiError.message, spendLimit: QUOTA.test(apiError.code ?? '') || QUOTA.test(apiError.type ?? '') };
        });
      }
    });
    const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
    if (!choice?.message) throw this.badResponse('no choice in the completion', completion);
    return this.response(completion, choice, request, schema !== undefined);
  }

  private response(completion: ChatCompletion, choice: ChatChoice, request: LlmRequest, structured: boolean): LlmResponse {
    const content = choice.message?.content ?? '';
    const refusal = choice.message?.refusal;
    const refused = typeof refusal === 'string' && refusal !== '';
    const text = refused ? refusal : structured ? asStructured(content) : content;
    const usage = completion.usage;
    const inputTokens = usage?.prompt_tokens ?? estimateTokens(request.system + request.messages.map((m) => m.content).join('\n'));
    const outputTokens = usage?.completion_tokens ?? estimateTokens(text);
    const cacheRead = usage?.prompt_tokens_details?.cached_tokens ?? 0;
    const model = completion.model || this.model;
    return {
      text,
      provider: this.name,
      model,
      inputTokens,
      outputTokens,
      stopReason: refused ? 'refusal' : (STOP_REASONS[choice.finish_reason ?? 'stop'] ?? choice.finish_reason ?? 'end_turn'),
      ...(usage ? {} : { estimatedTokens: true }),
      ...(cacheRead > 0 ? { cacheReadTokens: cacheRead } : {}),
      ...this.cost(model, { uncachedInput: inputTokens - cacheRead, cacheRead, cacheWrite: 0, output: outputTokens }),
    };
  }
}

/**
 * A turn as chat completions take it. With structured output, an earlier round's plan is an
 * assistant tool call and that round's results the `tool` message answering it, right after it;
 * without, both are plain text.
 */
function chatMessage(m: LlmMessage, schema: Readonly<Record<string, unknown>> | undefined): ChatMessage {
  if (schema && m.role === 'assistant' && m.toolCall) {
    return {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: m.toolCall.id, type: 'function', function: { name: structuredName(schema), arguments: JSON.stringify(m.toolCall.input) } }],
    };
  }
  if (schema && m.role === 'user' && m.toolResult) return { role: 'tool', tool_call_id: m.toolResult.id, content: m.content };
  return { role: m.role, content: m.content };
}

/** A JSON-only answer as planner text (reasoning apart); prose from a server that ignored the format stays as it is. */
function asStructured(content: string): string {
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return structuredAnswerText(parsed);
  } catch {
    // Prose or fenced JSON: extraction handles it.
  }
  return content;
}
