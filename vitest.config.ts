import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import siteConfig from './vite.config.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const summaryReporter = './tests/helpers/summary-reporter.ts';

// The test runner's own file; vitest reads it instead of vite.config.ts. The projects run in five
// worlds: unit tests in happy-dom, API tests against a loopback server in node, every public
// module in bare Node, the desk over loopback HTTP and databases, and browser tests that drive
// Debian Chromium over the built output. Each project extends the site's Vite config (React, the
// `__SITE_CONFIG__`, `__BUILD_YEAR__` and `__WIDGET_RELEASE__` defines), so a unit test imports a
// site module exactly as the site build compiles it.
export default defineConfig((env) =>
  mergeConfig(siteConfig(env), {
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
            name: 'node',
            root: repoRoot,
            environment: 'node',
            include: ['tests/node/**/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'desk',
            root: repoRoot,
            environment: 'node',
            include: ['tests/desk/**/*.test.ts'],
            // Each file opens its own embedded database (WASM), and some start a real Postgres
            // server and child desks: two at a time suits a 2-core machine.
            maxWorkers: 2,
            testTimeout: 60_000,
            hookTimeout: 120_000,
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
  }),
);
