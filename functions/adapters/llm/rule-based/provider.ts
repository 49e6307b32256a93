/**
 * The embedded default LLM. It answers the same requests a model would, through the same port,
 * from the structured intent of each request: an analysis, a plan (with its reasoning around a
 * fenced JSON block, as models write it), a repair of a previous plan, the next round of an
 * iterative plan from the results so far, an extractive answer, or a composite tool drawn from a
 * mined chain's parameter analysis.
 * Everything downstream (extraction, validation, repair loop) runs on its text exactly as on a
 * model's. Its traces say `source: rule-based`.
 */
import { draftTool } from '../../../core/learn/draft.js';
import { compactStep } from '../../../core/planner/plan-format.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../core/ports.js';
import type { TaskAnalysis } from '../../../core/types.js';
import { answerExtractively } from './answer/index.js';
import { useComposites, useLaterRoundComposites } from './composites.js';
import { nextRound } from './next-round.js';
import { buildPlan } from './plan-builder.js';
import { analysisOf, readTask } from './reading.js';
import { repairPlan } from './repair.js';
import { shownPlan } from './repair-part.js';
import { estimateTokens } from './text.js';

export class RuleBasedProvider implements LlmProvider {
  readonly name = 'rule-based';
  readonly model = 'cairn-rules-v1';
  readonly source = 'rule-based';

  async complete(request: LlmRequest): Promise<LlmResponse> {
    const text = this.respond(request);
    const prompt = request.system + request.messages.map((m) => m.content).join('\n');
    return {
      text,
      provider: this.name,
      model: this.model,
      inputTokens: estimateTokens(prompt),
      outputTokens: estimateTokens(text),
      stopReason: 'end_turn',
      estimatedTokens: true,
    };
  }

  private respond(request: LlmRequest): string {
    const intent = request.intent;
    switch (intent.kind) {
      case 'analysis':
        return JSON.stringify(analysisOf(readTask(intent.task)), null, 2);
      case 'plan': {
        const reading = readTask(intent.task);
        const built = buildPlan(reading, { allowedStepTypes: intent.allowedStepTypes, maxSteps: intent.maxSteps, topK: intent.topK });
        // A learned tool offered for a chain this plan runs replaces that chain.
        // One offered in place of a later round is called in round one, on the passages that round would have read.
        const plan = useLaterRoundComposites(
          useComposites(built, intent.tools ?? [], intent.allowedStepTypes),
          intent.tools ?? [],
          intent.allowedStepTypes,
          intent.task,
        );
        // Asked in the same call, the analysis comes first, beside the plan, as a model writes both.
        const analysis = intent.withAnalysis ? askedOf(analysisOf(reading), intent.analysisFields) : undefined;
        const answer = { ...(analysis ? { analysis } : {}), ...written(plan) };
        return `I read this as a ${reading.kind.replace('_', '-')} task. ${describe(reading.kind)}\n\n\`\`\`json\n${JSON.stringify(answer, null, 2)}\n\`\`\``;
      }
      case 'repair': {
        // The prompt shows the steps the errors name and outlines the others; the answer is those steps mended.
        const shown = shownPlan(intent.previousText);
        const previousText = shown ? JSON.stringify({ plan: shown.plan, traceability: true }) : intent.previousText;
        const repaired = repairPlan({ task: intent.task, previousText, errors: intent.errors, allowedStepTypes: intent.allowedStepTypes });
        if (repaired) {
          const steps = (repaired.plan as { plan: Array<{ step_id: number }> }).plan;
          const outlined = new Set(shown?.plan.map((s) => s.step_id) ?? []);
          const named = shown?.named;
          const answered = named ? steps.filter((s) => named.has(s.step_id) || !outlined.has(s.step_id)) : steps;
          // What it did to an outlined step (rebuilt from its outline) is not part of the answer.
          const fixes = repaired.fixes.filter((f) => {
            const at = /^step (\d+):/.exec(f);
            return !named || !at || named.has(Number(at[1])) || !outlined.has(Number(at[1]));
          });
          return `Attempt ${intent.attempt}: I fixed ${fixes.length} problem(s): ${fixes.join('; ') || 'none needed'}.\n\n\`\`\`json\n${JSON.stringify(written({ plan: answered, traceability: true }), null, 2)}\n\`\`\``;
        }
        const reading = readTask(intent.task);
        const plan = buildPlan(reading, { allowedStepTypes: intent.allowedStepTypes, maxSteps: 20, topK: 10 });
        return `Attempt ${intent.attempt}: the previous answer held no usable plan, so I planned again from the task.\n\n\`\`\`json\n${JSON.stringify(written(plan), null, 2)}\n\`\`\``;
      }
      case 'next_round': {
        const next = nextRound(intent);
        return `${next.reasoning}\n\n\`\`\`json\n${JSON.stringify({ ...written({ plan: next.steps }), traceability: intent.plan.traceability ?? true }, null, 2)}\n\`\`\``;
      }
      case 'answer':
        return answerExtractively(intent);
      case 'synthesis':
        // The analysis already says how every input is filled; the composite follows from it.
        return JSON.stringify(draftTool(intent.chain, intent.analysis, intent.maxParallelSteps), null, 2);
    }
  }
}

/**
 * A plan as a model writes it when asked (core/planner/plan-format.ts): each step without the
 * modality its type implies and without a trace, which Cairn fills in; the reasoning before the
 * JSON says why the plan is what it is.
 */
function written(plan: { plan: readonly unknown[]; traceability?: unknown }): { plan: unknown[]; traceability?: unknown } {
  // Traceability is on unless said otherwise (normalizePlan fills it in).
  const steps = plan.plan.map(compactStep);
  return plan.traceability === undefined || plan.traceability === true ? { plan: steps } : { plan: steps, traceability: plan.traceability };
}

/** The analysis with only the fields asked for (all of them when none are named). */
function askedOf(analysis: TaskAnalysis, fields: readonly string[] | undefined): Partial<TaskAnalysis> {
  if (!fields) return analysis;
  return Object.fromEntries(Object.entries(analysis).filter(([k]) => fields.includes(k))) as Partial<TaskAnalysis>;
}

function describe(kind: string): string {
  switch (kind) {
    case 'comparison':
      return 'Each side is retrieved on its own, in parallel, then the evidence is joined, re-ranked and compared.';
    case 'bridge':
      return 'The first hop finds the passage naming the intermediate entity; the second hop searches for that entity.';
    case 'conditional':
      return 'The condition is checked on retrieved evidence; only the branch it selects runs.';
    case 'top_n':
      return 'A wide candidate pool is gathered, re-ranked and cut to the requested number.';
    case 'multimodal':
      return 'The media files are turned into text first, and that text drives the search.';
    default:
      return 'One search, two ways, fused and re-ranked, then answered with citations.';
  }
}
