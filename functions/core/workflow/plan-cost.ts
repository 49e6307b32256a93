/**
 * What a plan cost: its model calls, priced by their providers from each call's tokens
 * (adapters/llm/pricing.ts, CAIRN_LLM_PRICES), plus an estimate of what AWS bills for running it
 * (Step Functions, Lambda, DynamoDB), made from what the plan record already says it did: no
 * store read, so Finalize and RecordFailure compute it from the record they hold.
 *
 * The AWS part is an estimate, and says what it counted:
 * - Step Functions: the states the execution entered, read from the record's phases (see
 *   `statesEntered`). Standard bills each state transition; Express bills the request and the
 *   GB-seconds of the execution (its wall time at the smallest 64 MB billing step).
 * - Lambda: one request per Task state entered, and GB-seconds from the phases' measured
 *   durations (metadata.durationsMs) at the deployed memory of each state's function. Init time
 *   and the phases that record no duration (Validate, AwaitInput) add requests only.
 * - DynamoDB, on-demand: every write is transactional (two write units per KB of item): each trace
 *   event (taken as at most 1 KB), each step output and each plan attempt (by their JSON size;
 *   an attempt as the plan it holds), and the META item once per Task state at the record's size;
 *   reads: the META item once per Task state (strongly consistent, one read unit per 4 KB), and
 *   the step outputs once, by Finalize.
 */

import type { LlmCallRecord, PlanCost, PlanRecord, StepOutput } from '../types.js';

/** USD list prices; the defaults are us-east-1's (aws.amazon.com pricing pages), overridable in configuration. */
export interface AwsPrices {
  /** Standard workflows: per state transition ($0.025 per 1,000). */
  sfnStandardTransition: number;
  /** Express workflows: per execution request ($1.00 per million). */
  sfnExpressRequest: number;
  /** Express workflows: per GB-second of execution (first tier). */
  sfnExpressGbSecond: number;
  /** Lambda: per request ($0.20 per million). */
  lambdaRequest: number;
  /** Lambda: per GB-second, arm64. */
  lambdaGbSecondArm: number;
  /** Lambda: per GB-second, x86_64. */
  lambdaGbSecondX86: number;
  /** DynamoDB on-demand: per write request unit ($0.625 per million). */
  dynamoWriteUnit: number;
  /** DynamoDB on-demand: per read request unit ($0.125 per million). */
  dynamoReadUnit: number;
}

export const DEFAULT_AWS_PRICES: Readonly<AwsPrices> = {
  sfnStandardTransition: 0.000025,
  sfnExpressRequest: 0.000001,
  sfnExpressGbSecond: 0.00001667,
  lambdaRequest: 0.0000002,
  lambdaGbSecondArm: 0.0000133334,
  lambdaGbSecondX86: 0.0000166667,
  dynamoWriteUnit: 0.000000625,
  dynamoReadUnit: 0.000000125,
};

/** How the workflow is deployed: given by the composition root from the one table infra deploys with. */
export interface CostSettings {
  workflowType: 'standard' | 'express';
  /** Memory of each Task state's function in MB; `default` for the states not named. */
  memoryMb: Readonly<Record<string, number>> & { readonly default: number };
  /** Task states whose function runs on x86_64; the others run on arm64. */
  x86States: readonly string[];
  prices: AwsPrices;
}

export interface PlanCostInput {
  /** The record as it will be written: its metadata with every call and phase duration. */
  record: PlanRecord;
  /** The calls of the record's metadata (kept apart so a phase can pass the ones it adds). */
  llmCalls: readonly LlmCallRecord[];
  /** The step outputs when the phase holds them; estimated from the plan's steps (1 KB each) when not. */
  outputs?: readonly StepOutput[] | undefined;
  /** The events the closing write adds to `record.eventCount`. */
  closingEvents: number;
  /** The state the execution ends in. */
  ending: 'Finalize' | 'RecordFailure';
  /** From the plan's creation to now: an Express execution's duration. */
  elapsedMs: number;
}

/** The phase's key in metadata.durationsMs → its Task state. */
const STATE_OF_PHASE: Readonly<Record<string, string>> = {
  analyze: 'Analyze',
  generate: 'Generate',
  repair: 'Repair',
  validate: 'Validate',
  execute: 'Execute',
  replan: 'Replan',
  finalize: 'Finalize',
};

const KB = 1024;
const bytesOf = (value: unknown): number => (value === undefined ? 0 : new TextEncoder().encode(JSON.stringify(value)).length);
const units = (bytes: number, per: number): number => Math.max(1, Math.ceil(bytes / per));
const usd = (n: number): number => Math.round(n * 1e8) / 1e8;

/**
 * The states of infra/workflow.asl.json the execution entered, by name, read from the record:
 * IsPlanSupplied; Analyze when it analysed; Generate unless the request supplied its plan; per
 * attempt a Validate and an IsPlanValid, and a Repair for each attempt after the first; RejectPlan
 * when the last attempt failed validation; then ShouldExecute; one Execute and AfterExecute per
 * run of the plan (the first, one per answered question, one per further round), an AwaitInput per
 * question answered, a Replan and AnotherRound per round looked back on; and the ending
 * (Finalize, or RecordFailure and Failed).
 */
export function statesEntered(record: PlanRecord, ending: PlanCostInput['ending']): Record<string, number> {
  const states: Record<string, number> = {};
  const add = (name: string, times = 1) => {
    if (times > 0) states[name] = (states[name] ?? 0) + times;
  };
  add('IsPlanSupplied');
  const supplied = record.request.plan !== undefined;
  if (!supplied && (record.analysis !== undefined || record.metadata?.durationsMs.analyze !== undefined)) add('Analyze');
  if (!supplied && record.metadata?.durationsMs.generate !== undefined) add('Generate');
  const attempts = record.attempts ?? (record.plan ? 1 : 0);
  add('Validate', attempts);
  add('IsPlanValid', attempts);
  add('Repair', attempts - 1);
  if (record.error?.phase === 'validating') add('RejectPlan');
  const executed = record.metadata?.durationsMs.execute !== undefined || record.results !== undefined;
  if (record.plan !== undefined && (executed || ending === 'Finalize')) add('ShouldExecute');
  if (executed) {
    const answered = Object.keys(record.answers ?? {}).length;
    // Replan looks back after every round: each further round came from one, and so did the stop.
    const furtherRounds = record.rounds ? Math.max(record.rounds.rounds.length - 1, 0) : 0;
    const lookedBack = record.rounds ? furtherRounds + (record.rounds.stop ? 1 : 0) : 0;
    add('Execute', 1 + answered + furtherRounds);
    add('AfterExecute', 1 + answered + furtherRounds);
    add('AwaitInput', answered + (record.status === 'waiting_for_input' ? 1 : 0));
    add('Replan', lookedBack);
    add('AnotherRound', lookedBack);
  }
  if (ending === 'Finalize') add('Finalize');
  else {
    add('RecordFailure');
    add('Failed');
  }
  return states;
}

/** The states that run a Lambda function (Task states); Choice and Fail states run none. */
const TASK_STATES = new Set(['Analyze', 'Generate', 'Validate', 'Repair', 'RejectPlan', 'Execute', 'AwaitInput', 'Replan', 'Finalize', 'RecordFailure']);

export function planCost(input: PlanCostInput, settings: CostSettings): PlanCost {
  const { record, llmCalls } = input;
  const p = settings.prices;

  const priced = llmCalls.filter((c) => c.costUsd !== undefined);
  const llmUsd = usd(priced.reduce((n, c) => n + (c.costUsd ?? 0), 0));

  const states = statesEntered(record, input.ending);
  const stateTransitions = Object.values(states).reduce((n, k) => n + k, 0);
  const taskStates = Object.entries(states).filter(([name]) => TASK_STATES.has(name));
  const lambdaRequests = taskStates.reduce((n, [, k]) => n + k, 0);

  let lambdaUsd = lambdaRequests * p.lambdaRequest;
  let lambdaGbSeconds = 0;
  for (const [phase, ms] of Object.entries(record.metadata?.durationsMs ?? {})) {
    const state = STATE_OF_PHASE[phase] ?? phase;
    const gbSeconds = ((settings.memoryMb[state] ?? settings.memoryMb.default) / KB) * (ms / 1000);
    lambdaGbSeconds += gbSeconds;
    lambdaUsd += gbSeconds * (settings.x86States.includes(state) ? p.lambdaGbSecondX86 : p.lambdaGbSecondArm);
  }

  const stepFunctionsUsd =
    settings.workflowType === 'standard'
      ? stateTransitions * p.sfnStandardTransition
      : p.sfnExpressRequest + (64 / KB) * (Math.max(input.elapsedMs, 100) / 1000) * p.sfnExpressGbSecond;

  // Writes are transactional: two units per KB of each item.
  const recordBytes = bytesOf(record);
  const events = record.eventCount + input.closingEvents;
  const outputKbs = input.outputs ? input.outputs.map((o) => units(bytesOf(o), KB)) : Array.from({ length: record.plan?.plan.length ?? 0 }, () => 1);
  const attemptKb = units(bytesOf(record.plan), KB);
  const writeUnits = 2 * (events + outputKbs.reduce((n, k) => n + k, 0) + (record.attempts ?? 0) * attemptKb + lambdaRequests * units(recordBytes, KB));
  const outputBytes = input.outputs ? input.outputs.reduce((n, o) => n + bytesOf(o), 0) : outputKbs.length * KB;
  const readUnits = lambdaRequests * units(recordBytes, 4 * KB) + (outputKbs.length > 0 ? units(outputBytes, 4 * KB) : 0);
  const dynamodbUsd = writeUnits * p.dynamoWriteUnit + readUnits * p.dynamoReadUnit;

  const awsUsd = usd(stepFunctionsUsd + lambdaUsd + dynamodbUsd);
  return {
    usd: usd(llmUsd + awsUsd),
    llmUsd,
    awsUsd,
    llm: {
      calls: llmCalls.length,
      unpricedCalls: llmCalls.length - priced.length,
      inputTokens: llmCalls.reduce((n, c) => n + c.inputTokens, 0),
      outputTokens: llmCalls.reduce((n, c) => n + c.outputTokens, 0),
    },
    aws: {
      workflowType: settings.workflowType,
      stepFunctionsUsd: usd(stepFunctionsUsd),
      lambdaUsd: usd(lambdaUsd),
      dynamodbUsd: usd(dynamodbUsd),
      stateTransitions,
      lambdaRequests,
      lambdaGbSeconds: Math.round(lambdaGbSeconds * 1e4) / 1e4,
      dynamodbWriteUnits: writeUnits,
      dynamodbReadUnits: readUnits,
    },
  };
}
