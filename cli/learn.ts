/**
 * The learning commands: `mine` (frequent chains of the stored plans), `learn` (mine, synthesize,
 * replay, store), `tools` (the learned tools with status and figures) and `approve` (a person's
 * decision on a TESTING tool). Loaded only by those commands.
 */
import { parseSince } from '../functions/adapters/dynamodb/sessions.js';
import { InvalidInputError } from '../functions/core/errors.js';
import { parseLearningSettings } from '../functions/core/learn/settings.js';
import type { LearningSettings } from '../functions/core/learn/types.js';
import { type LearnedToolRecord, toolView } from '../functions/core/tools/learned.js';
import { learn, mine, sessionSource } from '../functions/runtime/learning.js';
import type { LocalStack } from './local-runner.js';

export interface WindowFlags {
  since?: string;
  until?: string;
  minSupport?: number;
  maxPages?: number;
  json?: boolean;
}

function settingsWith(base: LearningSettings, flags: WindowFlags & { approval?: boolean }): LearningSettings {
  return parseLearningSettings({
    ...base,
    ...(flags.minSupport !== undefined ? { min_support: flags.minSupport } : {}),
    ...(flags.approval === false ? { require_approval: false } : {}),
  });
}

function windowOf(flags: WindowFlags) {
  return {
    ...(flags.since !== undefined ? { since: parseSince(flags.since) } : {}),
    ...(flags.until !== undefined ? { until: parseSince(flags.until) } : {}),
    ...(flags.maxPages !== undefined ? { maxPages: flags.maxPages } : {}),
  };
}

const pct = (x: number | undefined) => (x === undefined ? '-' : `${(x * 100).toFixed(1)}%`);
const num = (x: number | undefined, digits = 3) => (x === undefined ? '-' : x.toFixed(digits));

export async function mineCommand(stack: LocalStack, flags: WindowFlags): Promise<void> {
  const rt = stack.runtime;
  const settings = settingsWith(rt.config.learning, flags);
  const report = await mine({ source: sessionSource(rt.clients, rt.config.tableName, rt.store), settings }, windowOf(flags));
  const chains = report.chains.map((c) => ({
    chain: c.key,
    sessions: c.sessionCount,
    support: round(c.support),
    confidence: round(c.confidence),
    avgLatencyMs: Math.round(c.avgLatencyMs),
    sampleEventIds: c.sampleEventIds,
  }));
  if (flags.json) {
    console.log(
      JSON.stringify({ sessions: report.sessions.length, plansListed: report.plansListed, pagesRead: report.pagesRead, truncated: report.truncated, chains }),
    );
    return;
  }
  console.log(
    `${report.sessions.length} sessions from ${report.plansListed} plans (${report.pagesRead} index page(s)${report.truncated ? ', page budget reached: older plans not read' : ''}); ${chains.length} frequent chain(s) at support >= ${settings.min_support}`,
  );
  for (const c of chains) {
    console.log(`  ${pct(c.support).padStart(6)} support  ${pct(c.confidence).padStart(6)} confidence  ${String(c.avgLatencyMs).padStart(5)} ms  ${c.chain}`);
    console.log(`         samples: ${c.sampleEventIds.join(', ')}`);
  }
}

export async function learnCommand(stack: LocalStack, flags: WindowFlags & { maxTools?: number; approval?: boolean }): Promise<void> {
  const rt = stack.runtime;
  const settings = settingsWith(rt.config.learning, flags);
  const report = await learn(
    { source: sessionSource(rt.clients, rt.config.tableName, rt.store), tools: rt.learned.store, llm: rt.llm, registry: rt.phases.tools, settings },
    { ...windowOf(flags), ...(flags.maxTools !== undefined ? { maxTools: flags.maxTools } : {}) },
  );
  if (flags.json) {
    console.log(JSON.stringify({ ...report, tools: report.tools.map(toolView) }));
    return;
  }
  console.log(
    `${report.sessions} sessions, ${report.chainsMined} chain(s) mined, ${report.synthesized} synthesized, ${report.validated} passed replay, ${report.promoted} promoted`,
  );
  for (const tool of report.tools) console.log(`  ${line(tool)}`);
  for (const failure of report.failures) console.log(`  not synthesized: ${failure}`);
  const waiting = report.tools.find((t) => t.status === 'TESTING');
  if (waiting) console.log(`Approve one with: npm start -- approve ${waiting.id} --promote (or --reject)`);
}

export async function toolsCommand(stack: LocalStack, flags: { json?: boolean }): Promise<void> {
  const tools = await stack.runtime.learned.store.list();
  if (flags.json) {
    console.log(JSON.stringify({ tools: tools.map(toolView) }));
    return;
  }
  if (tools.length === 0) {
    console.log('no learned tools yet: run `npm start -- learn` after some plans have run');
    return;
  }
  for (const tool of tools) console.log(line(tool));
}

export async function approveCommand(
  stack: LocalStack,
  id: string,
  flags: { promote?: boolean; reject?: boolean; demote?: boolean; json?: boolean },
): Promise<void> {
  // --demote takes a PROMOTED tool back to TESTING, or with --reject to REJECTED.
  const decision = flags.demote ? 'demote' : flags.promote && !flags.reject ? 'promote' : !flags.promote && flags.reject ? 'reject' : undefined;
  if (decision === undefined || (flags.demote && flags.promote)) {
    throw new InvalidInputError('approve needs one of --promote, --reject or --demote (--demote --reject rejects a promoted tool)');
  }
  const record = await stack.runtime.learned.store.decide(id, decision, decision === 'demote' && flags.reject ? 'REJECTED' : 'TESTING');
  if (flags.json) console.log(JSON.stringify(toolView(record)));
  else console.log(`${record.id} is now ${record.status}`);
}

function line(tool: LearnedToolRecord): string {
  const f = tool.figures;
  const why =
    tool.problems && tool.problems.length > 0 ? `  (${tool.problems[0]}${tool.problems.length > 1 ? `, +${tool.problems.length - 1} more` : ''})` : '';
  const corpora = tool.corpora === undefined ? 'any corpus' : tool.corpora.map((c) => c || 'the default corpus').join(', ');
  return `${tool.status.padEnd(8)} ${tool.id}  similarity ${num(f.meanSimilarity)}  latency x${num(f.latencyRatio, 2)}  support ${pct(f.support)}  on ${corpora}  ${tool.definition.source_chain}${why}`;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
