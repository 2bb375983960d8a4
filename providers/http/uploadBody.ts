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
