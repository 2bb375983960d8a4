import { open } from 'node:fs/promises';

/** whisper.cpp model files start with the uint32 0x67676d6c ("ggml"), stored little-endian. */
const ggmlMagic = Buffer.from('lmgg', 'ascii');

/** Whether `path` starts like a whisper.cpp ggml model (it reads four bytes). */
export async function hasGgmlMagic(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const start = Buffer.alloc(4);
    const { bytesRead } = await file.read(start, 0, 4, 0);
    return bytesRead === 4 && start.equals(ggmlMagic);
  } finally {
    await file.close();
  }
}
