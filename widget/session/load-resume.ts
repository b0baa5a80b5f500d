/**
 * The lazy boundary of the `follow-visitor` chunk (docs/architecture.md, the chunk map): the code that
 * lets a conversation follow the visitor to the next page loads only once a call is live, or
 * when the last page of the tab left one in `sessionStorage`.
 */
export const loadResume = () => import('./resume/follow-visitor.ts');
