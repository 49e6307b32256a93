/**
 * The LLM of the serve tests: the rule-based planner, except that a task starting with BROKEN
 * gets a dangling dependency in its first plan (so the repair loop runs), and a task starting
 * with SLOW waits at its analysis until the test opens the gate (so a test sees a plan under way).
 */
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../functions/core/ports.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';

export class ScriptedPlanner implements LlmProvider {
  readonly name = 'scripted';
  readonly model = 'scripted-1';
  readonly source = 'scripted';
  private readonly rules = new RuleBasedProvider();
  private opened!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.opened = resolve;
  });

  /** Lets the SLOW tasks go on. */
  open(): void {
    this.opened();
  }

  async complete(request: LlmRequest): Promise<LlmResponse> {
    const intent = request.intent;
    const task = 'task' in intent ? intent.task : '';
    if (task.startsWith('SLOW') && intent.kind === 'analysis') await this.gate;
    const answer = await this.rules.complete(request);
    if (task.startsWith('BROKEN') && intent.kind === 'plan') {
      const plan = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(answer.text)![1]!) as DecompositionPlan;
      plan.plan[0]!.dependencies = [99];
      return { ...answer, provider: this.name, model: this.model, text: `\`\`\`json\n${JSON.stringify(plan)}\n\`\`\`` };
    }
    return { ...answer, provider: this.name, model: this.model };
  }
}
