/**
 * Chains of a later round of iterative plans (issue 25, item 5): what a next-round planner added
 * after reading round one's results, learned so that a composite can be called in round one in its
 * place, and the round and its model call are not needed.
 *
 * The round's look-up is a search of a name (a `graph_query`, or another search, with a `query`)
 * whose best document a `filter` keeps. Mining reads the first such pair of each session as a
 * sample of its own (the pairs of one round interleave in plan order, so the ordinary miner never
 * sees one as a run). The name came from reading round one: it is in the best passage of one of the
 * lists round one's answer read. That is the binding a call in round one can be given: the text of
 * that passage, through a template over the list's step (`laterRoundArgument`); a graph look-up of
 * a passage seeds from every name the passage gives, the one the next-round planner picked among
 * them. A chain whose names were in no such passage in most of its samples cannot be bound, and is
 * said so in one line.
 *
 * The composite is offered only for the task shapes whose plans made the round in at least half of
 * their sessions (two at least): a task of another shape is planned, and pays for its prompt, as if
 * it had never been learned.
 */
import { taskShape } from '../planner/sizing.js';
import { CHAIN_SEPARATOR, chainKey, newestFirst, stepsRead } from './mine.js';
import type { LaterRound, MinedChain, Session, SessionStep } from './types.js';

/** Step types a next-round look-up may be made with: a search of its `query`. */
const LOOK_UP_TYPES: ReadonlySet<string> = new Set(['graph_query', 'keyword_search', 'vector_search']);

/** A chain must recur, and a shape must have made the round in this share of its sessions to be offered it. */
const MIN_SESSIONS = 2;
const MIN_SHAPE_SHARE = 0.5;

export interface LaterRoundChain {
  chain: MinedChain;
  /** One session per plan that made the round: the look-up and its keep, steps 0 and 1. */
  samples: Session[];
  /** How round one binds it; absent when it cannot be bound (see `unbound`). */
  binding?: LaterRound;
  /** Why it cannot be bound, one line. */
  unbound?: string;
}

interface LookUp {
  lookUp: SessionStep;
  keep: SessionStep;
}

/** The look-ups of a session's later rounds: a search of a query, and a filter that reads only it. */
function lookUps(session: Session): LookUp[] {
  const later = session.steps.filter((s) => (s.round ?? 1) >= 2 && s.status === 'succeeded');
  const found: LookUp[] = [];
  for (const s of later) {
    if (!LOOK_UP_TYPES.has(s.type) || typeof s.input.query !== 'string') continue;
    const keep = later.find((k) => k.type === 'filter' && k.round === s.round && stepsRead(k).length === 1 && stepsRead(k)[0] === s.stepId);
    if (keep) found.push({ lookUp: s, keep });
  }
  return found;
}

/** The lists round one's answer read, in its order: the inputs of its last llm_call that no round-one step reads. */
function roundOneLists(session: Session): number[] {
  const first = session.steps.filter((s) => (s.round ?? 1) === 1);
  const read = new Set(first.flatMap((s) => stepsRead(s).filter((id) => id !== s.stepId)));
  const answer = [...first].reverse().find((s) => s.type === 'llm_call' && !read.has(s.stepId));
  if (!answer) return [];
  const input = answer.rawInput ?? answer.input;
  const ids = Array.isArray(input.input_steps) ? input.input_steps : input.input_step !== undefined ? [input.input_step] : answer.dependencies;
  return (ids as unknown[]).filter((id): id is number => Number.isInteger(id));
}

/** The text of the best passage of a step's list. */
function bestPassage(session: Session, stepId: number): string {
  const docs = session.steps.find((s) => s.stepId === stepId)?.output?.documents;
  const best = Array.isArray(docs) ? (docs[0] as { text?: unknown } | undefined) : undefined;
  return typeof best?.text === 'string' ? best.text : '';
}

/** The position, among the lists round one's answer read, of the first whose best passage names `name`. */
function listNaming(session: Session, lists: readonly number[], name: string): number | undefined {
  const wanted = name.toLowerCase().replace(/\s+/g, ' ').trim();
  if (wanted === '') return undefined;
  const at = lists.findIndex((id) => bestPassage(session, id).toLowerCase().replace(/\s+/g, ' ').includes(wanted));
  return at >= 0 ? at : undefined;
}

/**
 * The later-round chains of `sessions` that recur, best first (most sessions), each with its
 * samples and its binding, or why it has none.
 */
export function laterRoundChains(sessions: readonly Session[]): LaterRoundChain[] {
  const ordered = newestFirst(sessions);
  const shapeOf = (s: Session) => taskShape(s.task ?? '');
  const perShape = new Map<string, number>();
  for (const s of ordered) perShape.set(shapeOf(s), (perShape.get(shapeOf(s)) ?? 0) + 1);

  const byKey = new Map<string, { symbols: string[]; round: number; entries: Array<{ session: Session; pair: LookUp; lists?: number[] }> }>();
  for (const session of ordered) {
    const pairs = lookUps(session);
    const first = pairs[0];
    if (!first) continue;
    const symbols = [first.lookUp.symbol, first.keep.symbol];
    const key = chainKey(symbols);
    const answerLists = roundOneLists(session);
    // Every name the round looked up, and the list whose best passage gave it.
    const positions = pairs.map((p) => listNaming(session, answerLists, String(p.lookUp.input.query)));
    const bound = positions.every((p) => p !== undefined);
    const entry = byKey.get(key) ?? { symbols, round: first.lookUp.round ?? 2, entries: [] };
    entry.entries.push({ session, pair: first, ...(bound ? { lists: [...new Set(positions as number[])] } : {}) });
    byKey.set(key, entry);
  }

  const found: LaterRoundChain[] = [];
  for (const [key, { symbols, round, entries }] of byKey) {
    if (entries.length < MIN_SESSIONS) continue;
    const samples: Session[] = entries.map(({ session, pair }) => ({
      sessionId: session.sessionId,
      at: session.at,
      ...(session.task !== undefined ? { task: session.task } : {}),
      steps: [
        { ...pair.lookUp, position: 0 },
        { ...pair.keep, position: 1 },
      ],
    }));
    const latencies = samples.map((s) => s.steps.reduce((n, step) => n + step.latencyMs, 0));
    const chain: MinedChain = {
      symbols,
      key,
      sessionCount: entries.length,
      support: entries.length / Math.max(1, ordered.length),
      confidence: 1,
      avgLatencyMs: latencies.reduce((a, b) => a + b, 0) / latencies.length,
      sampleEventIds: samples.slice(0, 5).map((s) => s.steps[0]?.eventId ?? ''),
      occurrences: samples.map((s) => ({ sessionId: s.sessionId, start: 0 })),
    };
    const kinds = [...perShape.keys()]
      .filter((shape) => {
        const made = entries.filter((e) => shapeOf(e.session) === shape).length;
        return made >= MIN_SESSIONS && made / (perShape.get(shape) ?? 1) >= MIN_SHAPE_SHARE;
      })
      .sort();
    const boundEntries = entries.filter((e) => e.lists !== undefined);
    const lists = [...new Set(boundEntries.flatMap((e) => e.lists ?? []))].sort((a, b) => a - b);
    const parameter = 'query' in (entries[0]?.pair.lookUp.input ?? {}) ? 'query' : '';
    let unbound: string | undefined;
    if (boundEntries.length * 2 < entries.length) {
      unbound = `the chain ${symbols.join(CHAIN_SEPARATOR)} of round ${round} looked up, in ${entries.length - boundEntries.length} of its ${entries.length} plans, a name no best passage of round one's answer inputs gives: round one cannot bind it`;
    } else if (kinds.length === 0) {
      unbound = `the chain ${symbols.join(CHAIN_SEPARATOR)} of round ${round} ran in fewer than half the plans of every task shape: no shape to offer it for`;
    }
    found.push({
      chain,
      samples,
      ...(unbound === undefined ? { binding: { round, task_kinds: kinds, parameter, lists } } : { unbound }),
    });
  }
  return found.sort((a, b) => b.chain.sessionCount - a.chain.sessionCount || a.chain.key.localeCompare(b.chain.key));
}

/** The registry name of a later-round composite: its round and chain (`learned.round2_graph_query_filter`). */
export function laterRoundToolId(toolId: string, round: number): string {
  return toolId.replace(/^learned\./, `learned.round${round}_`).slice(0, 80);
}
