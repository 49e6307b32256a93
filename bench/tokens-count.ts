/**
 * How the token bench counts one model call: from the request body the loopback server received
 * and the response body it sent, with the project's one tokenizer (core/llm/token-count.ts,
 * js-tiktoken's o200k_base) over the text a model reads (adapters/llm/sent-text.ts: system,
 * turns, tool definitions and schemas). Anthropic publishes no tokenizer for Claude, so Claude's
 * figures are counted with the same vocabulary: close, not exact.
 *
 * Claude's prompt cache is counted apart, as the Messages API bills it: the prefix up to the last
 * `cache_control` mark (tools, then system, then messages) is written the first time it is seen
 * and read after that, and only when it is at least MIN_CACHEABLE_TOKENS long (a shorter prefix
 * is not cached at all). `inputTokens` is the input outside the cached prefix.
 *
 * And which phase a call belongs to, read from what the request asks for (its prompt and the tool
 * or schema it offers), never from Cairn's own accounting.
 */
import { sentText, type WireApi } from '../functions/adapters/llm/sent-text.js';
import type { TokenCounter } from '../functions/core/llm/token-count.js';
import type { DecompositionPlan } from '../functions/core/types.js';

export type Json = Record<string, unknown>;

/** A call as the server saw it: the API, the request body and the body of the answer (absent for a failed call). */
export interface WireCall {
  api: WireApi;
  body: Json;
  response?: Json | undefined;
}

export interface CallTokens {
  /** Input outside the cached prefix. */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/**
 * The shortest prefix Claude caches (Sonnet and Opus models; Haiku's is 2,048): a `cache_control`
 * mark on a shorter prefix is accepted and ignored.
 */
export const MIN_CACHEABLE_TOKENS = 1024;

/** Counts calls in the order they reached the server, keeping which cached prefixes were written. */
export class WireCounter {
  private readonly written = new Set<string>();

  constructor(private readonly counter: TokenCounter) {}

  count(call: WireCall): CallTokens {
    const total = this.counter.count(sentText(call.api, call.body));
    const outputTokens = call.response ? this.counter.count(answerText(call.api, call.response)) : 0;
    const prefix = call.api === 'anthropic' ? cachedPrefix(call.body) : undefined;
    const prefixTokens = prefix ? Math.min(total, this.counter.count(sentText('anthropic', prefix))) : 0;
    if (!prefix || prefixTokens < MIN_CACHEABLE_TOKENS) return { inputTokens: total, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 };
    const key = `${String(call.body.model)}\u0000${JSON.stringify(prefix)}`;
    const seen = this.written.has(key);
    this.written.add(key);
    return {
      inputTokens: total - prefixTokens,
      outputTokens,
      cacheReadTokens: seen ? prefixTokens : 0,
      cacheWriteTokens: seen ? 0 : prefixTokens,
    };
  }
}

/**
 * The part of an Anthropic request that its last `cache_control` mark caches, as a request body of
 * its own (tools, system, messages up to the marked block); undefined when nothing is marked.
 */
export function cachedPrefix(body: Json): Json | undefined {
  const tools = asArray(body.tools);
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : asArray(body.system);
  const messages = asArray(body.messages);
  const marked = (block: Json) => block.cache_control !== undefined && block.cache_control !== null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const blocks = asArray(message.content);
    const last = blocks.findLastIndex(marked);
    if (last >= 0) return { tools, system, messages: [...messages.slice(0, i), { ...message, content: blocks.slice(0, last + 1) }] };
  }
  const lastSystem = system.findLastIndex(marked);
  if (lastSystem >= 0) return { tools, system: system.slice(0, lastSystem + 1), messages: [] };
  const lastTool = tools.findLastIndex(marked);
  if (lastTool >= 0) return { tools: tools.slice(0, lastTool + 1), system: [], messages: [] };
  return undefined;
}

/** The text the model wrote in a response body: prose, tool calls (name and input), a refusal. */
export function answerText(api: WireApi, response: Json): string {
  if (api === 'anthropic') return sentText('anthropic', { messages: [{ role: '', content: response.content }] });
  const message = ((asArray(response.choices)[0]?.message ?? {}) as Json) ?? {};
  const text = sentText('openai', { messages: [{ role: '', content: message.content ?? '', tool_calls: message.tool_calls }] });
  return [text, typeof message.refusal === 'string' ? message.refusal : ''].filter((t) => t !== '').join('\n');
}

/** Cairn's phases, in the order a plan goes through them. */
export const CAIRN_PHASES = ['analysis', 'plan', 'repair', 'steps', 'answer', 'finalize'] as const;
export type CairnPhase = (typeof CAIRN_PHASES)[number];

/** Finalize's instruction when the plan has no answer step (core/workflow/finalize.ts). */
export const FINALIZE_INSTRUCTION = 'Answer the task from the sources, citing them.';

/**
 * The phase of one of Cairn's requests, from its prompt and the tool or schema it offers:
 * a repair turn, the analysis, a plan (or an iterative round's next plan), Finalize's own answer,
 * the plan's answer step (an llm_call whose prompt is among `answerPrompts`), or another llm_call
 * step. With no `answerPrompts` every llm_call counts as the answer.
 */
export function cairnPhaseOf(call: WireCall, answerPrompts: readonly string[] = []): CairnPhase {
  const user = lastUserText(call);
  const offered = offeredNames(call).join(' ');
  if (/^Attempt \d+\. Your previous plan/m.test(user)) return 'repair';
  if (user.startsWith('Analyse this task before planning') || /analysis/.test(offered)) return 'analysis';
  if (endsWithToolResult(call) || /Use at most \d+ steps\./.test(user) || /plan/.test(offered)) return 'plan';
  if (user.includes(FINALIZE_INSTRUCTION)) return 'finalize';
  if (answerPrompts.length === 0 || answerPrompts.some((prompt) => prompt !== '' && user.includes(prompt))) return 'answer';
  return 'steps';
}

/**
 * The prompts of a plan's answer steps (llm_call steps no step depends on), each up to its first
 * template expression, which the executor fills in before the prompt is sent, and before a
 * "Question:" or "Task:" quoting the question, which the answer prompt leaves out (it ends with it).
 */
export function answerPromptsOf(plan: DecompositionPlan | undefined): string[] {
  if (!plan) return [];
  const dependedOn = new Set(plan.plan.flatMap((s) => s.dependencies));
  return plan.plan
    .filter((s) => s.type === 'llm_call' && !dependedOn.has(s.step_id) && typeof s.parameters.prompt === 'string')
    .map((s) =>
      (s.parameters.prompt as string)
        .split('{{')[0]!
        .split(/\s(?:Question|Task):\s/)[0]!
        .trim(),
    );
}

/** The text of the last user turn (Anthropic text blocks, or an OpenAI user message). */
export function lastUserText(call: WireCall): string {
  const user = asArray(call.body.messages)
    .filter((m) => m.role === 'user')
    .at(-1);
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return asArray(user.content)
    .flatMap((b) => (typeof b.text === 'string' ? [b.text] : []))
    .join('\n');
}

/** The names of the tools offered, or of the response format's schema. */
export function offeredNames(call: WireCall): string[] {
  const tools = asArray(call.body.tools).map((t) => String(t.name ?? (t.function as Json | undefined)?.name ?? ''));
  const format = (call.body.response_format as Json | undefined)?.json_schema as Json | undefined;
  return [...tools, ...(typeof format?.name === 'string' ? [format.name] : [])].filter((n) => n !== '');
}

/** The conversation ends with a tool's result: an iterative plan's next round, or an agent after its tool call. */
export function endsWithToolResult(call: WireCall): boolean {
  const last = asArray(call.body.messages).at(-1);
  if (!last) return false;
  if (call.api === 'openai') return last.role === 'tool';
  return asArray(last.content).some((b) => b.type === 'tool_result');
}

export function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === 'object' && v !== null) as Json[]) : [];
}
