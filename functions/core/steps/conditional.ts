/** `conditional`: evaluates a safe expression over earlier results; later steps test its `run`. */
import schema from '../../../schemas/steps/conditional.schema.json' with { type: 'json' };
import { evaluateCondition, type StepView } from '../expression/expression.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const conditional: StepDefinition = {
  schema,
  operator: async (step, p, inputs, ctx) => {
    const expression = String(p.expression ?? '');
    // The validator lets an expression read any ancestor, not only a direct dependency.
    const scope = new Map<number, StepView>(ctx.scope ?? []);
    for (const [id, o] of inputs) scope.set(id, { result: o.result, status: o.status, skipped: o.status === 'skipped' });
    const run = evaluateCondition(expression, scope);
    // Why it held or not, in words: what the evidence it read said about the condition.
    const because = [...inputs.values()].map((o) => o.result.support_reason).filter((r): r is string => typeof r === 'string');
    return {
      run,
      expression,
      condition_method: 'safe-expression-v1',
      evaluated_over: [...inputs.keys()],
      step: step.step_id,
      ...(because.length > 0 ? { because: because.join('; ') } : {}),
    };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: false,
  label: '{expression}',
};
