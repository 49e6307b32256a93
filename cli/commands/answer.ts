/** `cairn answer <planId> --json <answer>`: the answer to the question a waiting plan asks, and the plan going on. */
import type { Command } from 'commander';
import { InvalidInputError, oneLine, RequestValidationError } from '../../functions/core/errors.js';
import { withStack } from './shared/context.js';
import { progressOption, type RunFlags } from './shared/options.js';
import { answerInTerminal, printRecord, withProgress } from './shared/print-run.js';

export function addAnswerCommand(program: Command): void {
  program
    .command('answer')
    .description('answer the question a plan waits on (status waiting_for_input), and let it go on')
    .argument('<planId>', 'the plan id printed by run')
    .requiredOption('--json <answer>', "the answer, a JSON object of the question's fields")
    .addOption(progressOption())
    .action(async (planId: string, flags: { json: string; progress?: boolean }) => {
      let answer: unknown;
      try {
        answer = JSON.parse(flags.json);
      } catch (error) {
        throw new InvalidInputError(`--json is not valid JSON: ${oneLine(error)}`);
      }
      // --json here is the answer given, not the output format: the plan is printed as text.
      const view: RunFlags = flags.progress === false ? { progress: false } : {};
      await withStack(async (stack) => {
        const started = performance.now();
        const record = await withProgress(stack, planId, view, planId, () =>
          stack.answer(planId, answer).catch((error: unknown) => {
            // One line naming every problem, each with its path in the answer.
            if (error instanceof RequestValidationError) {
              throw new InvalidInputError(
                `${error.message}: ${error.issues.map((i) => `${i.path.replace(/^answer\/?/, '') || 'answer'} ${i.message}`).join('; ')}`,
              );
            }
            throw error;
          }),
        );
        await printRecord(stack, record, view, performance.now() - started);
        await answerInTerminal(stack, record, view);
      });
    });
}
