/**
 * The peer: LangGraph.js plan-and-execute as its tutorial builds it (langgraphjs, "Plan-and-Execute"),
 * on the real @langchain/langgraph, @langchain/anthropic and @langchain/core, with Claude as its
 * model: a planner (the `plan` function, forced), an executor agent per step (createReactAgent with
 * one search tool), and a replanner that gives the steps left or responds, looping until it responds.
 *
 * What differs from the tutorial, and why: the model is ChatAnthropic pointed at the bench's
 * loopback server (the tutorial's is ChatOpenAI), so both systems talk to the same Claude API; the
 * search tool is a BM25 search of the bench's corpus through Cairn's own corpus index (the
 * tutorial's is Tavily's web search), so both systems retrieve the same way. Prompts, functions,
 * state and edges are the tutorial's (prompts.ts).
 */
import { ChatAnthropic } from '@langchain/anthropic';
import { HumanMessage } from '@langchain/core/messages';
import { JsonOutputToolsParser } from '@langchain/core/output_parsers/openai_tools';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { tool } from '@langchain/core/tools';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';
import type { CorpusIndex } from '../../functions/core/ports.js';
import { PLAN_TOOL, PLANNER_PROMPT, REPLANNER_PROMPT, RESPONSE_DESCRIPTION, RESPONSE_TOOL, SEARCH_RESULTS, SEARCH_TOOL, STEPS_DESCRIPTION } from './prompts.js';

export interface PeerOptions {
  /** The Anthropic API's base URL (the loopback server). */
  baseURL: string;
  apiKey: string;
  model: string;
  /** The corpus the search tool searches. */
  index: CorpusIndex;
}

export interface PeerResult {
  response: string;
  plan: string[];
  pastSteps: Array<[string, string]>;
}

export type PlanAndExecute = (objective: string) => Promise<PeerResult>;

/** The compiled graph, invoked once per objective. */
export function planAndExecute(options: PeerOptions): PlanAndExecute {
  const PlanExecuteState = Annotation.Root({
    input: Annotation<string>({ reducer: (x, y) => y ?? x ?? '' }),
    plan: Annotation<string[]>({ reducer: (x, y) => y ?? x ?? [] }),
    pastSteps: Annotation<Array<[string, string]>>({ reducer: (x, y) => x.concat(y), default: () => [] }),
    response: Annotation<string | undefined>({ reducer: (x, y) => y ?? x }),
  });

  const search = tool(
    async ({ query }: { query: string }) => {
      const hits = await options.index.keywordSearch(query, { topK: SEARCH_RESULTS });
      return JSON.stringify(hits.map((hit) => ({ title: hit.doc.title ?? hit.doc.id, content: hit.doc.text })));
    },
    { name: SEARCH_TOOL.name, description: SEARCH_TOOL.description, schema: z.object({ query: z.string().describe('The search query') }) },
  );
  // The tutorial's models retry on their own; the loopback server never fails, so no retry is ever made.
  const chat = () => new ChatAnthropic({ model: options.model, apiKey: options.apiKey, anthropicApiUrl: options.baseURL });

  const agentExecutor = createReactAgent({ llm: chat(), tools: [search] });

  const plan = z.object({ steps: z.array(z.string()).describe(STEPS_DESCRIPTION) }).describe(PLAN_TOOL.description);
  const planTool = { type: 'function' as const, function: { ...PLAN_TOOL, parameters: z.toJSONSchema(plan) } };
  const response = z.object({ response: z.string().describe(RESPONSE_DESCRIPTION) });
  const responseTool = { type: 'function' as const, function: { ...RESPONSE_TOOL, parameters: z.toJSONSchema(response) } };

  const planner = ChatPromptTemplate.fromTemplate(PLANNER_PROMPT).pipe(chat().withStructuredOutput(plan, { name: PLAN_TOOL.name }));
  const replanner = ChatPromptTemplate.fromTemplate(REPLANNER_PROMPT)
    .pipe(chat().bindTools([planTool, responseTool]))
    .pipe(new JsonOutputToolsParser());

  type State = typeof PlanExecuteState.State;

  async function executeStep(state: State): Promise<Partial<State>> {
    const task = state.plan[0] ?? '';
    const { messages } = await agentExecutor.invoke({ messages: [new HumanMessage(task)] });
    const last = messages.at(-1);
    const result = typeof last?.content === 'string' ? last.content : (last?.text ?? '');
    return { pastSteps: [[task, result]], plan: state.plan.slice(1) };
  }

  async function planStep(state: State): Promise<Partial<State>> {
    const output = await planner.invoke({ objective: state.input });
    return { plan: output.steps };
  }

  async function replanStep(state: State): Promise<Partial<State>> {
    const output = (await replanner.invoke({
      input: state.input,
      plan: state.plan.join('\n'),
      pastSteps: state.pastSteps.map(([step, result]) => `${step}: ${result}`).join('\n'),
    })) as Array<{ type: string; args?: { response?: string; steps?: string[] } }>;
    const toolCall = output[0];
    if (toolCall?.type === RESPONSE_TOOL.name) return { response: toolCall.args?.response ?? '' };
    return { plan: toolCall?.args?.steps ?? [] };
  }

  const shouldEnd = (state: State) => (state.response !== undefined ? 'true' : 'false');

  const app = new StateGraph(PlanExecuteState)
    .addNode('planner', planStep)
    .addNode('agent', executeStep)
    .addNode('replan', replanStep)
    .addEdge(START, 'planner')
    .addEdge('planner', 'agent')
    .addEdge('agent', 'replan')
    .addConditionalEdges('replan', shouldEnd, { true: END, false: 'agent' })
    .compile();

  return async (objective) => {
    const final = await app.invoke({ input: objective });
    return { response: final.response ?? '', plan: final.plan, pastSteps: final.pastSteps };
  };
}
