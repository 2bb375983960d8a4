import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Volcengine's binary WebSocket framing (big-endian): a 4-byte header (version 1 and header size
 * in 4-byte units; message type and flags; serialization and compression; reserved), then an
 * int32 sequence number when the flags say so, then a uint32 payload size and the payload. Error
 * frames carry a uint32 error code, a uint32 size and a UTF-8 message instead.
 */
export const messageTypes = {
  fullClientRequest: 0b0001,
  audioOnlyRequest: 0b0010,
  fullServerResponse: 0b1001,
  serverAck: 0b1011,
  error: 0b1111,
} as const;

const protocolVersion = 0b0001;
const headerWords = 0b0001;
const sequenceFollows = 0b0001;
const lastPacket = 0b0010;
/** Set by the vendor's demo parsers only: an int32 event number follows the sequence. */
const eventFollows = 0b0100;
const serializations = { none: 0b0000, json: 0b0001 } as const;
const compressions = { none: 0b0000, gzip: 0b0001 } as const;
const gzipMagic = [0x1f, 0x8b];

export type Serialization = keyof typeof serializations;
export type Compression = keyof typeof compressions;

/** Any frame but an error: what the payload holds, uncompressed. */
export interface DataFrame {
  kind: 'data';
  messageType: number;
  /** Present only when the flags announce one; negative on the last packet. */
  sequence?: number;
  last: boolean;
  serialization: Serialization;
  compression: Compression;
  payload: Buffer;
}

export interface ErrorFrame {
  kind: 'error';
  code: number;
  message: string;
}

export type Frame = DataFrame | ErrorFrame;

export function encodeFrame(frame: Frame): Buffer {
  if (frame.kind === 'error') {
    const message = Buffer.from(frame.message, 'utf8');
    const body = Buffer.alloc(8);
    body.writeUInt32BE(frame.code, 0);
    body.writeUInt32BE(message.length, 4);
    return Buffer.concat([
      header(messageTypes.error, 0, serializations.json, compressions.none),
      body,
      message,
    ]);
  }
  const flags = (frame.sequence === undefined ? 0 : sequenceFollows) | (frame.last ? lastPacket : 0);
  const payload = frame.compression === 'gzip' ? gzipSync(frame.payload) : frame.payload;
  const sequence = Buffer.alloc(frame.sequence === undefined ? 0 : 4);
  if (frame.sequence !== undefined) sequence.writeInt32BE(frame.sequence, 0);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(payload.length, 0);
  return Buffer.concat([
    header(frame.messageType, flags, serializations[frame.serialization], compressions[frame.compression]),
    sequence,
    size,
    payload,
  ]);
}

/**
 * Reads one frame by what its header announces: a sequence number only when the flags carry one
 * (server responses may come with or without), a gzip payload only when the header says gzip.
 */
export function decodeFrame(bytes: Buffer): Frame {
  if (bytes.length < 4) throw new Error(`a frame of ${bytes.length} bytes is shorter than its header`);
  const [versionAndSize, typeAndFlags, formats] = [
    bytes.readUInt8(0),
    bytes.readUInt8(1),
    bytes.readUInt8(2),
  ];
  const version = versionAndSize >> 4;
  if (version !== protocolVersion) throw new Error(`unknown protocol version ${version}`);
  const headerBytes = Math.max(1, versionAndSize & 0x0f) * 4;
  const messageType = typeAndFlags >> 4;
  const flags = typeAndFlags & 0x0f;
  const reader = new FrameReader(bytes, headerBytes);

  if (messageType === messageTypes.error) {
    const code = reader.uint32('error code');
    const message = reader.sized('error message');
    // Error headers' format nibbles vary, so the message is inflated only if its bytes are gzip.
    return { kind: 'error', code, message: inflateIfGzip(message).toString('utf8') };
  }
  const serialization = serializationName(formats >> 4);
  const compression = compressionName(formats & 0x0f);
  const sequence = flags & sequenceFollows ? reader.int32('sequence number') : undefined;
  if (flags & eventFollows) reader.int32('event number');
  // An acknowledgement may end right after its sequence number.
  const payload = reader.atEnd() ? Buffer.alloc(0) : reader.sized('payload');
  return {
    kind: 'data',
    messageType,
    ...(sequence !== undefined && { sequence }),
    last: (flags & lastPacket) !== 0,
    serialization,
    compression,
    payload: compression === 'gzip' && payload.length > 0 ? gunzipSync(payload) : payload,
  };
}

function header(messageType: number, flags: number, serialization: number, compression: number): Buffer {
  return Buffer.from([
    (protocolVersion << 4) | headerWords,
    (messageType << 4) | flags,
    (serialization << 4) | compression,
    0,
  ]);
}

function serializationName(value: number): Serialization {
  if (value === serializations.none) return 'none';
  if (value === serializations.json) return 'json';
  throw new Error(`unknown serialization ${value}`);
}

function compressionName(value: number): Compression {
  if (value === compressions.none) return 'none';
  if (value === compressions.gzip) return 'gzip';
  throw new Error(`unknown compression ${value}`);
}

function inflateIfGzip(bytes: Buffer): Buffer {
  return bytes[0] === gzipMagic[0] && bytes[1] === gzipMagic[1] ? gunzipSync(bytes) : bytes;
}

/** Reads the big-endian fields after the header, naming the field a short frame lacks. */
class FrameReader {
  private offset: number;
  private readonly bytes: Buffer;

  constructor(bytes: Buffer, offset: number) {
    this.bytes = bytes;
    this.offset = offset;
  }

  atEnd(): boolean {
    return this.offset >= this.bytes.length;
  }

  uint32(field: string): number {
    this.need(4, field);
    const value = this.bytes.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  int32(field: string): number {
    this.need(4, field);
    const value = this.bytes.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  /** A uint32 size, then that many bytes. */
  sized(field: string): Buffer {
    const size = this.uint32(`${field} size`);
    this.need(size, field);
    const value = this.bytes.subarray(this.offset, this.offset + size);
    this.offset += size;
    return value;
  }

  private need(count: number, field: string) {
    if (this.offset + count > this.bytes.length) {
      throw new Error(`the frame ends before its ${field} (${count} bytes at offset ${this.offset})`);
    }
  }
}
