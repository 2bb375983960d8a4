import { type FormEvent, type ReactNode, useState } from 'react';
import { hashOf } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { formatBytes } from '../format/bytes.ts';
import { FileImportForm } from './FileImportForm.tsx';
import { RuntimeLog } from './RuntimeLog.tsx';
import type { RuntimeReport } from './settingsTypes.ts';
import { useControlData } from './useControlData.ts';

type RuntimeAction = 'build' | 'import-model' | 'download-model' | 'start' | 'stop';

const runtimeStates: Record<RuntimeReport['runtime']['state'], { label: string; tone: string }> = {
  unprepared: { label: 'Stopped', tone: '' },
  prepared: { label: 'Stopped', tone: '' },
  stopped: { label: 'Stopped', tone: '' },
  starting: { label: 'Starting…', tone: 'badge-warning' },
  running: { label: 'Running', tone: 'badge-success' },
  restarting: { label: 'Restarting…', tone: 'badge-warning' },
  stopping: { label: 'Stopping…', tone: 'badge-warning' },
  failed: { label: 'Failed', tone: 'badge-danger' },
};

const fileStates = {
  ready: { label: 'Ready', tone: 'badge-success' },
  missing: { label: 'Missing', tone: 'badge-warning' },
  not_set: { label: 'Not set', tone: 'badge-warning' },
  unusable: { label: 'Unusable', tone: 'badge-danger' },
};

/**
 * P14's local runtime: the whisper-server binary and model it needs, the server itself, and the
 * long tasks (build, download) that prepare them. Read again every second while open.
 */
export function RuntimeSettings() {
  const report = useControlData<RuntimeReport>('/runtime', 1000);
  const [busy, setBusy] = useState<RuntimeAction>();
  const [failure, setFailure] = useState<{ action: RuntimeAction; error: unknown }>();

  const run = async (action: RuntimeAction, body?: unknown, query = '') => {
    setBusy(action);
    setFailure(undefined);
    try {
      report.replace(await control<RuntimeReport>('POST', `/runtime/${action}${query}`, body));
    } catch (error) {
      setFailure({ action, error });
    } finally {
      setBusy(undefined);
    }
  };
  const failureOf = (...actions: RuntimeAction[]) =>
    failure !== undefined && actions.includes(failure.action) ? (
      <ErrorNotice error={failure.error} onDismiss={() => setFailure(undefined)} />
    ) : null;

  const data = report.data;
  if (data === undefined) {
    return report.error === undefined ? (
      <p className="muted">Reading the runtime's state…</p>
    ) : (
      <ErrorNotice error={report.error} />
    );
  }
  const { binary, model, runtime, task } = data;
  const taskRunning = task.state === 'running';
  const active =
    runtime.state === 'running' || runtime.state === 'starting' || runtime.state === 'restarting';
  const ready = binary.state === 'ready' && model.state === 'ready';
  return (
    <>
      <p className="muted">
        whisper.cpp (P14) transcribes on this computer with a whisper-server that Earshot starts when needed.
        It needs the server program and a speech model; its other settings (language, port) are under{' '}
        <a href={hashOf({ page: 'settings', section: 'providers' })}>Providers</a>.
      </p>
      <ErrorNotice error={report.error} />
      <RuntimeReadiness report={data} />
      <div className="runtime-grid">
        <RuntimeCard step={1} title="whisper-server program" testId="runtime-binary">
          <Facts>
            <dt>State</dt>
            <dd>
              <StateBadge {...fileStates[binary.state]} />
            </dd>
            <dt>Path</dt>
            <dd>
              <code>{binary.path}</code>
            </dd>
            <dt>Source</dt>
            <dd>{binary.managed ? 'Built or imported here' : 'The “whisper-server program” setting'}</dd>
          </Facts>
          {binary.problem !== null && <p className="field-error">{binary.problem}</p>}
          <div className="field">
            <div className="toolbar">
              <button
                type="button"
                className={binary.state === 'ready' ? undefined : 'button-primary'}
                onClick={() => void run('build')}
                disabled={busy !== undefined || taskRunning}
              >
                {task.kind === 'build' && taskRunning ? 'Building…' : 'Build binary'}
              </button>
            </div>
            <span className="field-hint">
              Compiles whisper.cpp from source once (about 2 minutes on 2 cores; needs cmake, make and a C++
              compiler). Its progress shows here.
            </span>
          </div>
          {task.kind === 'build' && <TaskStatus task={task} />}
          <p className="field-hint" data-testid="runtime-binary-import">
            Have a whisper-server of your own? Run <code>earshot runtime import-binary PATH</code> in a
            terminal: it copies the program into Earshot&apos;s data directory. whisper.cpp runs only a
            program built here or imported that way, and this page offers no import, so nobody who gets into
            the app can hand Earshot a program to run.
          </p>
          {failureOf('build')}
        </RuntimeCard>

        <RuntimeCard step={2} title="Speech model" testId="runtime-model">
          <Facts>
            <dt>State</dt>
            <dd>
              <StateBadge {...fileStates[model.state]} />
            </dd>
            <dt>Path</dt>
            <dd>
              {model.path === null ? <span className="muted">None chosen</span> : <code>{model.path}</code>}
            </dd>
            {model.bytes !== null && (
              <>
                <dt>Size</dt>
                <dd>{formatBytes(model.bytes)}</dd>
              </>
            )}
            <dt>Installed</dt>
            <dd>
              {data.installedModels.length === 0 ? (
                <span className="muted">No models in the data directory yet</span>
              ) : (
                <ul className="plain-list">
                  {data.installedModels.map((path) => (
                    <li key={path}>
                      <code>{path}</code>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </Facts>
          <ModelDownloadForm
            models={data.officialModels}
            suggested={data.suggestedModel}
            primary={binary.state === 'ready' && model.state !== 'ready'}
            busy={busy !== undefined || taskRunning}
            onDownload={(name) => void run('download-model', { name })}
          />
          {task.kind === 'download-model' && <TaskStatus task={task} />}
          <FileImportForm
            label="Or import a ggml model file"
            accept=".bin"
            buttonLabel="Import model"
            busy={busy !== undefined}
            working={busy === 'import-model'}
            onImport={(file) => void run('import-model', file, `?name=${encodeURIComponent(file.name)}`)}
          />
          {failureOf('download-model', 'import-model')}
        </RuntimeCard>

        <RuntimeCard step={3} title="Server" testId="runtime-server">
          <Facts>
            <dt>State</dt>
            <dd>
              <StateBadge {...runtimeStates[runtime.state]} />
              {runtime.held && <span className="muted"> (kept running from this page)</span>}
            </dd>
            <dt>Address</dt>
            <dd>
              {runtime.baseUrl === null ? <span className="muted">—</span> : <code>{runtime.baseUrl}</code>}
            </dd>
            <dt>Process</dt>
            <dd>{runtime.pid === null ? <span className="muted">—</span> : runtime.pid}</dd>
          </Facts>
          {runtime.failure !== null && <p className="field-error">{runtime.failure}</p>}
          <div className="toolbar">
            <button
              type="button"
              className="button-primary"
              onClick={() => void run('start')}
              disabled={busy !== undefined || runtime.held || !ready}
            >
              {busy === 'start' ? 'Starting…' : 'Start'}
            </button>
            <button
              type="button"
              onClick={() => void run('stop')}
              disabled={busy !== undefined || !runtime.held}
            >
              {busy === 'stop' ? 'Stopping…' : 'Stop'}
            </button>
          </div>
          <p className="field-hint">
            {!ready
              ? 'Starts once the program and a model are in place.'
              : active && !runtime.held
                ? 'Running for a transcription; it stops by itself when that ends.'
                : 'Jobs and live sessions start it by themselves. Start keeps it running until you stop it, so the next one begins without the wait.'}
          </p>
          {failureOf('start', 'stop')}
        </RuntimeCard>
      </div>
      <RuntimeCard title="Log" testId="runtime-activity">
        <RuntimeLog lines={data.log} />
      </RuntimeCard>
    </>
  );
}

/**
 * The first thing the page says: whether P14 can transcribe, and if not what is missing and the
 * order to fix it in, so someone who never opens a terminal knows where to start.
 */
function RuntimeReadiness(props: { report: RuntimeReport }) {
  const { binary, model } = props.report;
  if (binary.state === 'ready' && model.state === 'ready') {
    return (
      <div className="notice notice-success" role="status" data-testid="runtime-readiness">
        <span>
          <strong>whisper.cpp is ready.</strong> Transcribe a file on the{' '}
          <a href={hashOf({ page: 'files' })}>Files</a> page or start a{' '}
          <a href={hashOf({ page: 'live' })}>Live</a> session; whisper-server starts by itself.
        </span>
      </div>
    );
  }
  const missing = [binaryGaps[binary.state], modelGaps[model.state]].filter((gap) => gap !== undefined);
  return (
    <section
      className="card runtime-readiness"
      aria-label="What whisper.cpp still needs"
      data-testid="runtime-readiness"
    >
      <p>
        <strong>whisper.cpp is not ready yet:</strong> {missing.join(' and ')}.
      </p>
      <ol>
        <li className={binary.state === 'ready' ? 'runtime-step-done' : undefined}>
          <strong>Build</strong> whisper-server in step 1 below (or import one you have from a terminal).
          {binary.state === 'ready' && ' Done.'}
        </li>
        <li className={model.state === 'ready' ? 'runtime-step-done' : undefined}>
          <strong>Download</strong> a speech model (or import a ggml file) in step 2.
          {model.state === 'ready' && ' Done.'}
        </li>
      </ol>
      <p className="muted">Both show their progress here, and this note says when whisper.cpp is ready.</p>
    </section>
  );
}

const binaryGaps: Record<RuntimeReport['binary']['state'], string | undefined> = {
  ready: undefined,
  missing: 'whisper-server is not built',
  unusable: 'the whisper-server program does not run',
};

const modelGaps: Record<RuntimeReport['model']['state'], string | undefined> = {
  ready: undefined,
  not_set: 'no model is chosen',
  missing: 'the chosen model file is gone',
  unusable: 'the chosen model is not a ggml model',
};

function RuntimeCard(props: { step?: number; title: string; testId: string; children: ReactNode }) {
  const titleId = `${props.testId}-title`;
  return (
    <section className="card settings-card" aria-labelledby={titleId} data-testid={props.testId}>
      <h2 id={titleId}>
        {props.step !== undefined && <span className="runtime-step">{props.step}</span>}
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function Facts(props: { children: ReactNode }) {
  return <dl className="settings-facts">{props.children}</dl>;
}

function StateBadge(props: { label: string; tone: string }) {
  return <span className={`badge ${props.tone}`}>{props.label}</span>;
}

function ModelDownloadForm(props: {
  models: RuntimeReport['officialModels'];
  suggested: string;
  primary: boolean;
  busy: boolean;
  onDownload: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const fallback = props.models.find((model) => model.name === props.suggested) ?? props.models[0];
  const chosen = name === '' ? fallback?.name : name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== undefined) props.onDownload(chosen);
  };
  return (
    <form className="field" onSubmit={submit}>
      <label className="field-label" htmlFor="download-model">
        Download an official model
      </label>
      <div className="path-form">
        <select id="download-model" value={chosen ?? ''} onChange={(event) => setName(event.target.value)}>
          {props.models.map((model) => (
            <option key={model.name} value={model.name}>
              {model.name} ({formatBytes(model.bytes)}){model.name === props.suggested ? ' · suggested' : ''}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className={props.primary ? 'button-primary' : undefined}
          disabled={props.busy || chosen === undefined}
        >
          Download model
        </button>
      </div>
      <span className="field-hint">
        Checked against its published checksum; an interrupted download continues where it stopped.
        whisper.cpp uses the model once it is in.
      </span>
    </form>
  );
}

const taskNames = { build: 'Building whisper-server', 'download-model': 'Downloading a model' };

/** The latest build or download, in the card it belongs to: a bar with the percentage while it runs. */
function TaskStatus(props: { task: RuntimeReport['task'] }) {
  const { task } = props;
  if (task.kind === null) return null;
  const name = taskNames[task.kind];
  return (
    <div role="status" className="runtime-task" data-testid={`runtime-task-${task.kind}`}>
      <p>
        <strong>{name}</strong>{' '}
        {task.state === 'running' ? (
          <StateBadge label="Running" tone="badge-warning" />
        ) : task.state === 'succeeded' ? (
          <StateBadge label="Done" tone="badge-success" />
        ) : (
          <StateBadge label="Failed" tone="badge-danger" />
        )}
      </p>
      {task.state === 'running' && (
        <div className="task-progress">
          <progress value={task.progress ?? undefined} max={1} aria-label={`${name} progress`} />
          <span className="task-percent">
            {task.progress === null ? 'Starting…' : `${Math.floor(task.progress * 100)} %`}
          </span>
        </div>
      )}
      {task.message !== null && (
        <p className={task.state === 'failed' ? 'field-error task-message' : 'muted task-message'}>
          {task.message}
        </p>
      )}
    </div>
  );
}
