import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** The sha256 (hex) of a file, read as a stream. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
