/**
 * LLM providers for tests, at the port (no HTTP): one that answers from a script and keeps what it
 * was asked, and the rule-based planner with some of its answers replaced. The HTTP-level fakes
 * (a loopback server speaking the Anthropic and OpenAI wire formats) are in llm-loopback/.
 */
import { expect } from 'vitest';
import { RuleBasedProvider } from '../../functions/adapters/llm/rule-based/provider.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../functions/core/ports.js';
import type { DecompositionPlan } from '../../functions/core/types.js';
import { fencedJson } from './plans.js';

/** A scripted answer: its text, or a whole response (with an optional wait before it). */
export type ScriptedReply = string | (Partial<LlmResponse> & { text: string; delayMs?: number });

export interface ScriptedLlmOptions {
  name?: string;
  model?: string;
  /** The token counts of every answer that does not give its own. */
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * An LlmProvider whose answers come from `answer` (a throw fails the call). It keeps every
 * request and counts the calls that run at once.
 */
export class ScriptedLlm implements LlmProvider {
  readonly name: string;
  readonly model: string;
  readonly source = 'test';
  readonly requests: LlmRequest[] = [];
  running = 0;
  maxRunning = 0;
  private readonly inputTokens: number;
  private readonly outputTokens: number;

  constructor(
    private readonly answer: (request: LlmRequest) => ScriptedReply | Promise<ScriptedReply>,
    options: ScriptedLlmOptions = {},
  ) {
    this.name = options.name ?? 'scripted';
    this.model = options.model ?? 'script-1';
    this.inputTokens = options.inputTokens ?? 100;
    this.outputTokens = options.outputTokens ?? 50;
  }

  /** How many calls it received, failed ones included. */
  get calls(): number {
    return this.requests.length;
  }

  async complete(request: LlmRequest): Promise<LlmResponse> {
    this.requests.push(request);
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      const reply = await this.answer(request);
      const { delayMs, ...response } = typeof reply === 'string' ? { text: reply } : reply;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return {
        provider: this.name,
        model: this.model,
        inputTokens: this.inputTokens,
        outputTokens: this.outputTokens,
        stopReason: 'end_turn',
        ...response,
      };
    } finally {
      this.running--;
    }
  }
}

/** Answers with `replies` in order, throwing an Error entry instead of answering; fails once they run out. */
export function inOrder(replies: Array<ScriptedReply | Error>): () => ScriptedReply {
  return () => {
    const reply = replies.shift();
    if (reply === undefined) throw new Error('the script has no more replies');
    if (reply instanceof Error) throw reply;
    return reply;
  };
}

/** The instruction an llm_call step gave the model (empty for other intents). */
export const instructionOf = (request: LlmRequest): string => (request.intent.kind === 'answer' ? request.intent.instruction : '');

/** The task of the request, for the intents that carry one. */
export const taskOf = (request: LlmRequest): string => ('task' in request.intent ? request.intent.task : '');

/**
 * The rule-based provider, except where `override` returns the text to answer instead (it gets
 * the request and a way to ask the rules first). Lets a workflow test steer one kind of task
 * into a broken or drifting plan while every other call is answered as the keyless planner would.
 */
export class RuleBasedWithOverrides implements LlmProvider {
  readonly name = 'scripted';
  readonly model = 'scripted-1';
  readonly source = 'scripted';
  private readonly rules = new RuleBasedProvider();

  constructor(private readonly override: (request: LlmRequest, rules: () => Promise<LlmResponse>) => Promise<string | undefined> | string | undefined) {}

  async complete(request: LlmRequest): Promise<LlmResponse> {
    let ruled: Promise<LlmResponse> | undefined;
    const rules = () => {
      ruled ??= this.rules.complete(request);
      return ruled;
    };
    const text = await this.override(request, rules);
    if (text !== undefined) {
      return { text, provider: this.name, model: this.model, inputTokens: 10, outputTokens: text.length, stopReason: 'end_turn' };
    }
    return { ...(await rules()), provider: this.name, model: this.model };
  }
}

/** The rule-based answer's plan with its first step depending on a step that does not exist (99). */
export function withDanglingDependency(answerText: string): string {
  const plan = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(answerText)![1]!) as DecompositionPlan;
  plan.plan[0]!.dependencies = [99];
  return fencedJson(plan);
}

/** A small request to a provider (an analysis of "u"), with `overrides` on top. */
export const llmRequest = (overrides: Partial<LlmRequest> = {}): LlmRequest => ({
  purpose: 'plan',
  system: 's',
  messages: [{ role: 'user', content: 'u' }],
  maxTokens: 10,
  temperature: 0,
  intent: { kind: 'analysis', task: 'u' },
  ...overrides,
});

/**
 * A call's cost as the providers report it: the exact USD rounded to a millionth of a dollar, so
 * within half a millionth of the exact figure (toBeCloseTo at six digits fails when the exact
 * figure falls on a half: 0.0072735 is reported as 0.007274).
 */
export function expectRoundedCost(actual: number | undefined, exact: number): void {
  expect(actual).toBeDefined();
  expect(Math.abs(actual! - exact)).toBeLessThanOrEqual(5e-7 + 1e-12);
}
