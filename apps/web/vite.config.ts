import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// 'source' first so @app/contract resolves to its TypeScript source, not a built dist.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The shared vendor chunk (React, Bootstrap, zod) is ~530 kB minified, ~165 kB gzipped.
    chunkSizeWarningLimit: 600,
    // Libraries change less often than app code; a separate chunk stays cached across releases.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } },
    },
  },
});
