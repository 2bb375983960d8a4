import { useEffect, useState } from 'react';
import { control } from '../connection/control.ts';

interface ProvidersAnswer {
  providers: Array<{ metadata: ProviderName }>;
}

/** A provider as people know it: the vendor's name ("Deepgram Nova"), and its code ("P06") beside it. */
export interface ProviderName {
  id: string;
  name: string;
  label: string;
}

let namesRequest: Promise<Map<string, ProviderName>> | undefined;

/** Every provider's name and code by id, asked once per page. */
function requestProviderNames(): Promise<Map<string, ProviderName>> {
  namesRequest ??= control<ProvidersAnswer>('GET', '/providers').then(
    (answer) => new Map(answer.providers.map(({ metadata }) => [metadata.id, metadata])),
    () => {
      namesRequest = undefined;
      return new Map<string, ProviderName>();
    },
  );
  return namesRequest;
}

/** A function naming a provider by id; undefined until the service answers (or for an unknown id). */
export function useProviderNames(): (providerId: string) => ProviderName | undefined {
  const [names, setNames] = useState<Map<string, ProviderName>>(new Map());
  useEffect(() => {
    let current = true;
    void requestProviderNames().then((answer) => {
      if (current) setNames(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return (providerId) => names.get(providerId);
}

/** "Deepgram Nova (P06)" by provider id; an id stays as it is until the service answers. */
export function useProviderLabels(): (providerId: string) => string {
  const nameOf = useProviderNames();
  return (providerId) => {
    const provider = nameOf(providerId);
    return provider === undefined ? providerId : `${provider.name} (${provider.label})`;
  };
}
