/** `cairn replay <planId>`: a stored plan executed again without planning, compared step by step with its trace. */
import type { Command } from 'commander';
import { InvalidInputError } from '../../functions/core/errors.js';
import type { PlanRequest } from '../../functions/core/types.js';
import { localConfig, withStack } from './shared/context.js';
import { jsonOption, progressOption, type RunFlags } from './shared/options.js';
import { withProgress } from './shared/print-run.js';

export function addReplayCommand(program: Command): void {
  program
    .command('replay')
    .description('execute a stored plan again, without planning, and say step by step whether its results match the trace')
    .argument('<planId>', 'the plan id printed by run')
    .addOption(jsonOption())
    .addOption(progressOption())
    .action(async (planId: string, flags: RunFlags) => {
      await withStack(async (stack) => {
        const original = await stack.runtime.store.getPlan(planId);
        if (!original) throw new InvalidInputError(`no plan ${planId} in ${localConfig().dataDir}`);
        if (!original.plan)
          throw new InvalidInputError(
            `plan ${planId} has no accepted plan to replay (it ${original.status === 'failed' ? 'failed before one was accepted' : `is ${original.status}`})`,
          );
        const before = await stack.runtime.store.listStepOutputs(planId);
        // The same request, with the accepted plan supplied: no analysis, no planner, a new plan id.
        const { options, task, context, constraints, corpus, tools } = original.request;
        const { plan: _given, ...rest } = options ?? {};
        const request: PlanRequest = {
          task,
          ...(context !== undefined ? { context } : {}),
          ...(constraints !== undefined ? { constraints } : {}),
          ...(corpus !== undefined ? { corpus } : {}),
          ...(tools !== undefined ? { tools } : {}),
          ...(Object.keys(rest).length > 0 ? { options: rest } : {}),
          plan: original.plan,
        };
        const { compareRuns } = await import('../../functions/core/executor/compare-runs.js');
        const record = await withProgress(stack, `replay of ${planId}`, flags, undefined, () => stack.run(request));
        const steps = compareRuns(before, await stack.runtime.store.listStepOutputs(record.planId));
        const matched = steps.filter((s) => s.match !== 'differs').length;
        if (flags.json) {
          console.log(JSON.stringify({ planId, replayId: record.planId, status: record.status, matched, total: steps.length, steps }, null, 2));
        } else {
          console.log(`replay of ${planId}: ${record.planId}, ${record.status}; ${matched} of ${steps.length} steps match`);
          for (const s of steps) console.log(`  step ${String(s.step_id).padEnd(3)} ${s.type.padEnd(20)} ${s.match}${s.note ? `  (${s.note})` : ''}`);
        }
        if (record.status !== 'succeeded' || matched < steps.length) process.exitCode = 1;
      });
    });
}
