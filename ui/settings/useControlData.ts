import { useCallback, useEffect, useState } from 'react';
import { control } from '../connection/control.ts';

export interface ControlData<Answer> {
  data: Answer | undefined;
  /** The last failed read; the last good answer stays in `data` meanwhile. */
  error: unknown;
  reload: () => void;
  /** Puts an answer the page already has (a save's reply) in place of the last read. */
  replace: (data: Answer) => void;
}

/**
 * Reads a control path when the page opens and on `reload`; with `pollMilliseconds`, again that
 * long after each answer, for as long as the page stays open.
 */
export function useControlData<Answer>(path: string, pollMilliseconds?: number): ControlData<Answer> {
  const [state, setState] = useState<{ data: Answer | undefined; error: unknown }>({
    data: undefined,
    error: undefined,
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const data = await control<Answer>('GET', path);
        if (!closed) setState({ data, error: undefined });
      } catch (error) {
        if (!closed) setState((previous) => ({ data: previous.data, error }));
      }
      if (!closed && pollMilliseconds !== undefined) timer = setTimeout(() => void read(), pollMilliseconds);
    };
    void read();
    return () => {
      closed = true;
      clearTimeout(timer);
    };
  }, [path, pollMilliseconds, generation]);
  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  const replace = useCallback((data: Answer) => setState({ data, error: undefined }), []);
  return { ...state, reload, replace };
}
