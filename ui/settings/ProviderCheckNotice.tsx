import { ProblemMessage } from './ProblemMessage.tsx';
import type { ProviderCheck } from './settingsTypes.ts';

/** What a provider's Test found: ✓ and what answered, or ✗ and what to change. */
export function ProviderCheckNotice(props: { check: ProviderCheck | undefined }) {
  const { check } = props;
  if (check === undefined) return null;
  return (
    <div className={check.ok ? 'notice notice-success' : 'notice notice-error'}>
      <span>
        {check.ok ? '✓ ' : '✗ '}
        <ProblemMessage message={check.message} />
      </span>
    </div>
  );
}
