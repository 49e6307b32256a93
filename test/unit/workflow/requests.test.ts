import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../functions/core/errors.js';
import { parseJsonRequest, readRequest, requestFromTaskFile, taskFileKind } from '../../../functions/core/workflow/requests.js';
import { planIdFor, requestIdentity } from '../../../functions/core/workflow/start-plan.js';

const limits = { maxTaskBytes: 64, maxIterations: 3 };

/** The RequestValidationError `act` throws; fails the test when it throws nothing. */
function rejection(act: () => unknown): RequestValidationError {
  try {
    act();
  } catch (error) {
    if (error instanceof RequestValidationError) return error;
    throw error;
  }
  throw new Error('expected a RequestValidationError');
}

describe('Function: readRequest', () => {
  it('returns a valid request as it is', () => {
    const request = { task: 'Who built the Eiffel Tower?', options: { topK: 3 }, idempotencyKey: 'order-42' };
    expect(readRequest(request, limits)).toEqual(request);
  });

  it('lists every problem with its path, not just the first', () => {
    // Act
    const error = rejection(() => readRequest({ task: '', tools: ['a', 7], options: { topK: 0, colour: 'red' }, idempotencyKey: 'has space' }, limits));

    // Assess
    expect(error.issues.map((i) => i.path).sort()).toEqual(['idempotencyKey', 'options', 'options.topK', 'task', 'tools.1']);
    expect(error.message).toMatch(/^invalid request: /);
  });

  it('counts the task limit in bytes, as intake does', () => {
    // 22 characters, 66 bytes.
    const error = rejection(() => readRequest({ task: '€'.repeat(22) }, limits));
    expect(error.issues).toEqual([{ path: 'task', message: 'is 66 bytes, over the limit of 64' }]);
  });

  it('refuses an origin from a client: only intake sets it', () => {
    const error = rejection(() => readRequest({ task: 'x', origin: { source: 's3', bucket: 'b', key: 'tasks/a.json' } }, limits));
    expect(error.issues).toEqual([{ path: 'origin', message: 'is set by Cairn, not by a request' }]);
  });

  it('reports a body that is not an object at the root', () => {
    expect(rejection(() => readRequest(['task'], limits)).issues).toEqual([{ path: '(root)', message: expect.stringContaining('object') }]);
  });
});

describe('Function: parseJsonRequest', () => {
  it('parses JSON, a byte-order mark included', () => {
    expect(parseJsonRequest('\uFEFF{"task": "t"}')).toEqual({ task: 't' });
  });

  it("reports text that is not JSON at the root, with the parser's words", () => {
    const error = rejection(() => parseJsonRequest('{"task": '));
    expect(error.issues).toEqual([{ path: '(root)', message: expect.stringMatching(/^not valid JSON: /) }]);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('refuses a __proto__ key anywhere in a queue message or task file with one line naming it', () => {
    // Act
    const top = rejection(() => parseJsonRequest('{"task": "t", "__proto__": {"polluted": true}}'));
    const deep = rejection(() => parseJsonRequest('{"task": "t", "options": {"plan": {"__proto__": 1}}}'));

    // Assess
    expect(top.issues).toEqual([{ path: '(root)', message: 'the body has a forbidden key __proto__' }]);
    expect(deep.message).toBe('invalid request: (root): the body has a forbidden key __proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('Function: taskFileKind', () => {
  it.each([
    ['tasks/q.json', 'json'],
    ['tasks/team/q.txt', 'txt'],
    ['tasks/q.json.result.json', undefined],
    ['tasks/q.csv', undefined],
    ['other/q.json', undefined],
    ['tasks', undefined],
  ])('%s is %s', (key, kind) => {
    expect(taskFileKind(key, 'tasks/')).toBe(kind);
  });
});

describe('Function: requestFromTaskFile', () => {
  it('reads a .json file as a request and a .txt file as the task', () => {
    expect(requestFromTaskFile('json', '{"task": "Who?", "context": "films"}', limits)).toEqual({ task: 'Who?', context: 'films' });
    expect(requestFromTaskFile('txt', '  Who built it?\n', limits)).toEqual({ task: 'Who built it?' });
  });

  it('refuses an empty .txt file and a .json file not in the request shape', () => {
    expect(rejection(() => requestFromTaskFile('txt', '\n\n', limits)).issues.map((i) => i.path)).toEqual(['task']);
    expect(
      rejection(() => requestFromTaskFile('json', '{"question": "Who?"}', limits))
        .issues.map((i) => i.message)
        .sort(),
    ).toEqual([
      "must NOT have additional property 'question' (allowed: task, context, constraints, corpus, tools, plan, options, idempotencyKey, origin)",
      "must have required property 'task'",
    ]);
  });
});

describe('Function: planIdFor', () => {
  it('derives the same plan id from the same identity, a different one otherwise', () => {
    // Prepare
    const object = { versionId: undefined, sequencer: '0055AED6DCD90281E5', eTag: 'abc' };

    // Act
    const once = planIdFor(requestIdentity.s3('b', 'tasks/a.json', object));
    const again = planIdFor(requestIdentity.s3('b', 'tasks/a.json', { ...object }));
    const reupload = planIdFor(requestIdentity.s3('b', 'tasks/a.json', { ...object, sequencer: '0055AED6DCD90281F0' }));

    // Assess
    expect(once).toMatch(/^p-[0-9a-f]{32}$/);
    expect(again).toBe(once);
    expect(reupload).not.toBe(once);
    expect(planIdFor(requestIdentity.key('k'))).not.toBe(planIdFor(requestIdentity.sqs('k')));
  });
});
