import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';

import type { UploadBody, UploadProgress } from '../http/uploadBody.ts';

/**
 * A JSON body that carries a file as one base64 string, streamed from disk: the vendor only takes
 * audio inside JSON, and this way a 100 MB file never sits in memory, neither as bytes nor as a
 * 133 MB string. `document` builds the JSON around the string it is given for the audio.
 */
export function base64JsonFileBody(
  document: (audio: string) => unknown,
  path: string,
  onProgress: UploadProgress = () => {},
): UploadBody {
  const placeholder = `audio-${randomBytes(12).toString('hex')}`;
  const text = JSON.stringify(document(placeholder));
  const at = text.indexOf(`"${placeholder}"`);
  if (at < 0) throw new Error('the JSON document must contain the audio string it is given');
  const head = Buffer.from(text.slice(0, at + 1), 'utf8');
  const tail = Buffer.from(text.slice(at + 1 + placeholder.length), 'utf8');
  const totalBytes = head.length + Math.ceil(statSync(path).size / 3) * 4 + tail.length;
  let sentBytes = 0;
  async function* pieces(): AsyncGenerator<Buffer> {
    yield head;
    let carried = Buffer.alloc(0);
    for await (const chunk of createReadStream(path)) {
      const bytes = Buffer.concat([carried, chunk as Buffer]);
      const whole = bytes.length - (bytes.length % 3);
      carried = bytes.subarray(whole);
      if (whole > 0) yield Buffer.from(bytes.subarray(0, whole).toString('base64'), 'ascii');
    }
    if (carried.length > 0) yield Buffer.from(carried.toString('base64'), 'ascii');
    yield tail;
  }
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const piece of pieces()) {
      sentBytes += piece.length;
      onProgress(sentBytes, totalBytes);
      yield new Uint8Array(piece.buffer, piece.byteOffset, piece.length);
    }
  }
  return {
    body: Readable.toWeb(Readable.from(counted())) as ReadableStream<Uint8Array>,
    headers: { 'content-type': 'application/json', 'content-length': String(totalBytes) },
    totalBytes,
  };
}
