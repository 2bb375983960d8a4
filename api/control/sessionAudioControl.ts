import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { wholeSessionAudio } from '../../actors/sessionAudio/wholeSessionAudio.ts';
import { listAudioParts } from '../../store/audio/sessionAudioFiles.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { attachmentDisposition, safeFileName } from '../../store/safeFileName.ts';
import type { OwnerAccess } from '../login/ownerAccess.ts';
import { errorResponse } from '../responses.ts';
import { parseByteRange } from './byteRange.ts';
import { controlBasePath } from './controlBasePath.ts';

const contentTypes = { webm: 'audio/webm', ogg: 'audio/ogg' } as const;

/** The answer of `POST /sessions/:id/audio/player`. */
export const sessionAudioPlayerSchema = z.object({
  url: z.string().nullable().meta({
    description:
      "The session's audio for this browser's media player: the audio route with a `key` that opens it alone, for this signed-in browser only; null when the session has no recorded audio",
  }),
});

/** The query parameter of the audio route that carries a browser's media key. */
const mediaKeyParameter = 'key';
const audioPath = new RegExp(`^${controlBasePath}/sessions/[^/]+/audio$`);

/**
 * Whether a request reads a session's audio with the media key of the browser session it comes
 * from: how the page's `<audio>` element, which sends the cookie but no header, is let in.
 */
export function readsAudioWithMediaKey(owner: OwnerAccess, request: Request): boolean {
  const url = new URL(request.url);
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    audioPath.test(url.pathname) &&
    owner.hasMediaKey(
      request.headers.get('cookie') ?? undefined,
      url.pathname,
      url.searchParams.get(mediaKeyParameter) ?? undefined,
    )
  );
}

/**
 * - `GET /sessions/:id/audio` → the session's recorded audio as one file (WebM or Ogg, Opus), with
 *   HTTP Range support so a player can seek a long session without loading it whole: `206` with
 *   `Content-Range` for a satisfiable range, `416` for one past the end, `200` otherwise.
 * - `POST /sessions/:id/audio/player` → `{url}`: that route with this browser session's media key
 *   for it, for the page's `<audio>` element (which cannot send the page key); `{url: null}`
 *   without recorded audio, which is no error for a page.
 */
export function createSessionAudioControl(dependencies: {
  store: SessionStore;
  dataDirectory: string;
  owner: OwnerAccess;
}): Hono {
  const { store, dataDirectory, owner } = dependencies;
  const app = new Hono();

  app.post('/sessions/:id/audio/player', (context) => {
    const id = context.req.param('id');
    if (store.getSession(id) === undefined) return noSession(id);
    if (listAudioParts(dataDirectory, id).length === 0) return noStore(Response.json({ url: null }));
    const path = `${controlBasePath}/sessions/${encodeURIComponent(id)}/audio`;
    const key = owner.mediaKeyFor(context.req.header('cookie'), path);
    if (key === undefined) {
      return errorResponse(
        'browser_session_required',
        `A media player URL is for a signed-in browser; programs read GET ${path} with the launch secret.`,
      );
    }
    return noStore(Response.json({ url: `${path}?${mediaKeyParameter}=${key}` }));
  });

  app.get('/sessions/:id/audio', async (context) => {
    const id = context.req.param('id');
    const session = store.getSession(id);
    if (session === undefined) return noSession(id);
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
  return `Session ${id} has no recorded audio. Earshot keeps the audio of live recordings and transcribed files; sessions made by earlier versions, or while audio retention was never, have none.`;
}

function noStore(response: Response): Response {
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

function noSession(id: string): Response {
  return errorResponse('session_not_found', `There is no session ${id}; it may have been deleted.`);
}

function noAudio(id: string): Response {
  return errorResponse('audio_not_found', noAudioMessage(id));
}
