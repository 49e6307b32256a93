/**
 * Learning through the command line against DynamoDB Local, as a user runs it: plans run by
 * `cairn run` (the keyless planner), then `mine`, `learn`, `tools` and `approve` as separate
 * processes over the same table, with the refusals of the promotion path each one line.
 */
import { describe, expect, inject, it } from 'vitest';
import { cairnEnvironment, type ProcessRun, runCairn } from '../support/cairn-process.js';
import { uniqueTableName } from '../support/dynamo.js';
import { tempDir } from '../support/temp-dir.js';

const home = tempDir('cli-learn');
const env = {
  CAIRN_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  CAIRN_TABLE: uniqueTableName('cli-learn'),
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  // Five plans: replaying three is enough here (seed 001's ten is for a real history).
  CAIRN_LEARNING: JSON.stringify({ min_replay_sessions: 3 }),
};
const cairn = (args: string[]): Promise<ProcessRun> => runCairn(args, cairnEnvironment(home, env));

interface ToolSummary {
  id: string;
  status: string;
  figures: { meanSimilarity?: number; latencyRatio?: number };
  problems?: string[];
  corpora?: string[];
}

const TASKS = [
  'Compare the populations of Lyon and Marseille',
  'What is the tallest mountain',
  'Compare the rainfall of Lyon and Porto',
  'Who founded the Amazon river expedition',
  'Compare Paris and Berlin',
];

describe('cairn mine / learn / tools / approve', () => {
  it('mines the stored plans, stores tested tools, and promotes one once', { timeout: 300_000 }, async () => {
    const empty = await cairn(['mine']);
    expect(empty.code).toBe(1);
    expect(empty.stderr.trim()).toBe('cairn: no sessions to mine: no stored plan ran a step in the period');

    for (const task of TASKS) expect((await cairn(['run', task, '--json'])).code).toBe(0);

    const mined = await cairn(['mine', '--min-support', '0.3', '--json']);
    expect(mined.code).toBe(0);
    const chains = JSON.parse(mined.stdout) as { sessions: number; chains: Array<{ chain: string; support: number; sampleEventIds: string[] }> };
    expect(chains.sessions).toBe(5);
    // Every plan the keyless planner wrote starts by searching by keywords and by vectors (what
    // follows depends on which parallel step started first).
    expect(chains.chains[0]).toMatchObject({ chain: expect.stringMatching(/^keyword_search → vector_search/), support: 1 });
    expect(chains.chains[0]!.sampleEventIds).toHaveLength(5);

    const learned = await cairn(['learn', '--min-support', '0.3', '--json']);
    expect(learned.code).toBe(0);
    const report = JSON.parse(learned.stdout) as { sessions: number; synthesized: number; validated: number; promoted: number; tools: ToolSummary[] };
    expect(report).toMatchObject({ sessions: 5, promoted: 0 });
    expect(report.synthesized).toBeGreaterThan(0);
    // Approval is required by default: what passed waits in TESTING, what did not is DRAFT with its reasons.
    const testing = report.tools.filter((t) => t.status === 'TESTING');
    const drafts = report.tools.filter((t) => t.status === 'DRAFT');
    expect(testing).toHaveLength(report.validated);
    expect(testing.length).toBeGreaterThan(0);
    for (const draft of drafts) expect(draft.problems?.length).toBeGreaterThan(0);

    const id = testing[0]!.id;
    const approved = await cairn(['approve', id, '--promote']);
    expect(approved.code).toBe(0);
    expect(approved.stdout.trim()).toBe(`${id} is now PROMOTED`);

    const refusals: Array<[string[], string]> = [
      [['approve', id, '--promote'], `cairn: tool ${id} is already PROMOTED: demote it first (npm start -- approve ${id} --demote)`],
      [['approve', 'learned.never_learned', '--promote'], 'cairn: no learned tool learned.never_learned'],
      [['approve', 'learned.never_learned', '--demote'], 'cairn: no learned tool learned.never_learned'],
      [['approve', id], 'cairn: approve needs one of --promote, --reject or --demote (--demote --reject rejects a promoted tool)'],
      ...(drafts[0]
        ? [
            [['approve', drafts[0].id, '--promote'], `cairn: tool ${drafts[0].id} is DRAFT: it did not pass validation, so it cannot be promoted`] as [
              string[],
              string,
            ],
          ]
        : []),
    ];
    for (const [args, message] of refusals) {
      const run = await cairn(args);
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(message);
    }

    const listed = await cairn(['tools', '--json']);
    const tools = (JSON.parse(listed.stdout) as { tools: ToolSummary[] }).tools;
    expect(tools.find((t) => t.id === id)?.status).toBe('PROMOTED');
    expect(tools.filter((t) => t.status === 'PROMOTED')).toHaveLength(1);
    const text = await cairn(['tools']);
    expect(text.stdout).toMatch(new RegExp(`^PROMOTED +${id.replaceAll('.', '\\.')} +similarity \\d\\.\\d{3}`, 'm'));

    // Learned on plans over the default corpus: offered for that corpus only.
    expect(tools.find((t) => t.id === id)?.corpora).toEqual(['']);
    expect(text.stdout).toContain('on the default corpus');

    // The next run loads the promoted composite into its registry without a refusal.
    const after = await cairn(['run', 'What is the tallest mountain', '--json']);
    expect(after.code).toBe(0);
    expect(after.stderr).not.toContain('refused');

    // A promotion can be undone: back to TESTING, promoted again, then demoted and rejected.
    const steps: Array<[string[], string]> = [
      [['approve', id, '--demote'], `${id} is now TESTING`],
      [['approve', id, '--promote'], `${id} is now PROMOTED`],
      [['approve', id, '--demote', '--reject'], `${id} is now REJECTED`],
    ];
    for (const [args, said] of steps) {
      const run = await cairn(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout.trim()).toBe(said);
    }
    const again = await cairn(['approve', id, '--demote']);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`cairn: tool ${id} is REJECTED, not PROMOTED: only a promoted tool can be demoted`);
  });
});
