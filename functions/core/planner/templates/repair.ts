/**
 * The repair prompt. Placeholders: {{attempt}}, {{task}}, {{previousAnswer}} (what the errors name
 * of the previous answer: the steps they point at and an outline of the others, or a note that
 * it held no plan to mend), {{errors}}.
 */
export const repairTemplate = `Attempt {{attempt}}. Your previous plan for this task is not valid.

Task: {{task}}

Previous answer:
{{previousAnswer}}

Validation errors (every one must be fixed):
{{errors}}

Give the corrected plan as JSON: {"plan": [...]}.`;
