/**
 * Claude through @anthropic-ai/sdk, the real client pointed at `baseURL` (the API, a proxy, or
 * the loopback server of the tests).
 *
 * - Structured outputs: a request that carries a JSON Schema (analysis, plan, repair) offers one
 *   tool whose input_schema is a provider-ready copy of that schema, and forces it (`tool_choice`).
 *   The tool is not `strict`: grammar-constrained decoding needs every object closed, and a step's
 *   `parameters` and `trace` are open objects. The schema guides, validation judges, and the repair
 *   loop handles the rest. A repair prompt carries the previous answer as text; an iterative plan's
 *   next round sends each earlier round's plan as a call of the same tool and that round's results
 *   as its `tool_result`, so no `tool_use` is ever left without its `tool_result`.
 * - Prompt caching: the system prompt (role, rules, the step types sized to the task) is marked
 *   `cache_control: ephemeral`; with the tool before it, that prefix is the same for every plan and
 *   repair request of the same set of step types. Claude caches a prefix of at least 1,024 tokens
 *   (2,048 on Haiku) and ignores the mark on a shorter one: the sized prompts of most tasks are
 *   shorter, and are read whole each time. A server that refuses the mark is asked again without it.
 * - Context window: a prompt that would pass it is refused before it is sent (HttpLlmProvider.withinContext).
 * - Sampling: the request's temperature is not sent; API version 2026-10-21 (this SDK's) rejects
 *   temperature, top_p and top_k on every model.
 * - One retry layer: the SDK's own retries are off (`maxRetries: 0`) so that RetryingProvider is
 *   the only one. Each whole call, reading the body included, has an explicit deadline
 *   (withinDeadline): the SDK's own timeout (default 10 minutes) stops at the response headers.
 * - Accounting: input tokens include cache reads and writes; the cost uses the model's price.
 */
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { Message, MessageCreateParamsNonStreaming, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages/messages';
import { LlmFatalError } from '../../../core/errors.js';
import type { LlmAttemptGate, LlmMessage, LlmRequest, LlmResponse } from '../../../core/ports.js';
import { HttpLlmProvider, type HttpProviderOptions } from '../http-provider.js';
import { sentText } from '../sent-text.js';
import { structuredAnswerText } from '../structured/answer-text.js';
import { structuredName, structuredSchema } from '../structured/response-schema.js';

export interface AnthropicProviderOptions extends HttpProviderOptions {
  apiKey: string;
  /** The API's address; https://api.anthropic.com when absent. */
  baseURL?: string | undefined;
}

/** A spend limit or an empty credit balance: a 429 (or 400) that waiting will not fix. */
const SPEND_LIMIT = /spend[_ ]limit|credit balance|billing|usage limit/i;

/** Claude's context window (Sonnet and Opus 4.x, Haiku 4.5) unless CAIRN_LLM_CONTEXT_TOKENS says otherwise. */
export const CLAUDE_CONTEXT_TOKENS = 200_000;

/** A 400 refusing the prompt-cache mark: a proxy or an older API that does not know `cache_control`. */
const CACHE_MARK_REFUSED = /cache_control/i;

export class AnthropicProvider extends HttpLlmProvider {
  readonly name = 'anthropic';
  readonly source = 'anthropic';
  private readonly client: Anthropic;
  /** Mark the system prompt for the prompt cache; off once a server has refused the mark. */
  private cacheMarks = true;

  constructor(options: AnthropicProviderOptions) {
    super(options, CLAUDE_CONTEXT_TOKENS);
    // Everything explicit, so the SDK reads no ANTHROPIC_* variable of its own.
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseURL ?? 'https://api.anthropic.com',
      timeout: options.timeoutMs,
      maxRetries: 0,
      logLevel: 'warn',
    });
  }

  /** The body `complete` sends for `request`, and the forced tool in it. */
  private params(request: LlmRequest): { params: MessageCreateParamsNonStreaming; tool: Tool | undefined } {
    const tool = this.structured && request.responseSchema ? toolFor(request.responseSchema) : undefined;
    const params: MessageCreateParamsNonStreaming = {
      model: this.model,
      max_tokens: request.maxTokens,
      // No temperature: API version 2026-10-21, which this SDK sends, answers 400 to any sampling
      // parameter, even at its default. Structured output and validation keep plans on track.
      ...(request.system
        ? { system: [{ type: 'text', text: request.system, ...(this.cacheMarks ? { cache_control: { type: 'ephemeral' as const } } : {}) }] }
        : {}),
      messages: request.messages.map((m) => messageParam(m, tool)),
      ...(tool ? { tools: [tool], tool_choice: { type: 'tool', name: tool.name, disable_parallel_tool_use: true } } : {}),
    };
    return { params, tool };
  }

  /** What the model reads of the body `complete` would send: the forced tool and its schema included. */
  async sentText(request: LlmRequest): Promise<string> {
    return sentText('anthropic', this.params(request).params as unknown as Record<string, unknown>);
  }

  /**
   * One call. A prompt past the context window is not sent (withinContext). A server that refuses
   * the prompt-cache mark (400 naming cache_control) is asked once more without it, as a second
   * attempt the budget counts (through `gate`), and the provider sends no mark after that; any
   * other failure, or a second refusal, is the call's one-line error.
   */
  async complete(request: LlmRequest, signal?: AbortSignal, gate?: LlmAttemptGate): Promise<LlmResponse> {
    const marked = this.cacheMarks;
    const first = this.params(request);
    await this.withinContext(request, sentText('anthropic', first.params as unknown as Record<string, unknown>));
    try {
      return await this.send(first, signal);
    } catch (error) {
      if (!marked || !(error instanceof LlmFatalError) || error.status !== 400 || !CACHE_MARK_REFUSED.test(error.message)) throw error;
      this.cacheMarks = false;
      const again = gate ? gate(request, error) : request;
      return { ...(await this.send(this.params(again), signal)), attempts: 2 };
    }
  }

  private async send({ params, tool }: { params: MessageCreateParamsNonStreaming; tool: Tool | undefined }, signal?: AbortSignal): Promise<LlmResponse> {
    const message: Message = await this.withinDeadline(signal, async (whole) => {
      try {
        return await this.client.messages.create(params, { signal: whole });
      } catch (error) {
        throw this.failure(error, { APIUserAbortError, APIConnectionTimeoutError, APIConnectionError, APIError }, (e) => {
          const apiError = e as APIError;
          const detail = apiError.apiMessage ?? apiError.message.replace(/^\d{3}\s*/, '');
          return { detail, spendLimit: SPEND_LIMIT.test(apiError.errorCode ?? '') || apiError.type === 'billing_error' || SPEND_LIMIT.test(detail) };
        });
      }
    });
    if (!Array.isArray(message?.content) || typeof message.usage?.input_tokens !== 'number') {
      throw this.badResponse('no content or usage in the message', message);
    }
    return this.response(message, tool?.name);
  }

  private response(message: Message, toolName: string | undefined): LlmResponse {
    const prose = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n\n');
    const call = message.content.find((b) => b.type === 'tool_use' && b.name === toolName);
    const text = call?.type === 'tool_use' ? structuredAnswerText(call.input, prose) : prose;
    const usage = message.usage;
    const cacheRead = usage.cache_read_input_tokens ?? 0;
    const cacheWrite = usage.cache_creation_input_tokens ?? 0;
    const model = message.model || this.model;
    return {
      text,
      provider: this.name,
      model,
      inputTokens: usage.input_tokens + cacheRead + cacheWrite,
      outputTokens: usage.output_tokens,
      stopReason: message.stop_reason ?? 'end_turn',
      cacheReadTokens: cacheRead,
      cacheWriteTokens: cacheWrite,
      ...this.cost(model, { uncachedInput: usage.input_tokens, cacheRead, cacheWrite, output: usage.output_tokens }),
    };
  }
}

/**
 * A turn as the Messages API takes it. An earlier round's plan is the forced tool's call and that
 * round's results its tool_result, so every tool_use is answered in the very next turn; without
 * the tool (structured output off) both are plain text.
 */
function messageParam(m: LlmMessage, tool: Tool | undefined): MessageParam {
  if (tool && m.role === 'assistant' && m.toolCall) {
    return { role: 'assistant', content: [{ type: 'tool_use', id: m.toolCall.id, name: tool.name, input: m.toolCall.input as Record<string, unknown> }] };
  }
  if (tool && m.role === 'user' && m.toolResult) {
    return { role: 'user', content: [{ type: 'tool_result', tool_use_id: m.toolResult.id, content: m.content }] };
  }
  return { role: m.role, content: m.content };
}

const tools = new WeakMap<object, Tool>();

/** The forced tool for a JSON Schema, built once per schema. */
function toolFor(schema: Readonly<Record<string, unknown>>): Tool {
  let tool = tools.get(schema);
  if (tool === undefined) {
    tool = {
      name: structuredName(schema),
      description: 'Submit the answer.',
      input_schema: { ...structuredSchema(schema), type: 'object' },
    };
    tools.set(schema, tool);
  }
  return tool;
}
