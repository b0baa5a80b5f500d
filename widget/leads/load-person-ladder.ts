/**
 * The lazy boundary of the `person-ladder` chunk (docs/architecture.md, the chunk map): "Talk to
 * a person", fetched when the visitor presses it.
 */
export const loadPersonLadder = () => import('./ladder/person-ladder.ts');
