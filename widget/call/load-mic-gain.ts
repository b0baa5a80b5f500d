/**
 * The lazy boundary of the `mic-gain` chunk (docs/architecture.md, the chunk map): loaded at
 * the first `increaseMicLevel()`, never before.
 */
export const loadMicGain = () => import('./mic-gain.ts');
