import { sessionExportOf } from '../../store/export/sessionExport.ts';
import { sessionDocument } from '../../store/export/transcriptExport.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { WebhookDeliveryRecord } from '../../store/webhookDeliveryTable.ts';

/**
 * The JSON body of a delivery, read from the store when it is attempted, so that a retry sends the
 * session as it is then: `{id, event, occurredAt, artefacts}` and, for a session's events, the same
 * document as the JSON export (`session`, `topic`, `tags`, `speakerNames`, `segments`). Undefined
 * when the session has been deleted since.
 */
export function webhookPayload(store: SessionStore, delivery: WebhookDeliveryRecord): string | undefined {
  const envelope = {
    id: delivery.id,
    event: delivery.event,
    occurredAt: new Date(delivery.createdAt).toISOString(),
    artefacts: delivery.artefacts,
  };
  if (delivery.sessionId === null) return JSON.stringify(envelope);
  const session = store.getSession(delivery.sessionId);
  if (session === undefined) return undefined;
  // No app address: the receiver is another program, often on another machine, for which a link to
  // this computer's loopback address means nothing.
  return JSON.stringify({ ...envelope, ...sessionDocument(sessionExportOf(store, session, null)) });
}
