import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The fake's own reading and writing of Volcengine's binary frames, written apart from the
 * client's codec so that a mistake in one is caught by the other. Server responses always carry
 * their int32 sequence number, as the real server's do.
 */
export const clientMessageTypes = { fullClientRequest: 0b0001, audioOnlyRequest: 0b0010 } as const;

export interface ClientFrame {
  messageType: number;
  last: boolean;
  serialization: number;
  /** Uncompressed. */
  payload: Buffer;
}

/** Reads a client frame, or says what is wrong with it in the words of an error frame. */
export function readClientFrame(bytes: Buffer): ClientFrame | string {
  if (bytes.length < 8) return 'frame too short';
  const headerBytes = (bytes.readUInt8(0) & 0x0f) * 4;
  if (bytes.readUInt8(0) >> 4 !== 1 || headerBytes < 4) return 'unsupported protocol version or header size';
  const messageType = bytes.readUInt8(1) >> 4;
  const flags = bytes.readUInt8(1) & 0x0f;
  const serialization = bytes.readUInt8(2) >> 4;
  const compression = bytes.readUInt8(2) & 0x0f;
  let offset = headerBytes + (flags & 0b0001 ? 4 : 0);
  if (bytes.length < offset + 4) return 'frame too short';
  const size = bytes.readUInt32BE(offset);
  offset += 4;
  if (bytes.length !== offset + size) return `payload size ${size} does not match the frame`;
  const packed = bytes.subarray(offset);
  if (compression !== 0 && compression !== 1) return `unsupported compression ${compression}`;
  try {
    const payload = compression === 1 ? gunzipSync(packed) : packed;
    return { messageType, last: (flags & 0b0010) !== 0, serialization, payload };
  } catch {
    return 'payload is not gzip';
  }
}

/** A full server response (`11 91 11 00`, or `11 93 11 00` with a negative sequence when last). */
export function serverResponse(sequence: number, last: boolean, body: unknown): Buffer {
  const payload = gzipSync(Buffer.from(JSON.stringify(body)));
  const fields = Buffer.alloc(8);
  fields.writeInt32BE(last ? -sequence : sequence, 0);
  fields.writeUInt32BE(payload.length, 4);
  return Buffer.concat([Buffer.from([0x11, last ? 0x93 : 0x91, 0x11, 0x00]), fields, payload]);
}

/** An error frame (`11 F0 10 00`): uint32 code, uint32 size, UTF-8 message. */
export function errorFrame(code: number, message: string): Buffer {
  const text = Buffer.from(message, 'utf8');
  const fields = Buffer.alloc(8);
  fields.writeUInt32BE(code, 0);
  fields.writeUInt32BE(text.length, 4);
  return Buffer.concat([Buffer.from([0x11, 0xf0, 0x10, 0x00]), fields, text]);
}
