import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, messageTypes } from './binaryFrames.ts';

function hex(bytes: Buffer, count = bytes.length): string {
  return bytes
    .subarray(0, count)
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
}

function int32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value, 0);
  return bytes;
}

describe('client frames', () => {
  it('encodes the full client request as gzip JSON without a sequence, and reads it back', () => {
    const request = { request: { model_name: 'bigmodel' } };
    const frame = encodeFrame({
      kind: 'data',
      messageType: messageTypes.fullClientRequest,
      last: false,
      serialization: 'json',
      compression: 'gzip',
      payload: Buffer.from(JSON.stringify(request)),
    });
    expect(hex(frame, 4)).toBe('11 10 11 00');
    expect(frame.readUInt32BE(4)).toBe(frame.length - 8);
    const decoded = decodeFrame(frame);
    expect(decoded).toMatchObject({ kind: 'data', messageType: 0b0001, last: false, serialization: 'json' });
    expect(decoded).not.toHaveProperty('sequence');
    expect(decoded.kind === 'data' && JSON.parse(decoded.payload.toString('utf8'))).toEqual(request);
  });

  it('encodes audio as raw gzip bytes, and the last packet as an empty frame flagged 0b0010', () => {
    const pcm = Buffer.from([1, 2, 3, 4, 5, 6]);
    const audio = { kind: 'data', messageType: messageTypes.audioOnlyRequest } as const;
    const middle = encodeFrame({
      ...audio,
      last: false,
      serialization: 'none',
      compression: 'gzip',
      payload: pcm,
    });
    expect(hex(middle, 4)).toBe('11 20 01 00');
    expect(decodeFrame(middle)).toMatchObject({ last: false, payload: pcm });
    const last = encodeFrame({
      ...audio,
      last: true,
      serialization: 'none',
      compression: 'gzip',
      payload: Buffer.alloc(0),
    });
    expect(hex(last, 4)).toBe('11 22 01 00');
    expect(last.readUInt32BE(4)).toBe(gzipSync(Buffer.alloc(0)).length);
    expect(decodeFrame(last)).toMatchObject({ last: true, payload: Buffer.alloc(0) });
  });

  it('writes and reads sequence numbers, negative on the last packet (flags 0b0001 and 0b0011)', () => {
    const audio = {
      kind: 'data',
      messageType: messageTypes.audioOnlyRequest,
      serialization: 'none',
      compression: 'none',
    } as const;
    const numbered = encodeFrame({ ...audio, sequence: 2, last: false, payload: Buffer.from([9]) });
    expect(hex(numbered)).toBe('11 21 00 00 00 00 00 02 00 00 00 01 09');
    expect(decodeFrame(numbered)).toMatchObject({ sequence: 2, last: false, payload: Buffer.from([9]) });
    const lastNumbered = encodeFrame({ ...audio, sequence: -3, last: true, payload: Buffer.alloc(0) });
    expect(hex(lastNumbered)).toBe('11 23 00 00 ff ff ff fd 00 00 00 00');
    expect(decodeFrame(lastNumbered)).toMatchObject({ sequence: -3, last: true });
  });
});

describe('server frames', () => {
  const result = { result: { text: '你好' } };
  const gzipJson = gzipSync(Buffer.from(JSON.stringify(result)));

  it('reads a response with a sequence number, and the final one with a negative sequence', () => {
    const interim = Buffer.concat([
      Buffer.from('11911100', 'hex'),
      int32(5),
      uint32(gzipJson.length),
      gzipJson,
    ]);
    const decoded = decodeFrame(interim);
    expect(decoded).toMatchObject({ kind: 'data', messageType: 0b1001, sequence: 5, last: false });
    expect(decoded.kind === 'data' && JSON.parse(decoded.payload.toString('utf8'))).toEqual(result);
    const final = Buffer.concat([Buffer.from('11931100fffffff6', 'hex'), uint32(gzipJson.length), gzipJson]);
    expect(decodeFrame(final)).toMatchObject({ sequence: -10, last: true });
  });

  it('reads a response without a sequence number by its flags (0b0000 and 0b0010)', () => {
    const interim = Buffer.concat([Buffer.from('11901100', 'hex'), uint32(gzipJson.length), gzipJson]);
    const decoded = decodeFrame(interim);
    expect(decoded).toMatchObject({ kind: 'data', last: false });
    expect(decoded).not.toHaveProperty('sequence');
    expect(decoded.kind === 'data' && JSON.parse(decoded.payload.toString('utf8'))).toEqual(result);
    const final = Buffer.concat([Buffer.from('11921100', 'hex'), uint32(gzipJson.length), gzipJson]);
    expect(decodeFrame(final)).toMatchObject({ last: true });
    expect(decodeFrame(final)).not.toHaveProperty('sequence');
  });

  it('writes a response the way the server does', () => {
    const response = encodeFrame({
      kind: 'data',
      messageType: messageTypes.fullServerResponse,
      sequence: 1,
      last: false,
      serialization: 'json',
      compression: 'gzip',
      payload: Buffer.from(JSON.stringify(result)),
    });
    expect(hex(response, 8)).toBe('11 91 11 00 00 00 00 01');
    const decoded = decodeFrame(response);
    expect(decoded).toMatchObject({ sequence: 1, last: false });
    expect(decoded.kind === 'data' && JSON.parse(decoded.payload.toString('utf8'))).toEqual(result);
  });

  it('reads an empty payload as empty, gzip or not', () => {
    const empty = Buffer.concat([Buffer.from('11911100', 'hex'), int32(1), uint32(0)]);
    expect(decodeFrame(empty)).toMatchObject({ sequence: 1, payload: Buffer.alloc(0) });
  });

  it('skips the event number of flag 0b0100, and reads an acknowledgement that ends after its sequence', () => {
    const plainWithEvent = Buffer.concat([Buffer.from('11950000', 'hex'), int32(7), int32(150), uint32(2)]);
    expect(decodeFrame(Buffer.concat([plainWithEvent, Buffer.from('{}')]))).toMatchObject({
      sequence: 7,
      payload: Buffer.from('{}'),
    });
    const ack = Buffer.concat([Buffer.from('11b10000', 'hex'), int32(3)]);
    expect(decodeFrame(ack)).toMatchObject({ messageType: 0b1011, sequence: 3, payload: Buffer.alloc(0) });
  });

  it('encodes and reads error frames: uint32 code, uint32 size, UTF-8 message', () => {
    const reference = Buffer.concat([
      Buffer.from('11f01000', 'hex'),
      Buffer.from('02aea5d7', 'hex'),
      uint32(20),
      Buffer.from('invalid audio format'),
    ]);
    expect(decodeFrame(reference)).toEqual({
      kind: 'error',
      code: 45000151,
      message: 'invalid audio format',
    });
    expect(encodeFrame({ kind: 'error', code: 45000151, message: 'invalid audio format' })).toEqual(
      reference,
    );
    const chinese = encodeFrame({ kind: 'error', code: 55000031, message: '服务器繁忙' });
    expect(decodeFrame(chinese)).toEqual({ kind: 'error', code: 55000031, message: '服务器繁忙' });
  });

  it('reads an error message that came gzip, whatever the header says', () => {
    const message = gzipSync(Buffer.from('{"error":"empty audio"}'));
    const frame = Buffer.concat([
      Buffer.from('11f01100', 'hex'),
      uint32(45000002),
      uint32(message.length),
      message,
    ]);
    expect(decodeFrame(frame)).toEqual({ kind: 'error', code: 45000002, message: '{"error":"empty audio"}' });
  });

  it('names what a short or foreign frame lacks', () => {
    expect(() => decodeFrame(Buffer.from('1191', 'hex'))).toThrow('shorter than its header');
    expect(() => decodeFrame(Buffer.from('21911100', 'hex'))).toThrow('unknown protocol version 2');
    expect(() => decodeFrame(Buffer.from('11911100000000', 'hex'))).toThrow('sequence number');
    const truncated = Buffer.concat([
      Buffer.from('11911100', 'hex'),
      int32(1),
      uint32(10),
      Buffer.from('{}'),
    ]);
    expect(() => decodeFrame(truncated)).toThrow('the frame ends before its payload (10 bytes at offset 12)');
    expect(() => decodeFrame(Buffer.from('11f01000000000', 'hex'))).toThrow('error code');
  });
});
