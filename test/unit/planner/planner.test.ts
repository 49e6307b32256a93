import { describe, expect, it } from 'vitest';

import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { MODEL_ANALYSIS_SCHEMA, modelPlanSchema } from '../../../functions/core/planner/plan-format.js';
import { analyzeTask, callLlm, confidenceScore, generatePlan, type PlannerDeps, repairPlan, validateAttempt } from '../../../functions/core/planner/planner.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { PlanAttempt, TaskAnalysis } from '../../../functions/core/types.js';
import { inOrder, llmRequest, ScriptedLlm, type ScriptedReply } from '../../support/llm.js';
import { plannerDepsFor, planningInput } from '../../support/planner.js';

const NOW = new Date('2025-03-04T05:06:07.000Z');
const depsWith = (llm: LlmProvider): PlannerDeps => plannerDepsFor(llm, NOW);
const input = planningInput('Compare Mount Everest and K2 on elevation');

/** An LLM answering `replies` in order, 100 tokens in and 50 out unless a reply says otherwise. */
const scriptedLlm = (replies: ScriptedReply[]) => new ScriptedLlm(inOrder(replies));

const step = (id: number, type: string, parameters: Record<string, unknown>, dependencies: number[] = []) => ({
  step_id: id,
  type,
  modality: 'text',
  parameters,
  dependencies,
  trace: { source: 'test' },
});

const goodPlan = {
  plan: [step(1, 'keyword_search', { query: 'Everest elevation' }), step(2, 'rerank', { input_step: 1 }, [1])],
  traceability: true,
};
const danglingPlan = {
  plan: [step(1, 'keyword_search', { query: 'Everest elevation' }), step(2, 'rerank', { input_step: 1 }, [7, 1])],
  traceability: true,
};

const fenced = (value: unknown, prose = 'My reasoning: search, then rerank.') => `${prose}\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n\nDone.`;

describe('Function: callLlm', () => {
  it('records purpose, provider, model, tokens, stop reason and a 16-hex prompt hash', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: 'ok', inputTokens: 321, outputTokens: 12, stopReason: 'end_turn' }]);
    const request = llmRequest({ system: 'sys', messages: [{ role: 'user', content: 'hello' }], intent: { kind: 'analysis', task: 'hello' } });

    // Act
    const { response, record } = await callLlm(llm, request);

    // Assess
    expect(response.text).toBe('ok');
    expect(record).toMatchObject({
      purpose: 'plan',
      provider: 'scripted',
      model: 'script-1',
      inputTokens: 321,
      outputTokens: 12,
      stopReason: 'end_turn',
    });
    expect(record.promptHash).toMatch(/^[0-9a-f]{16}$/);
    expect(record).not.toHaveProperty('estimatedTokens');
  });

  it('gives the same prompt the same hash and a different prompt a different one', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    const base = llmRequest({ purpose: 'answer', system: 'sys', messages: [{ role: 'user', content: 'q1' }], intent: { kind: 'analysis', task: 'q1' } });

    // Act
    const first = await callLlm(llm, base);
    const again = await callLlm(llm, { ...base, purpose: 'plan' });
    const other = await callLlm(llm, { ...base, messages: [{ role: 'user', content: 'q2' }] });

    // Assess
    expect(again.record.promptHash).toBe(first.record.promptHash);
    expect(other.record.promptHash).not.toBe(first.record.promptHash);
  });

  it('marks estimated tokens and measures the call duration', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: 'slow', estimatedTokens: true, delayMs: 40 }]);
    const request = llmRequest({
      purpose: 'analysis',
      system: '',
      messages: [{ role: 'user', content: 'x' }],
      maxTokens: 1,
      intent: { kind: 'analysis', task: 'x' },
    });

    // Act
    const { record } = await callLlm(llm, request);

    // Assess
    expect(record.estimatedTokens).toBe(true);
    expect(record.durationMs).toBeGreaterThanOrEqual(35);
    expect(record.durationMs).toBeLessThan(1000);
  });
});

describe('Function: analyzeTask', () => {
  it('returns the rule-based analysis, validated, with its call accounted', async () => {
    // Act
    const outcome = await analyzeTask(depsWith(new RuleBasedProvider()), input.task);

    // Assess
    expect(outcome.issues).toEqual([]);
    expect(outcome.analysis).toEqual({
      complexity: 'moderate',
      requires_tools: false,
      requires_routing: false,
      suggested_step_types: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'llm_call'],
      key_entities: ['Mount Everest', 'K2'],
      intent: 'Compare Mount Everest and K2 on elevation',
      task_kind: 'comparison',
    });
    expect(outcome.call).toMatchObject({ purpose: 'analysis', provider: 'rule-based', model: 'cairn-rules-v1', estimatedTokens: true });
  });

  it('asks at temperature 0 within the analysis budget, with the analysis schema', async () => {
    // Prepare
    const analysis: TaskAnalysis = {
      complexity: 'simple',
      requires_tools: false,
      requires_routing: false,
      suggested_step_types: ['keyword_search'],
      key_entities: ['K2'],
      intent: 'Look up K2',
    };
    const llm = scriptedLlm([{ text: `Sure, here it is: ${JSON.stringify(analysis)} Hope it helps.` }]);

    // Act
    const outcome = await analyzeTask(depsWith(llm), 'How high is K2?');

    // Assess
    expect(outcome.analysis).toEqual(analysis);
    const request = llm.requests[0]!;
    expect(request.purpose).toBe('analysis');
    expect(request.temperature).toBe(0);
    expect(request.maxTokens).toBe(1024);
    expect(request.responseSchema).toBe(MODEL_ANALYSIS_SCHEMA);
    expect(request.intent).toEqual({ kind: 'analysis', task: 'How high is K2?' });
    expect(request.messages[0]!.content).toContain('Task: How high is K2?');
    expect(request.messages[0]!.content).toContain('task_kind: comparison|bridge|conditional|top_n|multimodal|lookup');
  });

  it('leaves out an analysis that fails its schema and reports why', async () => {
    // Prepare
    const llm = scriptedLlm([
      { text: JSON.stringify({ complexity: 'easy', requires_tools: false, requires_routing: false, suggested_step_types: [], key_entities: [], intent: 'x' }) },
    ]);

    // Act
    const outcome = await analyzeTask(depsWith(llm), 'task');

    // Assess
    expect(outcome.analysis).toBeUndefined();
    expect(outcome.issues).toEqual([{ path: 'complexity', message: 'must be one of [simple, moderate, complex]', source: 'schema' }]);
  });

  it('reports an answer with no JSON as a syntax issue at `analysis`', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: 'I would rather not.' }]);

    // Act
    const outcome = await analyzeTask(depsWith(llm), 'task');

    // Assess
    expect(outcome.analysis).toBeUndefined();
    expect(outcome.issues).toEqual([{ path: 'analysis', message: 'the response holds no JSON object', source: 'syntax' }]);
    expect(outcome.call.purpose).toBe('analysis');
  });
});

describe('Function: generatePlan', () => {
  it('produces a valid first attempt from the rule-based provider, reasoning kept apart', async () => {
    // Act
    const attempt = await generatePlan(depsWith(new RuleBasedProvider()), input);

    // Assess
    expect(attempt.attempt).toBe(1);
    expect(attempt.kind).toBe('generate');
    expect(attempt.createdAt).toBe('2025-03-04T05:06:07.000Z');
    expect(attempt.extractionError).toBeUndefined();
    expect(attempt.reasoning).toBe(
      'I read this as a comparison task. Each side is retrieved on its own, in parallel, then the evidence is joined, re-ranked and compared.',
    );
    expect(attempt.llm).toMatchObject({ purpose: 'plan', provider: 'rule-based', stopReason: 'end_turn', estimatedTokens: true });
    expect(validateAttempt(attempt, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES })).toEqual({ valid: true, errors: [] });
  });

  it('builds the request from the task, context, analysis, constraints, catalog and budget', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: fenced(goodPlan) }]);
    const analysis: TaskAnalysis = {
      complexity: 'simple',
      requires_tools: false,
      requires_routing: false,
      suggested_step_types: ['keyword_search'],
      key_entities: ['Everest'],
      intent: 'Look up Everest',
    };

    // Act
    await generatePlan(depsWith(llm), {
      ...input,
      context: 'Mountaineering notes',
      constraints: { language: 'en' },
      analysis,
      allowedStepTypes: ['keyword_search', 'rerank'],
      maxSteps: 5,
    });

    // Assess
    const request = llm.requests[0]!;
    expect(request.purpose).toBe('plan');
    expect(request.temperature).toBe(0);
    expect(request.maxTokens).toBe(4096);
    expect(request.system).toContain(
      'Step types and parameters (? optional):\nkeyword_search {query, top_k?, modality?, metadata?}\nrerank {input_step, query?, top_k?}',
    );
    expect(request.system).not.toContain('Also allowed');
    expect(request.responseSchema).toBe(modelPlanSchema());
    const user = request.messages[0]!.content;
    expect(user).toContain(`Task: ${input.task}`);
    expect(user).toContain('Context: Mountaineering notes');
    expect(user).toContain(`Analysis: ${JSON.stringify(analysis)}`);
    expect(user).toContain('Constraints: {"language":"en"}');
    expect(user).toContain('Use at most 5 steps.');
    expect(request.intent).toEqual({
      kind: 'plan',
      task: input.task,
      analysis,
      allowedStepTypes: ['keyword_search', 'rerank'],
      maxSteps: 5,
      topK: 10,
    });
  });

  it('asks beside the plan only the analysis fields the plan does not say, and fills the others from the plan and the task', async () => {
    // Prepare: a model writing just the three fields asked.
    const llm = scriptedLlm([
      {
        text: fenced({
          analysis: { complexity: 'moderate', key_entities: ['Mount Everest', 'K2'], task_kind: 'comparison' },
          plan: [...goodPlan.plan, { ...step(9, 'audio_transcription', { file: 'a.mp3' }), condition: "step_1.result['run'] == True" }],
        }),
      },
    ]);

    // Act
    const attempt = await generatePlan(depsWith(llm), { ...input, analysisWithPlan: true });

    // Assess
    const prompt = llm.requests[0]!.messages.at(-1)!.content;
    expect(prompt).toContain('{"analysis": {complexity: simple|moderate|complex, key_entities: [], task_kind:');
    expect(prompt).not.toContain('suggested_step_types');
    expect(llm.requests[0]!.intent).toMatchObject({ withAnalysis: true, analysisFields: ['complexity', 'key_entities', 'task_kind'] });
    expect(attempt.analyzed).toEqual({
      analysis: {
        complexity: 'moderate',
        key_entities: ['Mount Everest', 'K2'],
        task_kind: 'comparison',
        suggested_step_types: ['keyword_search', 'rerank', 'audio_transcription'],
        requires_tools: true,
        requires_routing: true,
        intent: 'Compare Mount Everest and K2 on elevation',
      },
      issues: [],
    });
  });

  it('extracts fenced JSON with prose around it', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: fenced(goodPlan) }]);

    // Act
    const attempt = await generatePlan(depsWith(llm), input);

    // Assess
    expect(attempt.candidate).toEqual(goodPlan);
    expect(attempt.reasoning).toBe('My reasoning: search, then rerank.\n\nDone.');
    expect(attempt.llm).toMatchObject({ provider: 'scripted', inputTokens: 100, outputTokens: 50 });
  });

  it('records a cut-off answer (stop reason max_tokens) as an extraction error, not a candidate', async () => {
    // Prepare
    const text = fenced(goodPlan).slice(0, 80);
    const llm = scriptedLlm([{ text, stopReason: 'max_tokens' }]);

    // Act
    const attempt = await generatePlan(depsWith(llm), input);
    const validation = validateAttempt(attempt, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES });

    // Assess
    expect(attempt.candidate).toBeUndefined();
    expect(attempt.rawText).toBe(text);
    expect(attempt.extractionError).toBe('the answer was cut off at the token limit (stop_reason max_tokens)');
    expect(validation).toEqual({
      valid: false,
      errors: [{ path: 'plan', message: 'no plan JSON: the answer was cut off at the token limit (stop_reason max_tokens)', source: 'syntax' }],
    });
  });

  it('records truncated JSON with a normal stop reason as the extractor’s error', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: 'Plan:\n{"plan": [{"step_id": 1, "type": "keyword_search"' }]);

    // Act
    const attempt = await generatePlan(depsWith(llm), input);

    // Assess
    expect(attempt.extractionError).toBe('the JSON object is not closed (truncated output?)');
    expect(validateAttempt(attempt, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES }).errors).toEqual([
      { path: 'plan', message: 'no plan JSON: the JSON object is not closed (truncated output?)', source: 'syntax' },
    ]);
  });
});

describe('Function: validateAttempt', () => {
  const attemptOf = (candidate: unknown): PlanAttempt => ({
    attempt: 1,
    kind: 'generate',
    rawText: JSON.stringify(candidate),
    candidate,
    llm: { purpose: 'plan', provider: 'p', model: 'm', inputTokens: 0, outputTokens: 0, durationMs: 0, promptHash: '', stopReason: 'end_turn' },
    createdAt: NOW.toISOString(),
  });

  it('reports a dangling dependency by path', () => {
    // Act
    const result = validateAttempt(attemptOf(danglingPlan), { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES });

    // Assess
    expect(result).toEqual({ valid: false, errors: [{ path: 'plan.1.dependencies.0', message: 'step 7 does not exist', source: 'semantic' }] });
  });

  it('applies the request’s step limit and allowed step types', () => {
    // Act
    const result = validateAttempt(attemptOf(goodPlan), { maxSteps: 1, allowedStepTypes: ['keyword_search'] });

    // Assess
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      { path: 'plan', message: 'has 2 steps, more than the limit of 1', source: 'semantic' },
      { path: 'plan.1.type', message: 'step type rerank is not allowed here (allowed: keyword_search)', source: 'semantic' },
    ]);
  });

  it('reports an attempt with neither candidate nor error as nothing extracted', () => {
    // Prepare
    const { candidate: _omit, ...empty } = attemptOf(undefined);

    // Act
    const result = validateAttempt(empty, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES });

    // Assess
    expect(result.errors).toEqual([{ path: 'plan', message: 'no plan JSON: nothing extracted', source: 'syntax' }]);
  });
});

describe('Function: repairPlan', () => {
  it('sends the task, every error, the attempt number and only the steps the errors name, and merges the answer into the plan', async () => {
    // Prepare: the dangling dependency is in step 2; the answer gives step 2 back, mended.
    const mended = { plan: [goodPlan.plan[1]], traceability: true };
    const llm = scriptedLlm([{ text: fenced(danglingPlan) }, { text: fenced(mended, 'Fixed the dependency.') }]);
    const deps = depsWith(llm);
    const first = await generatePlan(deps, input);
    const validation = validateAttempt(first, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES });

    // Act
    const second = await repairPlan(deps, { ...input, previous: { ...first, validation }, attempt: 2 });

    // Assess
    const request = llm.requests[1]!;
    expect(request.purpose).toBe('repair');
    expect(request.maxTokens).toBe(4096);
    expect(request.temperature).toBe(0);
    const shown = [
      'The steps the errors name:',
      '{"step_id":2,"type":"rerank","parameters":{"input_step":1},"dependencies":[7,1]}',
      'All steps in order: 1 keyword_search; 2 rerank <- 7,1 (above)',
      'Give only the corrected steps: each replaces the step with its step_id; the others stay as they are.',
    ].join('\n');
    expect(request.intent).toEqual({
      kind: 'repair',
      task: input.task,
      previousText: shown,
      errors: validation.errors,
      attempt: 2,
      allowedStepTypes: EXECUTABLE_STEP_TYPES,
    });
    const user = request.messages[0]!.content;
    expect(user.startsWith('Attempt 2. Your previous plan for this task is not valid.')).toBe(true);
    expect(user).toContain(shown);
    expect(user).not.toContain('Everest elevation');
    expect(user).toContain('- plan.1.dependencies.0: step 7 does not exist');
    expect(second).toMatchObject({ attempt: 2, kind: 'repair', candidate: goodPlan, reasoning: 'Fixed the dependency.\n\nDone.' });
    expect(second.llm.purpose).toBe('repair');
  });

  it('takes an answer that gives every step back as the whole plan', async () => {
    // Prepare
    const llm = scriptedLlm([{ text: fenced(danglingPlan) }, { text: fenced(goodPlan) }]);
    const deps = depsWith(llm);
    const first = await generatePlan(deps, input);
    const validation = validateAttempt(first, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES });

    // Act
    const second = await repairPlan(deps, { ...input, previous: { ...first, validation }, attempt: 2 });

    // Assess
    expect(second.candidate).toEqual(goodPlan);
  });

  it('shows the whole plan for an error that names no step, and keeps the prompt bounded', async () => {
    // Prepare: too many steps, each with a long query, and more errors than a prompt lists.
    const long = { plan: Array.from({ length: 30 }, (_, i) => step(i + 1, 'keyword_search', { query: `q${i} ${'x'.repeat(400)}` })), traceability: true };
    const llm = scriptedLlm([{ text: fenced(long) }, { text: fenced(goodPlan) }]);
    const deps = depsWith(llm);
    const first = await generatePlan(deps, input);
    const errors = Array.from({ length: 40 }, (_, i) => ({ path: 'plan', message: `problem ${i} ${'y'.repeat(500)}`, source: 'semantic' as const }));

    // Act
    await repairPlan(deps, { ...input, previous: { ...first, validation: { valid: false, errors } }, attempt: 2 });

    // Assess
    const user = llm.requests[1]!.messages[0]!.content;
    expect(user).toContain('The plan, too long to show in full: 1 keyword_search; 2 keyword_search;');
    expect(user).not.toContain('x'.repeat(400));
    expect(user).toContain('- plan: and 20 more error(s) of the same kinds');
    expect(user.length).toBeLessThan(6000 + 20 * 320 + 1000);
  });

  it('lets the rule-based provider fix a dangling dependency it did not write', async () => {
    // Prepare
    const scripted = scriptedLlm([{ text: fenced(danglingPlan) }]);
    const first = await generatePlan(depsWith(scripted), input);
    const validation = validateAttempt(first, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES });

    // Act
    const second = await repairPlan(depsWith(new RuleBasedProvider()), { ...input, previous: { ...first, validation }, attempt: 2 });

    // Assess
    expect(second.reasoning).toBe('Attempt 2: I fixed 1 problem(s): step 2: dependencies [7,1] -> [1].');
    expect(validateAttempt(second, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES })).toEqual({ valid: true, errors: [] });
    expect((second.candidate as typeof goodPlan).plan[1]!.dependencies).toEqual([1]);
  });

  it('replans from the task when the previous answer held no JSON', async () => {
    // Prepare
    const scripted = scriptedLlm([{ text: 'no plan today', stopReason: 'end_turn' }]);
    const first = await generatePlan(depsWith(scripted), input);
    const validation = validateAttempt(first, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES });

    // Act
    const second = await repairPlan(depsWith(new RuleBasedProvider()), { ...input, previous: { ...first, validation }, attempt: 2 });

    // Assess
    expect(first.extractionError).toBe('the response holds no JSON object');
    expect(second.reasoning).toBe('Attempt 2: the previous answer held no usable plan, so I planned again from the task.');
    expect(validatePlan(second.candidate)).toEqual({ valid: true, errors: [] });
  });

  it('runs a generate → validate → repair loop to a valid plan, every attempt kept', async () => {
    // Prepare: a dangling dependency, then a cut-off answer, then a good plan.
    const llm = scriptedLlm([{ text: fenced(danglingPlan) }, { text: '```json\n{"plan": [', stopReason: 'max_tokens' }, { text: fenced(goodPlan) }]);
    const deps = depsWith(llm);
    const options = { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES };
    const attempts: PlanAttempt[] = [];

    // Act
    let attempt = await generatePlan(deps, input);
    for (;;) {
      const validation = validateAttempt(attempt, options);
      attempts.push({ ...attempt, validation });
      if (validation.valid || attempts.length >= 3) break;
      attempt = await repairPlan(deps, { ...input, previous: attempts.at(-1)!, attempt: attempts.length + 1 });
    }

    // Assess
    expect(attempts.map((a) => [a.attempt, a.kind, a.validation?.valid])).toEqual([
      [1, 'generate', false],
      [2, 'repair', false],
      [3, 'repair', true],
    ]);
    expect(attempts[0]!.validation!.errors.map((e) => e.message)).toEqual(['step 7 does not exist']);
    expect(attempts[1]!.extractionError).toBe('the answer was cut off at the token limit (stop_reason max_tokens)');
    expect(attempts[2]!.candidate).toEqual(goodPlan);
    // The third request carries the second attempt's error.
    expect(llm.requests[2]!.messages[0]!.content).toContain('- plan: no plan JSON: the answer was cut off at the token limit (stop_reason max_tokens)');
  });
});

describe('Function: confidenceScore', () => {
  it.each([
    [1, 1, 1],
    [1, 0, 0.5],
    [2, 1, 0.85],
    [3, 0.5, 0.54],
    [3, 1, 0.72],
    [0, 1, 1],
  ])('scores %i iteration(s) at coverage %d as %d', (iterations, coverage, expected) => {
    // Act
    const score = confidenceScore(iterations, coverage);

    // Assess
    expect(score).toBe(expected);
  });
});
