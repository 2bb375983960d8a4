import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpeakerControl } from '../../api/control/speakerControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { captureConsole } from '../../test/support/consoleCapture.ts';
import { serveControlRoutes } from '../../test/support/controlRoutesService.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { sessionsCommand } from './sessionsCommand.ts';
import { UsageError } from './usage.ts';

const output = captureConsole();
let directory: ReturnType<typeof temporaryDirectory>;
let sessionId: string;

beforeEach(() => {
  directory = temporaryDirectory('speakers-command');
  const store = SessionStore.open(directory.path);
  sessionId = recordMeeting(store, [
    { text: 'Shall we start?', speaker: 'Speaker 1' },
    { text: 'The budget first.', speaker: 'Speaker 2' },
  ]);
  store.close();
});

afterEach(() => directory.remove());

function speakerNames(): Record<string, string> {
  const store = SessionStore.open(directory.path, { readOnly: true });
  try {
    return { ...store.getSpeakerNames(sessionId) };
  } finally {
    store.close();
  }
}

describe('earshot sessions speakers / speaker, without a service', () => {
  it('lists the labels, names one, and lists it named', async () => {
    await sessionsCommand(directory.path, 'speakers', sessionId, {});
    await sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker 2', 'Ana Lima']);
    await sessionsCommand(directory.path, 'speakers', sessionId, { json: true });
    expect(output.text()).toBe(
      [
        'Speaker 1  (shown by its label)',
        'Speaker 2  (shown by its label)',
        '"Speaker 2" is now shown as Ana Lima.',
        JSON.stringify(
          {
            speakers: [
              { label: 'Speaker 1', name: null },
              { label: 'Speaker 2', name: 'Ana Lima' },
            ],
          },
          null,
          2,
        ),
      ].join('\n'),
    );
    expect(speakerNames()).toEqual({ 'Speaker 2': 'Ana Lima' });
  });

  it('shows the label again for an empty name', async () => {
    await sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker 1', 'Bo']);
    await sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker 1', '']);
    expect(output.text()).toContain('"Speaker 1" is shown by its label again.');
    expect(speakerNames()).toEqual({});
  });

  it('refuses a missing name, extra words, an unknown label and an unknown session', async () => {
    await expect(sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker 1'])).rejects.toThrow(
      UsageError,
    );
    await expect(
      sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker', '1', 'Ana']),
    ).rejects.toThrow(/quoting a label or name with spaces/);
    await expect(
      sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker 3', 'Zoe']),
    ).rejects.toThrow(
      `Session ${sessionId} has no speaker "Speaker 3"; its speakers are "Speaker 1", "Speaker 2".`,
    );
    await expect(sessionsCommand(directory.path, 'speakers', 'gone', {})).rejects.toThrow(
      'There is no session gone.',
    );
    expect(speakerNames()).toEqual({});
  });
});

describe('earshot sessions speaker, while a service runs', () => {
  let store: SessionStore;
  let stopService: () => Promise<void>;

  beforeEach(async () => {
    store = SessionStore.open(directory.path);
    stopService = await serveControlRoutes(directory.path, createSpeakerControl({ store }));
  });

  afterEach(async () => {
    await stopService();
    store.close();
  });

  it("names the speaker through the service, whose store sees it at once, and passes on the service's refusal", async () => {
    await sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker 1', 'Ana']);
    expect(store.getSpeakerNames(sessionId)).toEqual({ 'Speaker 1': 'Ana' });
    expect(output.text()).toBe('"Speaker 1" is now shown as Ana.');
    await expect(
      sessionsCommand(directory.path, 'speaker', sessionId, {}, ['Speaker 9', 'Zoe']),
    ).rejects.toThrow(/has no speaker "Speaker 9"/);
  });
});
