/**
 * The most bind parameters one statement may carry on the embedded database. The wire protocol
 * counts them in 16 bits and PGlite writes that count signed: at 32,768 and above the count
 * wraps, PostgreSQL reads a different statement than was sent, answers with no rows, and the
 * session's later answers come back out of step (every query after it returns nothing).
 */
export const MAX_EMBEDDED_PARAMETERS = 32_767;

/** A statement with more bind parameters than the database can take; nothing was sent. */
export class TooManyParametersError extends Error {
  readonly code = 'too-many-parameters';
  constructor(count: number, limit: number) {
    super(
      `A query has ${count} parameters; the embedded database takes at most ${limit} in one ` +
        'statement. Split the work into smaller batches.',
    );
    this.name = 'TooManyParametersError';
  }
}
