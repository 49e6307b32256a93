import { describe, expect, it, vi } from 'vitest';
import { CairnError } from '../../../functions/core/errors.js';
import type { CorpusIndex } from '../../../functions/core/ports.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { type OperatorContext, STEP_OPERATORS } from '../../../functions/core/steps/index.js';
import { compileToolSchema } from '../../../functions/core/tools/compile-schema.js';
import { registerLocalTools } from '../../../functions/core/tools/local-tools.js';
import {
  canonicalToolName,
  ToolArgumentsError,
  type ToolContext,
  type ToolDefinition,
  ToolNotAllowedError,
  ToolRegistry,
} from '../../../functions/core/tools/registry.js';
import type { DecompositionStep } from '../../../functions/core/types.js';
import { operatorContext } from '../../support/executor.js';

/** A tool whose `run` is a spy, with a strict argument schema. */
function spyTool(name = 'weather.lookup') {
  const run = vi.fn(async (args: Record<string, unknown>, _ctx: ToolContext) => ({ echoed: args }));
  const definition: ToolDefinition = {
    name,
    description: 'Looks up the weather of a city.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      required: ['city'],
      additionalProperties: false,
    },
    run,
  };
  return { definition, run };
}

const index: CorpusIndex = createCorpusIndex([{ id: 'a', title: 'Alpha', text: 'alpha text' }]);

describe('canonicalToolName', () => {
  it.each([
    ['corpus_search', 'corpus.search'],
    ['corpus.search', 'corpus.search'],
    ['svc_get_item', 'svc.get_item'],
    ['search', 'search'],
    ['_hidden', '_hidden'],
  ])('maps %s to %s', (name, canonical) => {
    // Act
    const result = canonicalToolName(name);

    // Assess
    expect(result).toBe(canonical);
  });
});

describe('ToolRegistry', () => {
  describe('register', () => {
    it('registers tools under service.method, lists them sorted and describes them', () => {
      // Prepare
      const registry = new ToolRegistry({ compile: compileToolSchema });
      const weather = spyTool('weather.lookup');
      const stock = spyTool('stock.get_quote');

      // Act
      const returned = registry.register(weather.definition).register(stock.definition);

      // Assess
      expect(returned).toBe(registry);
      expect(registry.names()).toEqual(['stock.get_quote', 'weather.lookup']);
      expect(registry.describe()).toEqual([
        { name: 'stock.get_quote', description: 'Looks up the weather of a city.', inputSchema: stock.definition.inputSchema },
        { name: 'weather.lookup', description: 'Looks up the weather of a city.', inputSchema: weather.definition.inputSchema },
      ]);
    });

    it.each(['search', 'Corpus.search', 'corpus.search.more', 'corpus_search', 'corpus.', '.search', '1corpus.search', 'my_service.run', ''])(
      'refuses the name %j, which is not of the form service.method',
      (name) => {
        // Prepare
        const registry = new ToolRegistry({ compile: compileToolSchema });

        // Act
        const register = () => registry.register(spyTool(name).definition);

        // Assess
        expect(register).toThrow(new CairnError(`tool name ${JSON.stringify(name)} is not of the form service.method`));
        expect(registry.names()).toEqual([]);
      },
    );

    it('refuses a second tool with the same name and keeps the first', async () => {
      // Prepare
      const registry = new ToolRegistry({ compile: compileToolSchema });
      const first = spyTool('weather.lookup');
      const second = spyTool('weather.lookup');
      registry.register(first.definition);

      // Act
      const again = () => registry.register(second.definition);

      // Assess
      expect(again).toThrow(CairnError);
      expect(again).toThrow('tool weather.lookup is registered twice');
      expect(registry.prepare('weather.lookup', { city: 'Lyon' }).definition).toBe(first.definition);
    });

    it('refuses registering the local tools twice', () => {
      // Prepare
      const registry = registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));

      // Act
      const again = () => registerLocalTools(registry);

      // Assess
      expect(again).toThrow('tool corpus.search is registered twice');
    });

    it('compiles the argument schema at registration, refusing one that does not compile', () => {
      // Prepare
      const registry = new ToolRegistry({ compile: compileToolSchema });
      const broken: ToolDefinition = { ...spyTool('broken.tool').definition, inputSchema: { type: 'object', properties: { a: { type: 'strnig' } } } };

      // Act
      const register = () => registry.register(broken);

      // Assess
      expect(register).toThrow();
      expect(registry.names()).toEqual([]);
    });
  });

  describe('prepare', () => {
    it('resolves a tool by service.method or service_method, with its arguments', () => {
      // Prepare
      const registry = new ToolRegistry({ compile: compileToolSchema });
      const { definition } = spyTool('weather.lookup');
      registry.register(definition);
      const args = { city: 'Lyon', days: 3 };

      // Act
      const dotted = registry.prepare('weather.lookup', args);
      const underscored = registry.prepare('weather_lookup', args);

      // Assess
      expect(dotted).toEqual({ definition, args: { city: 'Lyon', days: 3 } });
      expect(underscored.definition).toBe(definition);
      expect(underscored.args).toBe(args);
    });

    it('refuses a tool that is not registered, naming the ones that are', () => {
      // Prepare
      const registry = registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));

      // Act
      const prepare = () => registry.prepare('weather.lookup', { city: 'Lyon' });

      // Assess
      expect(prepare).toThrow(ToolNotAllowedError);
      expect(prepare).toThrow('tool weather.lookup is not registered (registered: corpus.get, corpus.search, math.evaluate, media.caption, media.transcribe)');
    });

    it('says "none" when nothing is registered', () => {
      // Act
      const prepare = () => new ToolRegistry({ compile: compileToolSchema }).prepare('weather_lookup', {});

      // Assess
      expect(prepare).toThrow(new ToolNotAllowedError('tool weather_lookup is not registered (registered: none)'));
    });

    it('refuses a registered tool the request does not allow', () => {
      // Prepare
      const registry = registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));

      // Act
      const prepare = () => registry.prepare('corpus.get', { id: 'a' }, ['corpus.search', 'media_caption']);

      // Assess
      expect(prepare).toThrow(ToolNotAllowedError);
      expect(prepare).toThrow("tool corpus.get is not in this request's allow-list [corpus.search, media_caption]");
    });

    it('matches the allow-list in either spelling', () => {
      // Prepare
      const registry = registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));

      // Act
      const fromUnderscored = registry.prepare('corpus.get', { id: 'a' }, ['corpus_get']);
      const fromDotted = registry.prepare('corpus_get', { id: 'a' }, ['corpus.get']);

      // Assess
      expect(fromUnderscored.definition.name).toBe('corpus.get');
      expect(fromDotted.definition.name).toBe('corpus.get');
    });

    it('allows nothing with an empty allow-list, and everything registered without one', () => {
      // Prepare
      const registry = registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));

      // Act
      const none = () => registry.prepare('corpus.search', { query: 'x' }, []);
      const any = registry.prepare('corpus.search', { query: 'x' });

      // Assess
      expect(none).toThrow("tool corpus.search is not in this request's allow-list []");
      expect(any.definition.name).toBe('corpus.search');
    });

    it('reports an unregistered tool as unregistered even when the allow-list names it', () => {
      // Prepare
      const registry = new ToolRegistry({ compile: compileToolSchema }).register(spyTool('stock.quote').definition);

      // Act
      const prepare = () => registry.prepare('weather.lookup', { city: 'Lyon' }, ['weather.lookup']);

      // Assess
      expect(prepare).toThrow('tool weather.lookup is not registered (registered: stock.quote)');
    });

    it.each([
      [{}, "arguments of weather.lookup fail its schema: args: must have required property 'city'"],
      [{ city: 'Lyon', extra: 1 }, "arguments of weather.lookup fail its schema: args: must NOT have additional properties 'extra'"],
      [{ city: 'Lyon', days: 2.5 }, 'arguments of weather.lookup fail its schema: args.days: must be integer'],
      [{ city: 'Lyon', days: 9 }, 'arguments of weather.lookup fail its schema: args.days: must be <= 7'],
      [{ city: '', days: 0 }, 'arguments of weather.lookup fail its schema: args.city: must NOT have fewer than 1 characters; args.days: must be >= 1'],
      [null, "arguments of weather.lookup fail its schema: args: must have required property 'city'"],
      [undefined, "arguments of weather.lookup fail its schema: args: must have required property 'city'"],
      ['Lyon', 'arguments of weather.lookup fail its schema: args: must be object'],
      [['Lyon'], 'arguments of weather.lookup fail its schema: args: must be object'],
    ])('refuses the arguments %j with every problem named', (args, message) => {
      // Prepare
      const registry = new ToolRegistry({ compile: compileToolSchema });
      const { definition, run } = spyTool('weather.lookup');
      registry.register(definition);

      // Act
      const prepare = () => registry.prepare('weather.lookup', args);

      // Assess
      expect(prepare).toThrow(ToolArgumentsError);
      expect(prepare).toThrow(new ToolArgumentsError(message));
      expect(run).not.toHaveBeenCalled();
    });

    it('checks the allow-list before the arguments', () => {
      // Prepare
      const registry = new ToolRegistry({ compile: compileToolSchema }).register(spyTool('weather.lookup').definition);

      // Act
      const prepare = () => registry.prepare('weather.lookup', { nonsense: true }, ['stock.quote']);

      // Assess
      expect(prepare).toThrow(ToolNotAllowedError);
    });
  });
});

describe("The 'tool_call' operator", () => {
  const ctx = (tools: ToolRegistry, allowedTools?: readonly string[]): OperatorContext =>
    operatorContext({ task: 'weather in Lyon', index, tools, allowedTools });
  const toolStep = (extra: Partial<DecompositionStep>): DecompositionStep => ({
    step_id: 4,
    type: 'tool_call',
    modality: 'text',
    parameters: {},
    dependencies: [],
    trace: {},
    ...extra,
  });
  const toolCall = STEP_OPERATORS.tool_call!;

  it('runs an allowed tool with validated arguments and names it canonically', async () => {
    // Prepare
    const { definition, run } = spyTool('weather.lookup');
    const tools = new ToolRegistry({ compile: compileToolSchema }).register(definition);
    const step = toolStep({ parameters: { tool: 'weather_lookup', args: { city: 'Lyon' } } });

    // Act
    const result = await toolCall(step, step.parameters, new Map(), ctx(tools, ['weather.lookup']));

    // Assess
    expect(result).toEqual({ tool: 'weather.lookup', args: { city: 'Lyon' }, output: { echoed: { city: 'Lyon' } }, tool_method: 'registry:weather.lookup' });
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![1]).toMatchObject({ index });
  });

  it('takes the tool from the step-level tool field and the arguments from params', async () => {
    // Prepare
    const { definition, run } = spyTool('weather.lookup');
    const tools = new ToolRegistry({ compile: compileToolSchema }).register(definition);
    const step = toolStep({ tool: 'weather.lookup', params: { city: 'Nice', days: 2 } });

    // Act
    const result = await toolCall(step, step.parameters, new Map(), ctx(tools));

    // Assess
    expect(result.args).toEqual({ city: 'Nice', days: 2 });
    expect(run).toHaveBeenCalledWith({ city: 'Nice', days: 2 }, expect.anything());
  });

  it('never runs a tool whose arguments fail its schema', async () => {
    // Prepare
    const { definition, run } = spyTool('weather.lookup');
    const tools = new ToolRegistry({ compile: compileToolSchema }).register(definition);
    const step = toolStep({ parameters: { tool: 'weather.lookup', args: { city: 'Lyon', days: 'three' } } });

    // Act
    const call = toolCall(step, step.parameters, new Map(), ctx(tools));

    // Assess
    await expect(call).rejects.toThrow(new ToolArgumentsError('arguments of weather.lookup fail its schema: args.days: must be integer'));
    expect(run).not.toHaveBeenCalled();
  });

  it('never runs a tool the request does not allow', async () => {
    // Prepare
    const { definition, run } = spyTool('weather.lookup');
    const tools = new ToolRegistry({ compile: compileToolSchema }).register(definition);
    const step = toolStep({ parameters: { tool: 'weather.lookup', args: { city: 'Lyon' } } });

    // Act
    const call = toolCall(step, step.parameters, new Map(), ctx(tools, ['corpus.search']));

    // Assess
    await expect(call).rejects.toThrow(ToolNotAllowedError);
    expect(run).not.toHaveBeenCalled();
  });

  it('fails a tool_call that names no tool', async () => {
    // Prepare
    const step = toolStep({ parameters: { args: { city: 'Lyon' } } });

    // Act
    const call = toolCall(step, step.parameters, new Map(), ctx(new ToolRegistry({ compile: compileToolSchema })));

    // Assess
    await expect(call).rejects.toThrow('step 4: tool_call names no tool');
  });
});
