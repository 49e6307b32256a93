/**
 * Learned tools: composites found in the traces, with where each stands. A tool that failed
 * validation stays DRAFT; one that passed waits in TESTING for a person (or is PROMOTED at once
 * when approval is not required); PROMOTED tools join the registry and the planner's catalog;
 * REJECTED ones never come back. TESTING moves once, by a person's decision; a PROMOTED tool can
 * be demoted by a person, back to TESTING (to decide again) or to REJECTED. A tool is offered only
 * for the corpora it was learned on (`corpora`).
 */
import { CairnError } from '../errors.js';
import type { SynthesizedTool, ToolStatus, ValidationReport } from '../learn/types.js';

export type LearnedStatus = ToolStatus;

/** The figures `cairn tools` shows beside a tool; the full report is kept with it. */
export interface LearnedToolFigures {
  support?: number;
  confidence?: number;
  meanSimilarity?: number;
  minSimilarity?: number;
  latencyRatio?: number;
  sessions?: number;
}

export interface LearnedToolRecord {
  /** The tool's registry name (`learned.<slug>`). */
  id: string;
  status: LearnedStatus;
  definition: SynthesizedTool;
  /** The offline replay's report; absent when synthesis failed. */
  report?: ValidationReport;
  /** Why synthesis or validation failed, one line each. */
  problems?: string[];
  figures: LearnedToolFigures;
  createdAt: string;
  updatedAt: string;
  /** When a person promoted, rejected or demoted it. */
  decidedAt?: string;
  /**
   * The corpora of the plans it was learned from, as their requests named them (`''`: the default
   * corpus); plans over another corpus are not offered it. Absent on tools learned before corpora
   * were kept: those are offered for every corpus.
   */
  corpora?: string[];
}

export type LearnedDecision = 'promote' | 'reject' | 'demote';

/** Where a demotion takes a PROMOTED tool: back to a person's decision, or out for good. */
export type DemotionTarget = 'TESTING' | 'REJECTED';

/** The corpus key of a request: its corpus as it named it, `''` for the default corpus. */
export const corpusKeyOf = (corpus: string | undefined): string => corpus ?? '';

/** No learned tool of that id. */
export class LearnedToolNotFoundError extends CairnError {
  static override readonly errorName: string = 'LearnedToolNotFoundError';
  static override readonly transient = false;
}

/** The tool is not in a status the operation accepts (approving a DRAFT tool, approving twice). */
export class LearnedToolStateError extends CairnError {
  static override readonly errorName: string = 'LearnedToolStateError';
  static override readonly transient = false;
}

export interface LearnedToolStore {
  /**
   * Stores a tool the learning run produced. A tool already PROMOTED or REJECTED is a person's
   * decision and is kept as it is: the answer says which record stands.
   */
  save(record: LearnedToolRecord): Promise<{ stored: boolean; record: LearnedToolRecord }>;
  get(id: string): Promise<LearnedToolRecord | undefined>;
  list(status?: LearnedStatus): Promise<LearnedToolRecord[]>;
  /**
   * TESTING -> PROMOTED or REJECTED, once; `demote`: PROMOTED -> `to` (TESTING unless said). Anything
   * else is a LearnedToolStateError or LearnedToolNotFoundError.
   */
  decide(id: string, decision: LearnedDecision, to?: DemotionTarget): Promise<LearnedToolRecord>;
}

/** Why a tool in `status` cannot be decided, in one line. */
export function decisionRefusal(id: string, status: LearnedStatus, decision: LearnedDecision): string {
  if (decision === 'demote') return `tool ${id} is ${status}, not PROMOTED: only a promoted tool can be demoted`;
  switch (status) {
    case 'DRAFT':
      return `tool ${id} is DRAFT: it did not pass validation, so it cannot be ${decision === 'promote' ? 'promoted' : 'rejected'}`;
    case 'PROMOTED':
      return `tool ${id} is already PROMOTED: demote it first (npm start -- approve ${id} --demote)`;
    case 'REJECTED':
      return `tool ${id} was already REJECTED`;
    default:
      return `tool ${id} is ${status}`;
  }
}

/** A tool as the API and `cairn tools --json` show it: everything but the replayed sessions' detail. */
export function toolView(tool: LearnedToolRecord) {
  return {
    id: tool.id,
    status: tool.status,
    description: tool.definition.description,
    chain: tool.definition.source_chain,
    figures: tool.figures,
    definition: tool.definition,
    ...(tool.report ? { report: { ...tool.report, sessions: tool.report.sessions.length } } : {}),
    ...(tool.problems ? { problems: tool.problems } : {}),
    createdAt: tool.createdAt,
    updatedAt: tool.updatedAt,
    ...(tool.decidedAt ? { decidedAt: tool.decidedAt } : {}),
    ...(tool.corpora ? { corpora: tool.corpora } : {}),
  };
}
