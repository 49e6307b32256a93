/**
 * A process that starts a plan and is killed while the plan is at work, for the tests of leases:
 * `node --import tsx test/support/held-plan.ts <dataDir | endpoint:table> "<task>"` opens a local
 * stack (the embedded store in `dataDir`, shared if another process holds it, or DynamoDB Local at
 * `endpoint` with `table`), starts the plan with a model whose answer never comes, prints
 * `{"planId":..,"pid":..}` once an `llm_call` step is under way (the plan is executing), and waits
 * for ever: the test ends it with SIGKILL.
 */
import { LocalStack } from '../../cli/local-runner.js';
import { loadConfig } from '../../functions/shared/config.js';
import { RuleBasedWithOverrides } from './llm.js';

const [where = '', task = 'Compare the populations of Lyon and Marseille'] = process.argv.slice(2);
const [endpoint, table] = where.startsWith('http') ? [where.slice(0, where.lastIndexOf(':')), where.slice(where.lastIndexOf(':') + 1)] : [];
const config = { ...loadConfig({ ...process.env, CAIRN_DYNAMODB_ENDPOINT: endpoint ?? '', ...(table ? { CAIRN_TABLE: table } : {}) }) };
// The answer of an llm_call step never comes; analysis and planning are the rule-based model's.
const llm = new RuleBasedWithOverrides((request) => (request.purpose === 'answer' ? new Promise<undefined>(() => undefined) : undefined));
const stack = await LocalStack.open({ config, llm, ...(endpoint ? {} : { dataDir: where }) });
stack.onEvent((event) => {
  if (event.type === 'step.started' && event.data?.type === 'llm_call') {
    process.stdout.write(`${JSON.stringify({ planId: event.planId, pid: process.pid })}\n`);
  }
});
await stack.run({ task });
