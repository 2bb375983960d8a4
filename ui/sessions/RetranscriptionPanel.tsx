import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ProviderPicker } from '../live/ProviderPicker.tsx';
import { providerToUse, useProviders } from '../live/providers.ts';
import { transcriptTimestamp } from './transcriptTimestamp.ts';
import { KeepOrDiscard } from './KeepOrDiscard.tsx';
import { useProviderLabels } from './useProviderLabels.ts';
import { type TranscriptVersion, useRetranscription } from './useRetranscription.ts';

/**
 * Transcribe again: the session's recorded audio (all of it, or only the gaps an interruption
 * left) sent to a provider the user picks, with the job's progress; the new transcript is then
 * proposed, shown line by line, to keep (it replaces the transcript, the old one stays as a
 * version) or discard.
 */
export function RetranscriptionPanel(props: { sessionId: string }) {
  const followed = useRetranscription(props.sessionId);
  const providers = useProviders();
  const choices =
    providers.status === 'loaded'
      ? providers.providers.filter(({ metadata }) => metadata.capabilities.fileTranscription)
      : [];
  const [chosen, setChosen] = useState<string>();
  const [gapsOnly, setGapsOnly] = useState(false);
  const provider = providerToUse(choices, chosen);
  const { current, sending } = followed;
  const busy = sending || current === undefined || current?.state === 'pending';

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (provider !== undefined) followed.start(provider.metadata.id, gapsOnly);
  };

  return (
    <section className="card retranscription" aria-labelledby="retranscription-heading">
      <h2 id="retranscription-heading">Transcribe again</h2>
      <form className="retranscription-form" onSubmit={start}>
        <ProviderPicker
          state={providers}
          choices={choices}
          value={provider?.metadata.id}
          onChange={setChosen}
          disabled={busy}
        />
        <label className="retranscription-option">
          <input
            type="checkbox"
            checked={gapsOnly}
            disabled={busy}
            onChange={(event) => setGapsOnly(event.target.checked)}
          />
          Only the gaps an interruption left
        </label>
        <button type="submit" className="button-primary" disabled={busy || provider === undefined}>
          Transcribe again
        </button>
      </form>
      {current != null && (
        <VersionView
          version={current}
          progress={followed.job?.progress}
          sending={sending}
          onKeep={followed.keep}
          onDiscard={followed.discard}
        />
      )}
      <ErrorNotice error={followed.failure} onDismiss={followed.dismiss} />
    </section>
  );
}

function VersionView(props: {
  version: TranscriptVersion;
  progress: number | undefined;
  sending: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { version } = props;
  const providerLabel = useProviderLabels();
  const made = `${providerLabel(version.providerId)}${version.scope === 'gaps' ? ', the gaps only' : ''}`;
  switch (version.state) {
    case 'pending':
      return (
        <div className="retranscription-progress" data-testid="retranscription-state">
          <p role="status">Transcribing again with {made}…</p>
          <progress
            max={1}
            value={props.progress}
            aria-label="Transcribing again"
            className="files-progress"
          />
          <button type="button" disabled={props.sending} onClick={props.onDiscard}>
            Cancel
          </button>
        </div>
      );
    case 'failed':
      return (
        <p className="notice notice-error" role="alert" data-testid="retranscription-state">
          Transcribing again failed: {version.error}
        </p>
      );
    case 'discarded':
      return (
        <p className="muted" role="status" data-testid="retranscription-state">
          The new transcript was discarded; the transcript is as it was.
        </p>
      );
    case 'kept':
    case 'superseded':
      return (
        <p className="muted" role="status" data-testid="retranscription-state">
          The new transcript by {made} is kept: the transcript below shows it; the one it replaced is kept as
          an earlier version.
        </p>
      );
    case 'proposed':
      return (
        <div className="retranscription-proposal" data-testid="retranscription-proposal">
          <p role="status">
            {version.segments.length === 0
              ? `${made} recognised no speech.`
              : `${version.segments.length} segments by ${made}.`}{' '}
            Keep them to replace the transcript (the current one stays as an earlier version), or discard
            them.
            {version.error === null ? '' : ` ${version.error}`}
          </p>
          <ol className="retranscription-lines">
            {version.segments.map((segment) => (
              <li key={`${segment.startMs}-${segment.text}`} data-testid="proposed-segment">
                <span className="muted">{transcriptTimestamp(segment.startMs)}</span> {segment.text}
              </li>
            ))}
          </ol>
          <KeepOrDiscard sending={props.sending} onKeep={props.onKeep} onDiscard={props.onDiscard} />
        </div>
      );
  }
}
