/**
 * Runs a validated plan as a DAG by dataflow. Every step starts the moment its own
 * dependencies have finished (not when a whole layer has), up to a concurrency cap. A false
 * condition skips a step; a failed step aborts the plan and the steps not yet started are
 * recorded as skipped with the reason, so nothing half-done looks done. A step that needs the
 * user's answer (an elicitation without one) pauses: it and its dependents are left pending, the
 * rest runs, and the outcome is `waiting` with the questions, to be run again with the answers.
 */

import { boundedMessage, InputRequiredError, LlmTransientError, oneLine, RetrievalServiceTransientError, StepExecutionError } from '../errors.js';
import { evaluateCondition, type StepView } from '../expression/expression.js';
import { renderParameters } from '../expression/templates.js';
import type { Clock, CorpusIndex, Lexicon, LlmProvider, Reranker } from '../ports.js';
import { policyOnSkip, STEP_OPERATORS, stepPolicy } from '../steps/index.js';
import { toolCallOf } from '../steps/tool_call.js';
import { canonicalToolName, type SubPlanRunner, type ToolRegistry } from '../tools/registry.js';
import { isRetryable } from '../transient.js';
import type { DecompositionPlan, DecompositionStep, LlmCallRecord, StepOutput, StepType } from '../types.js';
import { DUPLICATE_CALL_BLOCKED, type DuplicateGuard, type GuardVerdict } from './duplicate-guard.js';

export interface ExecutionHooks {
  onStepStart?(step: DecompositionStep, parameters: Record<string, unknown>): Promise<void> | void;
  onStepRetry?(step: DecompositionStep, attempt: number, error: string, delayMs: number): Promise<void> | void;
  onStepEnd?(output: StepOutput): Promise<void> | void;
}

export interface ExecutionContext {
  task: string;
  index: CorpusIndex;
  llm: LlmProvider;
  /** A cross-encoder or reranking service for the rerank step; the lexical reranker when absent. */
  reranker?: Reranker | undefined;
  /** Word forms for choosing the sentences an answer reads; the words themselves when absent. */
  lexicon?: Lexicon | undefined;
  clock: Clock;
  concurrency: number;
  topK: number;
  tools: ToolRegistry;
  /** The request's tool allow-list; every registered tool when absent. */
  allowedTools?: readonly string[] | undefined;
  /** The request's step types, which a composite's parts must keep to; every type when absent. */
  allowedStepTypes?: readonly StepType[] | undefined;
  hooks?: ExecutionHooks;
  /**
   * Outputs of an earlier round to keep as they are: these steps are not run again, their
   * dependents read them (the coverage retry re-runs only the retrieval that came back thin).
   */
  keep?: ReadonlyMap<number, StepOutput>;
  /**
   * The duplicate-call guard every `tool_call` step asks before its tool runs; none, no guard. One
   * guard per execution (or per loop of executions), so the coverage retry's round shares it.
   */
  guard?: DuplicateGuard;
  /** The user's answers to elicitation steps, by step id. */
  answers?: ReadonlyMap<number, unknown>;
  /** How many composite tools this run is inside (a composite's parts run as a plan of their own). */
  depth?: number;
}

/** A question a step put to the user, which the plan waits on. */
export interface PendingQuestion {
  step_id: number;
  message: string;
  schema: Record<string, unknown>;
}

/** Composites inside composites, at most this deep: a loop between two composites ends here. */
const MAX_SUBPLAN_DEPTH = 2;

export interface ExecutionOutcome {
  status: 'succeeded' | 'failed' | 'waiting';
  outputs: StepOutput[];
  /** When `waiting`: the questions the plan waits on, by step id. */
  questions?: PendingQuestion[];
  llmCalls: LlmCallRecord[];
  failedStep?: number;
  error?: string;
}

/** A counting semaphore: the cap on steps running at once. */
class Slots {
  private waiting: Array<() => void> = [];
  constructor(private free: number) {}
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

export async function executePlan(plan: DecompositionPlan, ctx: ExecutionContext): Promise<ExecutionOutcome> {
  const run = new PlanRun(plan, ctx);
  await run.runAll();
  return run.outcome();
}

/**
 * One execution of a plan, in named parts: scheduling (`settle` starts a step once, when the first
 * step that needs it asks; `runStep` waits for its dependencies), the checks before a step runs
 * (`blockedBefore`: an aborted plan, a skipped dependency; `conditionUnmet`: a condition false or
 * failing), running it under a slot with its duplicate-call guard (`runUnderSlot`) and its retries
 * (`attempt`), recording each output as it ends (`record`), and the plan's `outcome`.
 */
class PlanRun {
  private readonly byId: Map<number, DecompositionStep>;
  private readonly running = new Map<number, Promise<Settled>>();
  private readonly slots: Slots;
  private readonly llmCalls: LlmCallRecord[] = [];
  private readonly outputs: StepOutput[] = [];
  private readonly questions: PendingQuestion[] = [];
  /** The step whose failure aborted the plan: the steps not yet started are skipped. */
  private abortedBy: { step: number; error: string } | undefined;

  constructor(
    private readonly plan: DecompositionPlan,
    private readonly ctx: ExecutionContext,
  ) {
    this.byId = new Map(plan.plan.map((s) => [s.step_id, s]));
    this.slots = new Slots(Math.max(1, ctx.concurrency));
  }

  /** Every step, each starting the moment its own dependencies have settled. */
  async runAll(): Promise<void> {
    await Promise.all(this.plan.plan.map((s) => this.settle(s.step_id)));
  }

  /** The step's one run (started on first ask), or the output an earlier round kept. */
  private readonly settle = (id: number): Promise<Settled> => {
    let promise = this.running.get(id);
    if (!promise) {
      const kept = this.ctx.keep?.get(id);
      if (kept) this.outputs.push(kept);
      promise = kept ? Promise.resolve(kept) : this.runStep(this.byId.get(id)!);
      this.running.set(id, promise);
    }
    return promise;
  };

  private async runStep(step: DecompositionStep): Promise<Settled> {
    const inputs = new Map<number, StepOutput>();
    let waitsOnInput = false;
    for (const dep of step.dependencies) {
      const settled = await this.settle(dep);
      if (isPending(settled)) waitsOnInput = true;
      else inputs.set(dep, settled);
    }
    // Downstream of an unanswered question: not run, not recorded; it runs once the answer is in.
    if (waitsOnInput) return PENDING;
    const before = this.blockedBefore(step, inputs);
    if (before) return before;
    const scope = await scopeOf(step, inputs, this.settle, this.byId);
    const unmet = this.conditionUnmet(step, scope);
    if (unmet) return unmet;
    return this.runUnderSlot(step, inputs, scope);
  }

  /** The step's output when the plan has aborted or a dependency was not run, and the step may not go on. */
  private blockedBefore(step: DecompositionStep, inputs: Map<number, StepOutput>): Promise<StepOutput> | undefined {
    const aborted = this.skippedForAbort(step);
    if (aborted) return aborted;
    // A call the guard blocked still hands on the output that call gave before: its dependents read that.
    const skippedDep = step.dependencies.find((d) => inputs.get(d)?.status !== 'succeeded' && !blockedWithOutput(inputs.get(d)));
    if (skippedDep !== undefined && policyOnSkip(step) === 'skip') {
      return this.record(skipped(step, this.ctx.clock, `dependency step ${skippedDep} was ${inputs.get(skippedDep)?.status ?? 'not run'}`));
    }
    return undefined;
  }

  private skippedForAbort(step: DecompositionStep): Promise<StepOutput> | undefined {
    const by = this.abortedBy;
    return by ? this.record(skipped(step, this.ctx.clock, `not run: step ${by.step} failed and the plan aborted`)) : undefined;
  }

  /** The step's output when its condition is false or cannot be evaluated; undefined when it holds (or there is none). */
  private conditionUnmet(step: DecompositionStep, scope: Map<number, StepView>): Promise<StepOutput> | undefined {
    if (step.condition === undefined) return undefined;
    const { clock } = this.ctx;
    let holds: boolean;
    try {
      holds = evaluateCondition(step.condition, scope);
    } catch (error) {
      const message = boundedMessage(`condition "${step.condition}" could not be evaluated: ${oneLine(error)}`);
      // A condition that fails follows the step's error strategy, as a failing operator does:
      // `skip` records the step skipped with the error; otherwise the plan aborts (not retried).
      if (stepPolicy(step).strategy === 'skip') {
        return this.record({ ...skipped(step, clock, `skipped by its error strategy: ${message}`), condition: step.condition, error: message });
      }
      this.abortedBy ??= { step: step.step_id, error: message };
      return this.record(failed(step, clock, clock.now(), message, 1));
    }
    return holds ? undefined : this.record({ ...skipped(step, clock, `condition is false: ${step.condition}`), condition: step.condition });
  }

  /** Runs the step once a slot is free: its parameters filled in, the duplicate-call guard asked, its attempts made. */
  private async runUnderSlot(step: DecompositionStep, inputs: Map<number, StepOutput>, scope: Map<number, StepView>): Promise<Settled> {
    const { ctx } = this;
    await this.slots.acquire();
    const startedAt = ctx.clock.now();
    const started = performance.now();
    const policy = stepPolicy(step);
    const tries = { made: 0 };
    let verdict: GuardVerdict | undefined;
    try {
      const aborted = this.skippedForAbort(step);
      if (aborted) return aborted;
      const parameters = renderParameters(step.parameters, scope);
      if (step.type === 'tool_call' && ctx.guard) {
        const call = toolCallOf(step, parameters);
        if (call.name) {
          verdict = ctx.guard.check(call.name, call.args);
          if (verdict.blocked) return this.record(await blockedCall(step, ctx.clock, call.name, call.args, verdict));
        }
      }
      await ctx.hooks?.onStepStart?.(step, parameters);
      const result = await this.attempt(step, parameters, inputs, scope, policy, tries);
      if (verdict && !verdict.blocked) verdict.settle({ succeeded: true, output: result.output });
      return this.record({
        step_id: step.step_id,
        type: step.type,
        status: 'succeeded',
        result,
        startedAt: startedAt.toISOString(),
        endedAt: ctx.clock.now().toISOString(),
        durationMs: Math.round(performance.now() - started),
        attempts: tries.made,
        ...(step.condition !== undefined ? { condition: step.condition } : {}),
      });
    } catch (error) {
      if (verdict && !verdict.blocked) verdict.settle({ succeeded: false });
      if (error instanceof InputRequiredError) {
        this.questions.push({ step_id: error.stepId, message: error.question, schema: error.schema });
        return PENDING;
      }
      const attemptsMade = Math.min(Math.max(tries.made, 1), policy.maxAttempts);
      // Bounded: the step's error goes into its trace item and into what Execute returns to the workflow.
      const message = boundedMessage(oneLine(error));
      if (policy.strategy === 'skip') {
        // The fallback: the step is recorded as skipped with its error; dependents follow their policy.
        return this.record({
          ...skipped(step, ctx.clock, `failed after ${attemptsMade} attempt(s), skipped by its error strategy: ${message}`),
          attempts: attemptsMade,
          error: message,
        });
      }
      this.abortedBy ??= { step: step.step_id, error: message };
      return this.record(failed(step, ctx.clock, startedAt, message, attemptsMade, performance.now() - started));
    } finally {
      this.slots.release();
    }
  }

  /**
   * The step's operator, tried up to its policy's attempts, each under its timeout, with a growing
   * wait between them; `tries.made` counts the attempts begun. Throws the last error.
   */
  private async attempt(
    step: DecompositionStep,
    parameters: Record<string, unknown>,
    inputs: Map<number, StepOutput>,
    scope: Map<number, StepView>,
    policy: ReturnType<typeof stepPolicy>,
    tries: { made: number },
  ): Promise<StepOutput['result']> {
    const { ctx, llmCalls } = this;
    const operator = STEP_OPERATORS[step.type];
    let lastError: unknown;
    for (tries.made = 1; tries.made <= policy.maxAttempts; tries.made++) {
      try {
        return await withTimeout(policy.timeoutMs, step, (signal) =>
          operator(step, parameters, inputs, {
            ...ctx,
            signal,
            scope,
            recordLlmCall: (r) => llmCalls.push(r),
            runSubPlan: (sub) => runSubPlan(sub, ctx, step, llmCalls),
          }),
        );
      } catch (error) {
        lastError = error;
        if (error instanceof InputRequiredError || !stepMayRetry(error) || tries.made >= policy.maxAttempts) break;
        const delayMs = policy.backoffMs * 2 ** (tries.made - 1);
        await ctx.hooks?.onStepRetry?.(step, tries.made, boundedMessage(oneLine(error)), delayMs);
        await sleep(delayMs);
      }
    }
    throw lastError;
  }

  /** Keeps a step's output and tells the hooks it has ended. */
  private async record(output: StepOutput): Promise<StepOutput> {
    this.outputs.push(output);
    await this.ctx.hooks?.onStepEnd?.(output);
    return output;
  }

  /** The plan's outcome once every step has settled: failed at its first failed step, else waiting on its questions, else succeeded. */
  outcome(): ExecutionOutcome {
    const { outputs, llmCalls, questions } = this;
    outputs.sort((a, b) => a.step_id - b.step_id);
    const failure = outputs.find((o) => o.status === 'failed');
    if (failure) return { status: 'failed', outputs, llmCalls, failedStep: failure.step_id, error: failure.error ?? 'step failed' };
    if (questions.length > 0) return { status: 'waiting', outputs, llmCalls, questions: questions.sort((a, b) => a.step_id - b.step_id) };
    return { status: 'succeeded', outputs, llmCalls };
  }
}

/** A step that waits on the user's answer (or on a step that does): it has no output yet. */
interface Pending {
  readonly pending: true;
}
type Settled = StepOutput | Pending;
const PENDING: Pending = { pending: true };
const isPending = (settled: Settled): settled is Pending => 'pending' in settled;

/**
 * A composite tool's parts, run inside the calling step: the same corpus, model, tools and
 * allow-list, no hooks (the parts are traced in the calling step's result, not as plan steps), and
 * their model calls counted with the plan's.
 */
async function runSubPlan(plan: DecompositionPlan, ctx: ExecutionContext, caller: DecompositionStep, llmCalls: LlmCallRecord[]): ReturnType<SubPlanRunner> {
  const depth = (ctx.depth ?? 0) + 1;
  if (depth > MAX_SUBPLAN_DEPTH) throw new StepExecutionError(`step ${caller.step_id}: composite tools nest deeper than ${MAX_SUBPLAN_DEPTH}`);
  const { hooks: _hooks, keep: _keep, ...rest } = ctx;
  const outcome = await executePlan(plan, { ...rest, depth });
  llmCalls.push(...outcome.llmCalls);
  // A composite runs inside one step: it has no way to stop and wait for the user.
  if (outcome.status === 'waiting')
    return { status: 'failed', outputs: outcome.outputs, error: `step ${caller.step_id}: a part of a composite tool asked the user a question` };
  return { status: outcome.status, outputs: outcome.outputs, ...(outcome.error !== undefined ? { error: outcome.error } : {}) };
}

/**
 * Whether a step attempts again after `error`. There is one retry layer per model call: the LLM
 * provider's (it knows the status, `retry-after` and its own deadline). An LlmTransientError is what
 * that layer throws once it has given up, so a step attempt more would only multiply its HTTP calls
 * (three step attempts of three provider attempts each made nine); the same holds for an embedding
 * or rerank service, whose adapter retries on its own. Permanent failures (401, a
 * spend limit, a budget exceeded) are never retried, by either layer. Everything else (a tool's
 * hiccup, a step's timeout, an error that does not say) is the step's to retry.
 */
export function stepMayRetry(error: unknown): boolean {
  return isRetryable(error) && !(error instanceof LlmTransientError) && !(error instanceof RetrievalServiceTransientError);
}

/** Runs the operator with an abort signal that fires, and a rejection, at the step's timeout. */
async function withTimeout<T>(timeoutMs: number, step: DecompositionStep, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new StepTimeoutError(`step ${step.step_id} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A timeout is worth another attempt (the service may answer next time), unlike StepExecutionError. */
export class StepTimeoutError extends Error {
  override name = 'StepTimeoutError';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The expression scope of a step: the outputs of all its ancestors (conditions may only read those). */
async function scopeOf(
  step: DecompositionStep,
  inputs: Map<number, StepOutput>,
  run: (id: number) => Promise<Settled>,
  byId: Map<number, DecompositionStep>,
): Promise<Map<number, StepView>> {
  const scope = new Map<number, StepView>();
  const visit = async (id: number) => {
    if (scope.has(id)) return;
    // Every ancestor of a step that runs has an output: a pending one would have kept it from running.
    const output = (inputs.get(id) ?? (await run(id))) as StepOutput;
    scope.set(id, { result: output.result, status: output.status, skipped: output.status === 'skipped' });
    for (const dep of byId.get(id)?.dependencies ?? []) await visit(dep);
  };
  for (const dep of step.dependencies) await visit(dep);
  return scope;
}

function blockedWithOutput(output: StepOutput | undefined): boolean {
  return output?.error === DUPLICATE_CALL_BLOCKED && output.result.output !== undefined;
}

/**
 * A tool call the guard refused: recorded skipped, with the marker as its error and, as its
 * result's `output`, what the same call returned last time it ran (absent when it never succeeded).
 */
async function blockedCall(
  step: DecompositionStep,
  clock: Clock,
  tool: string,
  args: Record<string, unknown>,
  verdict: Extract<GuardVerdict, { blocked: true }>,
): Promise<StepOutput> {
  const output = await verdict.lastOutput();
  return {
    ...skipped(step, clock, `${DUPLICATE_CALL_BLOCKED}: ${canonicalToolName(tool)} with these arguments again (${verdict.rule} rule); not run`),
    result: {
      tool: canonicalToolName(tool),
      args,
      blocked: true,
      rule: verdict.rule,
      ...(output !== undefined ? { output } : {}),
      tool_method: 'duplicate-guard',
    },
    error: DUPLICATE_CALL_BLOCKED,
  };
}

function skipped(step: DecompositionStep, clock: Clock, reason: string): StepOutput {
  const at = clock.now().toISOString();
  return {
    step_id: step.step_id,
    type: step.type,
    status: 'skipped',
    skipped: true,
    result: {},
    startedAt: at,
    endedAt: at,
    durationMs: 0,
    attempts: 0,
    reason,
  };
}

function failed(step: DecompositionStep, clock: Clock, startedAt: Date, error: string, attempts: number, durationMs = 0): StepOutput {
  return {
    step_id: step.step_id,
    type: step.type,
    status: 'failed',
    result: {},
    startedAt: startedAt.toISOString(),
    endedAt: clock.now().toISOString(),
    durationMs: Math.round(durationMs),
    attempts,
    error,
  };
}
