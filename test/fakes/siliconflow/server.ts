import { randomUUID } from 'node:crypto';
import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const siliconFlowFakeApiKey = 'sk-sf-fake-2c7d5e9a10';

const speechModels = new Set(['FunAudioLLM/SenseVoiceSmall', 'TeleAI/TeleSpeechASR']);
const omniModels = new Set(['Qwen/Qwen3-Omni-30B-A3B-Instruct', 'Qwen/Qwen3-Omni-30B-A3B-Thinking']);
const largestFileBytes = 50_000_000;
const longestAudioMs = 60 * 60 * 1000;
const dataUrl = /^data:audio\/[\w.+-]+;base64,(.*)$/s;

/**
 * SiliconFlow under `/v1`, Bearer key (a bad one gets 401 with the plain text "Invalid token"):
 * `POST /audio/transcriptions` (multipart `file`, `model`; `language` accepted and ignored as its
 * status is unconfirmed) answering `{text}`, and `POST /chat/completions` for Qwen Omni with the
 * audio as an `audio_url` data URL (as the reference app sends it) answering an OpenAI-style chat
 * completion. Errors are `{code, message, data}`; every answer has `x-siliconcloud-trace-id`.
 */
export async function startSiliconFlowFake(): Promise<ProviderFake> {
  const held = heldReplies();
  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    const route = url.pathname;
    if (route !== '/v1/audio/transcriptions' && route !== '/v1/chat/completions') return undefined;
    if (request.headers.authorization !== `Bearer ${siliconFlowFakeApiKey}`) {
      return traced({ status: 401, body: 'Invalid token' });
    }
    if (request.method !== 'POST') return failure(405, 20015, 'Method not allowed.');
    const heard = route === '/v1/audio/transcriptions' ? await transcription(request) : chat(request);
    if ('refusal' in heard) return heard.refusal;
    await held.released(clientGone);
    return traced({ body: heard.answer });
  });
  return {
    ...synchronousFake(server, held),
    baseUrl: `${server.baseUrl}/v1`,
  };
}

/** What the vendor made of the request: its answer, or the error it refuses it with. */
type Heard = { answer: unknown } | { refusal: FakeReply };

async function transcription(request: RecordedRequest): Promise<Heard> {
  const form = await readMultipartForm(request).catch(() => undefined);
  if (form === undefined) return refuse(400, 20015, 'The request body must be multipart/form-data.');
  const model = form.get('model');
  if (typeof model !== 'string' || !speechModels.has(model)) {
    return refuse(400, 20012, 'Model does not exist. Please check it carefully.');
  }
  const file = await formFileBytes(form, 'file');
  if (file === undefined) return refuse(400, 20015, 'The parameter is invalid: file is required.');
  if (file.length > largestFileBytes) return refuse(413, 20015, 'The file is larger than 50 MB.');
  const durationMs = readWavInfo(file)?.durationMs;
  if (durationMs === undefined) return refuse(400, 20015, 'The audio file could not be decoded.');
  if (durationMs > longestAudioMs) return refuse(400, 20015, 'The audio is longer than one hour.');
  return { answer: { text: transcript(durationMs) } };
}

function chat(request: RecordedRequest): Heard {
  let body: { model?: unknown; messages?: unknown };
  try {
    body = JSON.parse(request.body.toString('utf8')) as typeof body;
  } catch {
    return refuse(400, 20015, 'The request body is not valid JSON.');
  }
  if (typeof body.model !== 'string' || !(omniModels.has(body.model) || speechModels.has(body.model))) {
    return refuse(400, 20012, 'Model does not exist. Please check it carefully.');
  }
  if (!omniModels.has(body.model))
    return refuse(400, 20015, `Model ${body.model} does not accept chat messages.`);
  const audio = audioOf(body.messages);
  if (audio === undefined)
    return refuse(400, 20015, 'The parameter is invalid: messages carry no audio_url part.');
  const durationMs = readWavInfo(audio)?.durationMs;
  if (durationMs === undefined) return refuse(400, 20015, 'The audio could not be decoded.');
  const thinking = body.model.endsWith('-Thinking');
  return {
    answer: {
      id: randomUUID(),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: transcript(durationMs),
            ...(thinking ? { reasoning_content: 'The user wants a verbatim transcript.' } : {}),
          },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
    },
  };
}

/** The bytes of the first `audio_url` data URL among the user's content parts. */
function audioOf(messages: unknown): Buffer | undefined {
  if (!Array.isArray(messages)) return undefined;
  for (const message of messages as Array<{ content?: unknown }>) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as Array<{ type?: unknown; audio_url?: { url?: unknown } }>) {
      const url = part.type === 'audio_url' ? part.audio_url?.url : undefined;
      const base64 = typeof url === 'string' ? dataUrl.exec(url)?.[1] : undefined;
      if (base64 !== undefined) return Buffer.from(base64, 'base64');
    }
  }
  return undefined;
}

function transcript(durationMs: number): string {
  return cannedSentences(durationMs)
    .map((sentence) => `${sentence.text.charAt(0).toUpperCase()}${sentence.text.slice(1)}.`)
    .join(' ');
}

function traced(reply: FakeReply): FakeReply {
  return { ...reply, headers: { ...reply.headers, 'x-siliconcloud-trace-id': randomUUID() } };
}

function refuse(status: number, code: number, message: string): Heard {
  return { refusal: failure(status, code, message) };
}

function failure(status: number, code: number, message: string): FakeReply {
  return traced({ status, body: { code, message, data: null } });
}
