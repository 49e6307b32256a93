import { beforeAll, describe, expect, it } from 'vitest';
import { peerModel, stepsFor } from '../../../bench/peer/model.js';
import { PLANNER_PROMPT, peerPhaseOf, REPLANNER_PROMPT, SEARCH_TOOL } from '../../../bench/peer/prompts.js';
import {
  answerPromptsOf,
  answerText,
  cachedPrefix,
  cairnPhaseOf,
  FINALIZE_INSTRUCTION,
  type Json,
  MIN_CACHEABLE_TOKENS,
  type WireCall,
  WireCounter,
} from '../../../bench/tokens-count.js';
import { sentText } from '../../../functions/adapters/llm/sent-text.js';
import { type TokenCounter, tokenCounter } from '../../../functions/core/llm/token-count.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter();
});

/** A request as the loopback server records it from Cairn's Anthropic provider. */
function claudeCall(user: string, options: { system?: string; tool?: string; model?: string; response?: Json } = {}): WireCall {
  return {
    api: 'anthropic',
    body: {
      model: options.model ?? 'claude-sonnet-4-6',
      max_tokens: 1024,
      system: [{ type: 'text', text: options.system ?? "You are Cairn's planner.", cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: user }],
      tools: [
        {
          name: options.tool ?? 'submit_answer',
          description: 'Submit the answer.',
          input_schema: { type: 'object', properties: { answer: { type: 'string' } } },
        },
      ],
      tool_choice: { type: 'tool', name: options.tool ?? 'submit_answer' },
    },
    response: options.response ?? { content: [{ type: 'tool_use', id: 'toolu_1', name: options.tool ?? 'submit_answer', input: { answer: 'Lyon' } }] },
  };
}

/** The same request as the OpenAI-compatible provider sends it. */
function openaiCall(user: string, schemaName: string): WireCall {
  return {
    api: 'openai',
    body: {
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: "You are Cairn's planner." },
        { role: 'user', content: user },
      ],
      response_format: { type: 'json_schema', json_schema: { name: schemaName, schema: { type: 'object' } } },
    },
    response: { choices: [{ index: 0, message: { role: 'assistant', content: '{"answer":"Lyon"}', refusal: null } }] },
  };
}

const PLAN_USER = 'Task: Which river flows through Lyon?\n\nUse at most 20 steps. Explain your reasoning briefly, then give the plan.';
const ANSWER_USER = (instruction: string) =>
  `${instruction}\n\nAnswer only from these sources.\n\nSources:\n[lyon] Lyon\nLyon lies on the Rhône.\n\nQuestion: Which river?`;

describe('cairnPhaseOf', () => {
  it('reads the analysis, plan, repair and answers of Cairn from their prompts and tools', () => {
    // Prepare
    const plan: DecompositionPlan = {
      traceability: true,
      plan: [
        { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [], trace: {} },
        {
          step_id: 2,
          type: 'llm_call',
          modality: 'text',
          parameters: { prompt: 'Name the city in {{ step_1.result.documents[0].title }}' },
          dependencies: [1],
          trace: {},
        },
        { step_id: 3, type: 'llm_call', modality: 'text', parameters: { prompt: 'Answer the question from the evidence.' }, dependencies: [1, 2], trace: {} },
      ],
    } as DecompositionPlan;
    const prompts = answerPromptsOf(plan);

    // Act
    const phases = [
      cairnPhaseOf(claudeCall('Analyse this task before planning. Answer with one JSON object.', { tool: 'submit_task_analysis' })),
      cairnPhaseOf(claudeCall(PLAN_USER, { tool: 'submit_decomposition_plan' })),
      cairnPhaseOf(claudeCall('Attempt 2. Your previous plan for this task is not valid.\n\nTask: x', { tool: 'submit_decomposition_plan' })),
      cairnPhaseOf(claudeCall(ANSWER_USER('Name the city in Lyon')), prompts),
      cairnPhaseOf(claudeCall(ANSWER_USER('Answer the question from the evidence.')), prompts),
      cairnPhaseOf(claudeCall(ANSWER_USER(FINALIZE_INSTRUCTION)), prompts),
      cairnPhaseOf(openaiCall(PLAN_USER, 'submit_decomposition_plan')),
      cairnPhaseOf(openaiCall(ANSWER_USER('Answer the question from the evidence.'), 'submit_answer')),
    ];

    // Assess
    expect(prompts).toEqual(['Answer the question from the evidence.']);
    expect(phases).toEqual(['analysis', 'plan', 'repair', 'steps', 'answer', 'finalize', 'plan', 'answer']);
  });

  it('counts an iterative round, a conversation ending with the results of the last one, as planning', () => {
    // Prepare
    const call = claudeCall(PLAN_USER, { tool: 'submit_decomposition_plan' });
    call.body.messages = [
      { role: 'user', content: PLAN_USER },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'submit_decomposition_plan', input: { plan: [] } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"results":[]}\n\nRound 2 of at most 5.' }] },
    ];

    // Act
    const phase = cairnPhaseOf(call);

    // Assess
    expect(phase).toBe('plan');
  });
});

describe('WireCounter', () => {
  it('counts every token of the body with the tokenizer, and the marked prefix as a cache write, then as a read', () => {
    // Prepare
    const system = 'Each step of a plan searches, filters or answers. '.repeat(120);
    const wire = new WireCounter(counter);
    const first = claudeCall(PLAN_USER, { system, tool: 'submit_decomposition_plan' });
    const again = claudeCall(`${PLAN_USER} Again.`, { system, tool: 'submit_decomposition_plan' });
    const total = counter.count(sentText('anthropic', first.body));
    const prefix = counter.count(sentText('anthropic', cachedPrefix(first.body)!));

    // Act
    const written = wire.count(first);
    const read = wire.count(again);
    const otherModel = wire.count(claudeCall(PLAN_USER, { system, tool: 'submit_decomposition_plan', model: 'claude-opus-4-5' }));

    // Assess
    expect(prefix).toBeGreaterThanOrEqual(MIN_CACHEABLE_TOKENS);
    expect(written).toEqual({
      inputTokens: total - prefix,
      cacheWriteTokens: prefix,
      cacheReadTokens: 0,
      outputTokens: counter.count('submit_decomposition_plan\n{"answer":"Lyon"}'),
    });
    expect(read.cacheReadTokens).toBe(prefix);
    expect(read.cacheWriteTokens).toBe(0);
    expect(read.inputTokens).toBe(counter.count(sentText('anthropic', again.body)) - prefix);
    expect(otherModel.cacheWriteTokens).toBe(prefix);
  });

  it('counts a marked prefix shorter than Claude caches as plain input', () => {
    // Prepare
    const wire = new WireCounter(counter);
    const call = claudeCall('Analyse this task before planning.', { tool: 'submit_task_analysis' });

    // Act
    const tokens = [wire.count(call), wire.count(call)];

    // Assess
    const total = counter.count(sentText('anthropic', call.body));
    expect(tokens.map((t) => [t.inputTokens, t.cacheReadTokens, t.cacheWriteTokens])).toEqual([
      [total, 0, 0],
      [total, 0, 0],
    ]);
  });

  it('counts an OpenAI-compatible call whole, the response format schema included, its answer from the message content', () => {
    // Prepare
    const call = openaiCall(PLAN_USER, 'submit_decomposition_plan');

    // Act
    const tokens = new WireCounter(counter).count(call);

    // Assess
    expect(sentText('openai', call.body)).toContain('submit_decomposition_plan');
    expect(tokens).toEqual({
      inputTokens: counter.count(sentText('openai', call.body)),
      outputTokens: counter.count('{"answer":"Lyon"}'),
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it('counts a failed call, one with no answer body, as its input alone', () => {
    // Prepare
    const call = { ...claudeCall(PLAN_USER), response: undefined };

    // Act
    const tokens = new WireCounter(counter).count(call);

    // Assess
    expect(tokens.outputTokens).toBe(0);
    expect(tokens.inputTokens).toBe(counter.count(sentText('anthropic', call.body)));
  });
});

describe('answerText', () => {
  it('reads the prose and the tool calls of an Anthropic answer, and the refusal of an OpenAI one', () => {
    // Prepare
    const anthropic = {
      content: [
        { type: 'text', text: 'Here it is.' },
        { type: 'tool_use', id: 't', name: 'plan', input: { steps: ['Find Lyon.'] } },
      ],
    };
    const refusal = { choices: [{ message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' } }] };

    // Act
    const texts = [answerText('anthropic', anthropic), answerText('openai', refusal)];

    // Assess
    expect(texts).toEqual(['Here it is.\nplan\n{"steps":["Find Lyon."]}', 'I cannot help with that.']);
  });
});

/** A request as ChatAnthropic sends it for one of the peer's nodes. */
function peerCall(user: string | Json[], tools: string[], response?: Json): WireCall {
  return {
    api: 'anthropic',
    body: {
      model: 'claude-sonnet-4-6',
      max_tokens: 2048,
      messages: typeof user === 'string' ? [{ role: 'user', content: user }] : user,
      tools: tools.map((name) => ({ name, description: name, input_schema: { type: 'object' } })),
    },
    ...(response ? { response } : {}),
  };
}

const replannerText = (plan: string, pastSteps: string) =>
  REPLANNER_PROMPT.replace('{input}', 'Which is older, the Louvre or the Prado?').replace('{plan}', plan).replace('{pastSteps}', pastSteps);

describe('the peer (LangGraph.js plan-and-execute) on the loopback server', () => {
  it('maps its planner, executor and replanner requests to phases, a replan that responds being the answer', () => {
    // Prepare
    const planner = peerCall(PLANNER_PROMPT.replace('{objective}', 'Which is older, the Louvre or the Prado?'), ['plan']);
    const executor = peerCall('Find the Louvre.', [SEARCH_TOOL.name]);
    const replan = peerCall(replannerText('Find the Prado.', 'Find the Louvre.: 1793'), ['plan', 'response'], {
      content: [{ type: 'tool_use', name: 'plan', input: { steps: ['Find the Prado.'] } }],
    });
    const respond = peerCall(replannerText('', 'Find the Prado.: 1819'), ['plan', 'response'], {
      content: [{ type: 'tool_use', name: 'response', input: { response: 'The Louvre' } }],
    });

    // Act
    const phases = [planner, executor, replan, respond].map(peerPhaseOf);

    // Assess
    expect(phases).toEqual(['plan', 'steps', 'replan', 'answer']);
  });

  it('plans a step per side of a comparison, searches with the step text, gives back the steps left, then responds', async () => {
    // Prepare
    const objective = 'Which is older, the Louvre or the Prado?';
    const toolUse = { type: 'tool_use', id: 'toolu_1', name: SEARCH_TOOL.name, input: { query: 'Find the Louvre.' } };
    const afterSearch = peerCall(
      [
        { role: 'user', content: 'Find the Louvre.' },
        { role: 'assistant', content: [toolUse] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: JSON.stringify([{ title: 'Louvre', content: 'The Louvre opened in 1793.' }]) }],
        },
      ],
      [SEARCH_TOOL.name],
    );

    // Act
    const planned = await peerModel(peerCall(PLANNER_PROMPT.replace('{objective}', objective), ['plan']));
    const searched = await peerModel(peerCall('Find the Louvre.', [SEARCH_TOOL.name]));
    const answered = await peerModel(afterSearch);
    const replanned = await peerModel(peerCall(replannerText('Find the Prado.', 'Find the Louvre.: 1793'), ['plan', 'response']));
    const responded = await peerModel(peerCall(replannerText('', `Compare the two and answer: ${objective}: The Louvre`), ['plan', 'response']));

    // Assess
    expect(planned).toEqual({ tool: { steps: stepsFor(objective) }, name: 'plan' });
    expect(stepsFor(objective)).toHaveLength(3);
    expect(searched).toEqual({ tool: { query: 'Find the Louvre.' }, name: SEARCH_TOOL.name });
    expect('text' in answered && answered.text).toContain('1793');
    expect(replanned).toEqual({ tool: { steps: ['Find the Prado.'] }, name: 'plan' });
    expect(responded).toEqual({ tool: { response: 'The Louvre' }, name: 'response' });
  });
});
