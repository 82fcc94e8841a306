/** The id of a question's input: RJSF's, with the form's id as its prefix, so two forms on a page never clash. */
export const fieldElementId = (formId: string, field: string) => `${formId}_${field}`;
