import { describe, expect, it } from 'vitest';
import { ToolArgumentsError, ToolInputError } from '../../../functions/core/tools/registry.js';
import { localTools } from '../../support/tools.js';

const registry = localTools();
const run = (args: unknown) => {
  const { definition, args: checked } = registry.prepare('math.evaluate', args);
  return definition.run(checked, { index: undefined as never, signal: new AbortController().signal });
};

describe('Tool: math.evaluate', () => {
  it('evaluates an expression with variables, naming its method', async () => {
    await expect(run({ expression: 'round((a - b) / b * 100, 1)', variables: { a: 873, b: 522 } })).resolves.toEqual({
      value: 67.2,
      expression: 'round((a - b) / b * 100, 1)',
      method: 'safe-arithmetic',
    });
  });

  it('fails a bad expression as the caller’s input, never retried', async () => {
    await expect(run({ expression: '1 / (2 - 2)' })).rejects.toThrow(new ToolInputError('math.evaluate: column 3: division by zero'));
  });

  it.each([
    [{}, "args: must have required property 'expression'"],
    [{ expression: '' }, 'args.expression: must NOT have fewer than 1 characters'],
    [{ expression: '1', variables: { x: 'one' } }, 'args.variables.x: must be number'],
    [{ expression: '1', code: 'x' }, "must NOT have additional properties 'code'"],
  ])('refuses the arguments %j before it runs', (args, message) => {
    expect(() => registry.prepare('math.evaluate', args)).toThrow(ToolArgumentsError);
    expect(() => registry.prepare('math.evaluate', args)).toThrow(message);
  });
});
