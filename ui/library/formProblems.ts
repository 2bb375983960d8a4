import { ControlRequestError } from '../connection/control.ts';

/** A refused form: messages for the form's own fields, and a sentence when no field explains it. */
export interface FormProblems {
  fields: Record<string, string>;
  message: string | undefined;
}

export const noFormProblems: FormProblems = { fields: {}, message: undefined };

/**
 * Sorts a refusal into messages shown next to `fieldNames` and, when none of those explains it, the
 * service's own sentence for the whole form.
 */
export function formProblemsOf(error: unknown, fieldNames: readonly string[]): FormProblems {
  if (!(error instanceof ControlRequestError)) {
    return { fields: {}, message: error instanceof Error ? error.message : 'The change was not saved.' };
  }
  const fields = Object.fromEntries(
    Object.entries(error.fields).filter(([name]) => fieldNames.includes(name)),
  );
  return { fields, message: Object.keys(fields).length === 0 ? error.message : undefined };
}
