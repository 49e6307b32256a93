/**
 * F2: any server that speaks OpenAI's chat completions API: OpenAI itself, or a model server on
 * your own machine (llama.cpp's llama-server, vLLM, Ollama, LM Studio, ...). Built on the `openai`
 * package rather than bare fetch: its typed errors carry the status and headers the retry layer
 * needs (retry-after), it has the explicit timeout and retry count we set, and the tests drive the
 * real client against the loopback server exactly as the Anthropic one.
 *
 * - Structured outputs: a request with a JSON Schema asks for `response_format: json_schema` with
 *   a provider-ready copy of it, `strict: false` (a plan's parameters are open objects, which
 *   strict mode cannot express). Servers without it answer in prose; extraction copes.
 * - A local server needs no key: `OPENAI_API_KEY` is optional, and the client sends a placeholder.
 * - One retry layer (`maxRetries: 0`), an explicit timeout, temperature as asked (0 for plans).
 * - Accounting: prompt/completion tokens as reported (cached prompt tokens counted as cache
 *   reads); estimated from the text when a server reports none.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions/completions';
import type { LlmRequest, LlmResponse } from '../../../core/ports.js';
import { HttpLlmProvider, type HttpProviderOptions } from '../http-provider.js';
import { estimateTokens } from '../rule-based/text.js';
import { structuredAnswerText } from '../structured/answer-text.js';
import { structuredName, structuredSchema } from '../structured/response-schema.js';

export interface OpenAiCompatibleOptions extends HttpProviderOptions {
  /** Optional for local servers. */
  apiKey?: string | undefined;
  baseURL: string;
}

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
  private readonly client: OpenAI;
  /** OpenAI's newer models take `max_completion_tokens`; most local servers know only `max_tokens`. */
  private readonly tokenField: 'max_tokens' | 'max_completion_tokens';

  constructor(options: OpenAiCompatibleOptions) {
    super(options);
    this.tokenField = new URL(options.baseURL).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens';
    // Everything explicit, so the SDK reads no OPENAI_* variable of its own.
    this.client = new OpenAI({
      apiKey: options.apiKey ?? 'no-key',
      baseURL: options.baseURL,
      organization: null,
      project: null,
      timeout: options.timeoutMs,
      maxRetries: 0,
      logLevel: 'warn',
    });
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    const schema = this.structured ? request.responseSchema : undefined;
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.model,
      temperature: request.temperature,
      [this.tokenField]: request.maxTokens,
      messages: [
        ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
        ...request.messages.map((m) => ({ role: m.role, content: m.content })),
      ],
      ...(schema
        ? { response_format: { type: 'json_schema', json_schema: { name: structuredName(schema), schema: structuredSchema(schema), strict: false } } }
        : {}),
    };
    let completion: ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(body, signal ? { signal } : {});
    } catch (error) {
      throw this.failure(error, { APIUserAbortError, APIConnectionTimeoutError, APIConnectionError, APIError }, (e) => {
        const apiError = e as APIError;
        return {
          detail: apiError.message.replace(/^\d{3}\s*/, ''),
          spendLimit: QUOTA.test(String(apiError.code ?? '')) || QUOTA.test(String(apiError.type ?? '')),
        };
      });
    }
    const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
    if (!choice?.message) throw this.badResponse('no choice in the completion', completion);
    return this.response(completion, choice, request, schema !== undefined);
  }

  private response(completion: ChatCompletion, choice: ChatCompletion.Choice, request: LlmRequest, structured: boolean): LlmResponse {
    const content = choice.message.content ?? '';
    const refused = typeof choice.message.refusal === 'string' && choice.message.refusal !== '';
    const text = refused ? (choice.message.refusal ?? '') : structured ? asStructured(content) : content;
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
