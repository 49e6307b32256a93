/** `cairn mine`: the chains of steps and tool calls that recur in the stored plans (cli/learn.ts, loaded by this command only). */
import type { Command } from 'commander';
import { withStack } from './shared/context.js';
import { windowed } from './shared/options.js';

export function addMineCommand(program: Command): void {
  windowed(program.command('mine').description('find the chains of steps and tool calls that recur in the stored plans')).action(async (flags) => {
    const { mineCommand } = await import('../learn.js');
    await withStack((stack) => mineCommand(stack, flags));
  });
}
