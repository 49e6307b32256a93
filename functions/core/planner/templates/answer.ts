/** The prompt of an answer (an llm_call step, or the final answer). Placeholders: {{instruction}}, {{sources}}, {{question}}. */
export const answerTemplate = `{{instruction}}

Answer only from these sources. Reply with a JSON object of two fields:
- "shortAnswer": the answer itself, in a few words (a name; a number with its unit and year; a date; a place; "yes" or "no"; for a comparison the one that wins, with both figures), or null when the sources do not answer the question;
- "answer": the sentences from the sources that support it, each claim citing its source id in brackets, like [doc-1]. When the sources do not answer, say so and cite nothing.

Sources:
{{sources}}

Question: {{question}}`;
