/**
 * The loopback server's "model" for the peer's requests: a competent model as LangGraph's
 * plan-and-execute prompts expect one, written from the request content alone (no answer is
 * known in advance), with the same rule-based reading and answerer that answer Cairn's requests
 * (test/support/llm-loopback/rule-based-model.ts):
 *
 *   - planner (the `plan` function forced): a short step list read from the objective by the
 *     rule-based task reading: a comparison asks for each side, then compares; a bridge question
 *     finds the entity it refers to, then answers about it; a conditional checks its condition,
 *     then answers; anything else is one step;
 *   - executor agent, first turn: calls the search tool with the step's text;
 *   - executor agent after the tool's result: answers the step from the results (the rule-based
 *     answerer, on the step as its question), in prose;
 *   - replanner: while steps are left, gives them back as the plan; once none is left, uses the
 *     `response` function with the last step's result (the prompt says the result of the final
 *     step is the final answer), or the answer to the objective from all the steps' results when
 *     the last one cannot be told apart.
 */
import { RuleBasedProvider } from '../../functions/adapters/llm/rule-based/provider.js';
import { readTask } from '../../functions/adapters/llm/rule-based/reading.js';
import type { Reply } from '../../test/support/llm-loopback/server.js';
import { asArray, type Json, lastUserText, type WireCall } from '../tokens-count.js';
import { PLAN_TOOL, peerPhaseOf, plannerObjective, RESPONSE_TOOL, replannerSections, SEARCH_TOOL } from './prompts.js';

const rules = new RuleBasedProvider();

/** Answers one of the peer's requests. */
export async function peerModel(call: WireCall): Promise<Reply> {
  const user = lastUserText(call);
  const phase = peerPhaseOf(call);
  if (phase === 'steps') {
    const result = lastToolResult(call);
    if (result === undefined) return { tool: { query: user.trim() }, name: SEARCH_TOOL.name };
    return { text: await answerFrom(firstUserText(call), parseHits(result)) };
  }
  if (phase === 'plan') {
    const objective = plannerObjective(user);
    if (objective === undefined) return { text: 'I cannot read an objective in this request.' };
    return { tool: { steps: stepsFor(objective) }, name: PLAN_TOOL.name };
  }
  const sections = replannerSections(user);
  if (!sections) return { text: 'I cannot read the plan in this request.' };
  if (sections.plan.length > 0) return { tool: { steps: sections.plan }, name: PLAN_TOOL.name };
  return { tool: { response: await finalAnswer(sections.objective, sections.pastSteps) }, name: RESPONSE_TOOL.name };
}

/** The steps a careful planner writes for `objective`, read by the rule-based task reading. */
export function stepsFor(objective: string): string[] {
  const reading = readTask(objective);
  if (reading.kind === 'comparison' && reading.pair) {
    const [a, b] = reading.pair;
    const about = reading.attribute ? `the ${reading.attribute} of ` : '';
    return [`Find ${about}${a}.`, `Find ${about}${b}.`, `Compare the two and answer: ${objective}`];
  }
  if (reading.kind === 'bridge') return [`Identify who or what the question refers to: ${objective}`, `Answer the question about it: ${objective}`];
  if (reading.kind === 'conditional' && reading.condition) return [`Check whether ${reading.condition}.`, `Answer according to that check: ${objective}`];
  return [`Answer from the corpus: ${objective}`];
}

/** The final step's result: its line of `pastSteps` ("step: result") after the objective the step repeats. */
async function finalAnswer(objective: string, pastSteps: string): Promise<string> {
  const last = pastSteps.split('\n').at(-1) ?? '';
  const at = last.lastIndexOf(`${objective}: `);
  if (at >= 0) return last.slice(at + objective.length + 2);
  return answerFrom(objective, [{ id: 'steps', text: pastSteps }]);
}

/** The rule-based answerer's reply to `question` from `documents`, as prose: the short answer, then its support. */
async function answerFrom(question: string, documents: Array<{ id: string; title?: string; text: string }>): Promise<string> {
  const answer = await rules.complete({
    purpose: 'answer',
    system: '',
    messages: [],
    maxTokens: 1024,
    temperature: 0,
    intent: { kind: 'answer', question, instruction: question, documents },
  });
  try {
    const parsed = JSON.parse(answer.text) as { shortAnswer?: string | null; answer?: string };
    return [parsed.shortAnswer, parsed.answer].filter((part): part is string => typeof part === 'string' && part !== '').join('. ');
  } catch {
    return answer.text;
  }
}

/** The search tool's results as documents (the tool returns a JSON array of {title, content}). */
function parseHits(result: string): Array<{ id: string; title?: string; text: string }> {
  try {
    const hits = JSON.parse(result) as Array<{ title?: string; content?: string }>;
    return hits.map((hit, i) => ({ id: hit.title ?? `result-${i + 1}`, ...(hit.title ? { title: hit.title } : {}), text: hit.content ?? '' }));
  } catch {
    return [{ id: 'result', text: result }];
  }
}

function firstUserText(call: WireCall): string {
  const first = asArray(call.body.messages).find((m) => m.role === 'user');
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return asArray(first.content)
    .flatMap((b) => (typeof b.text === 'string' ? [b.text] : []))
    .join('\n');
}

/** The content of the last tool result in the conversation, if the conversation ends with one. */
function lastToolResult(call: WireCall): string | undefined {
  const last = asArray(call.body.messages).at(-1);
  const result = asArray(last?.content).find((b) => b.type === 'tool_result');
  if (!result) return undefined;
  const content = result.content;
  if (typeof content === 'string') return content;
  return asArray(content)
    .flatMap((b: Json) => (typeof b.text === 'string' ? [b.text] : []))
    .join('\n');
}
