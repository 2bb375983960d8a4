import { useState } from 'react';
import { control } from '../connection/control.ts';
import type { ProviderCheck } from './settingsTypes.ts';

export interface ProviderTest {
  testing: boolean;
  check: ProviderCheck | undefined;
  /** A request that could not be made at all (the service did not answer), as opposed to a failed check. */
  failure: unknown;
  run: () => Promise<void>;
  /** Forgets the last check (its settings changed) and the last failure. */
  clear: () => void;
}

/**
 * A provider's Test (`POST /control/v1/providers/:id/test`): the saved settings tried with one real
 * round trip. `onChecked` hears every answer, so a page can move on once it passes.
 */
export function useProviderTest(
  providerId: string,
  onChecked?: (check: ProviderCheck) => void,
): ProviderTest {
  const [testing, setTesting] = useState(false);
  const [check, setCheck] = useState<ProviderCheck>();
  const [failure, setFailure] = useState<unknown>();
  const run = async () => {
    setTesting(true);
    setCheck(undefined);
    setFailure(undefined);
    try {
      const answer = await control<ProviderCheck>(
        'POST',
        `/providers/${encodeURIComponent(providerId)}/test`,
      );
      setCheck(answer);
      onChecked?.(answer);
    } catch (error) {
      setFailure(error);
    } finally {
      setTesting(false);
    }
  };
  const clear = () => {
    setCheck(undefined);
    setFailure(undefined);
  };
  return { testing, check, failure, run, clear };
}
