import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const summaryReporter = './tests/helpers/summary-reporter.ts';

// One file for the site app (root: site/) and the three test worlds: unit tests in
// happy-dom, API tests against a loopback server in node, and browser tests that drive
// Debian Chromium over the built output.
export default defineConfig({
  root: 'site',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
  },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  test: {
    root: repoRoot,
    reporters: ['default', summaryReporter],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: repoRoot,
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: repoRoot,
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          typecheck: { enabled: true, include: ['tests/api/**/*.test-d.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          root: repoRoot,
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
