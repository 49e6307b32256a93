import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { planPrompt, repairPrompt } from '../../../functions/core/planner/prompts.js';
import { DEFAULT_TEMPLATES, renderTemplate, templateProblems, templatesWith } from '../../../functions/core/planner/templates/index.js';

describe('Function: renderTemplate', () => {
  it('inserts values, and keeps a section only when its value is set', () => {
    // Act
    const withContext = renderTemplate('plan', 'Task: {{task}}{{#context}} ({{context}}){{/context}}.', { task: 'T', context: 'C' });
    const without = renderTemplate('plan', 'Task: {{task}}{{#context}} ({{context}}){{/context}}.', { task: 'T', context: '' });

    // Assess
    expect(withContext).toBe('Task: T (C).');
    expect(without).toBe('Task: T.');
  });

  it('leaves the plan syntax the prompts show, and unknown names, as written', () => {
    // Act
    const text = renderTemplate('plan', '{{ step_1.result.text }} {{step_2}} {{task}}', { task: 'T' });

    // Assess
    expect(text).toBe('{{ step_1.result.text }} {{step_2}} T');
  });

  it('never reads a value as template', () => {
    // Act
    const text = renderTemplate('plan', 'Task: {{task}} / {{maxSteps}}', { task: '{{maxSteps}} {{#context}}x{{/context}}', maxSteps: '3' });

    // Assess
    expect(text).toBe('Task: {{maxSteps}} {{#context}}x{{/context}} / 3');
  });
});

describe('Function: templatesWith', () => {
  it('is the shipped set when a request overrides nothing', () => {
    // Act + Assess
    expect(templatesWith(undefined)).toBe(DEFAULT_TEMPLATES);
  });

  it('replaces the templates a request gives, and the prompts use them', () => {
    // Act
    const templates = templatesWith({ plan: 'Plan this in French: {{task}} (max {{maxSteps}} steps)', repair: 'Fix {{errors}} in {{previousAnswer}}' });

    // Assess
    expect(templates.system).toBe(DEFAULT_TEMPLATES.system);
    expect(planPrompt({ task: 'Lyon', maxSteps: 4 }, templates)).toBe('Plan this in French: Lyon (max 4 steps)');
    expect(repairPrompt({ task: 'Lyon', previousText: 'P', errors: [{ path: 'plan', message: 'bad', source: 'schema' }], attempt: 2 }, templates)).toBe(
      'Fix - plan: bad in P',
    );
  });

  it('refuses an override that would hide the task or the errors from the model, with every problem named', () => {
    // Act
    const outcome = (() => {
      try {
        return templatesWith({ plan: 'Make a plan.', repair: 'Fix {{#errors}}it', analysis: 'Analyse {{task}}' });
      } catch (error) {
        return error;
      }
    })();

    // Assess
    expect(outcome).toBeInstanceOf(InvalidInputError);
    expect((outcome as Error).message).toBe(
      'promptTemplates.plan: must contain {{task}}; promptTemplates.repair: must contain {{previousAnswer}}; promptTemplates.repair: section {{#errors}} is opened 1 time(s) and closed 0 time(s)',
    );
  });
});

describe('Function: templateProblems', () => {
  it('finds nothing wrong with the shipped templates', () => {
    // Act + Assess
    for (const name of ['system', 'analysis', 'plan', 'repair', 'answer'] as const) expect(templateProblems(name, DEFAULT_TEMPLATES[name])).toEqual([]);
  });
});

describe('Function: planPrompt', () => {
  it('shows few-shot examples before the task, and the task last', () => {
    // Act
    const text = planPrompt({
      task: 'Compare Lyon and Nice',
      maxSteps: 5,
      examples: [{ task: 'Compare Lyon and Marseille', plan: { plan: [], traceability: true } }],
    });

    // Assess
    expect(text).toBe(
      'Valid plans written for earlier, similar tasks:\n\nTask: Compare Lyon and Marseille\nPlan: []\n\nTask: Compare Lyon and Nice\n\nUse at most 5 steps. Reason briefly, then give {"plan": [...]} as JSON.',
    );
  });

  it('shows the short example of the task kind only when no earlier plan is shown, and asks the analysis first when it comes in the same call', () => {
    // Act
    const text = planPrompt({
      task: 'Compare Lyon and Nice',
      maxSteps: 5,
      example: {
        task: 'Compare A and B',
        plan: { plan: [{ step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'A' }, dependencies: [], trace: {} }] },
      },
      analyse: '{complexity: simple|moderate|complex}',
    });

    // Assess: the example written as a model writes a plan, without the modality its type implies or a trace.
    expect(text).toBe(
      'An example plan:\nTask: Compare A and B\nPlan: [{"step_id":1,"type":"keyword_search","parameters":{"query":"A"},"dependencies":[]}]\n\nTask: Compare Lyon and Nice\n\nUse at most 5 steps. Reason briefly, then give {"analysis": {complexity: simple|moderate|complex}, "plan": [...]} as JSON.',
    );
  });
});
