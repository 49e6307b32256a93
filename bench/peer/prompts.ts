/**
 * The prompts, tool names and schemas of the peer: LangGraph.js's plan-and-execute tutorial
 * (langgraphjs, docs "Plan-and-Execute"), word for word where the tutorial writes them. Kept apart
 * from the graph (plan-execute.ts) so the loopback model (model.ts) and the bench's phase mapping
 * read the same text without loading LangChain.
 */
import { asArray, endsWithToolResult, type Json, lastUserText, offeredNames, type WireCall } from '../tokens-count.js';

export const PLANNER_PROMPT = `For the given objective, come up with a simple step by step plan. \
This plan should involve individual tasks, that if executed correctly will yield the correct answer. Do not add any superfluous steps. \
The result of the final step should be the final answer. Make sure that each step has all the information needed - do not skip steps.

{objective}`;

export const REPLANNER_PROMPT = `For the given objective, come up with a simple step by step plan.
This plan should involve individual tasks, that if executed correctly will yield the correct answer. Do not add any superfluous steps.
The result of the final step should be the final answer. Make sure that each step has all the information needed - do not skip steps.

Your objective was this:
{input}

Your original plan was this:
{plan}

You have currently done the follow steps:
{pastSteps}

Update your plan accordingly. If no more steps are needed and you can return to the user, then respond with that and use the 'response' function.
Otherwise, fill out the plan.
Only add steps to the plan that still NEED to be done. Do not return previously done steps as part of the plan.`;

/** The tutorial's two functions: the plan (steps) and the response to the user. */
export const PLAN_TOOL = { name: 'plan', description: 'This tool is used to plan the steps to follow' } as const;
export const RESPONSE_TOOL = { name: 'response', description: 'Response to user.' } as const;
export const STEPS_DESCRIPTION = 'different steps to follow, should be in sorted order';
export const RESPONSE_DESCRIPTION = 'Response to user.';

/** The executor agent's one tool: the tutorial's web search, here a BM25 search of the bench's corpus. */
export const SEARCH_TOOL = {
  name: 'search_corpus',
  description: 'A search engine over the document corpus. Useful for when you need to answer questions about facts. Input should be a search query.',
} as const;
/** How many results the search returns, as the tutorial's TavilySearchResults({ maxResults: 3 }). */
export const SEARCH_RESULTS = 3;

/** The peer's phases: its planner, each step's executor agent, a replan with steps left, and the replan that answers. */
export const PEER_PHASES = ['plan', 'steps', 'replan', 'answer'] as const;
export type PeerPhase = (typeof PEER_PHASES)[number];

/** Which of the peer's nodes sent `call`; a replanner call that used the response function is the answer. */
export function peerPhaseOf(call: WireCall): PeerPhase {
  const user = lastUserText(call);
  const offered = offeredNames(call);
  if (offered.includes(SEARCH_TOOL.name) || endsWithToolResult(call)) return 'steps';
  if (user.includes('\nYour objective was this:\n')) return respondedWith(call) === RESPONSE_TOOL.name ? 'answer' : 'replan';
  return 'plan';
}

/** The name of the tool the model called in its answer, if any. */
export function respondedWith(call: WireCall): string | undefined {
  const use = asArray(call.response?.content).find((b) => b.type === 'tool_use');
  return typeof use?.name === 'string' ? use.name : undefined;
}

/** The sections of a replanner prompt: objective, the steps still planned, the steps done with their results. */
export function replannerSections(user: string): { objective: string; plan: string[]; pastSteps: string } | undefined {
  const m =
    /\nYour objective was this:\n([\s\S]*?)\n\nYour original plan was this:\n([\s\S]*?)\n\nYou have currently done the follow steps:\n([\s\S]*?)\n\nUpdate your plan accordingly\./.exec(
      user,
    );
  if (!m) return undefined;
  return {
    objective: m[1]!,
    plan: m[2]!.split('\n').filter((line) => line.trim() !== ''),
    pastSteps: m[3]!,
  };
}

/** The objective of a planner prompt: what follows the tutorial's instructions. */
export function plannerObjective(user: string): string | undefined {
  const preamble = PLANNER_PROMPT.replace('{objective}', '');
  return user.startsWith(preamble) ? user.slice(preamble.length).trim() : undefined;
}

export type { Json };
