import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { base64JsonFileBody } from './uploadBody.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeAll(() => {
  directory = temporaryDirectory('json-body');
});
afterAll(() => directory.remove());

async function drain(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of body) pieces.push(piece);
  return Buffer.concat(pieces);
}

describe('base64JsonFileBody', () => {
  it.each([0, 1, 2, 3, 4, 65_535, 65_536, 65_537, 200_001])(
    'streams the same JSON as encoding %i bytes at once, with an exact Content-Length',
    async (size) => {
      const bytes = Buffer.from(Array.from({ length: size }, (_, index) => (index * 7 + 3) % 256));
      const path = join(directory.path, `file-${size}`);
      writeFileSync(path, bytes);
      const progress: number[] = [];
      const upload = base64JsonFileBody(
        (audio) => ({ audio, language: 'en' }),
        path,
        (sent) => progress.push(sent),
      );
      const sent = await drain(upload.body);
      const expected = JSON.stringify({ audio: bytes.toString('base64'), language: 'en' });
      expect(sent.toString('utf8')).toBe(expected);
      expect(upload.headers).toEqual({
        'content-type': 'application/json',
        'content-length': String(sent.length),
      });
      expect(upload.totalBytes).toBe(sent.length);
      expect(progress.at(-1)).toBe(sent.length);
    },
  );

  it.each([0, 1, 2, 3, 65_536, 65_537, 200_001])(
    'embeds a %i-byte file as exact base64 in a nested document, with progress towards the exact length',
    async (size) => {
      const path = join(directory.path, `file-${size}.bin`);
      const content = Buffer.from(Array.from({ length: size }, (_, index) => (index * 7919) % 256));
      writeFileSync(path, content);
      const progress: Array<[number, number]> = [];
      const upload = base64JsonFileBody(
        (audio) => ({ user: { uid: 'ü' }, audio: { data: audio }, request: { flag: true } }),
        path,
        (sent, total) => progress.push([sent, total]),
      );
      const sent = await drain(upload.body);
      expect(JSON.parse(sent.toString('utf8'))).toEqual({
        user: { uid: 'ü' },
        audio: { data: content.toString('base64') },
        request: { flag: true },
      });
      expect(sent.length).toBe(upload.totalBytes);
      expect(upload.headers).toEqual({
        'content-type': 'application/json',
        'content-length': String(sent.length),
      });
      expect(progress.at(-1)).toEqual([sent.length, sent.length]);
    },
  );

  it('embeds the file inside a longer string, such as a data: URL', async () => {
    const path = join(directory.path, 'small');
    writeFileSync(path, 'RIFF');
    const upload = base64JsonFileBody((audio) => ({ url: `data:audio/wav;base64,${audio}` }), path);
    expect(JSON.parse((await drain(upload.body)).toString('utf8'))).toEqual({
      url: 'data:audio/wav;base64,UklGRg==',
    });
  });

  it('refuses a document that does not embed the file exactly once', () => {
    const path = join(directory.path, 'small');
    writeFileSync(path, 'x');
    expect(() => base64JsonFileBody(() => ({ audio: 'none' }), path)).toThrow('exactly once');
    expect(() => base64JsonFileBody((audio) => ({ a: audio, b: audio }), path)).toThrow('exactly once');
  });

  it('refuses a document that does not use the audio string', () => {
    const path = join(directory.path, 'unused.bin');
    writeFileSync(path, 'x');
    expect(() => base64JsonFileBody(() => ({ audio: 'elsewhere' }), path)).toThrow(/must contain the audio/);
  });
});
