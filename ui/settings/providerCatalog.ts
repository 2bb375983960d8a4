import { useEffect, useState } from 'react';
import { control } from '../connection/control.ts';
import type { ProviderView } from './settingsTypes.ts';

let asked: Promise<ProviderView[]> | undefined;
let answered: ProviderView[] | undefined;

/**
 * The providers' names and their fields' labels, to say a message in the app's words. They do not
 * change while the page is open, so `GET /providers` is asked once, and only by a page that needs
 * it (`needed`); undefined until it answers, or if it cannot.
 */
export function useProviderCatalog(needed: boolean): ProviderView[] | undefined {
  const [catalog, setCatalog] = useState(answered);
  useEffect(() => {
    if (!needed || catalog !== undefined) return;
    let current = true;
    asked ??= control<{ providers: ProviderView[] }>('GET', '/providers').then(({ providers }) => {
      answered = providers;
      return providers;
    });
    asked.then(
      (providers) => {
        if (current) setCatalog(providers);
      },
      () => {
        // Without the catalog the message keeps the settings' own names; a later page asks again.
        asked = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [needed, catalog]);
  return catalog;
}
