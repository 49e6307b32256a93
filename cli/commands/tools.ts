/** `cairn tools`: the learned tools, with status and figures (cli/learn.ts). */
import type { Command } from 'commander';
import { withStack } from './shared/context.js';

export function addToolsCommand(program: Command): void {
  program
    .command('tools')
    .description('the learned tools, with status and figures')
    .option('--json', 'print one JSON object')
    .action(async (flags: { json?: boolean }) => {
      const { toolsCommand } = await import('../learn.js');
      await withStack((stack) => toolsCommand(stack, flags));
    });
}
