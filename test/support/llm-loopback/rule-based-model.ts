/**
 * The loopback server's default "model": Cairn's rule-based planner, answering what it is sent
 * over HTTP. It reads the request's prompt text (nothing else: no side channel) back into the
 * intent the rule-based provider understands (an analysis, a plan, a repair of the previous answer
 * with the validation errors listed in the prompt, an answer from sources) and answers through the
 * channel the request asks for: a tool call when tools are offered, JSON content when a JSON
 * response format is asked, prose otherwise.
 *
 * So a repair turn is answered by functions/adapters/llm/rule-based/repair.ts applied to the
 * previous answer and errors the repair prompt carries: an honest repairer, not a scripted fix.
 */
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import type { SynthesizedTool } from '../../../functions/core/learn/types.js';
import { extractJson } from '../../../functions/core/planner/extract-json.js';
import type { LlmIntent } from '../../../functions/core/ports.js';
import { type DecompositionStep, type RoundResult, STEP_TYPES, type StepType, type ValidationIssue } from '../../../functions/core/types.js';
import type { RecordedRequest, Reply } from './server.js';

const rules = new RuleBasedProvider();

/** The system prompt and the last user turn's text, whichever API the request used. */
export function promptOf(request: RecordedRequest): { system: string; user: string } {
  const body = request.body;
  const textOf = (content: unknown): string =>
    typeof content === 'string' ? content : Array.isArray(content) ? content.map((b: { text?: string }) => b.text ?? '').join('\n') : '';
  const messages = (body.messages as Array<{ role: string; content: unknown }>) ?? [];
  const system =
    request.api === 'anthropic'
      ? textOf(body.system)
      : messages
          .filter((m) => m.role === 'system')
          .map((m) => textOf(m.content))
          .join('\n');
  const user = textOf(messages.filter((m) => m.role === 'user').at(-1)?.content);
  return { system, user };
}

/**
 * An iterative plan's next round, read from the conversation: each earlier round's plan is a tool
 * call of the assistant (tool_use, or tool_calls), each round's results the tool result after it.
 * Undefined when the conversation ends with no tool result.
 */
function nextRoundIntent(request: RecordedRequest, allowedStepTypes: StepType[]): LlmIntent | undefined {
  const messages = (request.body.messages as Array<Record<string, unknown>>) ?? [];
  const calls: unknown[] = [];
  const results: string[] = [];
  for (const m of messages) {
    if (request.api === 'anthropic' && Array.isArray(m.content)) {
      for (const b of m.content as Array<Record<string, unknown>>) {
        if (b.type === 'tool_use') calls.push(b.input);
        if (b.type === 'tool_result') results.push(String(b.content));
      }
    }
    if (request.api === 'openai') {
      for (const c of (m.tool_calls as Array<{ function: { arguments: string } }> | undefined) ?? []) calls.push(JSON.parse(c.function.arguments));
      if (m.role === 'tool') results.push(String(m.content));
    }
  }
  const last = messages.at(-1);
  const endsWithResult =
    request.api === 'anthropic'
      ? Array.isArray(last?.content) && (last.content as Array<{ type: string }>).some((b) => b.type === 'tool_result')
      : last?.role === 'tool';
  if (!endsWithResult || calls.length === 0) return undefined;
  const first = messages.find((m) => m.role === 'user')?.content;
  const prompt = typeof first === 'string' ? first : '';
  const instruction = results.at(-1) ?? '';
  const round = /^Round (\d+) of at most (\d+)\./m.exec(instruction);
  const plan = calls.flatMap((c) => ((c as { plan?: unknown[] }).plan ?? []) as DecompositionStep[]);
  return {
    kind: 'next_round',
    task: [...prompt.matchAll(/^Task: (.*)$/gm)].at(-1)?.[1] ?? '',
    round: Number(round?.[1] ?? 2),
    maxRounds: Number(round?.[2] ?? 5),
    plan: { plan, traceability: true },
    results: results.flatMap((text) => (JSON.parse(text.split('\n\n')[0]!) as { results: RoundResult[] }).results),
    allowedStepTypes,
    maxSteps: Number(/Use at most (\d+) steps\./.exec(prompt)?.[1] ?? 20),
    topK: 10,
  };
}

/**
 * The learned tools the system prompt offers in place of a later round, read from their lines
 * (planner/prompts.ts, laterRoundLine): the name, the chain and round replaced, the inputs of the
 * answer to call it on and the argument to bind. The rule-based planner uses such a tool as a
 * competent model would, calling it in round one (rule-based/composites.ts). Only what the line
 * says is read; the parts of the composite are the server's to run, not the model's to know.
 */
export function laterRoundOffers(system: string): SynthesizedTool[] {
  const line =
    /^(learned\.[a-z0-9_]+) replaces (.+?) of round (\d+) \(a look-up of a name round one's passages give\); in round one, one call for each of the answer's inputs no\. ([\d, ]+) \(args \{(\w+): /gm;
  return [...system.matchAll(line)].map((m) => ({
    tool_id: m[1]!,
    description: '',
    parameters: { type: 'object', properties: { [m[5]!]: { type: 'string' } }, required: [m[5]!] },
    steps: [],
    internal_wiring: [],
    parallel_groups: [],
    error_strategy: { default_behavior: 'abort', rules: [] },
    output_step: 0,
    source_chain: m[2]!,
    later_round: { round: Number(m[3]), task_kinds: [], parameter: m[5]!, lists: m[4]!.split(', ').map((n) => Number(n) - 1) },
  }));
}

/** The intent a prompt expresses, read from the text of the shipped templates. */
export function intentOf(request: RecordedRequest): LlmIntent {
  const { system, user } = promptOf(request);
  // The step types the system prompt spells out (one signature a line) and those it names after "Also allowed:".
  const spelled = [...(/^Step types and parameters \(\? optional\):\n((?:.+\n?)*)/m.exec(system)?.[1] ?? '').matchAll(/^(\S+) \{/gm)].map((m) => m[1]!);
  const named = (/^Also allowed: (.*)$/m.exec(system)?.[1] ?? '').split(', ');
  const allowed = [...spelled, ...named].filter((t): t is StepType => (STEP_TYPES as readonly string[]).includes(t));
  const allowedStepTypes = allowed.length > 0 ? allowed : [...STEP_TYPES];
  const next = nextRoundIntent(request, allowedStepTypes);
  if (next) return next;
  const repair =
    /^Attempt (\d+)\. Your previous plan for this task is not valid\.\n\nTask: ([\s\S]*?)\n\nPrevious answer:\n([\s\S]*?)\n\nValidation errors \(every one must be fixed\):\n([\s\S]*?)\n\nGive the corrected plan/.exec(
      user,
    );
  if (repair) {
    const errors: ValidationIssue[] = repair[4]!.split('\n').flatMap((line) => {
      const m = /^- ([^:]+): (.*)$/.exec(line);
      return m ? [{ path: m[1]!, message: m[2]!, source: 'semantic' as const }] : [];
    });
    return { kind: 'repair', attempt: Number(repair[1]), task: repair[2]!, previousText: repair[3]!, errors, allowedStepTypes };
  }
  if (user.startsWith('Analyse this task before planning.')) {
    return { kind: 'analysis', task: [...user.matchAll(/^Task: (.*)$/gm)].at(-1)?.[1] ?? '' };
  }
  const maxSteps = /Use at most (\d+) steps\./.exec(user);
  if (maxSteps) {
    // The last `Task:` line is the request's own; earlier ones belong to few-shot examples.
    const task = [...user.matchAll(/^Task: (.*)$/gm)].at(-1)?.[1] ?? '';
    // The analysis asked beside the plan, and its fields as the prompt lists them ({complexity: ..., key_entities: [], ...}).
    const asked = /then give \{"analysis": \{([^}]*)\}/.exec(user)?.[1];
    const analysisFields = asked === undefined ? [] : [...asked.matchAll(/(?:^|, )(\w+)(?=[:,]|$)/g)].map((m) => m[1]!);
    const analysis = asked === undefined ? {} : { withAnalysis: true, ...(analysisFields.length > 0 ? { analysisFields } : {}) };
    const tools = laterRoundOffers(system);
    return { kind: 'plan', task, allowedStepTypes, maxSteps: Number(maxSteps[1]), topK: 10, ...analysis, ...(tools.length > 0 ? { tools } : {}) };
  }
  const question = /\n\nQuestion: ([\s\S]*)$/.exec(user)?.[1] ?? user;
  const instruction = user.split('\n\n')[0] ?? '';
  const sourcesText = /\n\nSources:\n([\s\S]*?)\n\nQuestion: /.exec(user)?.[1] ?? '';
  const documents = sourcesText.split(/\n\n(?=\[)/).flatMap((block) => {
    const m = /^\[([^\]]+)\](?: (.*))?\n([\s\S]*)$/.exec(block);
    // A source shown by its id alone is a page whose id is its title (the prompt does not write it twice).
    return m ? [{ id: m[1]!, title: m[2] ?? m[1]!, text: m[3]! }] : [];
  });
  return { kind: 'answer', question, instruction, documents };
}

/** A reply in the channel the request asks for: a tool call, JSON content, or prose. */
export function replyInKind(request: RecordedRequest, text: string): Reply {
  const structured =
    request.api === 'anthropic' ? Array.isArray(request.body.tools) && request.body.tools.length > 0 : request.body.response_format !== undefined;
  if (!structured) return { text };
  try {
    const { value, reasoning } = extractJson(text, 'plan');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { tool: { ...(reasoning ? { reasoning } : {}), ...(value as Record<string, unknown>) } };
    }
  } catch {
    // No JSON in it: the model answers in prose even though a tool was offered.
  }
  return { text };
}

/** The responder: the rule-based planner answering the intent of the prompt it was sent. */
export async function ruleBasedModel(request: RecordedRequest): Promise<Reply> {
  const intent = intentOf(request);
  const purpose = intent.kind === 'next_round' ? 'plan' : intent.kind;
  const answer = await rules.complete({ purpose, system: '', messages: [], maxTokens: 4096, temperature: 0, intent });
  return intent.kind === 'answer' ? { text: answer.text } : replyInKind(request, answer.text);
}
