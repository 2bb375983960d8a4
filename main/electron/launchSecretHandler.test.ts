import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerLaunchSecretRequests } from './launchSecretHandler.ts';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  return { ipcMain: new EventEmitter() };
});

vi.mock('electron', () => ({ ipcMain: electron.ipcMain }));

const service = 'http://127.0.0.1:23456';

/** Sends the preload's synchronous request from a frame showing `frameUrl`; returns the answer. */
function askFrom(frameUrl: string | null): unknown {
  const event = {
    senderFrame: frameUrl === null ? null : { url: frameUrl },
    returnValue: undefined as unknown,
  };
  electron.ipcMain.emit('earshot:launch-secret', event);
  return event.returnValue;
}

beforeEach(() => {
  electron.ipcMain.removeAllListeners();
  answerLaunchSecretRequests('the-launch-secret', service);
});

describe('answerLaunchSecretRequests', () => {
  it('gives the secret to a frame showing the service page', () => {
    expect(askFrom(`${service}/`)).toBe('the-launch-secret');
    expect(askFrom(`${service}/sessions/4`)).toBe('the-launch-secret');
  });

  it('answers null to any other page, or a frame that is gone', () => {
    expect(askFrom('https://example.com/')).toBeNull();
    expect(askFrom('http://localhost:23456/')).toBeNull();
    expect(askFrom('')).toBeNull();
    expect(askFrom(null)).toBeNull();
  });
});
