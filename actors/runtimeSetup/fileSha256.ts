import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** The sha256 (hex) of a file, read as a stream. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await hashFile(path, hash);
  return hash.digest('hex');
}

/** Feeds a file to `hash`, read as a stream (a download goes on hashing what follows). */
export async function hashFile(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}
