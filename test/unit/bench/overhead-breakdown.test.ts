/** The arithmetic of bench:overhead --breakdown: a run cut into intake, states, gaps and the final read. */
import { describe, expect, it } from 'vitest';
import { breakDown, sumParts } from '../../../bench/overhead-breakdown.js';

describe('Function: breakDown', () => {
  it('gives each state its requests and model time, the DynamoDB time not hidden behind the model, and the gaps between states', () => {
    // Prepare: a run 0-1000; Analyze 10-600 with a model call 100-500 and requests at 20-40, 300-320 (behind the model) and 550-570; Validate 610-700 with one request; the record read at 990.
    const run = { start: 0, end: 1000 };
    const states = [
      { state: 'Validate', start: 610, end: 700 },
      { state: 'Analyze', start: 10, end: 600 },
    ];
    const dynamo = [
      { command: 'GetItemCommand', start: 20, end: 40 },
      { command: 'UpdateItemCommand', start: 300, end: 320 },
      { command: 'PutItemCommand', start: 550, end: 570 },
      { command: 'PutItemCommand', start: 620, end: 650 },
      { command: 'GetItemCommand', start: 990, end: 998 },
    ];
    const llm = [{ start: 100, end: 500 }];

    // Act
    const parts = breakDown(run, states, dynamo, llm);

    // Assess
    expect(parts.map((p) => p.part)).toEqual(['intake', 'Analyze', 'Analyze -> Validate', 'Validate', 'final record']);
    const analyze = parts[1]!;
    expect(analyze).toMatchObject({ spanMs: 590, dynamoRequests: 3, dynamoMs: 60, exposedDynamoMs: 40, llmMs: 400, beforeModelMs: 90, afterModelMs: 100 });
    expect(analyze.restMs).toBe(590 - 60 - 400);
    expect(analyze.commands).toEqual({ GetItemCommand: 1, UpdateItemCommand: 1, PutItemCommand: 1 });
    expect(parts[2]).toMatchObject({ spanMs: 10, dynamoRequests: 0 });
    expect(parts[3]).toMatchObject({ spanMs: 90, dynamoRequests: 1, dynamoMs: 30, llmMs: 0, beforeModelMs: 0, afterModelMs: 0 });
    expect(parts[4]).toMatchObject({ spanMs: 300, dynamoRequests: 1, dynamoMs: 8 });
  });
});

describe('Function: breakDown, states whose stamps overlap', () => {
  it('never counts the time of a state again as a gap when a state is stamped inside the one before it', () => {
    // Prepare: a one-millisecond state stamped inside Analyze (the interpreter's clock has whole milliseconds).
    const states = [
      { state: 'Analyze', start: 16, end: 800 },
      { state: 'IsPlanSupplied', start: 17, end: 17 },
      { state: 'Generate', start: 800, end: 1600 },
    ];

    // Act
    const parts = breakDown({ start: 0, end: 1600 }, states, [], [{ start: 20, end: 790 }]);

    // Assess: no gap holds time (the model's time is all inside Analyze), and the parts add up to the run.
    expect(parts.filter((p) => p.part.includes(' -> ')).map((p) => p.spanMs)).toEqual([0, 0]);
    expect(parts.find((p) => p.part === 'Analyze')?.llmMs).toBe(770);
    expect(parts.reduce((total, p) => total + p.spanMs, 0)).toBe(1600);
  });
});

describe('Function: sumParts', () => {
  it('sums the parts of several runs by name, every gap into "between states"', () => {
    const one = breakDown(
      { start: 0, end: 100 },
      [
        { state: 'A', start: 10, end: 50 },
        { state: 'B', start: 60, end: 90 },
      ],
      [],
      [],
    );
    const two = breakDown(
      { start: 0, end: 100 },
      [
        { state: 'A', start: 5, end: 50 },
        { state: 'B', start: 55, end: 95 },
      ],
      [],
      [],
    );

    const total = sumParts([one, two]);

    expect(total.map((p) => [p.part, p.spanMs])).toEqual([
      ['intake', 15],
      ['A', 85],
      ['between states', 15],
      ['B', 70],
      ['final record', 15],
    ]);
  });
});
