/**
 * Learning from traces: the pure pipeline from stored plans to a validated composite tool.
 *
 *   sessionFromTrace  a stored plan (record, events, step outputs) -> Session
 *   mineChains        sessions -> frequent chains (support, confidence, latency, samples)
 *   analyzeParameters a chain and its sample sessions -> external / internal / constant / ambiguous
 *   synthesizeTool    chain + analysis + samples -> SynthesizedTool, through the LLM port, validated
 *   validateSynthesizedTool  the checks synthesis applies (schema, references, wiring, groups, conditions)
 *   replayValidate    a tool and recorded sessions -> ValidationReport (no tool runs)
 *   parseLearningSettings    settings read once and validated
 *
 * The storage side (traces by time, the tools table, promotion, the composite runtime) lives
 * outside the core and calls these.
 */
import type { LlmProvider } from '../ports.js';
import type { PlanRecord, StepOutput, TraceEvent } from '../types.js';
import type {
  LearningSettings,
  MinedChain,
  MiningResult,
  ParameterAnalysis,
  Session,
  SynthesisIssue,
  SynthesisOutcome,
  SynthesizedTool,
  ToolCatalogView,
  ValidationReport,
} from './types.js';

export type * from './types.js';
export { DEFAULT_LEARNING_SETTINGS, TOOL_STATUSES } from './types.js';

/** The signatures of the pipeline (implemented in this folder, one module each). */
export interface LearningPipeline {
  sessionFromTrace(input: { record: PlanRecord; events: readonly TraceEvent[]; outputs: readonly StepOutput[] }): Session | undefined;
  mineChains(sessions: readonly Session[], settings: LearningSettings): MiningResult;
  analyzeParameters(chain: MinedChain, sessions: readonly Session[], settings: LearningSettings): ParameterAnalysis;
  synthesizeTool(
    input: { chain: MinedChain; analysis: ParameterAnalysis; sessions: readonly Session[]; catalog: ToolCatalogView; settings: LearningSettings },
    llm: LlmProvider,
  ): Promise<SynthesisOutcome>;
  validateSynthesizedTool(tool: unknown, catalog: ToolCatalogView, settings: LearningSettings): SynthesisIssue[];
  replayValidate(tool: SynthesizedTool, chain: MinedChain, sessions: readonly Session[], settings: LearningSettings): ValidationReport;
  parseLearningSettings(input: unknown): LearningSettings;
}
