/**
 * A plan's cost from its record, with fixed inputs whose figures are worked out by hand in each test.
 */
import { describe, expect, it } from 'vitest';
import type { DecompositionPlan, LlmCallRecord, PlanRecord, StepOutput } from '../../../functions/core/types.js';
import { type CostSettings, DEFAULT_AWS_PRICES, planCost, statesEntered } from '../../../functions/core/workflow/plan-cost.js';
import { recordFailurePhase } from '../../../functions/core/workflow/record-failure.js';
import { memoryTraceStore } from '../../support/memory-store.js';
import { phaseDeps } from '../../support/phase-deps.js';

const SETTINGS: CostSettings = { workflowType: 'standard', memoryMb: { default: 1024, Execute: 2048 }, x86States: [], prices: { ...DEFAULT_AWS_PRICES } };

const PLAN = {
  plan: [
    { step_id: 1, type: 'keyword_search', parameters: { query: 'Lyon' }, dependencies: [] },
    { step_id: 2, type: 'keyword_search', parameters: { query: 'Marseille' }, dependencies: [] },
  ],
} as unknown as DecompositionPlan;

const call = (costUsd: number | undefined, inputTokens: number, outputTokens: number): LlmCallRecord => ({
  purpose: 'plan',
  provider: costUsd === undefined ? 'rule-based' : 'anthropic',
  model: 'm',
  inputTokens,
  outputTokens,
  durationMs: 1,
  promptHash: 'h',
  stopReason: 'end',
  ...(costUsd === undefined ? {} : { costUsd }),
});

const output = (stepId: number): StepOutput => ({
  step_id: stepId,
  type: 'keyword_search',
  status: 'succeeded',
  result: { count: 0 },
  startedAt: '',
  endedAt: '',
  durationMs: 1,
  attempts: 1,
});

/** A plan analysed, planned in two attempts (one repair) and executed once, at Finalize. */
function finalizing(overrides: Partial<PlanRecord> = {}): PlanRecord {
  return {
    planId: 'p-1',
    status: 'finalizing',
    version: 9,
    request: { task: 'Compare Lyon and Marseille' },
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:06.000Z',
    eventCount: 20,
    analysis: { task_kind: 'comparison' } as NonNullable<PlanRecord['analysis']>,
    plan: PLAN,
    attempts: 2,
    metadata: {
      provider: 'anthropic',
      model: 'm',
      iterations: 2,
      llmCalls: [call(0.003, 1000, 200), call(0.0015, 500, 100), call(undefined, 300, 50)],
      inputTokens: 1800,
      outputTokens: 350,
      durationsMs: { analyze: 1000, generate: 2000, repair: 500, execute: 1500, finalize: 100 },
      source: 'llm',
    },
    ...overrides,
  };
}

describe('planCost', () => {
  it('sums the priced calls and estimates Step Functions, Lambda and DynamoDB from the phases the record went through', () => {
    // Prepare: a record between 1 and 2 KB, so each of its writes is 2 x 2 units and each read 1.
    const record = finalizing();
    expect(JSON.stringify(record).length).toBeGreaterThan(1024);
    expect(JSON.stringify(record).length).toBeLessThan(2048);

    // Act
    const cost = planCost(
      { record, llmCalls: record.metadata!.llmCalls, outputs: [output(1), output(2)], closingEvents: 3, ending: 'Finalize', elapsedMs: 6000 },
      SETTINGS,
    );

    // Assess, by hand:
    // states: IsPlanSupplied, Analyze, Generate, Validate x2, IsPlanValid x2, Repair, ShouldExecute,
    // Execute, AfterExecute, Finalize = 12 transitions x $0.000025 = $0.0003;
    // Lambda: 7 Task states x $0.0000002 = $0.0000014, and 1 + 2 + 0.5 + 1.5 x 2 (Execute's 2 GB) + 0.1
    // = 6.6 GB-s x $0.0000133334 = $0.00008800044;
    // DynamoDB: 2 x (23 events + 2 outputs + 2 attempts + 7 META writes of 2 KB) = 82 WRU x
    // $0.000000625 = $0.00005125, 7 META reads + 1 read of the outputs = 8 RRU x $0.000000125 =
    // $0.000001; AWS: 0.0003 + 0.00008940044 + 0.00005225 = 0.00044165044 -> 0.00044165; LLM:
    // 0.003 + 0.0015 = 0.0045.
    expect(cost.aws).toEqual({
      workflowType: 'standard',
      stateTransitions: 12,
      stepFunctionsUsd: 0.0003,
      lambdaRequests: 7,
      lambdaGbSeconds: 6.6,
      lambdaUsd: 0.0000894,
      dynamodbWriteUnits: 82,
      dynamodbReadUnits: 8,
      dynamodbUsd: 0.00005225,
    });
    expect(cost.awsUsd).toBe(0.00044165);
    expect(cost.llmUsd).toBe(0.0045);
    expect(cost.usd).toBe(0.00494165);
    expect(cost.llm).toEqual({ calls: 3, unpricedCalls: 1, inputTokens: 1800, outputTokens: 350 });
  });

  it('prices an Express workflow by its request and its 64 MB GB-seconds, not by transitions', () => {
    // Prepare
    const record = finalizing();

    // Act
    const cost = planCost(
      { record, llmCalls: [], outputs: [output(1), output(2)], closingEvents: 3, ending: 'Finalize', elapsedMs: 10_000 },
      { ...SETTINGS, workflowType: 'express' },
    );

    // Assess: $0.000001 + 0.0625 GB x 10 s x $0.00001667 = $0.0000114188 -> 0.00001142.
    expect(cost.aws.stepFunctionsUsd).toBe(0.00001142);
    expect(cost.llmUsd).toBe(0);
  });

  it('prices an x86_64 state at its own rate and a configured price over the default', () => {
    // Prepare: Execute alone ran, 1.5 s at 2 GB = 3 GB-s.
    const record = finalizing({ metadata: { ...finalizing().metadata!, durationsMs: { execute: 1500 } } });
    const settings: CostSettings = { ...SETTINGS, x86States: ['Execute'], prices: { ...DEFAULT_AWS_PRICES, lambdaRequest: 0 } };

    // Act
    const cost = planCost({ record, llmCalls: [], outputs: [], closingEvents: 0, ending: 'Finalize', elapsedMs: 0 }, settings);

    // Assess: 3 GB-s x $0.0000166667 = $0.0000500001 -> 0.00005; no request price.
    expect(cost.aws.lambdaGbSeconds).toBe(3);
    expect(cost.aws.lambdaUsd).toBe(0.00005);
  });

  it('costs a plan rejected after three invalid attempts, its outputs never written', () => {
    // Prepare
    const record = finalizing({
      status: 'failed',
      attempts: 3,
      error: { name: 'PlanRejected', message: 'invalid', phase: 'validating' },
      metadata: { ...finalizing().metadata!, llmCalls: [], durationsMs: { analyze: 1000, generate: 1000, repair: 1000 } },
    });

    // Act
    const states = statesEntered(record, 'RecordFailure');
    const cost = planCost({ record, llmCalls: [], closingEvents: 2, ending: 'RecordFailure', elapsedMs: 0 }, SETTINGS);

    // Assess: 14 states, 9 of them Task states; the plan's 2 steps taken as 1 KB outputs each.
    expect(states).toEqual({ IsPlanSupplied: 1, Analyze: 1, Generate: 1, Validate: 3, IsPlanValid: 3, Repair: 2, RejectPlan: 1, RecordFailure: 1, Failed: 1 });
    expect(cost.aws.stateTransitions).toBe(14);
    expect(cost.aws.lambdaRequests).toBe(9);
    // 2 x (22 events + 2 outputs + 3 attempts + 9 META writes), the record under 1 KB = 72.
    expect(JSON.stringify(record).length).toBeLessThan(1024);
    expect(cost.aws.dynamodbWriteUnits).toBe(72);
    expect(cost.usd).toBe(cost.awsUsd);
  });

  it('counts an iterative plan that asked one question: an Execute per run, a Replan per round looked back on', () => {
    // Prepare: two rounds and a stop; one answer given.
    const record = finalizing({
      answers: { '3': { city: 'Lyon' } },
      rounds: {
        maxRounds: 3,
        rounds: [
          { round: 1, stepIds: [1] },
          { round: 2, stepIds: [2] },
        ],
        stop: { round: 2, reason: 'answered', detail: 'done' },
      },
    } as Partial<PlanRecord>);

    // Act
    const states = statesEntered(record, 'Finalize');

    // Assess
    expect(states).toMatchObject({ Execute: 3, AfterExecute: 3, AwaitInput: 1, Replan: 2, AnotherRound: 2, Finalize: 1 });
  });

  it('counts no Analyze or Generate for a supplied plan', () => {
    // Prepare
    const record = finalizing({ request: { task: 't', plan: PLAN }, attempts: 1, metadata: { ...finalizing().metadata!, durationsMs: { execute: 10 } } });

    // Act
    const states = statesEntered(record, 'Finalize');

    // Assess
    expect(states).toEqual({ IsPlanSupplied: 1, Validate: 1, IsPlanValid: 1, ShouldExecute: 1, Execute: 1, AfterExecute: 1, Finalize: 1 });
  });

  it('is written by RecordFailure too, from the record it read, so a failed plan has a cost', async () => {
    // Prepare: a plan failing in Execute.
    const now = new Date('2026-03-01T12:00:10.000Z');
    const { store, current } = memoryTraceStore(finalizing({ status: 'executing' }), { now });
    const deps = phaseDeps(now, { store, cost: SETTINGS });

    // Act
    await recordFailurePhase(deps, { planId: 'p-1', maxIterations: 3, error: { Error: 'StepFailed', Cause: 'step 2 failed' } });

    // Assess
    const cost = current().metadata?.cost;
    expect(current().status).toBe('failed');
    expect(cost?.llmUsd).toBe(0.0045);
    // IsPlanSupplied, Analyze, Generate, Validate x2, IsPlanValid x2, Repair, ShouldExecute, Execute,
    // AfterExecute (its durations say Execute ran), RecordFailure, Failed.
    expect(cost?.aws.stateTransitions).toBe(13);
    expect(cost?.usd).toBeCloseTo(cost!.llmUsd + cost!.awsUsd, 8);
  });
});
