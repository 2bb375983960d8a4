import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { wholeSessionAudio } from '../../actors/sessionAudio/wholeSessionAudio.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { attachmentDisposition, safeFileName } from '../../store/safeFileName.ts';
import { errorResponse } from '../responses.ts';
import { parseByteRange } from './byteRange.ts';

const contentTypes = { webm: 'audio/webm', ogg: 'audio/ogg' } as const;

/**
 * `GET /sessions/:id/audio` → the session's recorded audio as one file (WebM or Ogg, Opus), with
 * HTTP Range support so a player can seek a long session without loading it whole: `206` with
 * `Content-Range` for a satisfiable range, `416` for one past the end, `200` otherwise.
 */
export function createSessionAudioControl(dependencies: {
  store: SessionStore;
  dataDirectory: string;
}): Hono {
  const { store, dataDirectory } = dependencies;
  const app = new Hono();

  app.get('/sessions/:id/audio', async (context) => {
    const id = context.req.param('id');
    const session = store.getSession(id);
    if (session === undefined) {
      return errorResponse('session_not_found', `There is no session ${id}; it may have been deleted.`);
    }
    const audio = await wholeSessionAudio(dataDirectory, id);
    if (audio === undefined) return noAudio(id);
    const size = statSync(audio.path).size;
    const range = parseByteRange(context.req.header('range'), size);
    const headers: Record<string, string> = {
      'Content-Type': contentTypes[audio.container],
      'Content-Disposition': attachmentDisposition(
        `${safeFileName(session.title, 'audio')}.${audio.container}`,
      ),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    if (range === 'unsatisfiable') {
      return errorResponse(
        'range_not_satisfiable',
        `The audio has ${size} bytes; ask for a range that starts within them.`,
        { headers: { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${size}` } },
      );
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const body =
      size === 0 ? null : (Readable.toWeb(createReadStream(audio.path, { start, end })) as ReadableStream);
    return new Response(body, {
      status: range === undefined ? 200 : 206,
      headers: {
        ...headers,
        'Content-Length': String(size === 0 ? 0 : end - start + 1),
        ...(range === undefined ? {} : { 'Content-Range': `bytes ${start}-${end}/${size}` }),
      },
    });
  });

  return app;
}

/** What a session without recorded audio answers, for the route and the CLI alike. */
export function noAudioMessage(id: string): string {
  return `Session ${id} has no recorded audio. Earshot keeps the audio of live recordings; file transcriptions and sessions recorded by earlier versions have none.`;
}

function noAudio(id: string): Response {
  return errorResponse('audio_not_found', noAudioMessage(id));
}
