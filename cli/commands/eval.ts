/** `cairn eval`: the plan's recall beside a single search of the whole question, and the answer against the gold one, over a question file. */
import { type Command, InvalidArgumentError } from 'commander';
import { checkCorpus, withStack } from './shared/context.js';
import { MAX_ROUNDS, positiveInt, roundCount } from './shared/options.js';

interface EvalFlags {
  corpus: string;
  questions: string;
  split?: 'dev' | 'test';
  limit?: number;
  folds?: number;
  json?: boolean;
  iterate?: boolean;
  maxRounds?: number;
}

const evalSplit = (value: string): 'dev' | 'test' => {
  if (value !== 'dev' && value !== 'test') throw new InvalidArgumentError('--split must be dev or test');
  return value;
};

export function addEvalCommand(program: Command): void {
  program
    .command('eval')
    .description("recall@2/5/10 of the plan's sources beside a single search of the whole question, and the answer scored against the gold answer")
    .requiredOption('--corpus <file>', 'JSONL or JSON corpus')
    .requiredOption('--questions <file>', 'JSONL of {question, gold_ids, id?, answer?, aliases?, kind?, split?}')
    .option('--split <split>', 'only the questions of one split: dev or test (docs/evaluation.md)', evalSplit)
    .option('--limit <n>', 'only the first n questions', positiveInt('--limit'))
    .option('--folds <n>', 'deal the questions into n folds (question i to fold i mod n) and report each beside the whole', positiveInt('--folds'))
    .option('--iterate', 'plan each question in iterative mode (results go back to the planner between rounds)')
    .option('--max-rounds <n>', `most planning rounds with --iterate (${MAX_ROUNDS.min} to ${MAX_ROUNDS.max}, default 5)`, roundCount)
    .option('--json', 'print one JSON object')
    .action(async (flags: EvalFlags) => {
      const corpus = await checkCorpus(flags.corpus);
      const { renderEvaluation, runEvaluation } = await import('../eval.js');
      // An in-memory store: evaluation runs are not worth keeping next to the user's plans.
      const report = await withStack(
        (stack) =>
          runEvaluation(stack, {
            corpus: corpus!,
            questions: flags.questions,
            ...(flags.split ? { split: flags.split } : {}),
            ...(flags.limit ? { limit: flags.limit } : {}),
            ...(flags.folds ? { folds: flags.folds } : {}),
            ...(flags.iterate || flags.maxRounds !== undefined ? { iterate: { maxRounds: flags.maxRounds } } : {}),
          }),
        true,
      );
      console.log(flags.json ? JSON.stringify(report) : renderEvaluation(report));
    });
}
