/** `cairn plan <task>`: plan and validate a task without executing it. */
import type { Command } from 'commander';
import { withStack } from './shared/context.js';
import { type RunFlags, requestFrom, withPlanningOptions } from './shared/options.js';
import { runAndPrint } from './shared/print-run.js';

export function addPlanCommand(program: Command): void {
  const plan = program.command('plan').description('plan and validate a task without executing it').argument('<task>', 'the task, in plain language');
  withPlanningOptions(plan).action(async (task: string, flags: RunFlags) => {
    await withStack((stack) => runAndPrint(stack, requestFrom(task, flags, undefined), flags, true));
  });
}
