import { type DragEvent, useState, useSyncExternalStore } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { LanguageField } from '../components/LanguageField.tsx';
import { control, ControlRequestError } from '../connection/control.ts';
import { clearedJobs } from '../files/clearedJobs.ts';
import { FileJobRow } from '../files/FileJobRow.tsx';
import { fileQueue, queuedFileEnded } from '../files/fileQueue.ts';
import { type FileRow, fileRows } from '../files/fileRows.ts';
import { isEndedJob } from '../files/jobStates.ts';
import { useServiceJobs } from '../files/useServiceJobs.ts';
import { ProviderPicker } from '../live/ProviderPicker.tsx';
import {
  lastChosenProvider,
  providerToUse,
  rememberChosenProvider,
  useProviders,
} from '../live/providers.ts';
import '../styles/files.css';

/**
 * The Files page: drop or pick audio and video files, and follow each transcription to its
 * session. It lists the service's jobs, not only this tab's: those started elsewhere, and those a
 * restart of the service resumed, which a reload or a new window would otherwise lose sight of.
 */
export function FilesPage() {
  const queued = useSyncExternalStore(fileQueue.subscribe, fileQueue.snapshot);
  const cleared = useSyncExternalStore(clearedJobs.subscribe, clearedJobs.snapshot);
  const serviceJobs = useServiceJobs(queued.some((file) => !queuedFileEnded(file)));
  const rows = fileRows(queued, serviceJobs, cleared);
  const [cancelError, setCancelError] = useState<unknown>(undefined);
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
  const providerLabel = (providerId: string) => {
    const found =
      providers.status === 'loaded'
        ? providers.providers.find(({ metadata }) => metadata.id === providerId)
        : undefined;
    return found === undefined ? providerId : `${found.metadata.label} ${found.metadata.name}`;
  };
  const cancel = (row: FileRow) => {
    if (row.queued !== undefined && !queuedFileEnded(row.queued)) {
      fileQueue.cancel(row.queued.id);
    } else if (row.job !== undefined) {
      void control('POST', `/transcriptions/${encodeURIComponent(row.job.jobId)}/cancel`).then(
        serviceJobs.refresh,
        setCancelError,
      );
    }
  };
  // Every ended job the page knows of, not only the rows shown: older ones would take their place.
  const clearEnded = () => {
    clearedJobs.add([
      ...serviceJobs.jobs.filter(isEndedJob).map((job) => job.jobId),
      ...rows.ended.flatMap((row) => (row.job === undefined ? [] : [row.job.jobId])),
    ]);
    fileQueue.clearEnded();
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
      <ErrorNotice error={listFailureToShow(serviceJobs.failure)} />
      <ErrorNotice error={cancelError} onDismiss={() => setCancelError(undefined)} />
      {rows.unfinished.length > 0 && (
        <section aria-label="In progress" className="files-list">
          <div className="toolbar">
            <h2>In progress</h2>
          </div>
          <ul>
            {rows.unfinished.map((row) => (
              <FileJobRow key={row.key} row={row} providerLabel={providerLabel} onCancel={cancel} />
            ))}
          </ul>
        </section>
      )}
      {rows.ended.length > 0 && (
        <section aria-label="Recently ended" className="files-list">
          <div className="toolbar">
            <h2>Recently ended</h2>
            <button type="button" className="button-quiet" onClick={clearEnded}>
              Clear finished
            </button>
          </div>
          <ul>
            {rows.ended.map((row) => (
              <FileJobRow key={row.key} row={row} providerLabel={providerLabel} onCancel={cancel} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * An unreachable service is told on each unfinished row (its job goes on), and a signed-out
 * browser above every page; any other refusal of the list is said here.
 */
function listFailureToShow(failure: unknown): unknown {
  if (failure instanceof ControlRequestError && (failure.status === 0 || failure.status === 401))
    return undefined;
  return failure;
}
