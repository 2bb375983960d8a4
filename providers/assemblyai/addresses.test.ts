import { afterAll, beforeAll, expect, it } from 'vitest';

import { followStream } from '../../test/conformance/liveStreams.ts';
import {
  assemblyAiFakeApiKey,
  type AssemblyAiFake,
  startAssemblyAiFake,
} from '../../test/fakes/assemblyai/server.ts';
import { startAssemblyAiStreamingFake } from '../../test/fakes/assemblyai/streamingServer.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import type { StreamingFake } from '../../test/fakes/streaming/streamingFake.ts';
import type { ProviderDefinition } from '../contract.ts';
import { configuredAddress, unreachableAdvice } from '../providerAddress.ts';
import { assemblyAiConfigSchema, streamingAddress } from './config.ts';
import { definition } from './definition.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';

// AssemblyAI's async REST API and Universal Streaming have different hosts (and, in the EU, other
// ones again): each fake stands on a port of its own, as the two services do.
const speech = useSpeechFile('assemblyai-addresses', 2_000);
let rest: AssemblyAiFake;
let streaming: StreamingFake;

beforeAll(async () => {
  rest = await startAssemblyAiFake();
  streaming = await startAssemblyAiStreamingFake();
});
afterAll(async () => {
  await rest.close();
  await streaming.close();
});

async function openLive(settings: Record<string, unknown>) {
  const followed = followStream((onEvent) =>
    liveClient.open({
      config: assemblyAiConfigSchema.parse({ apiKey: assemblyAiFakeApiKey, ...settings }),
      languageHints: [],
      audioFormat: 'pcm16',
      onEvent,
    }),
  );
  await followed.next((event) => event.type === 'ready' || event.type === 'error');
  await followed.stream.finish(5000);
  return followed.events;
}

it('sends files to endpoint (the REST API, /v2 included) and live audio to streamingEndpoint', async () => {
  const settings = { endpoint: rest.baseUrl, streamingEndpoint: streaming.baseUrl };
  const config = assemblyAiConfigSchema.parse({ apiKey: assemblyAiFakeApiKey, ...settings });
  const restRequests = rest.requests.length;
  const { result } = transcribeSpeech(transcribeFile, speech, {
    config,
    baseUrl: configuredAddress(definition as ProviderDefinition<unknown>, config) ?? '',
  });
  expect((await result).segments.length).toBeGreaterThan(0);
  expect(rest.requests.slice(restRequests).map((request) => request.url)).toContain('/v2/upload');

  const connections = streaming.connections.length;
  const events = await openLive(settings);
  expect(events.filter((event) => event.type === 'error')).toEqual([]);
  expect(events.at(-1)).toEqual({ type: 'finished' });
  expect(streaming.connections.slice(connections).map((connection) => connection.url.pathname)).toEqual([
    '/v3/ws',
  ]);
});

it('streams to a saved endpoint when no streamingEndpoint is set, as before the split (one gateway for both)', async () => {
  const connections = streaming.connections.length;
  const events = await openLive({ endpoint: streaming.baseUrl });
  expect(events.at(-1)).toEqual({ type: 'finished' });
  expect(streaming.connections.length).toBe(connections + 1);
});

it('streams to AssemblyAI’s own streaming host when neither address is set, whatever the REST default', () => {
  const parse = (settings: Record<string, unknown>) =>
    assemblyAiConfigSchema.parse({ apiKey: 'k', ...settings });
  expect(streamingAddress(parse({}))).toBe('wss://streaming.assemblyai.com');
  expect(streamingAddress(parse({ streamingEndpoint: 'wss://streaming.eu.assemblyai.com' }))).toBe(
    'wss://streaming.eu.assemblyai.com',
  );
  expect(
    streamingAddress(
      parse({
        endpoint: 'https://api.eu.assemblyai.com/v2',
        streamingEndpoint: 'https://streaming.eu.assemblyai.com',
      }),
    ),
  ).toBe('https://streaming.eu.assemblyai.com');
});

it('tells Test and the unreachable advice which setting named the live address', () => {
  const address = (settings: Record<string, unknown>) =>
    liveClient.address?.(assemblyAiConfigSchema.parse({ apiKey: 'k', ...settings }));
  expect(address({})).toEqual({ url: 'wss://streaming.assemblyai.com', field: 'streamingEndpoint' });
  expect(address({ endpoint: 'https://gateway.example' })).toEqual({
    url: 'https://gateway.example',
    field: 'endpoint',
  });
  expect(
    address({
      endpoint: 'https://api.eu.assemblyai.com/v2',
      streamingEndpoint: 'wss://streaming.eu.assemblyai.com',
    }),
  ).toEqual({ url: 'wss://streaming.eu.assemblyai.com', field: 'streamingEndpoint' });
  expect(unreachableAdvice(definition.metadata, 'streamingEndpoint')).toMatch(
    /^Check the network connection; if you set streamingEndpoint, clear it .*assemblyai streamingEndpoint=/,
  );
});
