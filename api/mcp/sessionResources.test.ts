import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createEarshotMcpServer } from './earshotMcpServer.ts';
import { recentSessionsUri, transcriptsListedAPage } from './sessionResources.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let client: Client;

beforeEach(async () => {
  directory = temporaryDirectory('mcp-resources');
  store = SessionStore.open(directory.path);
  const server = createEarshotMcpServer(
    {
      store,
      version: '0.0.0-test',
      source: 'data directory',
      liveStatus: 'no service runs',
      questions: () => 'no service runs',
    },
    'UTC',
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
});

afterEach(async () => {
  await client.close();
  store.close();
  directory.remove();
});

describe('the session resources', () => {
  it('list every transcript, newest first, a page at a time with the cursor the protocol gives', async () => {
    const sessions = transcriptsListedAPage + 20;
    for (let index = 0; index < sessions; index++) {
      recordMeeting(store, [`Line ${index}`], {
        id: `s${index}`,
        startedAt: Date.UTC(2026, 0, 1) + index * 60_000,
      });
    }
    const first = await client.listResources();
    expect(first.resources).toHaveLength(1 + transcriptsListedAPage);
    expect(first.resources[0]?.uri).toBe(recentSessionsUri);
    expect(first.resources[1]).toMatchObject({
      uri: `earshot://sessions/s${sessions - 1}/transcript`,
      title: 'Transcript: Budget meeting (2026-01-01)',
      mimeType: 'text/plain',
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await client.listResources({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeUndefined();
    expect(second.resources.map((resource) => resource.uri)).toStrictEqual(
      Array.from({ length: 20 }, (_, index) => `earshot://sessions/s${19 - index}/transcript`),
    );
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toThrow(
      /This cursor was not given by resources\/list; list again without it\./,
    );
  });
});
