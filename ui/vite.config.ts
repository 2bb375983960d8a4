import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The UI is built into ui/dist and served by the service at `/` (api/pages/uiAssets.ts). */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
