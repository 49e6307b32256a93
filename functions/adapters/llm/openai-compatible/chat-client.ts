/**
 * A small client for the chat completions endpoint of any OpenAI-compatible server, on the POST of
 * the shared HTTP client (http-client/post-json.ts). It replaces the `openai` package (165 KB
 * minified in every workflow bundle) with what Cairn uses of it: the request and answer shapes,
 * and one POST. It never retries: the retry layer (resilient/retry.ts) is the only one.
 */
import { type PostJsonOptions, postJson } from '../../http-client/post-json.js';

export interface ChatClientOptions extends PostJsonOptions {
  /** The server's API root, e.g. https://api.openai.com/v1 or http://localhost:8080/v1. */
  baseURL: string;
}

/** The parts of a chat completion Cairn reads; a server may send more. */
export interface ChatCompletion {
  model?: string;
  choices?: ChatChoice[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number | null } | null } | null;
}

export interface ChatChoice {
  finish_reason?: string | null;
  message?: { content?: string | null; refusal?: string | null } | null;
}

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  response_format?: { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict: boolean } };
  tools?: ChatTool[];
  tool_choice?: 'none' | 'auto' | 'required';
}

export class ChatCompletionsClient {
  private readonly url: string;

  constructor(private readonly options: ChatClientOptions) {
    this.url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  }

  async create(body: ChatCompletionRequest, signal?: AbortSignal): Promise<ChatCompletion> {
    return (await postJson(this.url, body, this.options, signal)) as ChatCompletion;
  }
}
