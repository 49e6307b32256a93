/** `cairn validate <file>`: a plan file checked as the planner's plans are; exit 0 when valid, 1 when not. */
import type { Command } from 'commander';
import { validatePlan } from '../../functions/core/plan/validate.js';
import type { DecompositionPlan } from '../../functions/core/types.js';
import { renderPlan } from '../render.js';
import { planFiles, readPlanFile } from './shared/context.js';
import { formatOption, type PlanFormat } from './shared/options.js';
import { diagramOf } from './shared/print-run.js';

export function addValidateCommand(program: Command): void {
  program
    .command('validate')
    .description('validate a plan file (JSON or YAML); exit 0 when valid, 1 when not')
    .argument('<file>', 'the plan file')
    .option('--json', 'print one JSON object')
    .addOption(formatOption())
    .action(async (file: string, flags: { json?: boolean; format?: PlanFormat }) => {
      const plan = await readPlanFile(file);
      const result = validatePlan(plan);
      const diagram = result.valid ? diagramOf(plan as DecompositionPlan, flags.format) : undefined;
      if (flags.json) console.log(JSON.stringify(result, null, 2));
      else if (diagram !== undefined) console.log(diagram);
      else if (result.valid) console.log(`${file}: valid plan, ${(plan as DecompositionPlan).plan.length} steps\n${renderPlan(plan as DecompositionPlan)}`);
      else console.log(`${file}: ${result.errors.length} error(s)\n${(await planFiles()).formatIssues(result.errors)}`);
      if (!result.valid) process.exitCode = 1;
    });
}
