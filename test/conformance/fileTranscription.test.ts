/// <reference types="vite/client" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileTranscriptionProgress, ProviderDefinition } from '../../providers/contract.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { cannedText } from '../fakes/cannedSpeech.ts';
import type { ProviderFake, ProviderFakeFixture } from '../fakes/providerFakeFixture.ts';
import { silentWav } from '../fakes/wavAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * One suite for every provider's file transcription, run against that vendor's protocol-faithful
 * fake (test/fakes/<id>/fixture.ts): the same promises are checked for all fourteen.
 */
const definitions = Object.values(
  import.meta.glob<{ definition: ProviderDefinition<unknown> }>('../../providers/*/definition.ts', {
    eager: true,
  }),
).map((module) => module.definition);
const fixtures = Object.values(
  import.meta.glob<{ fixture: ProviderFakeFixture }>('../fakes/*/fixture.ts', { eager: true }),
).map((module) => module.fixture);

const audioDurationMs = 6_000;
let directory: ReturnType<typeof temporaryDirectory>;
let wavPath: string;
const wavBytes = silentWav(audioDurationMs);

beforeAll(() => {
  directory = temporaryDirectory('conformance');
  wavPath = join(directory.path, 'speech.wav');
  writeFileSync(wavPath, wavBytes);
});
afterAll(() => directory.remove());

it('has a fake for every provider with a file client', () => {
  expect(fixtures.map((fixture) => fixture.providerId).sort()).toEqual(
    definitions.map((definition) => definition.metadata.id).sort(),
  );
});

describe.each(fixtures)('$providerId', (fixture) => {
  const definition = definitions.find((candidate) => candidate.metadata.id === fixture.providerId);
  let fake: ProviderFake;

  beforeAll(async () => {
    fake = await fixture.start();
  });
  afterAll(async () => fake.close());

  function transcribe(config: Record<string, unknown>, signal = new AbortController().signal) {
    if (definition === undefined) throw new Error(`no providers/${fixture.providerId}/definition.ts`);
    const progress: FileTranscriptionProgress[] = [];
    const result = definition.transcribeFile({
      wavPath,
      wavBytes: wavBytes.length,
      durationMs: audioDurationMs,
      languageHints: ['en'],
      config: definition.configSchema.parse(config),
      baseUrl: fake.baseUrl,
      signal,
      onProgress: (event) => progress.push(event),
    });
    return { result, progress };
  }

  it('returns the words the vendor heard, in order, with times inside the audio', async () => {
    const { result, progress } = transcribe(fixture.config(fake));
    const { segments } = await result;
    const text = segments.map((segment) => segment.text.trim()).join(' ');
    expect(text.replace(/[.,!?]/g, '').toLowerCase()).toBe(cannedText(audioDurationMs));
    let previousStart = 0;
    for (const segment of segments) {
      expect(segment.startMs).toBeGreaterThanOrEqual(previousStart);
      expect(segment.endMs).toBeGreaterThanOrEqual(segment.startMs);
      expect(segment.endMs).toBeLessThanOrEqual(audioDurationMs + 1000);
      previousStart = segment.startMs;
    }
    // Upload progress counts the real request body (the whole WAV at least), then processing follows.
    const lastUpload = progress.findLastIndex((event) => event.phase === 'uploading');
    const upload = progress[lastUpload];
    expect(upload?.phase === 'uploading' && upload.sentBytes === upload.totalBytes).toBe(true);
    expect(upload?.phase === 'uploading' ? upload.totalBytes : 0).toBeGreaterThanOrEqual(wavBytes.length);
    expect(progress.slice(lastUpload + 1).some((event) => event.phase === 'processing')).toBe(true);
    expect(fake.remoteObjectCount()).toBe(0);
  });

  it('retries a transient vendor failure', async () => {
    fake.failNext(503);
    const { segments } = await transcribe(fixture.config(fake)).result;
    expect(segments.length).toBeGreaterThan(0);
  });

  // Keyless vendors (local servers) have no credential to refuse.
  if (fixture.badCredentialConfig !== undefined) {
    it('fails permanently on a refused credential, with the vendor message and no secret', async () => {
      const config = fixture.badCredentialConfig?.(fake) ?? {};
      const failure = await transcribe(config).result.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect((failure as ProviderError).kind).toBe('permanent');
      for (const secret of [
        ...fixture.secrets(fake),
        ...Object.values(config).filter((v) => typeof v === 'string'),
      ]) {
        if (typeof secret === 'string' && secret.length >= 8 && !secret.startsWith('http')) {
          expect((failure as Error).message).not.toContain(secret);
        }
      }
    });
  }

  it('stops when cancelled and leaves nothing behind at the vendor', async () => {
    fake.holdJobs(true);
    const controller = new AbortController();
    const before = fake.requests.length;
    const { result } = transcribe(fixture.config(fake), controller.signal);
    const outcome = result.catch((error: unknown) => error);
    while (fake.requests.length === before) await sleep(5);
    controller.abort();
    const failure = await outcome;
    fake.holdJobs(false);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).kind).toBe('cancelled');
    await vi.waitFor(() => expect(fake.remoteObjectCount()).toBe(0), { timeout: 5000 });
  });
});
