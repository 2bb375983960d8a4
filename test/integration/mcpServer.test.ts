import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readRunningService } from '../../main/serviceFile.ts';
import {
  earshotBin,
  runEarshotAsync,
  startServeProcess,
  type ServeProcess,
} from '../support/earshotProcess.ts';
import {
  multilingualSessions,
  readToolNames,
  writeMultilingualLibrary,
} from '../support/multilingualLibrary.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * The MCP server as assistants reach it: the SDK's own client over Streamable HTTP against a real
 * `earshot serve`, and over stdio against `earshot mcp` with the service running and without it,
 * on a library of sessions in five scripts.
 */

let directory: ReturnType<typeof temporaryDirectory>;
let service: ServeProcess | undefined;
let token: string;

beforeAll(async () => {
  directory = temporaryDirectory('mcp');
  token = writeMultilingualLibrary(directory.path);
  service = await startServeProcess(['--port', '0', '--data-dir', directory.path]);
});

afterAll(async () => {
  await stopService();
  directory.remove();
});

async function stopService(): Promise<void> {
  if (service === undefined) return;
  service.child.kill('SIGTERM');
  await service.exited;
  service = undefined;
}

async function httpClient(bearer: string): Promise<Client> {
  const client = new Client({ name: 'earshot-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', service?.baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${bearer}` } },
    }),
  );
  return client;
}

async function stdioClient(): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: earshotBin,
    args: ['mcp', '--data-dir', directory.path],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'earshot-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function resourceText(content: { text: string } | { blob: string } | undefined): string {
  return content !== undefined && 'text' in content ? content.text : '';
}

function mcpPost(headers: Record<string, string>): Promise<Response> {
  return fetch(`${service?.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

describe('the MCP server over Streamable HTTP, with the API token', () => {
  it('lists the read-only tools, each with input and output schemas; no ask without an AI provider', async () => {
    const client = await httpClient(token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toStrictEqual(readToolNames);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
    }
    const status = await call(client, 'get_status');
    expect(status.structuredContent).toMatchObject({
      source: 'service',
      sessionCount: 5,
      live: { recording: false, currentSessionId: null },
      liveUnavailable: null,
      askAvailable: false,
    });
    expect(textOf(status)).toMatch(
      /Questions cannot be asked: No AI provider is set up\. Add one with: earshot ai set/,
    );
    await client.close();
  });

  it('finds each session by a word of its own script, with the line it was found in', async () => {
    const client = await httpClient(token);
    for (const session of multilingualSessions) {
      const found = await call(client, 'search_sessions', { query: session.word });
      expect(found.isError, `${session.id}: ${textOf(found)}`).toBeFalsy();
      const { sessions, total } = found.structuredContent as {
        sessions: Array<{ id: string }>;
        total: number;
      };
      expect(total, session.word).toBe(1);
      expect(sessions[0]?.id).toBe(session.id);
      expect(textOf(found)).toContain(`id ${session.id}`);
    }
    const french = await call(client, 'search_sessions', { query: 'ecole budget' });
    expect(textOf(french)).toMatch(
      /found at 00:00:00 \(Anna\): Bonjour à tous, parlons du budget de l'École\./,
    );
    await client.close();
  });

  it('filters by topic, tag, status and start dates, and pages with a cursor that says what is left', async () => {
    const client = await httpClient(token);
    const ids = async (args: Record<string, unknown>) =>
      (
        (await call(client, 'search_sessions', args)).structuredContent as { sessions: Array<{ id: string }> }
      ).sessions.map((session) => session.id);
    expect(await ids({ topicId: 'work' })).toStrictEqual(['chinese', 'latin']);
    expect(await ids({ tagId: 'urgent' })).toStrictEqual(['arabic', 'latin']);
    expect(await ids({ status: 'recording' })).toStrictEqual([]);
    expect(await ids({ from: '2026-11-04T00:00:00Z', to: '2026-11-05T23:59:59Z' })).toStrictEqual([
      'arabic',
      'japanese',
    ]);

    const first = await call(client, 'search_sessions', { limit: 2 });
    expect(first.structuredContent).toMatchObject({ total: 5, remaining: 3 });
    const cursor = (first.structuredContent as { nextCursor: string }).nextCursor;
    expect(textOf(first)).toContain(
      `3 more: call search_sessions again with the same filters and cursor "${cursor}"`,
    );
    const seen: string[] = await ids({ limit: 2 });
    let next: string | null = cursor;
    while (next !== null) {
      const page = (await call(client, 'search_sessions', { limit: 2, cursor: next })).structuredContent as {
        sessions: Array<{ id: string }>;
        nextCursor: string | null;
      };
      seen.push(...page.sessions.map((session) => session.id));
      next = page.nextCursor;
    }
    expect(seen).toStrictEqual(['cyrillic', 'arabic', 'japanese', 'chinese', 'latin']);

    const wrong = await call(client, 'search_sessions', { from: '2026-11-06', to: '2026-11-01' });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toMatch(/"from" \(2026-11-06\) is after "to" \(2026-11-01\)/);
    const wordy = await call(client, 'search_sessions', {
      query: 'one two three four five six seven eight nine ten eleven twelve thirteen',
    });
    expect(wordy.isError).toBe(true);
    expect(textOf(wordy)).toMatch(/At most 12 words: keep the words that matter most\. at query$/);
    const foreignCursor = await call(client, 'get_transcript', { sessionId: 'latin', cursor });
    expect(foreignCursor.isError).toBe(true);
    expect(textOf(foreignCursor)).toMatch(/This cursor was not given by get_transcript for this list/);
    await client.close();
  });

  it('reads a session, its transcript (paged, or a time range) and its summary', async () => {
    const client = await httpClient(token);
    const session = await call(client, 'get_session', { sessionId: 'latin' });
    expect(session.structuredContent).toMatchObject({
      id: 'latin',
      title: 'Réunion budget',
      topicName: 'Work',
      tagNames: ['urgent'],
      segmentCount: 3,
      speakers: [
        { label: 'Anna', name: null },
        { label: 'Marc', name: null },
      ],
      summaryStatus: 'success',
    });

    const page = await call(client, 'get_transcript', { sessionId: 'latin', limit: 2 });
    expect(page.structuredContent).toMatchObject({ segmentsInRange: 3, remaining: 1 });
    const cursor = (page.structuredContent as { nextCursor: string }).nextCursor;
    expect(textOf(page)).toBe(
      [
        'Réunion budget — id latin (completed): segments 1–2 of 3.',
        "[00:00:00] Anna: Bonjour à tous, parlons du budget de l'École.",
        '[00:00:04] Marc: Le budget du trimestre est approuvé.',
        `1 more segment(s) not shown: call get_transcript again with the same sessionId and range and cursor "${cursor}".`,
      ].join('\n'),
    );
    const rest = await call(client, 'get_transcript', { sessionId: 'latin', limit: 2, cursor });
    expect(rest.structuredContent).toMatchObject({
      remaining: 0,
      nextCursor: null,
      segments: [{ seq: 2, startMs: 65_000, speaker: 'Anna', text: 'Ensuite, le recrutement passe en mai.' }],
    });
    const ranged = await call(client, 'get_transcript', { sessionId: 'latin', fromSecond: 60 });
    expect(ranged.structuredContent).toMatchObject({ segmentsInRange: 1, segments: [{ seq: 2 }] });

    const summary = await call(client, 'get_summary', { sessionId: 'latin' });
    expect(summary.structuredContent).toMatchObject({
      postProcess: { actionItems: ['Envoyer le budget aux finances'], status: 'success' },
      mindMap: { status: 'success' },
    });
    expect(textOf(summary)).toContain('- [00:00:00–00:00:09] Budget: Approuvé');

    const missing = await call(client, 'get_session', { sessionId: 'nope' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe(
      'No session has the id "nope". Find the id with search_sessions (or the recent sessions resource).',
    );

    expect((await call(client, 'list_topics')).structuredContent).toStrictEqual({
      topics: [{ id: 'work', name: 'Work', emoji: '💼', description: 'Meetings at work', sessionCount: 2 }],
    });
    expect((await call(client, 'list_tags')).structuredContent).toStrictEqual({
      tags: [{ id: 'urgent', name: 'urgent', color: '#ff0000', sessionCount: 2 }],
    });
    await client.close();
  });

  it('offers the recent sessions and each transcript as resources', async () => {
    const client = await httpClient(token);
    const { resources, nextCursor } = await client.listResources();
    expect(nextCursor).toBeUndefined();
    expect(resources.map((resource) => resource.uri)).toStrictEqual([
      'earshot://sessions/recent',
      ...['cyrillic', 'arabic', 'japanese', 'chinese', 'latin'].map(
        (id) => `earshot://sessions/${id}/transcript`,
      ),
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toStrictEqual([
      'earshot://sessions/{id}/transcript',
    ]);
    const recent = await client.readResource({ uri: 'earshot://sessions/recent' });
    const listed = JSON.parse(resourceText(recent.contents[0])) as {
      total: number;
      sessions: Array<{ id: string }>;
    };
    expect(listed.total).toBe(5);
    const chinese = await client.readResource({ uri: 'earshot://sessions/chinese/transcript' });
    expect(resourceText(chinese.contents[0])).toBe(
      [
        '预算会议 — id chinese (completed): segments 1–2 of 2.',
        '[00:00:00] 王: 大家好，我们来讨论预算。',
        '[00:00:03] 李: 第三季度的预算已经批准了。',
      ].join('\n'),
    );
    await expect(client.readResource({ uri: 'earshot://sessions/nope/transcript' })).rejects.toThrow(
      /There is no resource earshot:\/\/sessions\/nope\/transcript/,
    );
    await client.close();
  });
});

describe('access to /mcp', () => {
  it('refuses a missing or wrong token with 401, and everything while the API is off with 403; the launch secret always passes', async () => {
    const missing = await mcpPost({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(await missing.json()).toMatchObject({ code: 'unauthorized' });
    const wrong = await mcpPost({ authorization: 'Bearer es_wrong' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      code: 'unauthorized',
      error: "The Bearer token is not valid. Copy the current API token from Earshot's settings.",
    });
    const notPost = await fetch(`${service?.baseUrl}/mcp`, { headers: { authorization: `Bearer ${token}` } });
    expect(notPost.status).toBe(405);
    expect(notPost.headers.get('allow')).toBe('POST');

    const disabled = await runEarshotAsync(['api', 'disable', '--data-dir', directory.path]);
    expect(disabled.status, disabled.stderr).toBe(0);
    try {
      const off = await mcpPost({ authorization: `Bearer ${token}` });
      expect(off.status).toBe(403);
      expect(await off.json()).toMatchObject({ code: 'api_disabled' });
      const launchSecret = readRunningService(directory.path)?.launchSecret ?? '';
      const owner = await mcpPost({ authorization: `Bearer ${launchSecret}` });
      expect(owner.status).toBe(200);
      expect(JSON.stringify(await owner.json())).toContain('search_sessions');
    } finally {
      const enabled = await runEarshotAsync(['api', 'enable', '--data-dir', directory.path]);
      expect(enabled.status, enabled.stderr).toBe(0);
    }
  });

  it('refuses another Host (DNS rebinding) and a foreign Origin, as every route does', async () => {
    const port = service?.port ?? 0;
    const authorization = `Bearer ${token}`;
    expect(await rawPost({ host: `evil.example:${port}`, authorization })).toMatchObject({
      status: 421,
      code: 'misdirected_request',
    });
    expect(
      await rawPost({ host: `127.0.0.1:${port}`, origin: 'http://evil.example', authorization }),
    ).toMatchObject({ status: 403, code: 'origin_not_allowed' });
  });
});

/** A POST to /mcp with headers fetch would not send as given (Host, Origin). */
function rawPost(headers: Record<string, string>): Promise<{ status: number; code: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: service?.port, path: '/mcp', method: 'POST', headers },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, code: (JSON.parse(body) as { code: unknown }).code }),
        );
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

describe('earshot mcp (stdio)', () => {
  it('bridges to the running service with its launch secret, while the API is off too', async () => {
    const disabled = await runEarshotAsync(['api', 'disable', '--data-dir', directory.path]);
    expect(disabled.status, disabled.stderr).toBe(0);
    const { client, stderr } = await stdioClient();
    try {
      const status = await call(client, 'get_status');
      expect(status.structuredContent).toMatchObject({ source: 'service', live: { recording: false } });
      const found = await call(client, 'search_sessions', { query: 'бюджет' });
      expect(found.structuredContent).toMatchObject({ total: 1, sessions: [{ id: 'cyrillic' }] });
      expect(stderr()).toMatch(/earshot mcp: serving the Earshot service at http:\/\/127\.0\.0\.1:\d+\./);
    } finally {
      await client.close();
      await runEarshotAsync(['api', 'enable', '--data-dir', directory.path]);
    }
  });

  it('tells the assistant when the service it passes messages to has stopped, and what to do', async () => {
    const { client } = await stdioClient();
    try {
      await stopService();
      await expect(call(client, 'get_status')).rejects.toThrow(
        /The Earshot service at http:\/\/127\.0\.0\.1:\d+ did not answer \(.*\)\. If it stopped, restart this MCP server: it then reads the data directory\./,
      );
    } finally {
      await client.close();
    }
  });

  it('reads the data directory read-only when no service runs, and says why live status and ask are missing', async () => {
    const { client, stderr } = await stdioClient();
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toStrictEqual(readToolNames);
      const status = await call(client, 'get_status');
      expect(status.structuredContent).toMatchObject({
        source: 'data directory',
        sessionCount: 5,
        live: null,
        askAvailable: false,
      });
      expect(textOf(status)).toContain(
        `Whether Earshot records now is unknown: no Earshot service runs for ${directory.path}. Start it (earshot serve, or the app)`,
      );
      for (const session of multilingualSessions) {
        const found = await call(client, 'search_sessions', { query: session.word });
        expect(found.structuredContent, session.word).toMatchObject({
          total: 1,
          sessions: [{ id: session.id }],
        });
      }
      const transcript = await call(client, 'get_transcript', { sessionId: 'arabic' });
      expect(textOf(transcript)).toContain('[00:00:00] سارة: تمت الموافقة على الميزانية اليوم.');
      expect(stderr()).toContain(`earshot mcp: reading ${directory.path} (read-only; no service runs).`);
    } finally {
      await client.close();
    }
  });
});
