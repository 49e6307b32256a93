/** bench:readme's table of a bench's figures, as it writes them into docs/benchmarks.md. */
import { describe, expect, it } from 'vitest';
import { benchTable } from '../../../bench/readme-figures.js';

// Cells split at the pipes Markdown reads as separators, not at escaped ones.
const rowsOf = (markdown: string) =>
  markdown.split('\n').map((line) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim()),
  );

describe('Function: benchTable', () => {
  it('writes an object of figures as a line per figure, nested objects opened by dotted path', () => {
    // Act
    const rows = rowsOf(benchTable({ calls: 84, byRule: { consecutive: 24 }, finished: false, firstBlockedRound: null }));

    // Assess
    expect(rows[0]).toEqual(['figure', 'value']);
    expect(rows.slice(2)).toEqual([
      ['calls', '84'],
      ['byRule.consecutive', '24'],
      ['finished', 'false'],
      ['firstBlockedRound', 'null'],
    ]);
  });

  it('writes rows as a row each, the fields not every row has in a last column', () => {
    // Act
    const rows = rowsOf(
      benchTable([
        { scenario: 'duplicate S3 delivery', ok: true, deliveries: 3 },
        { scenario: 'a | b', ok: false, sizes: [1, 2] },
      ]),
    );

    // Assess
    expect(rows[0]).toEqual(['scenario', 'ok', 'other figures']);
    expect(rows[2]).toEqual(['duplicate S3 delivery', 'true', '{"deliveries":3}']);
    // A pipe in a value is escaped, so the row keeps its three cells.
    expect(rows[3]).toEqual(['a \\| b', 'false', '{"sizes":[1,2]}']);
  });

  it('refuses figures that are neither rows nor an object', () => {
    expect(() => benchTable(42)).toThrow('neither a list nor an object');
    expect(() => benchTable([1, 2])).toThrow('not of objects');
  });
});
