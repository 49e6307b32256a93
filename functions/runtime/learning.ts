/**
 * Learning from the traces, end to end, over the stores a runtime has: read the plans that ran
 * since a time (the byCreated index, a page budget), turn them into sessions, mine their chains,
 * then for the strongest chains analyse, synthesize through the LLM port, replay offline and store
 * each tool with its report: DRAFT when it failed (or could not run here), TESTING when it passed
 * and a person must approve it, PROMOTED when it passed and approval is off (never for a tool
 * calling a network tool or running llm_call: those always wait for a person). The CLI (`mine`,
 * `learn`), the scheduled Lambda and the benchmark all call these two functions.
 */
import { DynamoSessionSource, parseSince, type SessionQuery } from '../adapters/dynamodb/sessions.js';
import { learnFromSessions, mineChains, sessionFromTrace } from '../core/learn/index.js';
import type { LearningSettings, MinedChain, Session } from '../core/learn/types.js';
import type { LlmProvider, TraceStore } from '../core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../core/steps/index.js';
import { corpusKeyOf, type LearnedToolRecord, type LearnedToolStore } from '../core/tools/learned.js';
import type { ToolRegistry } from '../core/tools/registry.js';
import type { Clients } from './clients.js';
import { observed } from './observability.js';
import type { Runtime } from './workflow.js';

export interface LearningDeps {
  source: Pick<DynamoSessionSource, 'traces'>;
  tools: LearnedToolStore;
  llm: LlmProvider;
  /** What is registered: names for synthesis, and the network tools a composite may not be promoted with unapproved. */
  registry: Pick<ToolRegistry, 'names' | 'networkTools'>;
  settings: LearningSettings;
  clock?: { now(): Date };
}

/** Where learning reads the stored plans from: the runtime's table, by its time index. (The tools' store is `rt.learned.store`.) */
export function sessionSource(clients: Pick<Clients, 'dynamo'>, tableName: string, store: TraceStore): DynamoSessionSource {
  return new DynamoSessionSource({ client: clients.dynamo, tableName, store });
}

/** The sessions of the plans `query` lists, with the page figures. */
async function readSessions(source: LearningDeps['source'], query: SessionQuery) {
  const page = await source.traces(query);
  return { page, sessions: page.traces.map((t) => sessionFromTrace(t)).filter((s): s is Session => s !== undefined) };
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
  const { page, sessions } = await readSessions(deps.source, query);
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

/**
 * Reads the window's sessions, runs one learning round over them (core/learn/pipeline.ts: the
 * chains worth a tool, synthesis, replay, the check of the parts) and stores each tool with its
 * report. Chains whose tool a person already promoted or rejected are left out.
 */
export async function learn(deps: LearningDeps, options: LearnOptions = {}): Promise<LearnReport> {
  const { page, sessions } = await readSessions(deps.source, options);
  // The corpus of each session's plan: a tool is offered for the corpora its chain was found on.
  const corpusOf = new Map(page.traces.map((t) => [t.record.planId, corpusKeyOf(t.record.request.corpus)]));
  // A person's decision stands (the store keeps it): such chains would only spend a pick.
  const decided = (await deps.tools.list()).filter((t) => t.status === 'PROMOTED' || t.status === 'REJECTED').map((t) => t.definition.source_chain);
  const round = await learnFromSessions(
    {
      sessions,
      settings: deps.settings,
      catalog: { tools: deps.registry.names(), stepTypes: EXECUTABLE_STEP_TYPES, networkTools: deps.registry.networkTools() },
      maxTools: options.maxTools ?? 3,
      knownChainKeys: new Set(decided),
    },
    deps.llm,
  );
  const report: LearnReport = {
    sessions: round.sessions,
    chainsMined: round.chainsMined,
    synthesized: 0,
    validated: 0,
    promoted: 0,
    tools: [],
    failures: [],
  };
  for (const candidate of round.candidates) {
    const { chain, synthesis, report: validation } = candidate;
    if (!synthesis || !validation) {
      report.failures.push(`chain ${chain.key}: ${candidate.error ?? 'no tool'}`);
      continue;
    }
    report.synthesized++;
    const passed = candidate.status !== 'DRAFT';
    if (passed) report.validated++;
    const at = (deps.clock?.now() ?? new Date()).toISOString();
    const record: LearnedToolRecord = {
      id: synthesis.tool.tool_id,
      status: candidate.status,
      definition: synthesis.tool,
      report: validation,
      ...(candidate.problems.length > 0 ? { problems: candidate.problems } : {}),
      figures: {
        support: round3(chain.support),
        confidence: round3(chain.confidence),
        meanSimilarity: validation.similarity.mean,
        minSimilarity: validation.similarity.min,
        latencyRatio: validation.latency.ratio,
        sessions: validation.sessionsReplayed,
      },
      createdAt: at,
      updatedAt: at,
      ...(candidate.status === 'PROMOTED' ? { decidedAt: at } : {}),
      corpora: [...new Set(chain.occurrences.map((o) => corpusOf.get(o.sessionId) ?? ''))].sort(),
    };
    const saved = await deps.tools.save(record);
    if (saved.record.status === 'PROMOTED') report.promoted++;
    report.tools.push(saved.record);
  }
  return report;
}

function round3(value: number): number {
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
  const source = sessionSource(rt.clients, rt.config.tableName, rt.store);
  return observed<LearnEvent | undefined, Omit<LearnReport, 'tools'> & { tools: Array<{ id: string; status: string }> }>(rt.observability).handler(
    async (event) => {
      const report = await learn(
        { source, tools: rt.learned.store, llm: rt.llm, registry: rt.phases.tools, settings: rt.config.learning },
        { since: parseSince(event?.since ?? '7d'), ...(event?.maxTools !== undefined ? { maxTools: event.maxTools } : {}) },
      );
      rt.observability.logger.info('learning run', { ...report, tools: report.tools.map((t) => `${t.id} ${t.status}`) });
      return { ...report, tools: report.tools.map((t) => ({ id: t.id, status: t.status })) };
    },
  );
}
