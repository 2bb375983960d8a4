import type { SetupStep } from '../app/route.ts';
import type { ProviderView } from '../settings/settingsTypes.ts';
import { setupStorageKey } from './setupStorageKey.ts';

/**
 * What this browser remembers of the setup: whether it is settled (a provider worked, the setup was
 * finished or left), and where it was left, to continue from Settings.
 *
 * It lives in the UI's storage, like the theme, rather than in the service's settings: whether a
 * provider works is the service's to say and is asked afresh on every start, so all the browser
 * keeps is a preference about its own window. If it is lost (another browser, another port), the
 * setup is offered again only while still no provider works — which is then true and harmless.
 */
export interface SetupMemory {
  settled: boolean;
  providerId?: string;
  step?: SetupStep;
}

export function readSetupMemory(): SetupMemory {
  try {
    const stored = JSON.parse(localStorage.getItem(setupStorageKey) ?? 'null') as Partial<SetupMemory> | null;
    return {
      settled: stored?.settled === true,
      ...(typeof stored?.providerId === 'string' ? { providerId: stored.providerId } : {}),
      ...(stored?.step === 'settings' || stored?.step === 'record' ? { step: stored.step } : {}),
    };
  } catch {
    return { settled: false };
  }
}

export function writeSetupMemory(change: Partial<SetupMemory>): void {
  localStorage.setItem(setupStorageKey, JSON.stringify({ ...readSetupMemory(), ...change }));
}

/**
 * On opening the app: show the setup while no provider is ready and the setup is not settled;
 * once one is ready, settle it for good, so it never comes back by itself (even if the settings are
 * later removed); otherwise leave the page as it is.
 */
export function firstRunDecision(
  providers: readonly ProviderView[],
  memory: SetupMemory,
): 'setup' | 'settle' | 'stay' {
  if (memory.settled) return 'stay';
  return providers.some(({ ready }) => ready) ? 'settle' : 'setup';
}
