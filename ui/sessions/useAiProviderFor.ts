import type { AiProvidersAnswer } from '../../api/control/aiProviderControl.ts';
import type { SessionRecord } from '../../store/records.ts';
import { useControlData } from '../settings/useControlData.ts';

export type AiProviderFor = { state: 'unknown' } | { state: 'none' } | { state: 'chosen'; name: string };

/**
 * The AI provider a session's jobs would use (its topic's, else the default), read as the page
 * opens: `none` when there is none to use; `unknown` until the service answers, or when it did not,
 * since then the job itself says what is missing.
 */
export function useAiProviderFor(session: SessionRecord): AiProviderFor {
  const { data } = useControlData<AiProvidersAnswer>('/ai-providers');
  if (data === undefined) return { state: 'unknown' };
  const topicProvider = session.topicId === null ? undefined : data.topicAiProviders[session.topicId];
  const name = topicProvider ?? data.defaultAiProvider;
  return name === undefined ? { state: 'none' } : { state: 'chosen', name };
}
