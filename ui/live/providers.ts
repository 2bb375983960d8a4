import { useEffect, useState } from 'react';
import type { AudioFormat } from '../../main/app/appProtocol.ts';
import { control } from '../connection/control.ts';

/** What the Live and Files pages read of `GET /control/v1/providers` (ProviderView on the service). */
export interface ProviderView {
  metadata: {
    id: string;
    label: string;
    name: string;
    kind: 'cloud' | 'local';
    audioInput: AudioFormat;
    executionMode: string;
    capabilities: {
      streaming: boolean;
      translation: boolean;
      diarization: boolean;
      fileTranscription: boolean;
    };
  };
  problems: string[];
  ready: boolean;
}

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
