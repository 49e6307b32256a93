/** `cairn run <task>`: analyse, plan, validate, execute and trace a task, printed as it ends. */
import type { Command } from 'commander';
import { checkCorpus, withStack } from './shared/context.js';
import { MAX_ROUNDS, type RunFlags, requestFrom, roundCount, withPlanningOptions } from './shared/options.js';
import { runAndPrint } from './shared/print-run.js';

export function addRunCommand(program: Command): void {
  const run = program
    .command('run')
    .description('analyse, plan, validate (repairing if needed), execute and trace a task')
    .argument('<task>', 'the task, in plain language')
    .option('--corpus <path>', 'JSONL or JSON file of documents {id, title?, text, modality?, metadata?}');
  withPlanningOptions(run)
    .option('--iterate', 'iterative mode: after each round the results go back to the planner, which adds steps or answers')
    .option('--max-rounds <n>', `most planning rounds in iterative mode (${MAX_ROUNDS.min} to ${MAX_ROUNDS.max}, default 5; implies --iterate)`, roundCount);
  run.action(async (task: string, flags: RunFlags) => {
    const corpus = await checkCorpus(flags.corpus);
    await withStack((stack) => runAndPrint(stack, requestFrom(task, flags, corpus), flags));
  });
}
