import { useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import type { ApiState, ServiceInfo } from './settingsTypes.ts';
import { ShownToken } from './ShownToken.tsx';
import { useControlData } from './useControlData.ts';

/**
 * The Open API: read-only access to sessions for other programs, switched on here, with one
 * bearer token that is shown only when it is created.
 */
export function ApiSettings() {
  const service = useControlData<ServiceInfo>('/service');
  const api = useControlData<ApiState>('/api');
  const [token, setToken] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [confirmingRotation, setConfirmingRotation] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const enable = () =>
    run(async () => {
      const answer = await control<ApiState & { token?: string }>('POST', '/api/enable');
      if (answer.token !== undefined) setToken(answer.token);
      api.replace({ enabled: answer.enabled, hasToken: answer.hasToken });
    });
  const disable = () =>
    run(async () => {
      api.replace(await control<ApiState>('POST', '/api/disable'));
    });
  const createToken = () =>
    run(async () => {
      setConfirmingRotation(false);
      const answer = await control<{ token: string }>('POST', '/api/token');
      setToken(answer.token);
      api.reload();
    });

  const state = api.data;
  const apiBaseUrl = service.data?.apiBaseUrl ?? '';
  return (
    <>
      <ErrorNotice error={api.error ?? service.error} />
      <section className="card settings-card" aria-labelledby="api-status-title">
        <h2 id="api-status-title">Open API</h2>
        <p className="muted">
          Other programs on this computer can read your sessions and transcripts over HTTP with a token. The
          API only reads; it is off until you switch it on.
        </p>
        <dl className="settings-facts" data-testid="api-facts">
          <dt>Status</dt>
          <dd>
            {state === undefined ? (
              '…'
            ) : state.enabled ? (
              <span className="badge badge-success">Enabled</span>
            ) : (
              <span className="badge">Disabled</span>
            )}
          </dd>
          <dt>Token</dt>
          <dd>{state === undefined ? '…' : state.hasToken ? 'Created' : 'None yet'}</dd>
          <dt>Port</dt>
          <dd>{service.data?.port ?? '…'}</dd>
          <dt>Base URL</dt>
          <dd>
            <code data-testid="api-base-url">{apiBaseUrl || '…'}</code>
          </dd>
        </dl>
        <div className="toolbar">
          {state?.enabled ? (
            <button type="button" onClick={() => void disable()} disabled={busy}>
              Disable the API
            </button>
          ) : (
            <button
              type="button"
              className="button-primary"
              onClick={() => void enable()}
              disabled={busy || state === undefined}
            >
              Enable the API
            </button>
          )}
          {state?.hasToken ? (
            <button type="button" onClick={() => setConfirmingRotation(true)} disabled={busy}>
              Rotate token
            </button>
          ) : (
            <button type="button" onClick={() => void createToken()} disabled={busy || state === undefined}>
              Create token
            </button>
          )}
        </div>
        <ErrorNotice error={failure} onDismiss={() => setFailure(undefined)} />
        {token !== undefined && <ShownToken token={token} />}
      </section>
      <section className="card settings-card" aria-labelledby="api-example-title">
        <h2 id="api-example-title">Try it</h2>
        <pre className="code-block" data-testid="api-example">
          {`curl -H "Authorization: Bearer ${token ?? '<token>'}" \\\n  ${apiBaseUrl || '<base URL>'}/sessions`}
        </pre>
        {state !== undefined && !state.enabled && (
          <p className="field-hint">While the API is disabled, every request is refused (403).</p>
        )}
      </section>
      <ConfirmDialog
        open={confirmingRotation}
        title="Rotate the API token?"
        confirmLabel="Rotate token"
        onConfirm={() => void createToken()}
        onCancel={() => setConfirmingRotation(false)}
      >
        A new token is created and the current one stops working at once: programs using it must be given the
        new one.
      </ConfirmDialog>
    </>
  );
}
