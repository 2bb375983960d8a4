import { z } from 'zod';
import { type FollowerUpdate, SpeechFollower } from '../streaming/speechFollower.ts';
import { type FakeWire, type StreamingFake, startStreamingFake } from '../streaming/streamingFake.ts';
import { sonioxFakeApiKey } from './server.ts';
import { type SonioxToken, TokenWriter } from './tokenResponses.ts';
import { startWebmDecoder, type WebmDecoder } from '../../../actors/batch/webmDecoder.ts';

const configWaitMs = 10_000;
const idleLimitMs = 20_000;

/** The config message fields the fake acts on; Soniox ignores fields it does not know. */
const streamConfigSchema = z.looseObject({
  model: z.string().regex(/^stt-rt-/, 'model must be a real-time model (stt-rt-…)'),
  audio_format: z.string(),
  sample_rate: z.number().int().positive().optional(),
  num_channels: z.number().int().positive().optional(),
  language_hints: z.array(z.string()).optional(),
  enable_speaker_diarization: z.boolean().optional(),
  enable_language_identification: z.boolean().optional(),
  enable_endpoint_detection: z.boolean().optional(),
  translation: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('one_way'), target_language: z.string() }),
      z.object({ type: z.literal('two_way'), language_a: z.string(), language_b: z.string() }),
    ])
    .optional(),
});

type StreamConfig = z.output<typeof streamConfigSchema>;

const inBandKeySchema = z.object({ api_key: z.string() });
const controlSchema = z.object({ type: z.string() });

/**
 * Soniox's real-time API (`/transcribe-websocket`): the upgrade is always accepted; the first
 * frame must be the JSON config, with the key in `api_key` (or `Authorization: Bearer` on the
 * upgrade); audio as binary frames, PCM16 (`pcm_s16le`, 16 kHz mono) or WebM/Opus (`auto`,
 * decoded by ffmpeg); token responses from the follower; `keepalive` and `finalize` control
 * messages; an empty frame answered by the last tokens, `finished: true` and close 1000. Errors go
 * in-band as `error_code` (HTTP semantics) and the server closes: 401 for a bad key, 400 for a bad
 * config, 408 without a config within 10 s or without audio or keepalive for 20 s, and
 * `rejectNext`'s status in answer to the config.
 */
export function startSonioxStreamingFake(): Promise<StreamingFake> {
  return startStreamingFake({
    paths: ['/transcribe-websocket'],
    connected: (wire) => {
      const upgradeKey = /^bearer\s+(\S+)$/i.exec(wire.connection.headers.authorization ?? '')?.[1];
      let stream: AudioStream | undefined;
      let ended = false;
      const fail = (status: number, message: string) => {
        ended = true;
        clearTimeout(configTimer);
        stream?.stop();
        wire.send({ tokens: [], error_code: status, error_message: message });
        wire.close(1000);
      };
      const configTimer = setTimeout(
        () => fail(408, 'Request timeout: no configuration was received.'),
        configWaitMs,
      ).unref();

      const configure = (data: Buffer, isBinary: boolean) => {
        clearTimeout(configTimer);
        const message = isBinary ? undefined : parseJson(data);
        const key = inBandKeySchema.safeParse(message).data?.api_key ?? upgradeKey;
        if (key === undefined) return fail(401, 'Missing API key.');
        if (key !== sonioxFakeApiKey) return fail(401, 'Invalid API key.');
        if (wire.rejection !== undefined) return fail(wire.rejection, injectedMessage(wire.rejection));
        if (message === undefined) return fail(400, 'The first message must be the JSON configuration.');
        const config = streamConfigSchema.safeParse(message);
        if (!config.success) return fail(400, `Invalid configuration: ${z.prettifyError(config.error)}`);
        const problem = unsupportedAudio(config.data);
        if (problem !== undefined) return fail(400, problem);
        stream = new AudioStream(wire, config.data, fail);
      };

      return (data, isBinary) => {
        if (ended) return;
        if (stream === undefined) {
          configure(data, isBinary);
          return;
        }
        if (data.length === 0) {
          ended = true;
          void stream.end();
          return;
        }
        if (isBinary) {
          stream.audio(data);
          return;
        }
        const control = controlSchema.safeParse(parseJson(data)).data?.type;
        if (control === 'keepalive') stream.keptAlive();
        if (control === 'finalize') stream.finalize();
      };
    },
  });
}

/** One configured connection: audio in, token responses out. */
class AudioStream {
  private readonly wire: FakeWire;
  private readonly follower = new SpeechFollower();
  private readonly writer: TokenWriter;
  private readonly decoder: WebmDecoder | undefined;
  private readonly fail: (status: number, message: string) => void;
  private idleTimer: NodeJS.Timeout;
  /** The connection was cut or failed: nothing more is said on it. */
  private over = false;

  constructor(wire: FakeWire, config: StreamConfig, fail: (status: number, message: string) => void) {
    this.wire = wire;
    this.fail = fail;
    const spokenLanguage = config.language_hints?.[0] ?? 'en';
    this.writer = new TokenWriter({
      spokenLanguage,
      languageIdentification: config.enable_language_identification === true,
      diarization: config.enable_speaker_diarization === true,
      endpointDetection: config.enable_endpoint_detection === true,
      translationLanguage: translationTarget(config, spokenLanguage),
    });
    this.decoder =
      config.audio_format === 'auto'
        ? startWebmDecoder(
            (pcm) => this.hear(pcm),
            (reason) => {
              this.over = true;
              fail(400, `The audio could not be decoded: ${reason}`);
            },
          )
        : undefined;
    this.idleTimer = this.startIdleTimer();
  }

  audio(bytes: Buffer): void {
    this.keptAlive();
    if (this.decoder === undefined) this.hear(bytes);
    else this.decoder.write(bytes);
  }

  keptAlive(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = this.startIdleTimer();
  }

  finalize(): void {
    this.respond(this.follower.flush(), [{ text: '<fin>', is_final: true }]);
  }

  /** End of stream: whatever is still being decoded is heard, then the last tokens go out. */
  async end(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.decoder?.end();
    if (this.over) return;
    this.respond(this.follower.flush());
    const heardMs = Math.round(this.follower.heardMs);
    this.wire.send({
      tokens: [],
      final_audio_proc_ms: heardMs,
      total_audio_proc_ms: heardMs,
      finished: true,
    });
    this.wire.close(1000);
  }

  stop(): void {
    this.over = true;
    clearTimeout(this.idleTimer);
    this.decoder?.stop();
  }

  private hear(pcm: Buffer): void {
    if (this.over) return;
    if (!this.wire.audioReceived(pcm.length)) {
      this.stop();
      return;
    }
    this.respond(this.follower.push(pcm));
  }

  private respond(updates: FollowerUpdate[], trailing: SonioxToken[] = []): void {
    const tokens = [...updates.flatMap((update) => this.writer.tokens(update)), ...trailing];
    if (tokens.length === 0) return;
    this.wire.send({
      tokens,
      final_audio_proc_ms: Math.round(this.writer.finalAudioMs),
      total_audio_proc_ms: Math.round(this.follower.heardMs),
    });
  }

  private startIdleTimer(): NodeJS.Timeout {
    return setTimeout(() => {
      if (!this.over) this.fail(408, 'Request timeout: no audio or keepalive was received for 20 seconds.');
    }, idleLimitMs).unref();
  }
}

function unsupportedAudio(config: StreamConfig): string | undefined {
  if (config.audio_format === 'auto') return undefined;
  if (config.audio_format !== 'pcm_s16le') {
    return `This fake takes audio_format "auto" (WebM/Opus) or "pcm_s16le", not "${config.audio_format}".`;
  }
  if (config.sample_rate === undefined || config.num_channels === undefined) {
    return 'sample_rate and num_channels are required for raw audio formats.';
  }
  if (config.sample_rate !== 16_000 || config.num_channels !== 1) {
    return 'This fake hears 16 kHz mono PCM only.';
  }
  return undefined;
}

function translationTarget(config: StreamConfig, spokenLanguage: string): string | undefined {
  const translation = config.translation;
  if (translation === undefined) return undefined;
  if (translation.type === 'one_way') return translation.target_language;
  return spokenLanguage === translation.language_a ? translation.language_b : translation.language_a;
}

function injectedMessage(status: number): string {
  if (status === 402) return 'Your organization has run out of credit.';
  if (status === 429) return 'Too many concurrent requests.';
  if (status === 503) return 'Cannot continue request (code N). Please restart the request.';
  return `Injected failure ${status}.`;
}

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
