import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { readChunkMap } from '../../scripts/chunk-map.ts';
import { type BuiltChunk, builtChunks, chunkMapProblems } from '../../scripts/chunk-map-build.ts';

/**
 * The widget's ES build, compared module by module with the chunk map (docs/architecture.md): a
 * module that lands in a chunk its row does not give it, a chunk the table does not declare, or
 * a declared chunk the build no longer makes fails here, so a rename or a new import cannot
 * silently move code between the files a visitor downloads. The build runs in memory (nothing is
 * written to dist/), with the same config as `npm run build:widget`, whose own check
 * (`followChunkMap`) fails that build first.
 */

let built: BuiltChunk[] = [];

async function buildWidget(): Promise<BuiltChunk[]> {
  // Vite reads production from NODE_ENV, which vitest sets to `test`: the React plugin would then
  // compile JSX for React's dev runtime, a module the shipped build never has.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      configFile: 'vite.widget.config.ts',
      mode: 'production',
      logLevel: 'silent',
      build: { write: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs.flatMap((output) => builtChunks(output.output, process.cwd()));
  } finally {
    if (nodeEnv === undefined) {
      delete process.env.NODE_ENV;
    } else {
      process.env.NODE_ENV = nodeEnv;
    }
  }
}

describe('the widget build follows the chunk map', () => {
  const map = readChunkMap();

  beforeAll(async () => {
    built = await buildWidget();
  }, 120_000);

  it('builds the files it compares', () => {
    expect(built.map((chunk) => chunk.name)).toContain('voice-assistant.js');
    expect(built.find((chunk) => chunk.name === 'mount-ui')?.modules).toContain(
      'widget/ui/mount-ui.ts',
    );
  });

  it('puts every module in a chunk its row gives it, and makes exactly the declared chunks', () => {
    expect(chunkMapProblems(map, built)).toEqual([]);
  });
});
