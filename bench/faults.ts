/**
 * Every fault scenario of Cairn, run against the real code paths, one row each:
 * `{scenario, ok, ...figures}`, where `ok` is computed from the row's own figures.
 *
 *   npm run bench:faults              a table, then the rows as one JSON array on the last line
 *   npm run bench:faults -- --json    only the JSON array
 *
 * The scenarios live beside their subject: bench/faults-llm.ts (deadlines, budgets),
 * bench/faults-intake.ts (duplicate and stale deliveries, lost starts, batches, nesting, corpus
 * folders), bench/faults-core.ts (fuzzed plans, condition escapes, state and trace item sizes,
 * composites past the allow-lists), bench/faults-corpus.ts (links, FIFOs and forged manifests
 * against the corpus roots, damaged indexes), bench/faults-owner.ts (the local store and serve belong to
 * the home's owner) and bench/faults-lease.ts (a plan whose process was killed).
 */
import { coreFaultRows } from './faults-core.js';
import { corpusFaultRows } from './faults-corpus.js';
import { intakeFaultRows } from './faults-intake.js';
import { leaseFaultRows } from './faults-lease.js';
import { type FaultRow, llmFaultRows } from './faults-llm.js';
import { ownerFaultRows } from './faults-owner.js';

const json = process.argv.includes('--json');
const rows: FaultRow[] = [];
// One group after another: each starts its own servers and stores, and timings stay undisturbed.
for (const group of [intakeFaultRows, llmFaultRows, coreFaultRows, corpusFaultRows, ownerFaultRows, leaseFaultRows]) rows.push(...(await group()));

if (!json) {
  const width = Math.max(...rows.map((r) => r.scenario.length));
  for (const { scenario, ok, ...figures } of rows) {
    console.log(`${ok ? 'ok  ' : 'FAIL'}  ${scenario.padEnd(width)}  ${JSON.stringify(figures)}`);
  }
  console.log(`${rows.filter((r) => r.ok).length} of ${rows.length} scenarios ok`);
}
console.log(JSON.stringify(rows));
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
