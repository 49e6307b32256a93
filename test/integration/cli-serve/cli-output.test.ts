import { stripVTControlCharacters } from 'node:util';
/**
 * What `cairn` prints, as a user runs it (a separate process, the embedded database): the plan
 * as mermaid or dot, the tree, `--json` untouched, and live progress only on a terminal.
 */
import { describe, expect, it } from 'vitest';
import { cairnCommand, cairnEnvironment, runCairn, runProcess } from '../../support/cairn-process.js';
import { tempDir } from '../../support/temp-dir.js';

const CONDITIONAL_TASK = 'If the corpus mentions a tram network in Lyon, summarize public transport in Lyon, otherwise describe the museums of Lyon';
const home = tempDir('cli-output');
const env = cairnEnvironment(home, { CI: '' });

/** `cairn` with its output on pipes, as in a script or CI. */
const cairn = (args: string[]) => runCairn(args, env);

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** `cairn` on a pseudo-terminal of 120×40 (util-linux `script`), as a person at a terminal runs it. */
const cairnOnTerminal = (args: string[]) =>
  runProcess('script', ['-qec', `stty rows 40 cols 120; ${cairnCommand(args).flat().map(quote).join(' ')}`, '/dev/null'], env);

describe('cairn plan --format', () => {
  it('prints the plan as a mermaid flowchart, and nothing else', async () => {
    // Act
    const out = await cairn(['plan', CONDITIONAL_TASK, '--format', 'mermaid']);

    // Assess
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('flowchart TD');
    expect(lines.filter((l) => /^ {2}s\d+[[{]"/.test(l))).toHaveLength(6);
    expect(lines).toContain(`  s2 -.->|"if step_2.result['run'] == False"| s4`);
  });

  it('prints a run as a Graphviz digraph with the skipped step dashed and its condition', async () => {
    // Act
    const out = await cairn(['run', CONDITIONAL_TASK, '--format', 'dot']);

    // Assess
    expect(out.code).toBe(0);
    expect(out.stdout.startsWith('digraph plan {')).toBe(true);
    expect(out.stdout).toMatch(/s4 \[label="4 · keyword_search\\n.*?\\nskipped: if step_2.result\['run'\] == False".*style="rounded,filled,dashed"/);
    expect(out.stdout).toContain(`s2 -> s3 [style=dashed, label="if step_2.result['run'] == True"];`);
  });

  it('refuses --format with --json, which stays the machine format', async () => {
    // Act
    const out = await cairn(['plan', 'What is a bouchon?', '--format', 'dot', '--json']);

    // Assess
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/cannot be used with option '--json'/);
  });
});

describe('cairn run: output and progress', () => {
  it('draws no progress when its output is piped: stderr stays empty, stdout has the report with the tree', async () => {
    // Act
    const out = await cairn(['run', CONDITIONAL_TASK]);

    // Assess
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    // The answer itself first, then how it was reached.
    expect(out.stdout).toMatch(/^Answer: .+\n\nPlan p-\S+ succeeded in /);
    expect(out.stdout).toMatch(/^ {5}└─ 4 keyword_search {2}"describe the museums of Lyon" top 10 {2}if step_2\.result\['run'\] == False {2}↷ skipped: /m);
  });

  it('prints one JSON object with --json, and nothing on stderr', async () => {
    // Act
    const out = await cairn(['run', 'What is a bouchon?', '--json']);

    // Assess
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toMatchObject({ status: 'succeeded', planId: expect.stringMatching(/^p-/) });
  });

  it('shows each phase and each step with its time while it works on a terminal', async () => {
    // Act
    const out = await cairnOnTerminal(['run', CONDITIONAL_TASK]);

    // Assess
    expect(out.code).toBe(0);
    const screen = stripVTControlCharacters(out.stdout);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the assertion is about a terminal escape sequence (cursor up)
    expect(out.stdout).toMatch(/\u001b\[\d*A/); // the frame is redrawn in place
    // A phase's time reads in ms under a second and in seconds past it (a loaded machine gets there).
    const took = String.raw`(\d+ ms|\d+\.\d+ s)`;
    expect(screen).toMatch(new RegExp(`✔ analyze +conditional · complex +${took}`));
    expect(screen).toMatch(new RegExp(`✔ validate +attempt 1 valid +${took}`));
    expect(screen).toMatch(new RegExp(`running ${took}`));
    expect(screen).toMatch(new RegExp(`✔ 1 keyword_search +${took} · \\d+ docs`));
    expect(screen).toMatch(/↷ 4 keyword_search +skipped: if step_2\.result\['run'\] == False/);
    expect(screen).toMatch(new RegExp(`✔ execute +6/6 steps · 1 skipped +${took}`));
    expect(screen).toMatch(/Plan p-\S+ succeeded in /);
  });

  it('stays quiet on a terminal with --no-progress', async () => {
    // Act
    const out = await cairnOnTerminal(['plan', 'What is a bouchon?', '--no-progress']);

    // Assess
    expect(out.code).toBe(0);
    expect(out.stdout).not.toContain('✔ analyze');
    expect(out.stdout).toContain('Plan: ');
  });
});
