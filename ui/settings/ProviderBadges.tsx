import type { ProviderMetadata } from './settingsTypes.ts';

const executionModes: Record<ProviderMetadata['executionMode'], string> = {
  streaming: 'Streaming',
  'windowed-interval': 'Windowed (interval)',
  'windowed-debounce': 'Windowed (pauses)',
  'managed-runtime': 'Managed runtime',
};

/** What a provider is and can do, as short badges: where it runs, how live audio is handled, extras. */
export function ProviderBadges(props: { metadata: ProviderMetadata }) {
  const { metadata } = props;
  const { capabilities } = metadata;
  return (
    <span className="provider-badges">
      <span className="badge">{metadata.kind === 'local' ? 'Local' : 'Cloud'}</span>
      <span className="badge">{executionModes[metadata.executionMode]}</span>
      {capabilities.translation && <span className="badge">Translation</span>}
      {capabilities.diarization && (
        <span className="badge">{capabilities.liveDiarization ? 'Speakers' : 'Speakers in files'}</span>
      )}
      {capabilities.fileTranscription && <span className="badge">Files</span>}
      {metadata.vocabulary === null ? (
        <span className="badge">No vocabulary</span>
      ) : (
        <span className="badge" title={`Takes the custom vocabulary as ${metadata.vocabulary.parameter}`}>
          Vocabulary
        </span>
      )}
    </span>
  );
}
