import type { ProviderView } from './settingsTypes.ts';

/** "Configured", "Needs setup" (something is missing) or "Not set up" (nothing saved yet). */
export function ConfigurationBadge(props: { provider: ProviderView }) {
  const { provider } = props;
  if (provider.ready) return <span className="badge badge-success">Configured</span>;
  if (provider.problems.length > 0) return <span className="badge badge-warning">Needs setup</span>;
  return <span className="badge badge-warning">Not set up</span>;
}
