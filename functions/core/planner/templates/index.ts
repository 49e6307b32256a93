/**
 * The prompt templates. The shipped defaults are one file each in this folder, bundled as
 * strings (a Lambda bundle needs no file beside it); a request may replace any of system,
 * analysis, plan and repair (`options.promptTemplates`).
 *
 * The syntax is a small subset of Mustache: `{{name}}` inserts a value, and
 * `{{#name}}...{{/name}}` keeps its body only when `name` is non-empty. Only the names a template
 * knows are placeholders, so the plan syntax the prompts show (`{{ step_1.result.text }}`) stays
 * as written. Each template text is compiled once and kept.
 */
import { InvalidInputError } from '../../errors.js';
import type { PromptTemplateOverrides } from '../../types.js';
import { analysisTemplate } from './analysis.js';
import { answerTemplate } from './answer.js';
import { planTemplate } from './plan.js';
import { repairTemplate } from './repair.js';
import { systemTemplate } from './system.js';

export type TemplateName = 'system' | 'analysis' | 'plan' | 'repair' | 'answer';
export type PromptTemplates = Readonly<Record<TemplateName, string>>;

export const DEFAULT_TEMPLATES: PromptTemplates = {
  system: systemTemplate,
  analysis: analysisTemplate,
  plan: planTemplate,
  repair: repairTemplate,
  answer: answerTemplate,
};

/** The placeholders each template knows, and those an override must keep (without them the model would not see the task). */
const PLACEHOLDERS: Readonly<Record<TemplateName, { known: readonly string[]; required: readonly string[] }>> = {
  system: { known: [], required: [] },
  analysis: { known: ['analysisSchema', 'task'], required: ['task'] },
  plan: { known: ['examples', 'example', 'task', 'context', 'analysis', 'constraints', 'analyse', 'maxSteps'], required: ['task'] },
  repair: { known: ['attempt', 'task', 'previousAnswer', 'errors'], required: ['previousAnswer', 'errors'] },
  answer: { known: ['instruction', 'sources', 'question'], required: ['question'] },
};

const OVERRIDABLE = ['system', 'analysis', 'plan', 'repair'] as const satisfies ReadonlyArray<keyof PromptTemplateOverrides>;

/** The shipped templates with a request's overrides on top; a broken override fails with every problem named. */
export function templatesWith(overrides: PromptTemplateOverrides | undefined): PromptTemplates {
  if (!overrides) return DEFAULT_TEMPLATES;
  const problems = OVERRIDABLE.flatMap((name) => {
    const text = overrides[name];
    return text === undefined ? [] : templateProblems(name, text).map((p) => `promptTemplates.${name}: ${p}`);
  });
  if (problems.length > 0) throw new InvalidInputError(problems.join('; '));
  return { ...DEFAULT_TEMPLATES, ...Object.fromEntries(OVERRIDABLE.filter((n) => overrides[n] !== undefined).map((n) => [n, overrides[n]])) };
}

/** Why a template text cannot stand for `name`: a required placeholder missing, a section not closed. */
export function templateProblems(name: TemplateName, text: string): string[] {
  const problems: string[] = [];
  const { known, required } = PLACEHOLDERS[name];
  for (const placeholder of required) {
    if (!new RegExp(`\\{\\{[#]?${placeholder}\\}\\}`).test(text)) problems.push(`must contain {{${placeholder}}}`);
  }
  for (const placeholder of known) {
    const opened = text.split(`{{#${placeholder}}}`).length - 1;
    const closed = text.split(`{{/${placeholder}}}`).length - 1;
    if (opened !== closed) problems.push(`section {{#${placeholder}}} is opened ${opened} time(s) and closed ${closed} time(s)`);
  }
  return problems;
}

type Part = { literal: string } | { value: string } | { section: string; body: Part[] };

const compiled = new Map<string, Part[]>();
/** Per-request overrides are compiled too; past this many distinct texts the oldest are dropped. */
const MAX_COMPILED = 64;

/** Renders `name`'s template `text` with `values`; values are inserted as they are, never re-read as template. */
export function renderTemplate(name: TemplateName, text: string, values: Readonly<Record<string, string>>): string {
  const cacheKey = `${name}\u0000${text}`;
  let parts = compiled.get(cacheKey);
  if (parts === undefined) {
    parts = compile(text, PLACEHOLDERS[name].known);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(cacheKey, parts);
  }
  return renderParts(parts, values);
}

function compile(text: string, known: readonly string[]): Part[] {
  if (known.length === 0) return [{ literal: text }];
  const names = known.join('|');
  const token = new RegExp(`\\{\\{([#/]?)(${names})\\}\\}`, 'g');
  const root: Part[] = [];
  const stack: Array<{ name: string; body: Part[] }> = [];
  let current = root;
  let last = 0;
  for (const match of text.matchAll(token)) {
    if (match.index > last) current.push({ literal: text.slice(last, match.index) });
    last = match.index + match[0].length;
    const [, marker, name] = match as unknown as [string, string, string];
    if (marker === '#') {
      const body: Part[] = [];
      current.push({ section: name, body });
      stack.push({ name, body: current });
      current = body;
    } else if (marker === '/') {
      const open = stack.pop();
      // An unbalanced close is kept as text; templateProblems reports it for overrides.
      if (open === undefined || open.name !== name) {
        if (open) stack.push(open);
        current.push({ literal: match[0] });
      } else {
        current = open.body;
      }
    } else {
      current.push({ value: name });
    }
  }
  if (last < text.length) current.push({ literal: text.slice(last) });
  return root;
}

function renderParts(parts: Part[], values: Readonly<Record<string, string>>): string {
  let out = '';
  for (const part of parts) {
    if ('literal' in part) out += part.literal;
    else if ('value' in part) out += values[part.value] ?? '';
    else if ((values[part.section] ?? '') !== '') out += renderParts(part.body, values);
  }
  return out;
}
