/**
 * `cairn`: the command line. Every command that plans or executes goes through the local runner,
 * i.e. the deployed state machine definition and the Lambda handlers, over the local database;
 * a plan enters through the same intake as POST /plans. Each command is a module of its own under
 * commands/; what they share is in commands/shared/.
 */
import { Command, CommanderError } from 'commander';
import { oneLine } from '../functions/core/errors.js';
import { addAnswerCommand } from './commands/answer.js';
import { addApproveCommand } from './commands/approve.js';
import { addEvalCommand } from './commands/eval.js';
import { addExecuteCommand } from './commands/execute.js';
import { addIndexCommand } from './commands/index-corpus.js';
import { addLearnCommand } from './commands/learn.js';
import { addMineCommand } from './commands/mine.js';
import { addPlanCommand } from './commands/plan.js';
import { addPlansCommand } from './commands/plans.js';
import { addReplayCommand } from './commands/replay.js';
import { addRunCommand } from './commands/run.js';
import { addServeCommand } from './commands/serve.js';
import { localConfigIfRead } from './commands/shared/context.js';
import { addToolsCommand } from './commands/tools.js';
import { addTraceCommand } from './commands/trace.js';
import { addValidateCommand } from './commands/validate.js';

/** Every command, in the order `cairn --help` lists them. */
const COMMANDS: ReadonlyArray<(program: Command) => void> = [
  addRunCommand,
  addPlanCommand,
  addValidateCommand,
  addExecuteCommand,
  addAnswerCommand,
  addTraceCommand,
  addPlansCommand,
  addReplayCommand,
  addServeCommand,
  addIndexCommand,
  addEvalCommand,
  // Learning from the stored traces: cli/learn.ts, loaded by these commands only.
  addMineCommand,
  addLearnCommand,
  addToolsCommand,
  addApproveCommand,
];

export function buildProgram(): Command {
  const program = new Command('cairn')
    .description('Turn a task in plain language into a validated plan, execute it over a corpus, and trace every phase.')
    .showHelpAfterError()
    .exitOverride();
  for (const add of COMMANDS) add(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    console.error(`cairn: ${oneLine(error)}`);
    if (localConfigIfRead()?.debug) console.error(error);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
