/** `cairn learn`: mine, synthesize composite tools, validate them by replay, and store them for approval (cli/learn.ts). */
import type { Command } from 'commander';
import { withStack } from './shared/context.js';
import { positiveInt, windowed } from './shared/options.js';

export function addLearnCommand(program: Command): void {
  windowed(program.command('learn').description('mine, synthesize composite tools, validate them by replay, and store them for approval'))
    .option('--max-tools <n>', 'how many of the strongest chains to synthesize', positiveInt('--max-tools'))
    .option('--no-approval', 'promote a tool that passes replay at once, without a person')
    .action(async (flags) => {
      const { learnCommand } = await import('../learn.js');
      await withStack((stack) => learnCommand(stack, flags));
    });
}
