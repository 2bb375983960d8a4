import { type DragEvent, useState, useSyncExternalStore } from 'react';
import { hashOf } from '../app/route.ts';
import { LanguageField } from '../components/LanguageField.tsx';
import { formatBytes } from '../format/bytes.ts';
import { fileQueue, type QueuedFile } from '../files/fileQueue.ts';
import { ProviderPicker } from '../live/ProviderPicker.tsx';
import {
  lastChosenProvider,
  providerToUse,
  rememberChosenProvider,
  useProviders,
} from '../live/providers.ts';
import '../styles/files.css';

/** The Files page: drop or pick audio and video files, and follow each transcription to its session. */
export function FilesPage() {
  const items = useSyncExternalStore(fileQueue.subscribe, fileQueue.snapshot);
  const providers = useProviders();
  const choices =
    providers.status === 'loaded'
      ? providers.providers.filter(({ metadata }) => metadata.capabilities.fileTranscription)
      : [];
  const [chosen, setChosen] = useState<string | undefined>(lastChosenProvider);
  const [language, setLanguage] = useState('');
  const [dragging, setDragging] = useState(false);
  const provider = providerToUse(choices, chosen);
  const languageCode = language.trim().toLowerCase();
  const languageError =
    languageCode === '' || /^[a-z]{2}$/.test(languageCode)
      ? undefined
      : 'Use a two-letter code such as en or zh.';
  const canAdd = provider !== undefined && languageError === undefined;

  const add = (files: File[]) => {
    if (!canAdd || files.length === 0) return;
    rememberChosenProvider(provider.metadata.id);
    fileQueue.add(files, provider.metadata.id, languageCode === '' ? undefined : languageCode);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <div className="files-page">
      <h1>Files</h1>
      <section className="card files-options" aria-label="Transcription settings">
        <ProviderPicker
          state={providers}
          choices={choices}
          value={provider?.metadata.id}
          onChange={setChosen}
        />
        <LanguageField value={language} onChange={setLanguage} error={languageError} />
      </section>
      <div
        className={`files-drop${dragging ? ' files-drop-active' : ''}`}
        data-testid="files-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Drop audio or video files here, or</p>
        <label className={`button button-primary${canAdd ? '' : ' files-disabled'}`}>
          Choose files…
          <input
            type="file"
            className="files-input"
            accept="audio/*,video/*"
            multiple
            disabled={!canAdd}
            aria-label="Choose files to transcribe"
            onChange={(event) => {
              add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>
        <p className="field-hint">Files are transcribed one after another; each becomes a session.</p>
      </div>
      {items.length > 0 && (
        <section aria-label="Files" className="files-list">
          <div className="toolbar">
            <h2>Queue</h2>
            <button type="button" className="button-quiet" onClick={() => fileQueue.clearEnded()}>
              Clear finished
            </button>
          </div>
          <ul>
            {items.map((item) => (
              <FileRow key={item.id} item={item} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const stateLabels: Record<QueuedFile['state'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  transcribing: 'Transcribing',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function FileRow(props: { item: QueuedFile }) {
  const { item } = props;
  const fraction = item.state === 'uploading' ? item.uploadFraction : (item.job?.progress ?? 0);
  const active = item.state === 'waiting' || item.state === 'uploading' || item.state === 'transcribing';
  const detail =
    item.state === 'uploading'
      ? `${Math.round(item.uploadFraction * 100)} % of ${formatBytes(item.bytes)} sent`
      : item.state === 'transcribing' && item.job !== undefined
        ? `${jobStateLabel(item.job.state)}${item.job.chunkCount > 1 ? `, part ${item.job.chunkIndex + 1} of ${item.job.chunkCount}` : ''} · ${Math.round(item.job.progress * 100)} %`
        : formatBytes(item.bytes);
  const tone =
    item.state === 'completed'
      ? 'badge badge-success'
      : item.state === 'failed'
        ? 'badge badge-danger'
        : item.state === 'cancelled'
          ? 'badge badge-warning'
          : 'badge';
  return (
    <li className="card files-item" aria-label={item.name} data-testid="file-item">
      <div className="files-item-row">
        <span className="files-name">{item.name}</span>
        <span className={tone} data-testid="file-state">
          {stateLabels[item.state]}
        </span>
        <span className="files-actions">
          {active && (
            <button type="button" className="button-quiet" onClick={() => fileQueue.cancel(item.id)}>
              Cancel
            </button>
          )}
          {item.state === 'completed' && item.job !== undefined && (
            <a
              className="button button-primary"
              href={hashOf({ page: 'session', sessionId: item.job.sessionId })}
            >
              Open session
            </a>
          )}
        </span>
      </div>
      {active && (
        <progress
          className="files-progress"
          max={1}
          value={item.state === 'waiting' ? undefined : fraction}
          aria-label={`Progress of ${item.name}`}
        />
      )}
      <p className="field-hint files-detail" data-testid="file-detail">
        {detail}
      </p>
      {item.error !== undefined && (
        <div className="notice notice-error" role="alert">
          <span>{item.error}</span>
        </div>
      )}
    </li>
  );
}

function jobStateLabel(state: string): string {
  switch (state) {
    case 'queued':
      return 'Waiting for a free slot';
    case 'preparing':
      return 'Preparing the audio';
    case 'opening':
      return 'Connecting to the provider';
    case 'uploading':
      return 'Sending to the provider';
    case 'processing':
      return 'The provider is transcribing';
    case 'cancelling':
      return 'Cancelling';
    default:
      return 'Saving';
  }
}
