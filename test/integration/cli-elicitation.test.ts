/**
 * A plan that asks the user something, through `cairn` as a user runs it (separate processes on
 * one CAIRN_HOME): off a terminal `execute` prints the question and exits 0 with the plan
 * waiting; `answer` resumes it in another process, or refuses in one line with a non-zero exit.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cairnCommand, cairnEnvironment, type ProcessRun, runCairn } from '../support/cairn-process.js';
import { tempDir } from '../support/temp-dir.js';

const home = tempDir('cli-elicitation');

function cairn(args: string[]): Promise<ProcessRun> {
  return runCairn(args, cairnEnvironment(home));
}

describe('cairn CLI: questions to the user', () => {
  it('prints the question off a terminal and exits 0 waiting; `answer` refuses a bad answer in one line, then resumes the plan with a good one', async () => {
    // Act
    const asked = await cairn(['execute', 'examples/plans/elicitation.json', '--task', 'What is the population of the city?', '--json']);
    const waiting = JSON.parse(asked.stdout) as { planId: string; status: string; question: { step_id: number; message: string } };
    const trace = await cairn(['trace', waiting.planId, '--json']);
    const wrong = await cairn(['answer', waiting.planId, '--json', '{"city": "Berlin", "year": 3000}']);
    const answered = await cairn(['answer', waiting.planId, '--json', '{"city": "Marseille"}']);
    const again = await cairn(['answer', waiting.planId, '--json', '{"city": "Lyon"}']);
    const unknown = await cairn(['answer', 'p-0000000000000000', '--json', '{"city": "Lyon"}']);

    // Assess
    expect(asked.code).toBe(0);
    expect(waiting.status).toBe('waiting_for_input');
    expect(waiting.question).toMatchObject({ step_id: 1, message: 'Which French city do you want the population of?' });
    expect(trace.code).toBe(0);
    expect(trace.stdout).toContain('"input.requested"');
    expect(trace.stdout).not.toContain('local:');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toEqual([
      'cairn: the answer does not match the question of step 1: city must be one of "Lyon", "Marseille", "Paris", "Toulouse", "Nice", got "Berlin"; year must be at most 2030, got 3000',
    ]);
    expect(answered.code).toBe(0);
    expect(answered.stdout).toContain(`Plan ${waiting.planId} succeeded`);
    expect(answered.stdout).toContain('[marseille] Marseille');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`cairn: plan ${waiting.planId} is not waiting for input (status succeeded)`);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('cairn: plan "p-0000000000000000" not found');
  });

  it('prints the question and the command that answers it as text', async () => {
    // Act
    const asked = await cairn(['execute', 'examples/plans/elicitation.json', '--task', 'What is the population of the city?', '--no-progress']);

    // Assess
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/^Plan p-[0-9a-z-]+ waiting_for_input/);
    expect(asked.stdout).toContain('Question (step 1): Which French city do you want the population of?');
    expect(asked.stdout).toContain('  city: City (string, one of Lyon | Marseille | Paris | Toulouse | Nice)');
    expect(asked.stdout).toMatch(/Answer: npm start -- answer p-[0-9a-z-]+ --json '\{"city":"Lyon","year":1800\}'/);
  });

  it('asks each field in a terminal, explains a wrong answer, and goes on with a good one', async () => {
    // Prepare: `script` gives the command a terminal; each line is typed once the prompt it answers is shown.
    const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
    const command = cairnCommand(['execute', 'examples/plans/elicitation.json', '--task', 'What is the population of the city?', '--no-progress']);
    const child = spawn('script', ['-qec', `stty rows 40 cols 160; ${command.flat().map(quote).join(' ')}`, '/dev/null'], {
      env: { ...cairnEnvironment(home), CI: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const typed: Array<[RegExp, string]> = [
      [/City \(string[^)]*\): $/, 'Berlin'],
      [/Census year \(integer[^)]*\): $/, ''],
      [/Please answer again\.\s+City \(string[^)]*\): $/, 'Toulouse'],
      [/Please answer again\.[\s\S]*Census year \(integer[^)]*\): $/, '2020'],
    ];
    let screen = '';

    // Act
    const code = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`no end in 60 s: ${screen}`));
      }, 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        screen += stripVTControlCharacters(chunk.toString('utf8'));
        const next = typed[0];
        if (next?.[0].test(screen)) {
          typed.shift();
          child.stdin.write(`${next[1]}\r`);
        }
      });
      child.on('exit', (exit) => {
        clearTimeout(timer);
        resolve(exit ?? 1);
      });
    });

    // Assess
    expect(code).toBe(0);
    expect(screen).toContain('Which French city do you want the population of?');
    expect(screen).toContain('city: must be one of "Lyon", "Marseille", "Paris", "Toulouse", "Nice", got "Berlin"');
    expect(screen).toMatch(/Plan p-\S+ succeeded/);
    expect(screen).toContain('[toulouse] Toulouse');
  });
});
