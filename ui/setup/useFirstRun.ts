import { useEffect } from 'react';
import { hashOf, type Route, routeFromHash } from '../app/route.ts';
import { control } from '../connection/control.ts';
import type { ProviderView } from '../settings/settingsTypes.ts';
import { firstRunDecision, readSetupMemory, writeSetupMemory } from './setupMemory.ts';

let askedThisLoad = false;

/**
 * When the app opens (on the Live page, where it starts) with no provider that can transcribe, it opens the setup
 * instead (replacing the address, so Back does not return to the empty Live page). Asked once per
 * page load; if the person has moved on by the time the service answers, nothing moves. A failed
 * read leaves the page alone: the Live page says itself when nothing is set up.
 */
export function useFirstRun(route: Route): void {
  useEffect(() => {
    if (askedThisLoad) return;
    askedThisLoad = true;
    if (route.page !== 'live' || readSetupMemory().settled) return;
    control<{ providers: ProviderView[] }>('GET', '/providers').then(
      ({ providers }) => {
        const decision = firstRunDecision(providers, readSetupMemory());
        if (decision === 'settle') writeSetupMemory({ settled: true });
        if (decision === 'setup' && routeFromHash(location.hash).page === 'live') {
          location.replace(hashOf({ page: 'setup' }));
        }
      },
      () => undefined,
    );
  }, [route.page]);
}
