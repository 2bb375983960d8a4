import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionStore } from '../store/sessionStore.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { changeSessionStatus } from './sessionStatusChange.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('status-change');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

it('applies allowed transitions and refuses the others without changing the session', () => {
  const { id } = store.createSession({ title: 'Call', providerId: 'groq' });
  expect(changeSessionStatus(store, id, { type: 'QUIT' }).status).toBe('interrupted');
  expect(() => changeSessionStatus(store, id, { type: 'STOP' })).toThrow(
    'Cannot STOP a session that is interrupted; use RESUME or FINALIZE.',
  );
  expect(store.getSession(id)?.status).toBe('interrupted');
  expect(changeSessionStatus(store, id, { type: 'FINALIZE' }).status).toBe('completed');
  expect(() => changeSessionStatus(store, id, { type: 'RESUME' })).toThrow(/completed/);
  expect(store.getSession(id)?.status).toBe('completed');
});

it('refuses an unknown session', () => {
  expect(() => changeSessionStatus(store, 'nope', { type: 'STOP' })).toThrow(/no session nope/);
});
