import { useEffect, useState } from 'react';
import { control } from '../connection/control.ts';

interface ProvidersAnswer {
  providers: Array<{ metadata: { id: string; label: string; name: string } }>;
}

let labelsRequest: Promise<Map<string, string>> | undefined;

/** "P06 Deepgram" by provider id, asked once per page; an id stays as it is until the answer comes. */
function requestProviderLabels(): Promise<Map<string, string>> {
  labelsRequest ??= control<ProvidersAnswer>('GET', '/providers').then(
    (answer) =>
      new Map(answer.providers.map(({ metadata }) => [metadata.id, `${metadata.label} ${metadata.name}`])),
    () => {
      labelsRequest = undefined;
      return new Map<string, string>();
    },
  );
  return labelsRequest;
}

/** A function naming a provider for people: its label and name when the service told us, else its id. */
export function useProviderLabels(): (providerId: string) => string {
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let current = true;
    void requestProviderLabels().then((answer) => {
      if (current) setLabels(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return (providerId) => labels.get(providerId) ?? providerId;
}
