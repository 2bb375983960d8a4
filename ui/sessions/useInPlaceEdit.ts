import { type FormEvent, useEffect, useRef, useState } from 'react';

/**
 * A text shown in place that opens into a field (a session's title, a speaker's name): the draft
 * while the field is open, the service's reason when it refuses, and focus back on `returnTo` (the
 * element the text is shown in) as the field closes, never as the page opens. `onSubmit` (the form's)
 * saves the draft with `save` and closes the field, or keeps it open with `describeFailure`'s words.
 */
export function useInPlaceEdit<Shown extends HTMLElement>(
  save: (draft: string) => Promise<unknown>,
  describeFailure: (error: unknown) => string,
) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const returnTo = useRef<Shown>(null);
  const returningFocus = useRef(false);
  useEffect(() => {
    if (!returningFocus.current || draft !== undefined) return;
    returningFocus.current = false;
    returnTo.current?.focus();
  }, [draft]);

  const close = () => {
    setDraft(undefined);
    setProblem(undefined);
    returningFocus.current = true;
  };

  const submit = async (text: string) => {
    setSaving(true);
    try {
      await save(text);
      close();
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft !== undefined) void submit(draft);
  };

  return { draft, setDraft, problem, saving, returnTo, close, onSubmit };
}
