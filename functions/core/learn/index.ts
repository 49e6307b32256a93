/**
 * Learning from traces: the pure pipeline from stored plans to a validated composite tool.
 *
 *   sessionFromTrace  a stored plan (record, events, step outputs) -> Session
 *   mineChains        sessions -> frequent chains (support, confidence, latency, samples)
 *   analyzeParameters a chain and the sessions holding it -> external / internal / constant / ambiguous
 *   synthesizeTool    chain + analysis + samples -> SynthesizedTool, through the LLM port, validated
 *   validateSynthesizedTool  the checks synthesis applies (schema, references, wiring, groups, conditions)
 *   replayValidate    a tool and recorded sessions -> ValidationReport (no tool runs)
 *   parseLearningSettings    settings read once and validated
 *   laterRoundChains  iterative sessions -> the look-ups a later round added, with how round one binds them
 *   learnFromSessions one round of all of it over sessions, each candidate with the status promotion gives it
 *
 * The storage side (traces by time, the tools table, promotion, the composite runtime) lives
 * outside the core and calls these.
 */

export { analyzeParameters, chainSamples } from './analyze.js';
export { compositeToolId, draftTool, errorStrategyFrom, parallelGroups } from './draft.js';
export { type LaterRoundChain, laterRoundChains, laterRoundToolId } from './later-rounds.js';
export { CHAIN_SEPARATOR, chainKey, findChain, mineChains, newestFirst } from './mine.js';
export { approvalReasons, chainsToSynthesize, type LearnedCandidate, type LearningRound, learnFromSessions, statusAfterValidation } from './pipeline.js';
export { correctionPrompt, synthesisPrompt } from './prompt.js';
export { replayValidate } from './replay.js';
export { planOrder, sessionFromTrace, stepSymbol } from './session.js';
export { parseLearningSettings } from './settings.js';
export { outputSimilarity, tfidfCosine } from './similarity.js';
export { type SynthesisInput, synthesizedToolSchema, synthesizeTool } from './synthesize.js';
export type * from './types.js';
export { DEFAULT_LEARNING_SETTINGS, TOOL_STATUSES } from './types.js';
export { validateSynthesizedTool } from './validate-tool.js';
