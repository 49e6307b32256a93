/** `cairn trace <planId>`: the trace of a plan, phase by phase. */
import type { Command } from 'commander';
import { InvalidInputError } from '../../functions/core/errors.js';
import { renderTrace } from '../render.js';
import { localConfig, withStack } from './shared/context.js';

export function addTraceCommand(program: Command): void {
  program
    .command('trace')
    .description('show the trace of a plan, phase by phase')
    .argument('<planId>', 'the plan id printed by run')
    .option('--json', 'print the record and its events as JSON')
    .action(async (planId: string, flags: { json?: boolean }) => {
      await withStack(async (stack) => {
        const record = await stack.runtime.store.getPlan(planId);
        if (!record) throw new InvalidInputError(`no plan ${planId} in ${localConfig().dataDir}`);
        const events = await stack.runtime.store.listEvents(planId);
        // The token that resumes a waiting plan is a credential: never printed.
        const { inputToken: _token, ...shown } = record;
        if (flags.json) console.log(JSON.stringify({ plan: shown, events }, null, 2));
        else console.log(renderTrace(record, events));
      });
    });
}
