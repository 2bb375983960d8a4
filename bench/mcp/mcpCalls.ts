import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fixtureTags, fixtureTopics } from '../api/fixture/catalogue.ts';
import type { FixtureManifest } from '../api/fixture/fixtureManifest.ts';

/** How big an answer is: an assistant pays tokens for every character. */
export interface AnswerSize {
  /** Characters of a tool's text content; null where the answer has none (lists). */
  textCharacters: number | null;
  /** Characters of the whole JSON-RPC result: text, `structuredContent` and all. */
  jsonCharacters: number;
}

export interface McpCall {
  name: string;
  /** The request, in words, for the report. */
  request: string;
  /** The answer as the client got it. */
  run(): Promise<unknown>;
  /** Throws unless the answer is the right one, so an error result is never timed; says what it saw. */
  check(result: unknown): string;
}

/** Where the benchmark reaches the service's `/mcp`, with the REST API token. */
export interface McpEndpoint {
  url: URL;
  token: string;
}

/** A fresh SDK client, connected: `initialize`, then `notifications/initialized`. */
export async function connectClient(endpoint: McpEndpoint): Promise<Client> {
  const client = new Client({ name: 'earshot-bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(endpoint.url, {
      requestInit: { headers: { authorization: `Bearer ${endpoint.token}` } },
    }),
  );
  return client;
}

/**
 * The REST API's total for `words=`, which is what `query` searches: the fixture's recorded count
 * is of the word anywhere in a title or transcript, and `words=` also finds it in summaries.
 */
export async function restWordsTotal(endpoint: McpEndpoint, words: string): Promise<number> {
  const url = new URL(`/api/v1/sessions?limit=1&words=${encodeURIComponent(words)}`, endpoint.url);
  const response = await fetch(url, { headers: { authorization: `Bearer ${endpoint.token}` } });
  const { total } = (await response.json()) as { total?: unknown };
  if (typeof total !== 'number') throw new Error(`GET ${url.pathname}${url.search} gave no total`);
  return total;
}

/** A session with an AI summary among the newest 50 (the fixture gives one to 40 % of them). */
export async function findSummarisedSession(client: Client): Promise<string> {
  const listed = structured(await client.callTool({ name: 'search_sessions', arguments: { limit: 50 } }));
  for (const { id } of listed.sessions as { id: string }[]) {
    const session = structured(await client.callTool({ name: 'get_session', arguments: { sessionId: id } }));
    if (session.summaryStatus === 'success') return id;
  }
  throw new Error('none of the 50 newest sessions has a summary');
}

/**
 * The calls an assistant makes, each with what its answer must be. `client` is connected and has
 * listed the tools once, as an assistant's does before it calls them.
 */
export function mcpCalls(options: {
  endpoint: McpEndpoint;
  client: Client;
  manifest: FixtureManifest;
  summarisedSessionId: string;
  /** What REST's `words=` search counts for the common word (see `restWordsTotal`). */
  commonWordsTotal: number;
}): McpCall[] {
  const { endpoint, client, manifest } = options;
  const { parameters } = manifest;
  const sessionId = manifest.detailSessionId;
  const tool = (
    name: string,
    tool: string,
    args: Record<string, unknown>,
    check: (answer: Record<string, unknown>) => string,
  ): McpCall => ({
    name,
    request: `${tool} ${JSON.stringify(args)}`,
    run: () => client.callTool({ name: tool, arguments: args }),
    check: (result) => check(structured(result)),
  });
  const search = (name: string, term: 'common' | 'marker'): McpCall =>
    tool(name, 'search_sessions', { query: manifest.searchTerms[term] }, (answer) => {
      const expected = term === 'marker' ? manifest.expectedMatches.marker : options.commonWordsTotal;
      const listed = answer.sessions as unknown[];
      expect(answer.total === expected, `total ${String(answer.total)}, expected ${expected}`);
      expect(listed.length === Math.min(10, expected), `${listed.length} sessions on the first page`);
      return `total ${expected.toLocaleString('en-US')}`;
    });
  const range = { fromSecond: 300, toSecond: 600 };

  return [
    {
      name: 'connect (fresh client)',
      request: 'initialize, notifications/initialized',
      run: async () => {
        const fresh = await connectClient(endpoint);
        const result = { instructions: fresh.getInstructions(), server: fresh.getServerVersion() };
        await fresh.close();
        return result;
      },
      check: (result) => {
        const { server } = result as { server?: { name?: string } };
        expect(server?.name === 'earshot', `server ${JSON.stringify(server)}`);
        return 'server earshot';
      },
    },
    {
      name: 'connect + tools/list (fresh client)',
      request: 'initialize, notifications/initialized, tools/list',
      run: async () => {
        const fresh = await connectClient(endpoint);
        const tools = await fresh.listTools();
        await fresh.close();
        return { instructions: fresh.getInstructions(), tools };
      },
      check: (result) => checkTools((result as { tools: unknown }).tools),
    },
    {
      name: 'tools/list',
      request: 'tools/list on a connected client',
      run: () => client.listTools(),
      check: checkTools,
    },
    {
      // The SDK client compiles a validator for each tool's output schema as the list arrives: this
      // row leaves that out, to show what the service itself takes.
      name: 'tools/list, plain POST',
      request: 'tools/list by fetch, without the SDK client',
      run: () => postToolsList(endpoint),
      check: checkTools,
    },
    search('search_sessions, common word', 'common'),
    search('search_sessions, marker word', 'marker'),
    tool('get_session', 'get_session', { sessionId }, (answer) => {
      expect(answer.id === sessionId, `id ${String(answer.id)}`);
      expect(
        answer.segmentCount === parameters.segmentsPerSession,
        `${String(answer.segmentCount)} segments`,
      );
      return `${parameters.segmentsPerSession} segments`;
    }),
    tool('get_transcript, first page', 'get_transcript', { sessionId }, (answer) => {
      const segments = answer.segments as unknown[];
      expect(segments.length === parameters.segmentsPerSession, `${segments.length} segments`);
      return `${segments.length} segments, next cursor ${String(answer.nextCursor)}`;
    }),
    tool('get_transcript, 5:00–10:00', 'get_transcript', { sessionId, ...range }, (answer) => {
      const segments = answer.segments as { startMs: number; endMs: number }[];
      const inside = segments.every(
        (segment) => segment.endMs >= range.fromSecond * 1000 && segment.startMs <= range.toSecond * 1000,
      );
      expect(segments.length > 0 && segments.length < parameters.segmentsPerSession && inside, 'segments');
      return `${segments.length} segments`;
    }),
    tool('get_summary', 'get_summary', { sessionId: options.summarisedSessionId }, (answer) => {
      const postProcess = answer.postProcess as { status: string; chapters: unknown[] };
      expect(postProcess.status === 'success', `summary ${postProcess.status}`);
      return `summary with ${postProcess.chapters.length} chapters`;
    }),
    tool('list_topics', 'list_topics', {}, (answer) => {
      const topics = answer.topics as unknown[];
      expect(topics.length === fixtureTopics.length, `${topics.length} topics`);
      return `${topics.length} topics`;
    }),
    tool('list_tags', 'list_tags', {}, (answer) => {
      const tags = answer.tags as unknown[];
      expect(tags.length === fixtureTags.length, `${tags.length} tags`);
      return `${tags.length} tags`;
    }),
    tool('get_status', 'get_status', {}, (answer) => {
      expect(answer.source === 'service', `source ${String(answer.source)}`);
      expect(answer.sessionCount === parameters.sessionCount, `${String(answer.sessionCount)} sessions`);
      return `${parameters.sessionCount.toLocaleString('en-US')} sessions`;
    }),
    {
      name: 'resources/list',
      request: 'resources/list, first page',
      run: () => client.listResources(),
      check: (result) => {
        const { resources, nextCursor } = result as { resources: unknown[]; nextCursor?: string };
        // The recent-sessions resource, then the first 100 transcripts.
        expect(resources.length === 101 && nextCursor !== undefined, `${resources.length} resources`);
        return `${resources.length} resources, more to page`;
      },
    },
  ];
}

async function postToolsList(endpoint: McpEndpoint): Promise<unknown> {
  const response = await fetch(endpoint.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${endpoint.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.result === undefined) throw new Error(`tools/list answered ${JSON.stringify(body).slice(0, 300)}`);
  return body.result;
}

export function answerSize(result: unknown): AnswerSize {
  const { content } = result as Partial<CallToolResult>;
  const textCharacters =
    content === undefined
      ? null
      : content
          .map((part) => (part.type === 'text' ? part.text.length : 0))
          .reduce((sum, length) => sum + length, 0);
  return { textCharacters, jsonCharacters: JSON.stringify(result).length };
}

/** A tool's `structuredContent`, or the tool's error text as an exception. */
function structured(result: unknown): Record<string, unknown> {
  const { isError, content, structuredContent } = result as CallToolResult;
  if (isError === true || structuredContent === undefined) {
    const text = content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
    throw new Error(`the tool answered with an error: ${text.slice(0, 300)}`);
  }
  return structuredContent;
}

function checkTools(result: unknown): string {
  const { tools } = result as { tools: { name: string }[] };
  const names = tools.map((tool) => tool.name);
  for (const name of ['search_sessions', 'get_session', 'get_transcript', 'get_summary', 'get_status']) {
    expect(names.includes(name), `${name} is not listed`);
  }
  return `${tools.length} tools`;
}

function expect(condition: boolean, otherwise: string): void {
  if (!condition) throw new Error(otherwise);
}
