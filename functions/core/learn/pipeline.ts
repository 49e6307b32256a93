/**
 * One learning round over sessions: mine, pick the chains worth a tool, and for each analyse,
 * synthesize and replay, ending in the status seed 001's promotion workflow gives it. Storage and
 * promotion (the tools table, approval) are the caller's; this decides, it stores nothing.
 */
import { InvalidInputError, oneLine } from '../errors.js';
import type { LlmProvider } from '../ports.js';
import { compositeProblems } from '../tools/composite.js';
import { canonicalToolName } from '../tools/registry.js';
import { analyzeParameters } from './analyze.js';
import { type LaterRoundChain, laterRoundChains, laterRoundToolId } from './later-rounds.js';
import { containsRun, mineChains } from './mine.js';
import { replayValidate } from './replay.js';
import { synthesizeTool } from './synthesize.js';
import type {
  LearningSettings,
  MinedChain,
  ParameterAnalysis,
  Session,
  SynthesisOutcome,
  SynthesizedTool,
  ToolCatalogView,
  ToolStatus,
  ValidationReport,
} from './types.js';

/**
 * Passed: TESTING when a person must approve (the settings say so, or the tool is one no setting
 * promotes alone: `approvalReasons`), else PROMOTED. Not passed (or too little data): DRAFT.
 */
export function statusAfterValidation(
  report: Pick<ValidationReport, 'status'>,
  settings: Pick<LearningSettings, 'require_approval'>,
  approvalReasons: readonly string[] = [],
): ToolStatus {
  if (report.status !== 'passed') return 'DRAFT';
  return settings.require_approval || approvalReasons.length > 0 ? 'TESTING' : 'PROMOTED';
}

/**
 * Why a composite waits for a person even with approval off, one line per part: a part calling a
 * network tool (it reaches other hosts) or running `llm_call` (it spends on a model and writes
 * what it likes). Twelve plans that happened to call them must not make a tool every planner is
 * offered.
 */
export function approvalReasons(tool: SynthesizedTool, networkTools: readonly string[] = []): string[] {
  const network = new Set(networkTools.map(canonicalToolName));
  const reasons: string[] = [];
  for (const part of tool.steps) {
    if (part.kind === 'tool' && network.has(canonicalToolName(part.tool_id))) reasons.push(`its step ${part.step_index} calls ${part.tool_id}, a network tool`);
    else if (part.kind === 'step' && part.tool_id === 'llm_call') reasons.push(`its step ${part.step_index} runs llm_call`);
  }
  return reasons;
}

/**
 * The chains worth a tool, best first: the most step calls a tool would replace (sessions times
 * the steps saved per call), a chain overlapping one already picked left out, at most `limit`.
 * Chains made of one symbol repeated are kept; chains already covered by a known tool are not.
 */
export function chainsToSynthesize(chains: readonly MinedChain[], limit: number, knownChainKeys: ReadonlySet<string> = new Set()): MinedChain[] {
  const ranked = [...chains]
    .filter((c) => !knownChainKeys.has(c.key))
    .sort((a, b) => b.sessionCount * (b.symbols.length - 1) - a.sessionCount * (a.symbols.length - 1) || a.key.localeCompare(b.key));
  const picked: MinedChain[] = [];
  for (const chain of ranked) {
    if (picked.length >= limit) break;
    // One chain inside the other: the longer (better ranked) one covers it.
    if (picked.some((p) => containsRun(p.symbols, chain.symbols) || containsRun(chain.symbols, p.symbols))) continue;
    picked.push(chain);
  }
  return picked;
}

export interface LearnedCandidate {
  chain: MinedChain;
  /** Absent when the analysis itself failed. */
  analysis?: ParameterAnalysis;
  /** Absent when synthesis failed (see `error`). */
  synthesis?: SynthesisOutcome;
  report?: ValidationReport;
  /**
   * Why a synthesized tool stays DRAFT, one line each: the replay's reasons, and parts this
   * runtime could not run (a tool no longer registered). Empty when it passed.
   */
  problems: string[];
  /** Why a tool that passed waits for a person whatever the settings (approvalReasons); empty otherwise. */
  approval: string[];
  status: ToolStatus;
  /** Why there is no tool, one line. */
  error?: string;
}

export interface LearningRound {
  sessions: number;
  chainsMined: number;
  chains: MinedChain[];
  candidates: LearnedCandidate[];
}

/**
 * Mines `sessions` and synthesizes and validates a tool for up to `maxTools` chains. A chain whose
 * analysis or synthesis fails (an invalid answer twice, the LLM unreachable) is reported with its
 * one-line error (status DRAFT, no tool) and the round goes on; only an abort ends it.
 */
export async function learnFromSessions(
  input: {
    sessions: readonly Session[];
    settings: LearningSettings;
    catalog: ToolCatalogView;
    maxTools?: number;
    /** Chain keys that already have a tool a person decided on, not synthesized again. */
    knownChainKeys?: ReadonlySet<string>;
  },
  llm: LlmProvider,
  signal?: AbortSignal,
): Promise<LearningRound> {
  const { sessions, settings, catalog } = input;
  const mined = mineChains(sessions, settings);
  // A later round of iterative plans (later-rounds.ts) gets a pick of its own: its chain is one the
  // ordinary miner never sees as a run, and it is the one whose tool saves a model call.
  const later = laterRoundChains(sessions)
    .filter((c) => !input.knownChainKeys?.has(c.chain.key))
    .slice(0, 1);
  const picked = chainsToSynthesize(mined.chains, Math.max(0, (input.maxTools ?? 3) - later.length), input.knownChainKeys);
  const candidates: LearnedCandidate[] = [];
  const jobs: Array<{ chain: MinedChain; samples: readonly Session[]; later?: LaterRoundChain }> = [
    ...picked.map((chain) => ({ chain, samples: sessions })),
    ...later.map((c) => ({ chain: c.chain, samples: c.samples, later: c })),
  ];
  for (const job of jobs) {
    const { chain, samples } = job;
    let analysis: ParameterAnalysis | undefined;
    let synthesis: SynthesisOutcome;
    try {
      if (job.later?.unbound !== undefined) throw new InvalidInputError(job.later.unbound);
      analysis = analyzeParameters(chain, samples);
      synthesis = await synthesizeTool({ chain, analysis, sessions: samples, catalog, settings }, llm, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      candidates.push({ chain, ...(analysis ? { analysis } : {}), problems: [], approval: [], status: 'DRAFT', error: oneLine(error) });
      continue;
    }
    if (job.later?.binding) {
      // The binding follows from what was observed, not from the synthesis: the parameter the analysis gave the look-up's query.
      const binding = job.later.binding;
      const parameter = analysis.findings.find((f) => f.step === 0 && f.key === binding.parameter)?.parameter ?? binding.parameter;
      synthesis = {
        ...synthesis,
        tool: { ...synthesis.tool, tool_id: laterRoundToolId(synthesis.tool.tool_id, binding.round), later_round: { ...binding, parameter } },
      };
    }
    const report = replayValidate(synthesis.tool, chain, samples, settings);
    // A tool this runtime could not run (a part no longer registered) never leaves DRAFT.
    const problems = [...report.reasons, ...compositeProblems(synthesis.tool, { names: () => [...catalog.tools] })];
    const approval = approvalReasons(synthesis.tool, catalog.networkTools);
    const status = problems.length > 0 ? 'DRAFT' : statusAfterValidation(report, settings, approval);
    candidates.push({ chain, analysis, synthesis, report, problems, approval, status });
  }
  return { sessions: mined.sessions, chainsMined: mined.chains.length, chains: mined.chains, candidates };
}
