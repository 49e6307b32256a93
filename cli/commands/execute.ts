/** `cairn execute <file>`: a plan file validated and executed over the corpus, traced like a planned run. */
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { DecompositionPlan } from '../../functions/core/types.js';
import { checkCorpus, readPlanFile, withStack } from './shared/context.js';
import { formatOption, jsonOption, optionsOption, progressOption, type RunFlags, requestFrom } from './shared/options.js';
import { runAndPrint } from './shared/print-run.js';

/**
 * The task a plan file answers when the command line names none: the task the plan carries, else
 * what its steps say they do (their explanations, each once), else the file's name.
 */
function taskOfPlan(plan: DecompositionPlan, file: string): string {
  if (typeof plan?.task === 'string' && plan.task.trim() !== '') return plan.task;
  const steps = Array.isArray(plan?.plan) ? plan.plan : [];
  const said = [...new Set(steps.map((s) => s?.trace?.explanation).filter((e): e is string => typeof e === 'string' && e.trim() !== ''))];
  return said.length > 0 ? said.join('; ') : `the plan in ${basename(file)}`;
}

export function addExecuteCommand(program: Command): void {
  program
    .command('execute')
    .description('validate and execute a plan file over the corpus, traced like a planned run')
    .argument('<file>', 'the plan file (JSON or YAML)')
    .option('--task <task>', "the task the plan answers (used by rerank and answer steps); default: the plan's task, else the steps' explanations")
    .option('--corpus <path>', 'JSONL or JSON file of documents')
    .addOption(jsonOption())
    .addOption(formatOption())
    .addOption(progressOption())
    .addOption(optionsOption())
    .action(async (file: string, flags: RunFlags & { task?: string }) => {
      const plan = (await readPlanFile(file)) as DecompositionPlan;
      const corpus = await checkCorpus(flags.corpus);
      await withStack((stack) => runAndPrint(stack, requestFrom(flags.task ?? taskOfPlan(plan, file), flags, corpus, plan), flags));
    });
}
