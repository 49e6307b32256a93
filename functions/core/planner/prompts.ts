/**
 * The prompts, rendered from the templates of ./templates and sized to the task (sizing.ts): the
 * system prompt carries the rules and the step types the task is likely to need, each as a
 * one-line signature, the other allowed types by name; it changes only with that set of types, so
 * providers with prompt caching can cache it (Claude, once past its 1,024-token minimum). What
 * changes per request (the task, one example plan, the errors) goes in the user turn.
 */
import { escapeRegExp } from '../answer/text.js';
import { type LaterRound, laterRoundArgument, type SynthesizedTool } from '../learn/types.js';
import type { StepType, TaskAnalysis, ValidationIssue } from '../types.js';
import { compactPlanText, compactStep } from './plan-format.js';
import { stepSignature } from './sizing.js';
import { DEFAULT_TEMPLATES, type PromptTemplates, renderTemplate } from './templates/index.js';

export interface PromptCatalog {
  planSchema: unknown;
  stepSchemas: Record<string, unknown>;
  analysisSchema: unknown;
}

/** A plan of an earlier task, shown to the model as an example (few-shot). */
export interface PlanExample {
  task: string;
  plan: unknown;
  /** The kind of task its analysis recognised, when it had one. */
  kind?: string;
}

export const PLANNER_SYSTEM = DEFAULT_TEMPLATES.system;

/** The answerer's system prompt: what it is, no more (the answer prompt says how to answer). */
export const ANSWER_SYSTEM = 'You answer questions from the sources you are given, citing them.';

/** The short form of the answer's schema a provider is sent: the field descriptions are in the prompt. */
export const ANSWER_RESPONSE_SCHEMA: Record<string, unknown> = {
  title: 'answer',
  type: 'object',
  required: ['shortAnswer', 'answer'],
  properties: { shortAnswer: { type: ['string', 'null'] }, answer: { type: 'string' } },
};

/**
 * The system prompt with the step types after it: the cacheable prefix of plan and repair
 * requests. `shown` are spelled out, the rest of `allowed` named. The learned tools offered
 * change only when one is promoted, so they belong to the prefix too.
 */
export function plannerSystem(
  catalog: PromptCatalog,
  shown: readonly StepType[],
  allowed: readonly StepType[],
  templates: PromptTemplates = DEFAULT_TEMPLATES,
  tools: readonly SynthesizedTool[] = [],
): string {
  return `${renderTemplate('system', templates.system, {})}\n\n${catalogText(catalog, shown, allowed, tools)}`;
}

export function catalogText(catalog: PromptCatalog, shown: readonly StepType[], allowed: readonly StepType[], tools: readonly SynthesizedTool[] = []): string {
  const spelled = allowed.filter((t) => shown.includes(t));
  const named = allowed.filter((t) => !shown.includes(t));
  return [
    ['Step types and parameters (? optional):', ...spelled.map((t) => stepSignature(t, catalog.stepSchemas[t] as Record<string, unknown> | undefined))].join(
      '\n',
    ),
    ...(named.length > 0 ? [`Also allowed: ${named.join(', ')}`] : []),
    ...(tools.length > 0 ? [toolsText(tools)] : []),
  ].join('\n');
}

/**
 * The learned tools a plan may call: each replaces a chain of steps that recurred in earlier
 * plans, so one tool_call step does what the chain did.
 */
export function toolsText(tools: readonly SynthesizedTool[]): string {
  return [
    'Learned tools: call one with a tool_call step, parameters {"tool": "<name>", "args": {...}}.',
    'Prefer one where the plan would run the chain it replaces; a later step reads its result like the last step of that chain.',
    ...tools.map(toolLine),
  ].join('\n');
}

/**
 * A learned tool on one line: its name, the chain it replaces, and its arguments as a signature
 * (`?` marks what may be left out), each with what it feeds. Its JSON Schema stays the judge of the
 * arguments (the composite validates them); a description that only restates the chain is left out.
 */
export function toolLine(tool: SynthesizedTool): string {
  if (tool.later_round) return laterRoundLine(tool, tool.later_round);
  const properties = (tool.parameters.properties ?? {}) as Record<string, { description?: unknown; enum?: unknown }>;
  const required = new Set((tool.parameters.required as string[] | undefined) ?? []);
  const args = Object.entries(properties).map(([name, p]) => {
    const values = Array.isArray(p.enum) ? `: ${p.enum.join('|')}` : '';
    const feeds = typeof p.description === 'string' && p.description !== '' ? ` (${p.description})` : '';
    return `${name}${required.has(name) ? '' : '?'}${values}${feeds}`;
  });
  const said = tool.description.includes(tool.source_chain) ? '' : ` ${tool.description}`;
  return `${tool.tool_id} replaces ${tool.source_chain}; args {${args.join(', ')}}${said}`;
}

/**
 * A composite that stands in for a later round (learn/later-rounds.ts): what it replaces, and how
 * round one calls it, its argument a template over the best passage of an input of the answer.
 */
export function laterRoundLine(tool: Pick<SynthesizedTool, 'tool_id' | 'source_chain'>, binding: LaterRound): string {
  const inputs = binding.lists.map((i) => i + 1).join(', ');
  return `${tool.tool_id} replaces ${tool.source_chain} of round ${binding.round} (a look-up of a name round one's passages give); in round one, one call for each of the answer's inputs no. ${inputs} (args {${binding.parameter}: "${laterRoundArgument('<that input>', "<the question's relation words>")}"}, depending on it), the answer reading the calls too`;
}

/** The analysis as a model is asked to write it: its fields and their values, on one line. */
export function analysisFields(): string {
  return '{complexity: simple|moderate|complex, requires_tools, requires_routing: bool, suggested_step_types, key_entities: [], intent: sentence, task_kind: comparison|bridge|conditional|top_n|multimodal|lookup}';
}

/**
 * The fields of an analysis asked in the plan's own call: only what the plan does not say. The
 * step types it uses, whether it calls a tool or branches, and its intent (the task) follow from
 * the plan and the task, so Cairn fills them in (planner.ts, `filledAnalysis`) instead of the
 * model writing them twice.
 */
export const ANALYSIS_WITH_PLAN_FIELDS = ['complexity', 'key_entities', 'task_kind'] as const;

export function analysisWithPlanFields(): string {
  return '{complexity: simple|moderate|complex, key_entities: [], task_kind: comparison|bridge|conditional|top_n|multimodal|lookup}';
}

export function analysisPrompt(task: string, templates: PromptTemplates = DEFAULT_TEMPLATES): string {
  return renderTemplate('analysis', templates.analysis, { analysisSchema: analysisFields(), task });
}

export function planPrompt(
  input: {
    task: string;
    analysis?: TaskAnalysis | undefined;
    constraints?: Record<string, unknown> | undefined;
    context?: string | undefined;
    maxSteps: number;
    /** Plans of earlier, similar tasks. */
    examples?: readonly PlanExample[] | undefined;
    /** A short example of the task's kind, shown when there are no `examples`. */
    example?: PlanExample | undefined;
    /** The fields of the analysis asked in this same call (analysisFields). */
    analyse?: string | undefined;
  },
  templates: PromptTemplates = DEFAULT_TEMPLATES,
): string {
  const examples = input.examples ?? [];
  const render = (e: PlanExample) => `Task: ${e.task}\nPlan: ${compactPlanText(e.plan)}`;
  return renderTemplate('plan', templates.plan, {
    examples: examples.map(render).join('\n\n'),
    example: examples.length === 0 && input.example ? render(input.example) : '',
    task: input.task,
    context: input.context ?? '',
    analysis: input.analysis ? JSON.stringify(input.analysis) : '',
    constraints: input.constraints && Object.keys(input.constraints).length > 0 ? JSON.stringify(input.constraints) : '',
    analyse: input.analyse ?? '',
    maxSteps: String(input.maxSteps),
  });
}

/** The longest part of a previous answer a repair prompt carries; past it, the steps are outlined only. */
export const MAX_REPAIR_PART_CHARS = 6000;

/** What a repair prompt shows of the previous attempt, and whether the answer it asks for is a patch. */
export interface RepairPart {
  text: string;
  /** The step ids shown in full: a patch answer replaces them (and may add steps); the others stay. */
  named: number[];
  /** The answer is merged into the previous plan (false: it is a whole plan). */
  patch: boolean;
}

/**
 * The part of a previous attempt a repair needs: the steps the errors name (by their place,
 * `plan.N...`) in full, the others outlined (id, type, what they read), in the plan's order.
 * With errors that name no step, the whole plan; with no plan at all, what was wrong with it.
 * Never longer than MAX_REPAIR_PART_CHARS: past it, every step is outlined.
 */
export function repairPart(candidate: unknown, errors: readonly ValidationIssue[], extractionError: string | undefined): RepairPart {
  const steps = (candidate as { plan?: unknown } | undefined)?.plan;
  if (!Array.isArray(steps) || steps.length === 0) {
    const why = extractionError ?? 'it held no steps';
    return {
      text: `It held no plan (${why}): write the whole plan${/cut off|truncated|not closed|ran past/.test(why) ? ', shorter' : ''}.`,
      named: [],
      patch: false,
    };
  }
  const at = new Set<number>();
  let planWide = false;
  for (const e of errors) {
    const m = /^plan\.(\d+)(?:\.|$)/.exec(e.path);
    if (m && Number(m[1]) < steps.length) at.add(Number(m[1]));
    else planWide = true;
  }
  const outline = (s: unknown) => {
    const step = (s ?? {}) as { step_id?: unknown; type?: unknown; dependencies?: unknown };
    const deps = Array.isArray(step.dependencies) && step.dependencies.length > 0 ? ` <- ${step.dependencies.join(',')}` : '';
    return `${String(step.step_id)} ${String(step.type)}${deps}`;
  };
  const whole = planWide || at.size === 0;
  const shown = steps.filter((_, i) => whole || at.has(i));
  const full = [
    whole ? 'The plan:' : 'The steps the errors name:',
    ...shown.map((s) => JSON.stringify(compactStep(s))),
    ...(whole ? [] : [`All steps in order: ${steps.map((s, i) => `${outline(s)}${at.has(i) ? ' (above)' : ''}`).join('; ')}`]),
    whole ? 'Give the whole corrected plan.' : 'Give only the corrected steps: each replaces the step with its step_id; the others stay as they are.',
  ].join('\n');
  if (full.length <= MAX_REPAIR_PART_CHARS) {
    return {
      text: full,
      named: whole ? [] : shown.map((s) => (s as { step_id?: number }).step_id).filter((id): id is number => typeof id === 'number'),
      patch: !whole,
    };
  }
  const outlined = `The plan, too long to show in full: ${steps.map(outline).join('; ')}`.slice(0, MAX_REPAIR_PART_CHARS);
  return { text: `${outlined}\nGive the whole corrected plan, shorter.`, named: [], patch: false };
}

export function repairPrompt(
  input: { task: string; previousText: string; errors: ValidationIssue[]; attempt: number },
  templates: PromptTemplates = DEFAULT_TEMPLATES,
): string {
  return renderTemplate('repair', templates.repair, {
    attempt: String(input.attempt),
    task: input.task,
    previousAnswer: input.previousText,
    errors: input.errors.map((e) => `- ${e.path}: ${e.message}`).join('\n'),
  });
}

export function answerPrompt(input: { question: string; instruction: string; documents: Array<{ id: string; title?: string; text: string }> }): string {
  // A title the id already says (a page named by its title) is not written twice.
  const sources = input.documents.map((d) => `[${d.id}]${d.title && d.title !== d.id ? ` ${d.title}` : ''}\n${d.text}`).join('\n\n');
  return renderTemplate('answer', DEFAULT_TEMPLATES.answer, {
    instruction: withoutQuestion(input.instruction, input.question),
    sources,
    question: input.question,
  });
}

/** An instruction that quotes the question ("... Question: <the question>"), without the quote: the prompt ends with the question. */
function withoutQuestion(instruction: string, question: string): string {
  const q = question.trim();
  if (q === '' || !instruction.includes(q)) return instruction;
  const cut = instruction.replace(new RegExp(`\\s*(?:Question|Task):\\s*${escapeRegExp(q)}\\s*$`), '').trim();
  return cut === '' ? instruction : cut;
}
