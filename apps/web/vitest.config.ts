import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['src/test-setup.ts'],
    // A form test types and waits on renders; beside a browser pass (CI runs them side by side, load
    // 12-15 on two cores) two of them passed 5 s. A limit, not a measurement.
    testTimeout: 20_000,
  },
});
