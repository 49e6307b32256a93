/**
 * The first plan's prompt. Placeholders: {{task}}, {{maxSteps}}; sections shown only when set:
 * {{#examples}} (plans of earlier, similar tasks), {{#example}} (a short shipped plan of the task's
 * kind, when there are none), {{#context}}, {{#analysis}}, {{#constraints}}, {{#analyse}} (the
 * analysis asked in this same call: its fields, written before the plan).
 */
export const planTemplate = `{{#examples}}Valid plans written for earlier, similar tasks:

{{examples}}

{{/examples}}{{#example}}An example plan:
{{example}}

{{/example}}Task: {{task}}{{#context}}

Context: {{context}}{{/context}}{{#analysis}}

Analysis: {{analysis}}{{/analysis}}{{#constraints}}

Constraints: {{constraints}}{{/constraints}}

Use at most {{maxSteps}} steps. Reason briefly, then give {{{#analyse}}"analysis": {{analyse}}, {{/analyse}}"plan": [...]} as JSON.`;
