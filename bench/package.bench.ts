import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProject, packTarball } from '../tests/helpers/packed-package.ts';
import type { BenchReport } from './bench-types.ts';
import { compressedSize } from './compressed-size.ts';

// The npm package (issue 14): the packed tarball's bytes, and the gzip bytes the React component
// adds to the JavaScript a React 19 app loads up front: the same Vite app built twice, with and
// without <VoiceAssistant>. The widget's own UI is a lazy chunk, fetched on the visitor's intent;
// its bytes are reported beside, not counted up front.

interface PackageBudgets {
  tarballBytes: number;
  reactEagerGzip: number;
}

interface AppBytes {
  eager: number;
  lazy: number;
}

function buildApp(dir: string): AppBytes {
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      'dist',
      '--manifest',
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const manifest = JSON.parse(
    readFileSync(join(dir, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>;
  const eagerKeys = new Set<string>();
  const visit = (key: string): void => {
    if (!eagerKeys.has(key)) {
      eagerKeys.add(key);
      for (const next of manifest[key]?.imports ?? []) {
        visit(next);
      }
    }
  };
  visit('index.html');
  const gzipOf = (file: string) => compressedSize(readFileSync(join(dir, 'dist', file))).gzip;
  const eagerFiles = new Set([...eagerKeys].map((key) => manifest[key]?.file ?? ''));
  const allJs = readdirSync(join(dir, 'dist/assets')).filter((f) => f.endsWith('.js'));
  return {
    eager: [...eagerFiles].reduce((sum, file) => sum + gzipOf(file), 0),
    lazy: allJs
      .map((f) => `assets/${f}`)
      .filter((file) => !eagerFiles.has(file))
      .reduce((sum, file) => sum + gzipOf(file), 0),
  };
}

export default async function packageBench(): Promise<BenchReport> {
  const budgets = (
    JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { package: PackageBudgets }
  ).package;
  const tmp = mkdtempSync(join(tmpdir(), 'va-package-bench-'));
  try {
    const tarball = packTarball(tmp);
    const template = readFileSync('tests/fixtures/package/size-app/main.jsx', 'utf8');
    const apps = [false, true].map((withWidget) => {
      const dir = createProject(join(tmp, `app-${withWidget}`), tarball, {
        links: ['react', 'react-dom', '@daily-co/daily-js', 'vite', '@vitejs/plugin-react'],
        copies: { '.': 'tests/fixtures/package/size-app' },
        files: {
          'main.jsx': template.replace('__WITH_WIDGET__', String(withWidget)),
          'vite.config.mjs':
            "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
        },
      });
      return buildApp(dir);
    });
    const [without, withWidget] = apps as [AppBytes, AppBytes];
    const reactAdds = withWidget.eager - without.eager;
    const failures: string[] = [];
    if (tarball.bytes > budgets.tarballBytes) {
      failures.push(`tarball ${tarball.bytes} B > ${budgets.tarballBytes} B`);
    }
    if (reactAdds > budgets.reactEagerGzip) {
      failures.push(`./react adds ${reactAdds} B gzip up front > ${budgets.reactEagerGzip} B`);
    }
    return {
      title: 'npm package: tarball, and what ./react adds to a React 19 app',
      rows: [
        { figure: 'tarball (npm pack)', bytes: tarball.bytes, budget: budgets.tarballBytes },
        {
          figure: 'React app JS up front, without the component (gzip)',
          bytes: without.eager,
          budget: '',
        },
        {
          figure: 'React app JS up front, with <VoiceAssistant> (gzip)',
          bytes: withWidget.eager,
          budget: '',
        },
        {
          figure: './react adds up front (gzip)',
          bytes: reactAdds,
          budget: budgets.reactEagerGzip,
        },
        { figure: 'lazy chunks, fetched on intent (gzip)', bytes: withWidget.lazy, budget: '' },
      ],
      failures,
      notes: [
        'Both apps are built by Vite from tests/fixtures/package/size-app with the tarball installed.',
      ],
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
