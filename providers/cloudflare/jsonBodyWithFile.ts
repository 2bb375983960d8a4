import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { UploadBody, UploadProgress } from '../http/uploadBody.ts';

/**
 * A JSON request body that embeds a file as base64, for vendors that take audio only inside JSON.
 * The file is encoded while it is read from disk, so neither the audio nor its base64 (a third
 * larger) is ever held in memory. `build` receives a stand-in for the base64 text and returns the
 * payload; the stand-in may sit inside a longer string, such as a `data:` URL.
 */
export function jsonBodyWithFile(
  build: (base64: string) => unknown,
  path: string,
  onProgress: UploadProgress = () => {},
): UploadBody {
  const standIn = `file-${randomUUID()}`;
  const [head, tail, ...rest] = JSON.stringify(build(standIn)).split(standIn);
  if (head === undefined || tail === undefined || rest.length > 0) {
    throw new Error('the JSON payload must embed the file exactly once');
  }
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const totalBytes = headBytes.length + 4 * Math.ceil(statSync(path).size / 3) + tailBytes.length;

  async function* pieces(): AsyncGenerator<Buffer> {
    yield headBytes;
    let carried = Buffer.alloc(0);
    for await (const chunk of createReadStream(path)) {
      const bytes = Buffer.concat([carried, chunk as Buffer]);
      // base64 maps 3 bytes to 4 characters; encoding only whole triples keeps padding at the end.
      const whole = bytes.length - (bytes.length % 3);
      carried = bytes.subarray(whole);
      yield Buffer.from(bytes.subarray(0, whole).toString('base64'), 'ascii');
    }
    yield Buffer.from(carried.toString('base64'), 'ascii');
    yield tailBytes;
  }

  async function* counted(): AsyncGenerator<Uint8Array> {
    let sent = 0;
    for await (const piece of pieces()) {
      if (piece.length === 0) continue;
      sent += piece.length;
      onProgress(sent, totalBytes);
      yield new Uint8Array(piece.buffer, piece.byteOffset, piece.length);
    }
  }

  return {
    body: Readable.toWeb(Readable.from(counted())) as ReadableStream<Uint8Array>,
    headers: { 'content-type': 'application/json', 'content-length': String(totalBytes) },
    totalBytes,
  };
}
