/** `cairn approve <tool-id>`: a learned tool promoted, rejected or demoted (cli/learn.ts). */
import type { Command } from 'commander';
import { withStack } from './shared/context.js';

export function addApproveCommand(program: Command): void {
  program
    .command('approve')
    .description('promote (or reject) a learned tool that waits in TESTING, or demote a promoted one')
    .argument('<tool-id>', 'the tool, as `npm start -- tools` lists it')
    .option('--promote', 'make it available to plans and the planner')
    .option('--reject', 'never offer it again')
    .option('--demote', 'take a PROMOTED tool back to TESTING (with --reject: to REJECTED)')
    .option('--json', 'print one JSON object')
    .action(async (id: string, flags: { promote?: boolean; reject?: boolean; demote?: boolean; json?: boolean }) => {
      const { approveCommand } = await import('../learn.js');
      await withStack((stack) => approveCommand(stack, id, flags));
    });
}
