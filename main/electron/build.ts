import { join } from 'node:path';
import { build } from 'vite';

/**
 * Bundles the shell for Electron: main.cjs (main process) and preload.cjs into main/electron/dist/.
 * Both are CommonJS with `electron` left to Electron: Electron's Node is not the project's, so its
 * type stripping of our .ts imports cannot be relied on, and a sandboxed preload cannot load any
 * module but `electron`. Each entry is built on its own so neither shares a chunk with the other.
 */
const outDir = join(import.meta.dirname, 'dist');
const entries = ['main', 'preload'];

for (const [index, entry] of entries.entries()) {
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    build: {
      ssr: join(import.meta.dirname, `${entry}.ts`),
      outDir,
      emptyOutDir: index === 0,
      target: 'node22',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  });
  console.log(`Built ${join(outDir, `${entry}.cjs`)}`);
}
