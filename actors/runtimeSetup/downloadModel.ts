import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { fileSha256, hashFile } from './fileSha256.ts';
import type { ModelEntry } from '../../providers/whisper-cpp/modelManifest.ts';

export interface ModelDownload {
  model: ModelEntry;
  /** The model host; the file name is appended. */
  baseUrl: string;
  /** Where the model ends up. */
  directory: string;
  signal?: AbortSignal;
  /** Bytes of the model on disk so far, those kept from an interrupted download included. */
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
}

const offlineHint =
  'If this computer cannot reach it, get the file another way and run: earshot runtime import-model PATH';

/** A download whose bytes cannot become the model: the partial file is removed. */
class UnusableDownload extends Error {}

/**
 * Streams a model to `<name>.partial` beside its final place, hashing as it goes, and moves it into
 * place only when its size and sha256 are the published ones. A file already there with the right
 * size and hash is kept without a download. A partial file left by an interrupted download is
 * continued with a `Range` request; a host that answers 200 instead sends the whole file again.
 * What a host refuses to continue (416), or what ends up too long or with the wrong sha256, is
 * removed, and the error says so; any other failure keeps the partial file for the next attempt.
 */
export async function downloadModel(download: ModelDownload): Promise<{ path: string; downloaded: boolean }> {
  const { model, directory } = download;
  const url = `${download.baseUrl.replace(/\/+$/, '')}/${model.file}`;
  const target = join(directory, model.file);
  if (await isIntact(target, model)) return { path: target, downloaded: false };
  await mkdir(directory, { recursive: true });

  const partial = `${target}.partial`;
  let kept = await sizeOf(partial);
  // A partial file as long as the model or longer cannot be continued: it was finished wrong.
  if (kept >= model.bytes) {
    await rm(partial, { force: true });
    kept = 0;
  }
  const response = await fetch(url, {
    signal: download.signal ?? null,
    redirect: 'follow',
    headers: kept > 0 ? { range: `bytes=${kept}-` } : {},
  }).catch((error: unknown) => {
    throw new Error(`Cannot download ${model.file} from ${url} (${describeCause(error)}). ${offlineHint}`, {
      cause: error,
    });
  });
  if (response.status === 416) {
    await rm(partial, { force: true });
    throw new Error(
      `The model host would not continue the interrupted download of ${model.file} at byte ${kept} (HTTP 416), ` +
        'so the partial file was removed; download it again to start from the beginning.',
    );
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
    const sha256 = hash.digest('hex');
    if (sha256 !== model.sha256) {
      throw new UnusableDownload(
        `its sha256 is ${sha256}, not the published ${model.sha256}` +
          (resumed > 0 ? ` (its first ${resumed} bytes were kept from an interrupted download)` : ''),
      );
    }
    await rename(partial, target);
    return { path: target, downloaded: true };
  } catch (error) {
    if (error instanceof UnusableDownload) {
      await rm(partial, { force: true });
      throw new Error(
        `The download of ${model.file} from ${url} failed: ${error.message}; it was not kept. ${offlineHint}`,
        { cause: error },
      );
    }
    throw new Error(
      `The download of ${model.file} from ${url} stopped after ${await sizeOf(partial)} of ${model.bytes} bytes ` +
        `(${describeCause(error)}); they are kept, and downloading it again continues from there. ${offlineHint}`,
      { cause: error },
    );
  }
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
