/** The prompt of an answer (an llm_call step, or the final answer). Placeholders: {{instruction}}, {{sources}}, {{question}}. */
export const answerTemplate = `{{instruction}}

Answer from these sources only, as JSON {"shortAnswer": a few words (a name, date, place, number with unit, yes/no; for a comparison the winner and both figures; for a summary asked for, the summary of its main source in at most three sentences) or null if they do not answer, "answer": the supporting sentences, each citing its source like [doc-1]}.

Sources:
{{sources}}

Question: {{question}}`;
