import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { fileSha256 } from './fileSha256.ts';
import type { ModelEntry } from './modelManifest.ts';

export interface ModelDownload {
  model: ModelEntry;
  /** The model host; the file name is appended. */
  baseUrl: string;
  /** Where the model ends up. */
  directory: string;
  signal?: AbortSignal;
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
}

const offlineHint =
  'If this computer cannot reach it, get the file another way and run: earshot runtime import-model PATH';

/**
 * Streams a model to `<name>.partial` beside its final place, hashing as it goes, and moves it into
 * place only when its size and sha256 are the published ones. A file already there with the right
 * size and hash is kept without a download.
 */
export async function downloadModel(download: ModelDownload): Promise<{ path: string; downloaded: boolean }> {
  const { model, directory } = download;
  const url = `${download.baseUrl.replace(/\/+$/, '')}/${model.file}`;
  const target = join(directory, model.file);
  if (await isIntact(target, model)) return { path: target, downloaded: false };
  await mkdir(directory, { recursive: true });

  const response = await fetch(url, { signal: download.signal ?? null, redirect: 'follow' }).catch(
    (error: unknown) => {
      throw new Error(`Cannot download ${model.file} from ${url} (${describeCause(error)}). ${offlineHint}`, {
        cause: error,
      });
    },
  );
  if (!response.ok || response.body === null) {
    throw new Error(`The model host answered HTTP ${response.status} for ${url}. ${offlineHint}`);
  }

  const partial = `${target}.partial`;
  const hash = createHash('sha256');
  let received = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > model.bytes) {
        done(new Error(`it is larger than the published ${model.bytes} bytes`));
        return;
      }
      hash.update(chunk);
      download.onProgress?.(received, model.bytes);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      measure,
      createWriteStream(partial),
      download.signal === undefined ? {} : { signal: download.signal },
    );
    if (received !== model.bytes) {
      throw new Error(`it ended after ${received} of ${model.bytes} bytes`);
    }
    const sha256 = hash.digest('hex');
    if (sha256 !== model.sha256) {
      throw new Error(`its sha256 is ${sha256}, not the published ${model.sha256}; it was not kept`);
    }
    await rename(partial, target);
    return { path: target, downloaded: true };
  } catch (error) {
    await rm(partial, { force: true });
    throw new Error(
      `The download of ${model.file} from ${url} failed: ${describeCause(error)}. ${offlineHint}`,
      {
        cause: error,
      },
    );
  }
}

async function isIntact(path: string, model: ModelEntry): Promise<boolean> {
  const found = await stat(path).catch(() => undefined);
  return found?.size === model.bytes && (await fileSha256(path)) === model.sha256;
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
