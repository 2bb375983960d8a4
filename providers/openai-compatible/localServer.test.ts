import { afterEach, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../test/fakes/fakeHttpServer.ts';
import {
  defaultInstalledModel,
  type OpenAiCompatibleFakeOptions,
  startOpenAiCompatibleFake,
} from '../../test/fakes/openai-compatible/server.ts';
import { ProviderError } from '../http/providerError.ts';
import { listModels, type ModelPullProgress, probeServer, pullModel } from './localServer.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function fake(options: OpenAiCompatibleFakeOptions = {}) {
  const started = await startOpenAiCompatibleFake(options);
  servers.push(started);
  return started;
}

const signal = () => new AbortController().signal;

it('recognises an Ollama host that also speaks the OpenAI API', async () => {
  const server = await fake();
  expect(await probeServer(server.baseUrl, undefined, signal())).toEqual({
    reachable: true,
    openAiCompatible: true,
    ollama: true,
    keyRefused: false,
  });
  expect(server.requests.map((request) => `${request.method} ${request.url}`).sort()).toEqual([
    'GET /api/tags',
    'GET /v1/models',
  ]);
});

it('recognises a plain OpenAI-compatible server, and tells when it refuses the key', async () => {
  const server = await fake({ ollama: false, apiKey: 'local-key-123' });
  expect(await probeServer(server.baseUrl, 'local-key-123', signal())).toEqual({
    reachable: true,
    openAiCompatible: true,
    ollama: false,
    keyRefused: false,
  });
  expect(server.requests.find((request) => request.url === '/v1/models')?.headers.authorization).toBe(
    'Bearer local-key-123',
  );
  expect(await probeServer(server.baseUrl, undefined, signal())).toMatchObject({
    reachable: true,
    openAiCompatible: false,
    keyRefused: true,
  });
});

it('says a server that answers other things is reachable but neither kind', async () => {
  const other = await startFakeHttpServer(() => ({ body: '<html>router admin</html>' }));
  servers.push(other);
  expect(await probeServer(other.baseUrl, undefined, signal())).toEqual({
    reachable: true,
    openAiCompatible: false,
    ollama: false,
    keyRefused: false,
  });
});

it('reports an address where nothing listens as unreachable, with the reason', async () => {
  const gone = await fake();
  const { baseUrl } = gone;
  await gone.close();
  const probe = await probeServer(baseUrl, undefined, signal());
  if (probe.reachable) throw new Error('a closed port was reported reachable');
  expect(probe.problem).toContain(`OpenAI-compatible server ${baseUrl} could not be reached`);
});

it('stops probing when cancelled', async () => {
  const server = await fake();
  const controller = new AbortController();
  controller.abort();
  await expect(probeServer(server.baseUrl, undefined, controller.signal)).rejects.toMatchObject({
    kind: 'cancelled',
  });
});

it('lists the installed models from /v1/models, with the key', async () => {
  const server = await fake({
    apiKey: 'local-key-123',
    installed: ['whisper-1', 'Systran/faster-whisper-small'],
  });
  expect(await listModels(server.baseUrl, 'local-key-123', signal())).toEqual([
    'whisper-1',
    'Systran/faster-whisper-small',
  ]);
  await expect(listModels(server.baseUrl, 'wrong-key-456', signal())).rejects.toMatchObject({
    kind: 'permanent',
    status: 401,
  });
});

it('fails permanently when /v1/models is not a model list', async () => {
  const other = await startFakeHttpServer(() => ({ body: { models: [] } }));
  servers.push(other);
  await expect(listModels(other.baseUrl, undefined, signal())).rejects.toMatchObject({
    kind: 'permanent',
    message: `OpenAI-compatible server ${other.baseUrl} answered /v1/models with something other than a model list.`,
  });
});

it('pulls a model from Ollama, reporting each progress line, after which it is installed', async () => {
  const server = await fake({ pullable: ['whisper-large-v3-turbo'] });
  const progress: ModelPullProgress[] = [];
  await pullModel(server.baseUrl, 'whisper-large-v3-turbo', signal(), (event) => progress.push(event));
  const request = server.requests.at(-1);
  expect(`${request?.method} ${request?.url}`).toBe('POST /api/pull');
  expect(JSON.parse(request?.body.toString('utf8') ?? '')).toEqual({
    model: 'whisper-large-v3-turbo',
    stream: true,
  });
  expect(progress[0]).toEqual({ status: 'pulling manifest' });
  expect(
    progress.filter((event) => event.totalBytes !== undefined).map((event) => event.completedBytes),
  ).toEqual([0, 250_000, 750_000, 1_000_000]);
  expect(progress.at(-1)?.status).toBe('success');
  expect(server.installedModels()).toEqual([defaultInstalledModel, 'whisper-large-v3-turbo']);
  expect(await listModels(server.baseUrl, undefined, signal())).toContain('whisper-large-v3-turbo');
});

it("fails permanently with Ollama's message when the model does not exist", async () => {
  const server = await fake({ pullable: [] });
  const failure = await pullModel(server.baseUrl, 'no-such-model', signal(), () => {}).catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message: `Ollama at ${server.baseUrl} could not pull no-such-model: pull model manifest: file does not exist`,
  });
});

it('fails when the pull stream ends before success', async () => {
  const cut = await startFakeHttpServer(() => ({
    headers: { 'content-type': 'application/x-ndjson' },
    body: '{"status":"pulling manifest"}\n{"status":"pulling 6a07","total":10,"completed":5}\n',
  }));
  servers.push(cut);
  const progress: ModelPullProgress[] = [];
  await expect(
    pullModel(cut.baseUrl, 'whisper', signal(), (event) => progress.push(event)),
  ).rejects.toMatchObject({
    kind: 'retryable',
    message: `Ollama at ${cut.baseUrl} ended the pull of whisper before it succeeded.`,
  });
  expect(progress).toEqual([
    { status: 'pulling manifest' },
    { status: 'pulling 6a07', totalBytes: 10, completedBytes: 5 },
  ]);
});

it('does not pull from a server that is not Ollama', async () => {
  const server = await fake({ ollama: false });
  await expect(pullModel(server.baseUrl, 'whisper', signal(), () => {})).rejects.toMatchObject({
    kind: 'permanent',
    status: 404,
  });
});
