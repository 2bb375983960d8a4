import { useEffect, useState } from 'react';
import type { ProviderView } from '../../api/control/providerView.ts';
import { control } from '../connection/control.ts';

export type { ProviderView } from '../../api/control/providerView.ts';

export type ProvidersState =
  | { status: 'loading' }
  | { status: 'loaded'; providers: ProviderView[] }
  | { status: 'failed'; message: string };

/** The providers with their readiness, from `GET /control/v1/providers`, asked once per mount. */
export function useProviders(): ProvidersState {
  const [state, setState] = useState<ProvidersState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    control<{ providers: ProviderView[] }>('GET', '/providers').then(
      (answer) => {
        if (current) setState({ status: 'loaded', providers: answer.providers });
      },
      (error: unknown) => {
        if (current) {
          setState({
            status: 'failed',
            message: `Cannot load the providers: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}

const lastProviderKey = 'earshot.lastProvider';

export function lastChosenProvider(): string | undefined {
  return localStorage.getItem(lastProviderKey) ?? undefined;
}

export function rememberChosenProvider(providerId: string): void {
  localStorage.setItem(lastProviderKey, providerId);
}

/**
 * The provider a page starts on: the one chosen, else the first the user set up that is ready, else
 * the default (P14, whose problem then says how to set it up), else the first. Being ready takes
 * settings the user saved, so a provider whose settings all have defaults (P13's server address)
 * is not picked by itself: nothing says its server exists.
 */
export function providerToUse(choices: ProviderView[], chosen: string | undefined): ProviderView | undefined {
  return (
    choices.find(({ metadata }) => metadata.id === chosen) ??
    choices.find(({ ready }) => ready) ??
    choices.find(({ isDefault }) => isDefault) ??
    choices[0]
  );
}
