import { type FormEvent, useState } from 'react';
import type { WebhookView } from '../../actors/webhooks/webhookDeliveries.ts';
import type { WebhookDeliveryRecord, WebhookEvent } from '../../store/webhookDeliveryTable.ts';
import { hashOf } from '../app/route.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control, ControlRequestError } from '../connection/control.ts';
import { FormSaveBar } from './FormSaveBar.tsx';
import { ShownToken } from './ShownToken.tsx';
import { useControlData } from './useControlData.ts';
import { useFormSave } from './useFormSave.ts';

const eventLabels: Record<WebhookEvent, string> = {
  'session.completed': 'A session completes',
  'ai.updated': 'Its AI results are ready (summary, mind map, correction, translation, answers)',
};

const stateBadges: Record<WebhookDeliveryRecord['state'], string> = {
  pending: 'badge badge-warning',
  delivered: 'badge badge-success',
  failed: 'badge badge-danger',
};

/** How often the log is read again while the page is open, so retries show as they happen. */
const logRefreshMilliseconds = 5_000;

/**
 * Outgoing webhooks: the URLs Earshot POSTs a session to, signed, when it completes and when its AI
 * results are ready; each one's secret shown once as it is added; and the log of deliveries with
 * their retries. A URL is never shown again once saved: only its scheme and host, since many
 * webhook URLs carry a token.
 */
export function WebhookSettings() {
  const webhooks = useControlData<{ webhooks: WebhookView[] }>('/webhooks');
  const log = useControlData<{ deliveries: WebhookDeliveryRecord[] }>(
    '/webhooks/deliveries?limit=50',
    logRefreshMilliseconds,
  );
  const [shownSecret, setShownSecret] = useState<{ name: string; secret: string }>();
  const [tested, setTested] = useState<WebhookDeliveryRecord>();
  const [removing, setRemoving] = useState<WebhookView>();
  const { failure, dismissFailure, saving: busy, save } = useFormSave();

  // Whatever an action did or failed at, the list and the log are read again to show it.
  const act = (action: () => Promise<void>) =>
    save(async () => {
      try {
        await action();
      } finally {
        webhooks.reload();
        log.reload();
      }
    });
  const test = (webhook: WebhookView) =>
    act(async () => setTested(await control<WebhookDeliveryRecord>('POST', `/webhooks/${webhook.id}/test`)));
  const switchOnOrOff = (webhook: WebhookView) =>
    act(async () => void (await control('PATCH', `/webhooks/${webhook.id}`, { enabled: !webhook.enabled })));
  const remove = (webhook: WebhookView) =>
    act(async () => {
      setRemoving(undefined);
      await control('DELETE', `/webhooks/${webhook.id}`);
    });
  const retry = (delivery: WebhookDeliveryRecord) =>
    act(async () => {
      // The log says how the retry went; a test's outcome shown before it would be out of date.
      setTested(undefined);
      await control('POST', `/webhooks/deliveries/${delivery.id}/retry`);
    });

  const list = webhooks.data?.webhooks;
  return (
    <>
      <section className="card settings-card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhooks</h2>
        <p className="muted">
          Earshot sends a session, as JSON, to each address here when it completes and again when its AI
          results are ready, signed with the webhook’s own secret (the <code>X-Earshot-Signature</code>{' '}
          header) so the receiver can tell it came from you. A delivery that fails is tried again after 30
          seconds, 2 minutes, 10 minutes, 1 hour and 6 hours. Receivers check the signature as
          docs/webhooks.md shows.
        </p>
        <ErrorNotice error={webhooks.error} />
        {list !== undefined && list.length === 0 && <p>No webhooks yet.</p>}
        {list !== undefined && list.length > 0 && (
          <ul className="webhook-list" data-testid="webhook-list">
            {list.map((webhook) => (
              <li key={webhook.id} className="webhook-item">
                <div>
                  <strong>{webhook.name || webhook.address}</strong>{' '}
                  {webhook.name !== '' && <code>{webhook.address}</code>}{' '}
                  <span className={webhook.enabled ? 'badge badge-success' : 'badge'}>
                    {webhook.enabled ? 'On' : 'Off'}
                  </span>
                  <div className="field-hint">
                    {webhook.events.map((event) => eventLabels[event]).join('; ')}
                  </div>
                  {webhook.disabledBecause !== null && (
                    <div className="notice notice-warning">{webhook.disabledBecause}</div>
                  )}
                </div>
                <div className="toolbar">
                  <button type="button" onClick={() => void test(webhook)} disabled={busy}>
                    Send a test
                  </button>
                  <button type="button" onClick={() => void switchOnOrOff(webhook)} disabled={busy}>
                    {webhook.enabled ? 'Switch off' : 'Switch on'}
                  </button>
                  <button type="button" onClick={() => setRemoving(webhook)} disabled={busy}>
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {tested !== undefined && (
          <p
            className={tested.state === 'delivered' ? 'notice notice-success' : 'notice notice-warning'}
            role="status"
          >
            {tested.state === 'delivered'
              ? `The test reached ${tested.address} (HTTP ${tested.lastStatus ?? ''}).`
              : `The test did not reach ${tested.address}: ${tested.lastError ?? 'no answer.'}`}
          </p>
        )}
        <ErrorNotice error={failure} onDismiss={dismissFailure} />
        {shownSecret !== undefined && (
          <ShownToken
            token={shownSecret.secret}
            label={`Signing secret of ${shownSecret.name}`}
            kept="Earshot keeps it only to sign deliveries"
          />
        )}
        <NewWebhookForm
          onAdded={(answer) => {
            setShownSecret({ name: answer.webhook.name || answer.webhook.address, secret: answer.secret });
            webhooks.reload();
          }}
        />
      </section>
      <section className="card settings-card" aria-labelledby="webhook-log-title">
        <h2 id="webhook-log-title">Delivery log</h2>
        <ErrorNotice error={log.error} />
        <DeliveryLog
          deliveries={log.data?.deliveries}
          busy={busy}
          onRetry={(delivery) => void retry(delivery)}
        />
      </section>
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this webhook?"
        confirmLabel="Remove"
        onConfirm={() => removing !== undefined && void remove(removing)}
        onCancel={() => setRemoving(undefined)}
      >
        Earshot forgets its address and secret and sends it nothing more; its lines stay in the log.
      </ConfirmDialog>
    </>
  );
}

function NewWebhookForm(props: { onAdded: (answer: { webhook: WebhookView; secret: string }) => void }) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['session.completed', 'ai.updated']);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formSave = useFormSave();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    return formSave.save(async () => {
      try {
        const answer = await control<{ webhook: WebhookView; secret: string }>('POST', '/webhooks', {
          url,
          name,
          events,
        });
        setUrl('');
        setName('');
        props.onAdded(answer);
      } catch (error) {
        if (error instanceof ControlRequestError) setFieldErrors(error.fields);
        throw error;
      }
    });
  };
  const toggle = (chosen: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, chosen] : current.filter((event) => event !== chosen)));

  return (
    <form
      className="webhook-form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="new-webhook-title"
    >
      <h3 id="new-webhook-title">Add a webhook</h3>
      <div className="field">
        <label className="field-label" htmlFor="webhook-url">
          URL
        </label>
        <input
          id="webhook-url"
          type="url"
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.example.com/…"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby="webhook-url-hint"
          aria-invalid={fieldErrors.url !== undefined}
        />
        <span className="field-hint" id="webhook-url-hint">
          {fieldErrors.url ??
            'Kept in the secrets file with its secret; from then on only its scheme and host are shown, as its path may hold a token.'}
        </span>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="webhook-name">
          Name (optional)
        </label>
        <input
          id="webhook-name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className="field choice-list">
        <legend className="field-label">Send it when</legend>
        {(Object.keys(eventLabels) as WebhookEvent[]).map((event) => (
          <label key={event}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />{' '}
            {eventLabels[event]}
          </label>
        ))}
        {fieldErrors.events !== undefined && <span className="field-hint">{fieldErrors.events}</span>}
      </fieldset>
      <FormSaveBar save={formSave} label="Add webhook" savedText="Added." />
    </form>
  );
}

function DeliveryLog(props: {
  deliveries: WebhookDeliveryRecord[] | undefined;
  busy: boolean;
  onRetry: (delivery: WebhookDeliveryRecord) => void;
}) {
  if (props.deliveries === undefined) return <p className="muted">Loading the log…</p>;
  if (props.deliveries.length === 0) return <p className="muted">Nothing has been sent yet.</p>;
  // A list rather than a table: each delivery reads as a line or two, at a phone's width too.
  return (
    <ul className="webhook-log" data-testid="webhook-log">
      {props.deliveries.map((delivery) => (
        <li key={delivery.id} className="webhook-delivery">
          <div>
            <span className={stateBadges[delivery.state]}>{delivery.state}</span> {delivery.event}
            {delivery.sessionId !== null && (
              <>
                {' '}
                (<a href={hashOf({ page: 'session', sessionId: delivery.sessionId })}>session</a>)
              </>
            )}{' '}
            to <code>{delivery.address}</code>
            <div className="field-hint">
              {[
                new Date(delivery.createdAt).toLocaleString(),
                `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
                delivery.lastError ?? (delivery.lastStatus === null ? null : `HTTP ${delivery.lastStatus}`),
                delivery.nextAttemptAt === null
                  ? null
                  : `next attempt at ${new Date(delivery.nextAttemptAt).toLocaleTimeString()}`,
              ]
                .filter((part) => part !== null)
                .join(' · ')}
            </div>
          </div>
          {delivery.state !== 'delivered' && (
            <button type="button" onClick={() => props.onRetry(delivery)} disabled={props.busy}>
              Retry now
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
