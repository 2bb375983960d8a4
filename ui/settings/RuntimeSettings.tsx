import { type FormEvent, type ReactNode, useState } from 'react';
import { hashOf } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { formatBytes } from '../format/bytes.ts';
import { PathImportForm } from './PathImportForm.tsx';
import { RuntimeLog } from './RuntimeLog.tsx';
import type { RuntimeReport } from './settingsTypes.ts';
import { useControlData } from './useControlData.ts';

type RuntimeAction = 'build' | 'import-binary' | 'import-model' | 'download-model' | 'start' | 'stop';

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

  const run = async (action: RuntimeAction, body?: unknown) => {
    setBusy(action);
    setFailure(undefined);
    try {
      report.replace(await control<RuntimeReport>('POST', `/runtime/${action}`, body));
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
  return (
    <>
      <p className="muted">
        P14 whisper.cpp transcribes on this computer with a whisper-server that Earshot starts when needed. It
        needs the server program and a speech model; its other settings (language, port) are under{' '}
        <a href={hashOf({ page: 'settings', section: 'providers' })}>Providers</a>.
      </p>
      <ErrorNotice error={report.error} />
      <div className="runtime-grid">
        <RuntimeCard title="whisper-server program" testId="runtime-binary">
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
            <dd>{binary.managed ? 'Built or imported here' : "P14's binaryPath setting"}</dd>
          </Facts>
          {binary.problem !== null && <p className="field-error">{binary.problem}</p>}
          <div className="field">
            <div className="toolbar">
              <button
                type="button"
                onClick={() => void run('build')}
                disabled={busy !== undefined || taskRunning}
              >
                {task.kind === 'build' && taskRunning ? 'Building…' : 'Build binary'}
              </button>
            </div>
            <span className="field-hint">
              Compiles whisper.cpp from source; needs git, cmake and a C++ compiler, and takes a few minutes.
            </span>
          </div>
          <PathImportForm
            label="Or import a whisper-server you have"
            placeholder="/usr/local/bin/whisper-server"
            buttonLabel="Import binary"
            busy={busy !== undefined}
            onImport={(path) => void run('import-binary', { path })}
          />
          {failureOf('build', 'import-binary')}
        </RuntimeCard>

        <RuntimeCard title="Speech model" testId="runtime-model">
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
            busy={busy !== undefined || taskRunning}
            onDownload={(name) => void run('download-model', { name })}
          />
          <PathImportForm
            label="Or import a ggml model file"
            placeholder="/home/me/models/ggml-base.en.bin"
            buttonLabel="Import model"
            busy={busy !== undefined}
            onImport={(path) => void run('import-model', { path })}
          />
          {failureOf('download-model', 'import-model')}
        </RuntimeCard>

        <RuntimeCard title="Server" testId="runtime-server">
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
              disabled={busy !== undefined || runtime.held}
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
            {active && !runtime.held
              ? 'Running for a transcription; it stops by itself when that ends.'
              : 'Jobs and live sessions start it by themselves. Start keeps it running until you stop it, so the next one begins without the wait.'}
          </p>
          {failureOf('start', 'stop')}
        </RuntimeCard>
      </div>
      <RuntimeCard title="Activity" testId="runtime-task">
        <TaskStatus task={task} />
        <h3 className="field-label runtime-log-title">Log</h3>
        <RuntimeLog lines={data.log} />
      </RuntimeCard>
    </>
  );
}

function RuntimeCard(props: { title: string; testId: string; children: ReactNode }) {
  const titleId = `${props.testId}-title`;
  return (
    <section className="card settings-card" aria-labelledby={titleId} data-testid={props.testId}>
      <h2 id={titleId}>{props.title}</h2>
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
  busy: boolean;
  onDownload: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const chosen = name === '' ? props.models[0]?.name : name;
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
              {model.name} ({formatBytes(model.bytes)})
            </option>
          ))}
        </select>
        <button type="submit" disabled={props.busy || chosen === undefined}>
          Download model
        </button>
      </div>
      <span className="field-hint">Checked against its published checksum; P14 uses it once it is in.</span>
    </form>
  );
}

const taskNames = { build: 'Building whisper-server', 'download-model': 'Downloading a model' };

function TaskStatus(props: { task: RuntimeReport['task'] }) {
  const { task } = props;
  if (task.kind === null) {
    return <p className="muted">No build or download has run since the service started.</p>;
  }
  return (
    <div role="status">
      <p>
        <strong>{taskNames[task.kind]}</strong>{' '}
        {task.state === 'running' ? (
          <StateBadge label="Running" tone="badge-warning" />
        ) : task.state === 'succeeded' ? (
          <StateBadge label="Done" tone="badge-success" />
        ) : (
          <StateBadge label="Failed" tone="badge-danger" />
        )}
      </p>
      {task.state === 'running' && (
        <progress
          value={task.progress ?? undefined}
          max={1}
          aria-label={`${taskNames[task.kind]} progress`}
        />
      )}
      {task.message !== null && (
        <p className={task.state === 'failed' ? 'field-error' : 'muted'}>{task.message}</p>
      )}
    </div>
  );
}
