import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { fileSha256, hashFile } from './fileSha256.ts';
import { claimDownload, removeAbandonedCopies } from './incomingFiles.ts';
import { moveIntoPlace } from './moveIntoPlace.ts';
import { incomingDirectory, modelsDirectory } from './runtimePaths.ts';
import type { ModelEntry } from '../../providers/whisper-cpp/modelManifest.ts';

export interface ModelDownload {
  model: ModelEntry;
  /** The model host; the file name is appended. */
  baseUrl: string;
  /** The model ends up in its `runtime/models/`, and is written in its `runtime/incoming/` until then. */
  dataDirectory: string;
  signal?: AbortSignal;
  /** Bytes of the model on disk so far, those kept from an interrupted download included. */
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
}

const offlineHint =
  'If this computer cannot reach it, get the file another way and run: earshot runtime import-model PATH';

/** A download whose bytes cannot become the model: they are removed. */
class UnusableDownload extends Error {}

/**
 * Streams a model into this process's own file in `<dataDir>/runtime/incoming/` (see
 * incomingFiles.ts), hashing as it goes, and moves it into `runtime/models/` only when its size and
 * sha256 are the published ones, flushed to disk first: `models/` never holds part of a model, so
 * nothing there is half a download, whenever the process stops. A file already there with the
 * right size and hash is kept without a download.
 *
 * The bytes an earlier download kept (one cut off, or one whose process was killed) are continued
 * with a `Range: bytes=N-` request, when the host answers 206 with exactly the rest of a file of the
 * published length; a host that answers 200 sends the whole file again, and one that will not
 * continue (416, or a 206 with other bytes) is asked again for the whole file. What ends up too
 * long or with the wrong sha256 (a file changed on the host, bytes damaged on disk) is removed, and
 * the error says so; any other failure keeps the bytes for the next attempt.
 */
export async function downloadModel(download: ModelDownload): Promise<{ path: string; downloaded: boolean }> {
  const { model, dataDirectory } = download;
  const url = `${download.baseUrl.replace(/\/+$/, '')}/${model.file}`;
  const target = join(modelsDirectory(dataDirectory), model.file);
  if (await isIntact(target, model)) return { path: target, downloaded: false };
  const incoming = incomingDirectory(dataDirectory);
  await mkdir(modelsDirectory(dataDirectory), { recursive: true });
  await mkdir(incoming, { recursive: true });
  await removeAbandonedCopies(incoming);

  const claimed = await claimDownload(incoming, model.file);
  try {
    await receive(download, url, claimed.path);
    await moveIntoPlace(claimed.path, target);
    return { path: target, downloaded: true };
  } catch (error) {
    if (error instanceof UnusableDownload) {
      await rm(claimed.path, { force: true });
      throw new Error(
        `The download of ${model.file} from ${url} failed: ${error.message}; it was not kept. ${offlineHint}`,
        { cause: error },
      );
    }
    await claimed.release();
    throw error;
  }
}

/**
 * Fetches the model into `partial`, after the bytes already there when the host continues them,
 * and checks the whole file's length and sha256.
 */
async function receive(download: ModelDownload, url: string, partial: string): Promise<void> {
  const { model } = download;
  let kept = await sizeOf(partial);
  if (kept >= model.bytes) {
    // The whole model, verified and then killed before it was moved into place, needs only the move.
    if (kept === model.bytes && (await fileSha256(partial)) === model.sha256) {
      download.onProgress?.(kept, model.bytes);
      return;
    }
    // Anything else this long cannot be continued: it was finished wrong.
    await rm(partial, { force: true });
    kept = 0;
  }
  let response = await request(url, kept, download);
  const refused =
    response.status === 416 || (response.status === 206 && !continuesAt(response, kept, model.bytes));
  if (kept > 0 && refused) {
    await response.body?.cancel();
    await rm(partial, { force: true });
    kept = 0;
    response = await request(url, kept, download);
  }
  if (!response.ok || response.body === null) {
    throw new Error(`The model host answered HTTP ${response.status} for ${url}. ${offlineHint}`);
  }

  const resumed = response.status === 206 ? kept : 0;
  const hash = createHash('sha256');
  if (resumed > 0) await hashFile(partial, hash);
  let received = resumed;
  download.onProgress?.(received, model.bytes);
  const file = createWriteStream(partial, { flags: resumed > 0 ? 'a' : 'w' });
  try {
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        received += chunk.length;
        if (received > model.bytes) {
          throw new UnusableDownload(`it is larger than the published ${model.bytes} bytes`);
        }
        hash.update(chunk);
        download.onProgress?.(received, model.bytes);
        if (!file.write(chunk)) await once(file, 'drain');
      }
    } finally {
      // Everything that came is on disk before anything is decided: a cut download continues from all of it.
      file.end();
      await finished(file);
    }
    if (received < model.bytes) throw new Error(`the host ended the file early`);
  } catch (error) {
    if (error instanceof UnusableDownload) throw error;
    throw new Error(
      `The download of ${model.file} from ${url} stopped after ${await sizeOf(partial)} of ${model.bytes} bytes ` +
        `(${describeCause(error)}); they are kept, and downloading it again continues from there. ${offlineHint}`,
      { cause: error },
    );
  }
  const sha256 = hash.digest('hex');
  if (sha256 !== model.sha256) {
    throw new UnusableDownload(
      `its sha256 is ${sha256}, not the published ${model.sha256}` +
        (resumed > 0 ? ` (its first ${resumed} bytes were kept from an interrupted download)` : ''),
    );
  }
}

async function request(url: string, from: number, download: ModelDownload): Promise<Response> {
  return fetch(url, {
    signal: download.signal ?? null,
    redirect: 'follow',
    headers: from > 0 ? { range: `bytes=${from}-` } : {},
  }).catch((error: unknown) => {
    throw new Error(
      `Cannot download ${download.model.file} from ${url} (${describeCause(error)}). ${offlineHint}`,
      { cause: error },
    );
  });
}

/** Whether a 206 answer holds exactly the rest of a file of `total` bytes, from byte `from` on. */
function continuesAt(response: Response, from: number, total: number): boolean {
  return response.headers.get('content-range') === `bytes ${from}-${total - 1}/${total}`;
}

async function isIntact(path: string, model: ModelEntry): Promise<boolean> {
  const found = await stat(path).catch(() => undefined);
  return found?.size === model.bytes && (await fileSha256(path)) === model.sha256;
}

async function sizeOf(path: string): Promise<number> {
  return (await stat(path).catch(() => undefined))?.size ?? 0;
}

/** The system's error code when there is one (ECONNREFUSED, ECONNRESET), else the message. */
function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: string } }).cause;
  if (typeof cause?.code === 'string' && /^E[A-Z]+$/.test(cause.code)) return cause.code;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
