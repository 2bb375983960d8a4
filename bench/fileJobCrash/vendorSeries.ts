import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { assemblyAiFakeApiKey, startAssemblyAiFake } from '../../test/fakes/assemblyai/server.ts';
import type { RecordedRequest } from '../../test/fakes/fakeHttpServer.ts';
import { formFileBytes, readMultipartForm } from '../../test/fakes/multipartForm.ts';
import {
  defaultInstalledModel,
  startOpenAiCompatibleFake,
} from '../../test/fakes/openai-compatible/server.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { readWavInfo } from '../../test/fakes/wavAudio.ts';
import type { SeriesName } from './options.ts';

/** A fast cloud recogniser: 40 times faster than real time, so a 10-minute chunk takes 15 s. */
export const realTimeFactor = 40;
const recognitionMs = (audioMs: number) => audioMs / realTimeFactor;

/** One request's audio as the fake received it whole: the same chunk sent again has the same key. */
export interface ReceivedAudio {
  key: string;
  audioMs: number;
}

/** A vendor fake running in this process for one trial, and what its request log tells. */
export interface RunningVendor {
  /** The provider's settings in the data directory, aimed at the fake. */
  config: Record<string, unknown>;
  /** Requests recorded so far (each once its body has arrived whole). */
  requestCount(): number;
  /** Requests carrying audio that have begun to arrive, whole or not. */
  audioRequestsBegun(): number;
  /** The audio of the requests recorded from index `from` on, in the order they came. */
  receivedAudio(from: number): Promise<ReceivedAudio[]>;
  /** Whether a request recorded from index `from` on asked about vendor job `vendorJobId`. */
  asksAbout(vendorJobId: string, from: number): boolean;
  close(): Promise<void>;
}

export interface VendorSeries {
  name: SeriesName;
  providerId: string;
  /** The vendor holds a job that a restarted service polls again instead of sending the audio. */
  pollsVendorJob: boolean;
  /** What the fake is, for the report. */
  description: string;
  start(): Promise<RunningVendor>;
}

const openAiCompatibleKey = 'bench-file-job-crash-key';

export const vendorSeries: Record<SeriesName, VendorSeries> = {
  P12: {
    name: 'P12',
    providerId: 'openai-compatible',
    pollsVendorJob: false,
    description:
      `P12 (OpenAI-compatible, synchronous): test/fakes/openai-compatible answers each ` +
      `POST /v1/audio/transcriptions ${realTimeFactor}× faster than real time`,
    async start() {
      const fake = await startOpenAiCompatibleFake({ apiKey: openAiCompatibleKey, recognitionMs });
      return runningVendor(
        fake,
        { baseUrl: fake.baseUrl, model: defaultInstalledModel, apiKey: openAiCompatibleKey },
        '/v1/audio/transcriptions',
        async (request) => formFileBytes(await readMultipartForm(request), 'file'),
      );
    },
  },
  P07: {
    name: 'P07',
    providerId: 'assemblyai',
    pollsVendorJob: true,
    description:
      `P07 (AssemblyAI, asynchronous): test/fakes/assemblyai completes each transcript ` +
      `${realTimeFactor}× faster than real time after it is created; the client polls it`,
    async start() {
      const fake = await startAssemblyAiFake({ recognitionMs });
      return runningVendor(
        fake,
        { apiKey: assemblyAiFakeApiKey, endpoint: fake.baseUrl },
        '/v2/upload',
        (request) => Promise.resolve(request.body),
      );
    },
  },
};

function runningVendor(
  fake: ProviderFake,
  config: Record<string, unknown>,
  audioPath: string,
  wavOf: (request: RecordedRequest) => Promise<Buffer | undefined>,
): RunningVendor {
  let begun = 0;
  // The kit records a request only once its body has ended; a kill cuts some uploads off before.
  fake.httpServer.on('request', (request: IncomingMessage) => {
    if (request.method === 'POST' && request.url?.split('?')[0] === audioPath) begun++;
  });
  return {
    config,
    requestCount: () => fake.requests.length,
    audioRequestsBegun: () => begun,
    async receivedAudio(from) {
      const received: ReceivedAudio[] = [];
      for (const request of fake.requests.slice(from)) {
        if (request.method !== 'POST' || request.url.split('?')[0] !== audioPath) continue;
        const wav = await wavOf(request);
        const audioMs = wav === undefined ? undefined : readWavInfo(wav)?.durationMs;
        if (wav === undefined || audioMs === undefined) continue;
        received.push({ key: createHash('sha256').update(wav).digest('hex'), audioMs });
      }
      return received;
    },
    asksAbout: (vendorJobId, from) =>
      fake.requests.slice(from).some((request) => request.url.includes(encodeURIComponent(vendorJobId))),
    close: () => fake.close(),
  };
}
