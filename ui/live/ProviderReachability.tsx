import { useEffect, useState } from 'react';
import type { ProviderReachability, ProviderView } from '../../api/control/providerView.ts';
import { control } from '../connection/control.ts';

/**
 * Whether the server of a provider the user runs (P12, P13) answers, next to whether it is
 * configured: settings can be complete for a server that is not running. Asked of the service
 * (`GET /control/v1/providers/:id/reachability`, at most 2 s) again whenever the settings change.
 */
export type ReachabilityState =
  | { status: 'not-probed' }
  | { status: 'checking' }
  | { status: 'answered'; reachability: ProviderReachability }
  | { status: 'failed'; message: string };

export function useProviderReachability(provider: ProviderView | undefined): ReachabilityState {
  const probed = provider !== undefined && provider.runsOnUserServer && provider.configured;
  const providerId = provider?.metadata.id ?? '';
  // The same settings are probed once; changed ones (a new address saved) are probed again.
  const key = probed ? `${providerId} ${JSON.stringify(provider.values)}` : undefined;
  const [answer, setAnswer] = useState<{ key: string; state: ReachabilityState }>();
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    probe(key, providerId).then(
      ({ reachability }) => {
        if (current) setAnswer({ key, state: { status: 'answered', reachability } });
      },
      (error: unknown) => {
        if (current) {
          setAnswer({
            key,
            state: { status: 'failed', message: error instanceof Error ? error.message : String(error) },
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [key, providerId]);
  if (key === undefined) return { status: 'not-probed' };
  return answer?.key === key ? answer.state : { status: 'checking' };
}

/**
 * The probes under way, by settings: the list and the form of the provider selected in Settings
 * ask at the same moment, and one connection answers both.
 */
const probesUnderWay = new Map<string, Promise<{ reachability: ProviderReachability }>>();

function probe(key: string, providerId: string): Promise<{ reachability: ProviderReachability }> {
  const underWay = probesUnderWay.get(key);
  if (underWay !== undefined) return underWay;
  const asked = control<{ reachability: ProviderReachability }>(
    'GET',
    `/providers/${encodeURIComponent(providerId)}/reachability`,
  ).finally(() => probesUnderWay.delete(key));
  probesUnderWay.set(key, asked);
  return asked;
}

/**
 * "Reachable", "Not reachable (connection refused)", or that it is being checked; nothing when not
 * probed. A list item among other badges (`as="li"`), else a span.
 */
export function ReachabilityBadge(props: { state: ReachabilityState; as?: 'li' | 'span' }) {
  const { state } = props;
  const Element = props.as ?? 'span';
  if (state.status === 'not-probed') return null;
  const [label, tone] =
    state.status === 'checking'
      ? ['Checking the server…', 'badge']
      : state.status === 'failed'
        ? ['Server not checked', 'badge badge-warning']
        : state.reachability.state === 'reachable'
          ? ['Reachable', 'badge badge-success']
          : state.reachability.state === 'unreachable'
            ? [`Not reachable (${state.reachability.reason})`, 'badge badge-danger']
            : ['Server not checked', 'badge badge-warning'];
  return (
    <Element className={tone} data-testid="provider-reachability">
      {label}
    </Element>
  );
}

/** The sentence that goes with a server that does not answer: where it was tried and what to do. */
export function unreachableMessage(state: ReachabilityState): string | undefined {
  return state.status === 'answered' && state.reachability.state === 'unreachable'
    ? state.reachability.message
    : undefined;
}
