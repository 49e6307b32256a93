/** `cairn plans`: the stored plans, newest first, filtered and a page at a time, as GET /plans lists them. */
import type { Command } from 'commander';
import { InvalidInputError, oneLine } from '../../functions/core/errors.js';
import { withStack } from './shared/context.js';

export function addPlansCommand(program: Command): void {
  program
    .command('plans')
    .description('the stored plans, newest first, filtered and a page at a time (as GET /plans)')
    .option('--status <status>', 'only the plans in this status (succeeded, failed, executing, ...)')
    .option('--kind <kind>', 'only the plans of this task kind (comparison, bridge, conditional, top_n, multimodal, lookup)')
    .option('--text <words>', 'only the plans whose task holds these words')
    .option('--since <time>', 'only the plans created at or after this ISO time, or this long ago (7d, 12h, 30m)')
    .option('--limit <n>', 'plans per page (1 to 200, default 50)')
    .option('--next <cursor>', 'the page after the one that printed this cursor')
    .option('--json', 'print one JSON object: {plans, next, filters}')
    .action(async (flags: { status?: string; kind?: string; text?: string; since?: string; limit?: string; next?: string; json?: boolean }) => {
      const { listPlanPage, parsePlanListQuery } = await import('../../functions/core/workflow/plan-list.js');
      const { renderPlanList } = await import('../render.js');
      // The API's parameters, checked by the API's own parser: the same values are refused the same way.
      const params = Object.fromEntries(
        Object.entries({ status: flags.status, kind: flags.kind, q: flags.text, since: flags.since, limit: flags.limit, next: flags.next }).filter(
          ([, v]) => v !== undefined,
        ),
      ) as Record<string, string>;
      let query: ReturnType<typeof parsePlanListQuery>;
      try {
        query = parsePlanListQuery(params);
      } catch (error) {
        // The API names `q`; here it is --text.
        throw new InvalidInputError(`--${oneLine(error).replace(/^q /, 'text ')}`);
      }
      await withStack(async (stack) => {
        const page = await listPlanPage(stack.runtime.store, query);
        if (flags.json) console.log(JSON.stringify(page, null, 2));
        else console.log(renderPlanList(page, flags.limit !== undefined ? query.limit : undefined));
      });
    });
}
