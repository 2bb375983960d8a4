import { SessionStore } from '../../store/sessionStore.ts';
import { ApiAccessControl, type ApiAccessState } from '../../api/apiAccessControl.ts';
import { ControlClient } from '../controlClient.ts';
import { UsageError } from './usage.ts';

type Action = 'enable' | 'disable' | 'status' | 'token';
interface Answer extends Partial<ApiAccessState> {
  token?: string;
}

/** Runs through the service when it is running (so it takes effect at once), else on the store. */
export async function apiCommand(dataDirectory: string, action: string | undefined): Promise<void> {
  if (action !== 'enable' && action !== 'disable' && action !== 'status' && action !== 'token') {
    throw new UsageError('Use: earshot api enable | disable | status | token');
  }
  const client = ControlClient.forDataDirectory(dataDirectory);
  const answer =
    client === undefined ? applyOffline(dataDirectory, action) : await applyOnline(client, action);
  if (answer.token !== undefined) {
    console.log(answer.token);
    console.error('This is the API token; it is shown only now. Send it as "Authorization: Bearer <token>".');
  }
  if (action !== 'token') {
    const state =
      client === undefined ? applyOffline(dataDirectory, 'status') : await applyOnline(client, 'status');
    const where = client === undefined ? '' : ` at ${client.info.baseUrl}/api/v1`;
    console.log(
      `Open API: ${state.enabled ? `enabled${where}` : 'disabled'}; token: ${state.hasToken ? 'set' : 'none'}`,
    );
  }
}

function applyOnline(client: ControlClient, action: Action): Promise<Answer> {
  if (action === 'status') return client.call('GET', '/api');
  return client.call('POST', `/api/${action}`);
}

function applyOffline(dataDirectory: string, action: Action): Answer {
  const store = SessionStore.open(dataDirectory);
  try {
    const access = new ApiAccessControl(store, dataDirectory);
    switch (action) {
      case 'enable':
        return access.enable();
      case 'disable':
        access.disable();
        return {};
      case 'token':
        return { token: access.rotateToken() };
      case 'status':
        return access.state();
    }
  } finally {
    store.close();
  }
}
