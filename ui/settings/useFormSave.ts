import { useState } from 'react';

/**
 * A settings form's Save: `save(action)` runs the request, and the form shows `saving` on its
 * button, `saved` once it worked, and `failure` (cleared by `dismissFailure`) when it did not.
 */
export function useFormSave() {
  const [failure, setFailure] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = async (action: () => Promise<void>) => {
    setSaving(true);
    setFailure(undefined);
    setSaved(false);
    try {
      await action();
      setSaved(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };
  return { failure, dismissFailure: () => setFailure(undefined), saving, saved, save };
}
