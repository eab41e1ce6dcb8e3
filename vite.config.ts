import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The heavy parts are chunks of their own, loaded when idle (src/main.tsx); the first-load budget (250 KB gzip
    // of JS + CSS) is checked by `npm run bench`. The entry chunk is ~580 KB before compression.
    chunkSizeWarningLimit: 700,
  },
  worker: { format: 'es' },
  preview: { port: 4173, strictPort: false },
});
