/**
 * Learning from the traces, end to end, over the stores a runtime has: read the plans that ran
 * since a time (the byCreated index, a page budget), turn them into sessions, mine their chains,
 * then for the strongest chains analyse, synthesize through the LLM port, replay offline and store
 * each tool with its report: DRAFT when it failed (or could not run here), TESTING when it passed
 * and a person must approve it, PROMOTED when it passed and approval is off. The CLI (`mine`,
 * `learn`), the scheduled Lambda and the benchmark all call these two functions.
 */
import { DynamoLearnedToolStore } from '../adapters/dynamodb/learned-tools.js';
import { DynamoSessionSource, parseSince, type SessionQuery } from '../adapters/dynamodb/sessions.js';
import { oneLine } from '../core/errors.js';
import { analyzeParameters, mineChains, replayValidate, sessionFromTrace, synthesizeTool } from '../core/learn/index.js';
import type { LearningSettings, MinedChain, Session } from '../core/learn/types.js';
import type { LlmProvider, TraceStore } from '../core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../core/steps/index.js';
import { compositeProblems } from '../core/tools/composite.js';
import type { LearnedToolRecord, LearnedToolStore } from '../core/tools/learned.js';
import type { ToolRegistry } from '../core/tools/registry.js';
import { observed } from '../handlers/middleware.js';
import type { Clients } from './adapters.js';
import type { Runtime } from './workflow.js';

export interface LearningDeps {
  source: Pick<DynamoSessionSource, 'traces'>;
  tools: LearnedToolStore;
  llm: LlmProvider;
  registry: Pick<ToolRegistry, 'names'>;
  settings: LearningSettings;
  clock?: { now(): Date };
}

/** The learning stores over a runtime's table. */
export function learningStores(clients: Pick<Clients, 'dynamo'>, tableName: string, store: TraceStore) {
  return {
    source: new DynamoSessionSource({ client: clients.dynamo, tableName, store }),
    tools: new DynamoLearnedToolStore({ client: clients.dynamo, tableName }),
  };
}

export interface MineReport {
  sessions: Session[];
  plansListed: number;
  pagesRead: number;
  truncated: boolean;
  chains: MinedChain[];
}

/** Reads the sessions of the window and mines them. No sessions is one line (InvalidInputError). */
export async function mine(deps: Pick<LearningDeps, 'source' | 'settings'>, query: SessionQuery): Promise<MineReport> {
  const page = await deps.source.traces(query);
  const sessions = page.traces.map((t) => sessionFromTrace(t)).filter((s): s is Session => s !== undefined);
  const result = mineChains(sessions, deps.settings);
  return { sessions, plansListed: page.plansListed, pagesRead: page.pagesRead, truncated: page.truncated, chains: result.chains };
}

export interface LearnOptions extends SessionQuery {
  /** How many of the strongest chains to synthesize. Default 3. */
  maxTools?: number;
}

export interface LearnReport {
  sessions: number;
  chainsMined: number;
  synthesized: number;
  validated: number;
  promoted: number;
  /** Every tool this run stored (or found standing by a person's decision). */
  tools: LearnedToolRecord[];
  /** What could not be synthesized, one line each. */
  failures: string[];
}

/** mine -> analyse -> synthesize -> replay -> store. */
export async function learn(deps: LearningDeps, options: LearnOptions = {}): Promise<LearnReport> {
  const mined = await mine(deps, options);
  const catalog = { tools: deps.registry.names(), stepTypes: EXECUTABLE_STEP_TYPES };
  const report: LearnReport = {
    sessions: mined.sessions.length,
    chainsMined: mined.chains.length,
    synthesized: 0,
    validated: 0,
    promoted: 0,
    tools: [],
    failures: [],
  };
  for (const chain of mined.chains.slice(0, options.maxTools ?? 3)) {
    let tool: Awaited<ReturnType<typeof synthesizeTool>>['tool'];
    let analysis: ReturnType<typeof analyzeParameters>;
    try {
      analysis = analyzeParameters(chain, mined.sessions);
      tool = (await synthesizeTool({ chain, analysis, sessions: mined.sessions, catalog, settings: deps.settings }, deps.llm)).tool;
    } catch (error) {
      report.failures.push(`chain ${chain.key}: ${oneLine(error)}`);
      continue;
    }
    report.synthesized++;
    const validation = replayValidate(tool, chain, mined.sessions, deps.settings);
    // A tool this runtime could not run (a part no longer registered) never leaves DRAFT.
    const problems = [...validation.reasons, ...compositeProblems(tool, deps.registry)];
    const passed = validation.status === 'passed' && problems.length === 0;
    if (passed) report.validated++;
    const at = (deps.clock?.now() ?? new Date()).toISOString();
    const record: LearnedToolRecord = {
      id: tool.tool_id,
      status: !passed ? 'DRAFT' : deps.settings.require_approval ? 'TESTING' : 'PROMOTED',
      definition: tool,
      report: validation,
      ...(problems.length > 0 ? { problems } : {}),
      figures: {
        support: round(chain.support),
        confidence: round(chain.confidence),
        meanSimilarity: validation.similarity.mean,
        minSimilarity: validation.similarity.min,
        latencyRatio: validation.latency.ratio,
        sessions: validation.sessionsReplayed,
      },
      createdAt: at,
      updatedAt: at,
      ...(passed && !deps.settings.require_approval ? { decidedAt: at } : {}),
    };
    const saved = await deps.tools.save(record);
    if (saved.record.status === 'PROMOTED') report.promoted++;
    report.tools.push(saved.record);
  }
  return report;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** What the schedule sends: how far back to read (`7d` by default), how many chains to synthesize. */
export interface LearnEvent {
  since?: string;
  maxTools?: number;
}

/**
 * The scheduled learning Lambda: one learning run over the plans of the window, with the runtime's
 * LLM, registry and settings; returns the run's figures (the tools are in the store).
 */
export function makeLearnHandler(rt: Runtime) {
  return observed<LearnEvent | undefined, Omit<LearnReport, 'tools'> & { tools: Array<{ id: string; status: string }> }>(rt.observability).handler(
    async (event) => {
      const stores = learningStores(rt.clients, rt.config.tableName, rt.store);
      const report = await learn(
        { source: stores.source, tools: rt.learned.store, llm: rt.llm, registry: rt.phases.tools, settings: rt.config.learning },
        { since: parseSince(event?.since ?? '7d'), ...(event?.maxTools !== undefined ? { maxTools: event.maxTools } : {}) },
      );
      rt.observability.logger.info('learning run', { ...report, tools: report.tools.map((t) => `${t.id} ${t.status}`) });
      return { ...report, tools: report.tools.map((t) => ({ id: t.id, status: t.status })) };
    },
  );
}
