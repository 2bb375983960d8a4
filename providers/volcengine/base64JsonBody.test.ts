import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { base64JsonFileBody } from './base64JsonBody.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeAll(() => {
  directory = temporaryDirectory('base64-json');
});
afterAll(() => directory.remove());

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

it.each([0, 1, 2, 3, 65_536, 65_537, 200_001])(
  'embeds a %i-byte file as exact base64 with an exact length and progress',
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
    const sent = await readAll(upload.body);
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

it('refuses a document that does not use the audio string', () => {
  const path = join(directory.path, 'unused.bin');
  writeFileSync(path, 'x');
  expect(() => base64JsonFileBody(() => ({ audio: 'elsewhere' }), path)).toThrow(/must contain the audio/);
});
