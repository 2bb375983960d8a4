import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';

/** A request body streamed from disk, never held whole in memory, with upload progress. */
export interface UploadBody {
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
  totalBytes: number;
}

export type UploadProgress = (sentBytes: number, totalBytes: number) => void;

/** The file itself as the body (`--data-binary`). */
export function rawFileBody(
  path: string,
  contentType: string,
  onProgress: UploadProgress = () => {},
): UploadBody {
  const totalBytes = statSync(path).size;
  return {
    body: countingStream([() => createReadStream(path)], totalBytes, onProgress),
    headers: { 'content-type': contentType, 'content-length': String(totalBytes) },
    totalBytes,
  };
}

export interface MultipartFile {
  field: string;
  path: string;
  filename: string;
  contentType: string;
}

/** The job's WAV chunk as the file of a multipart upload (most vendors call the field `file`). */
export function wavFilePart(path: string, field = 'file'): MultipartFile {
  return { field, path, filename: 'audio.wav', contentType: 'audio/wav' };
}

/** `multipart/form-data` with text fields and one file, streamed, with an exact Content-Length. */
export function multipartFileBody(
  fields: Record<string, string | readonly string[] | undefined>,
  file: MultipartFile,
  onProgress: UploadProgress = () => {},
): UploadBody {
  const boundary = `----earshot${randomBytes(12).toString('hex')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of typeof value === 'string' ? [value] : value) {
      head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`;
    }
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
    `Content-Type: ${file.contentType}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const totalBytes = headBytes.length + statSync(file.path).size + tailBytes.length;
  return {
    body: countingStream(
      [() => Readable.from([headBytes]), () => createReadStream(file.path), () => Readable.from([tailBytes])],
      totalBytes,
      onProgress,
    ),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(totalBytes),
    },
    totalBytes,
  };
}

/**
 * JSON with a file embedded as base64, for vendors that take audio only inside JSON. The file is
 * encoded while it streams from disk, so neither the audio nor its base64 (a third larger) is ever
 * held whole in memory. `document` receives a stand-in for the base64 text and returns the
 * payload; the stand-in may sit inside a longer string, such as a `data:` URL.
 */
export function base64JsonFileBody(
  document: (base64: string) => unknown,
  path: string,
  onProgress: UploadProgress = () => {},
): UploadBody {
  const standIn = `file-${randomBytes(12).toString('hex')}`;
  const [head, tail, ...rest] = JSON.stringify(document(standIn)).split(standIn);
  if (head === undefined || tail === undefined || rest.length > 0) {
    throw new Error('the JSON document must contain the audio string it is given exactly once');
  }
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const totalBytes = headBytes.length + base64Length(statSync(path).size) + tailBytes.length;
  return {
    body: countingStream(
      [
        () => Readable.from([headBytes]),
        () => Readable.from(base64Chunks(path)),
        () => Readable.from([tailBytes]),
      ],
      totalBytes,
      onProgress,
    ),
    headers: { 'content-type': 'application/json', 'content-length': String(totalBytes) },
    totalBytes,
  };
}

/** The length of `bytes` bytes in padded base64, which is a third larger. */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/** base64 maps 3 bytes to 4 characters; encoding only whole triples keeps the padding at the end. */
async function* base64Chunks(path: string): AsyncGenerator<Buffer> {
  let carried = Buffer.alloc(0);
  for await (const chunk of createReadStream(path)) {
    const bytes = Buffer.concat([carried, chunk as Buffer]);
    const whole = bytes.length - (bytes.length % 3);
    carried = bytes.subarray(whole);
    if (whole > 0) yield Buffer.from(bytes.subarray(0, whole).toString('base64'), 'ascii');
  }
  if (carried.length > 0) yield Buffer.from(carried.toString('base64'), 'ascii');
}

function countingStream(
  parts: ReadonlyArray<() => Readable>,
  totalBytes: number,
  onProgress: UploadProgress,
): ReadableStream<Uint8Array> {
  let sent = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const open of parts) {
      for await (const chunk of open()) {
        const bytes = chunk as Buffer;
        sent += bytes.length;
        onProgress(sent, totalBytes);
        yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
      }
    }
  }
  return Readable.toWeb(Readable.from(chunks())) as ReadableStream<Uint8Array>;
}
