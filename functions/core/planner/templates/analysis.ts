/** The analysis prompt, when the analysis is asked before the plan. Placeholders: {{analysisSchema}} (the fields to write), {{task}}. */
export const analysisTemplate = `Analyse this task before planning. Answer with one JSON object {{analysisSchema}}.

Task: {{task}}`;
