/**
 * The composition root: a runtime is built from a config object, and the adapters a caller
 * replaces are the ones every part of it uses (the phases, the intake, the handlers made over it).
 * Nothing here talks to a database: the clients are built, never called.
 */
import { describe, expect, it } from 'vitest';
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { SfnWorkflowStarter } from '../../../functions/adapters/sfn/workflow-starter.js';
import { ConfigError } from '../../../functions/core/errors.js';
import type { WorkflowStarter } from '../../../functions/core/ports.js';
import { ToolRegistry } from '../../../functions/core/tools/registry.js';
import { TASK_STATES } from '../../../functions/handlers/states.js';
import { createIntakeRuntime } from '../../../functions/runtime/intake.js';
import { startDepsOf } from '../../../functions/runtime/start.js';
import { createRuntime } from '../../../functions/runtime/workflow.js';
import { loadConfig, loadLocalConfig } from '../../../functions/shared/config.js';
import { NotifyingTraceStore } from '../../../local/trace/notifying-trace-store.js';

const ENV = { CAIRN_TABLE: 'root-test', CAIRN_DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', AWS_REGION: 'eu-west-1' };
const config = loadConfig(ENV);
const starter: WorkflowStarter = { deduplicatesByName: true, start: async () => ({ started: true }) };

describe('Function: createRuntime', () => {
  it('builds every adapter from the configuration when nothing is replaced', () => {
    // Act
    const rt = createRuntime(config);

    // Assess
    expect(rt.config).toBe(config);
    expect(rt.llm).toMatchObject({ name: 'rule-based', model: 'cairn-rules-v1', source: 'rule-based' });
    expect(rt.phases.llm).toBe(rt.llm);
    expect(rt.phases.store).toBe(rt.store);
    expect(rt.phases.tools.names()).toContain('corpus.search');
    expect(rt.phases.defaults).toMatchObject({ topK: config.topK, concurrency: config.concurrency });
    expect(rt.starter).toBeUndefined();
  });

  it('registers http.fetch only when the configuration allows hosts, and math.evaluate always', () => {
    expect(createRuntime(config).phases.tools.names()).not.toContain('http.fetch');
    const withHosts = createRuntime(loadConfig({ ...ENV, CAIRN_HTTP_FETCH_HOSTS: 'example.org' }));
    expect(withHosts.phases.tools.names()).toEqual(expect.arrayContaining(['http.fetch', 'math.evaluate', 'corpus.get']));
  });

  it('uses the adapters it is given everywhere: the phases see the same LLM, tools and store as the runtime', () => {
    // Prepare
    const llm = new RuleBasedProvider();
    const tools = new ToolRegistry();
    let inner: unknown;

    // Act
    const rt = createRuntime(config, {
      llm,
      tools,
      starter,
      wrapStore: (store) => {
        inner = store;
        return new NotifyingTraceStore(store);
      },
    });

    // Assess
    expect(rt.llm).toBe(llm);
    expect(rt.phases.llm).toBe(llm);
    expect(rt.phases.tools).toBe(tools);
    expect(rt.store).toBeInstanceOf(NotifyingTraceStore);
    expect(rt.store).not.toBe(inner);
    expect(rt.phases.store).toBe(rt.store);
    expect(startDepsOf(rt).starter).toBe(starter);
    expect(startDepsOf(rt).store).toBe(rt.store);
  });

  it('makes every state handler over the runtime it is given', () => {
    // Prepare
    const rt = createRuntime(config, { starter });

    // Act
    const handlers = Object.values(TASK_STATES).map((binding) => binding.make(rt));

    // Assess
    for (const handler of handlers) expect(typeof handler).toBe('function');
  });
});

describe('Function: startDepsOf', () => {
  it('starts plans with Step Functions when the runtime has no starter of its own, and needs the state machine for it', () => {
    // Prepare
    const arn = 'arn:aws:states:eu-west-1:123456789012:stateMachine:CairnWorkflow';
    const withArn = createIntakeRuntime(loadConfig({ CAIRN_TABLE: 'root-test', AWS_REGION: 'eu-west-1', CAIRN_STATE_MACHINE_ARN: arn }));

    // Assess
    expect(startDepsOf(withArn).starter).toBeInstanceOf(SfnWorkflowStarter);
    expect(() => startDepsOf(createIntakeRuntime(config))).toThrow(ConfigError);
    expect(startDepsOf(withArn).limits).toEqual({ maxTaskBytes: 8192, maxIterations: 3 });
  });
});

describe('Function: loadLocalConfig', () => {
  it('puts the database and the payloads under CAIRN_HOME, unless CAIRN_PAYLOAD_DIR says otherwise', () => {
    // Act
    const local = loadLocalConfig({ CAIRN_HOME: '/tmp/cairn-home', CAIRN_DEBUG: '1', TERM: 'dumb' });
    const elsewhere = loadLocalConfig({ CAIRN_HOME: '/tmp/cairn-home', CAIRN_PAYLOAD_DIR: '/tmp/payloads' });

    // Assess
    expect(local).toMatchObject({ home: '/tmp/cairn-home', dataDir: '/tmp/cairn-home/db', debug: true, terminal: { TERM: 'dumb', CI: undefined } });
    expect(local.config.payloadDir).toBe('/tmp/cairn-home/payloads');
    expect(elsewhere.config.payloadDir).toBe('/tmp/payloads');
    expect(elsewhere.debug).toBe(false);
  });

  it('refuses a bad configuration with the loader’s one message', () => {
    expect(() => loadLocalConfig({ CAIRN_TOP_K: 'many' })).toThrow('CAIRN_TOP_K must be an integer');
  });
});
