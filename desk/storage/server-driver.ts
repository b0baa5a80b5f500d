// Over 300 lines as one concept: the Kysely driver for a PostgreSQL server, from one exchange
// with the server (its writes and its reply) to the connection that keeps statements and holds
// a transaction's begin and locks for its next write.
import {
  AbortedTransactionError,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { KeptStatements } from './kept-statements.ts';
import { postgresDialect } from './postgres-dialect.ts';

/**
 * Kysely on a PostgreSQL server through node-postgres's pool, with fewer round trips and less
 * parsing than Kysely's own PostgresDialect (docs/desk.md#storage). On loopback each write to
 * the server's socket costs the desk ~0.2 ms of CPU, and a capture's transaction made six round
 * trips, each statement parsed and planned again (issue 31 #13). Here:
 * - `begin` is not sent alone: it goes in the same write as the transaction's first statement,
 *   answered in the same reply (one Sync). A transaction that ran no statement ends with nothing
 *   sent.
 * - each distinct statement text is a named statement, kept parsed on its connection (at most
 *   {@link KEPT_STATEMENTS}, least recently used closed first), and planned again on the
 *   schedule of kept-statements.ts; its columns are described once.
 * Errors are node-postgres's own (a DatabaseError with its `code`); a failed statement leaves
 * its transaction failed, as it would have, and Kysely rolls it back.
 */

/**
 * Begins a statement whose caller needs no answer from it (advisory locks): inside a transaction
 * the server driver holds it and sends it in the same write as the transaction's next statement
 * (or its commit), a round trip fewer. The server still runs them in order, each statement taking
 * its snapshot once the one before it has finished, so a read after locks sees what the locks'
 * last holder committed. Anywhere else (PGlite, no transaction) it is a comment and the statement
 * runs as sent. Its errors are the next statement's.
 */
export const WITH_NEXT = '/* with next */ ';

/**
 * Statements kept per connection. The pool holds up to 10 connections, so the server keeps at
 * most ten times this many plans; the desk's hot paths use a few dozen texts.
 */
export const KEPT_STATEMENTS = 100;

/** A column of a result, as a RowDescription gives it. */
interface Field {
  name: string;
  dataTypeID: number;
}

/** A result's column names and the parser of each. */
interface Columns {
  names: string[];
  parsers: Array<(text: string) => unknown>;
}

const NO_COLUMNS: Columns = { names: [], parsers: [] };

/** node-postgres's connection as a submitted query sees it: the protocol's message writers. */
interface Wire {
  readonly stream: { cork(): void; uncork(): void };
  query(text: string): void;
  parse(message: { name: string; text: string; types: number[] }): void;
  bind(message: { statement: string; values: unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: Record<string, never>): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** What the driver needs of node-postgres: its type parsers and its value serialiser. */
export interface PgTools {
  getTypeParser: (oid: number, format: 'text') => (text: string) => unknown;
  prepareValue: (value: unknown) => unknown;
}

/** The last statement's outcome in one exchange. */
interface Outcome {
  command: string | null;
  rowCount: number | null;
  rows: Record<string, unknown>[];
  /** The columns the reply described, if it did. */
  columns: Columns | null;
}

const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

/**
 * One exchange with the server: its messages written in one corked write and ended by one
 * Sync, so the server answers them all in one reply. node-postgres runs it as it runs its own
 * queries (`client.query(submittable)`), one at a time per connection, and hands it the reply's
 * messages; it reports an error (and drops the exchange) before the reply's ReadyForQuery.
 */
class Exchange implements pg.Submittable {
  readonly done: Promise<Outcome>;
  readonly #write: (wire: Wire) => void;
  readonly #tools: PgTools;
  #columns: Columns | null;
  #described: Columns | null = null;
  #rows: Record<string, unknown>[] = [];
  #outcome: Outcome = { command: null, rowCount: null, rows: [], columns: null };
  #settle: { resolve(outcome: Outcome): void; reject(error: unknown): void } | null = null;

  constructor(write: (wire: Wire) => void, columns: Columns | null, tools: PgTools) {
    this.#write = write;
    this.#columns = columns;
    this.#tools = tools;
    this.done = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
  }

  submit(connection: pg.Connection): void {
    const wire = connection as unknown as Wire;
    wire.stream.cork();
    try {
      this.#write(wire);
    } finally {
      wire.stream.uncork();
    }
  }

  handleRowDescription(message: { fields: Field[] }): void {
    const { getTypeParser } = this.#tools;
    this.#columns = {
      names: message.fields.map((field) => field.name),
      parsers: message.fields.map((field) => getTypeParser(field.dataTypeID, 'text')),
    };
    this.#described = this.#columns;
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    const { names, parsers } = this.#columns ?? NO_COLUMNS;
    const row: Record<string, unknown> = {};
    message.fields.forEach((text, index) => {
      const name = names[index];
      if (name !== undefined) {
        const parser = parsers[index];
        row[name] = text === null ? null : parser ? parser(text) : text;
      }
    });
    this.#rows.push(row);
  }

  handleCommandComplete(message: { text: string }): void {
    const match = COMMAND_TAG.exec(message.text);
    const count = match?.[3] ?? match?.[2];
    this.#outcome = {
      command: match?.[1] ?? null,
      rowCount: count === undefined ? null : Number.parseInt(count, 10),
      rows: this.#rows,
      columns: this.#described,
    };
    this.#rows = [];
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as Wire).sendCopyFail('the desk sends no COPY data');
  }

  handleCopyData(): void {}

  handleError(error: unknown): void {
    this.#settle?.reject(error);
    this.#settle = null;
  }

  handleReadyForQuery(): void {
    this.#settle?.resolve(this.#outcome);
    this.#settle = null;
  }
}

/** One pooled connection and the statements kept on it (it outlives each lending). */
class ServerConnection implements DatabaseConnection {
  readonly #client: pg.PoolClient;
  readonly #tools: PgTools;
  /** Each kept statement's detail: its result's columns, once described. */
  readonly #statements = new KeptStatements<Columns>('d', KEPT_STATEMENTS);
  /** A `begin` not yet sent (its text), to go with the transaction's first statement. */
  #beginPending: string | null = null;
  /** Inside a transaction: statements marked {@link WITH_NEXT}, not yet sent. */
  #held: Array<{ text: string; values: unknown[] }> = [];
  #inTransaction = false;
  #discarded = false;

  constructor(client: pg.PoolClient, tools: PgTools) {
    this.#client = client;
    this.#tools = tools;
  }

  deferBegin(text: string): void {
    this.#beginPending = text;
    this.#inTransaction = true;
  }

  /**
   * Ends the transaction; one that ran no statement was never begun, so nothing is sent. Held
   * statements go with a commit, and are dropped by a rollback (they would be undone).
   */
  async end(command: 'commit' | 'rollback'): Promise<Outcome | null> {
    this.#inTransaction = false;
    const held = this.#held.length > 0;
    if (command === 'rollback') {
      this.#held = [];
    }
    if (this.#beginPending !== null && !(command === 'commit' && held)) {
      this.#beginPending = null;
      this.#held = [];
      return null;
    }
    return command === 'commit' && held ? this.#extended(command, []) : this.#simple(command);
  }

  /** Its next lending ends with the connection closed (a rollback that failed). */
  discard(): void {
    this.#discarded = true;
  }

  release(): void {
    this.#client.release(this.#discarded);
  }

  #send(write: (wire: Wire) => void, columns: Columns | null): Promise<Outcome> {
    const exchange = new Exchange(write, columns, this.#tools);
    this.#client.query(exchange);
    return exchange.done;
  }

  /**
   * The simple protocol, for a text without parameters and with a `;` (it may hold several
   * statements, as a migration script does; a kept statement holds one); a pending `begin` is
   * put in front of the text.
   */
  async #simple(text: string): Promise<Outcome> {
    if (this.#held.length > 0) {
      // A script runs alone: what is held goes first, in the transaction's next write.
      await this.#extended('select 1', []);
    }
    const begin = this.#beginPending;
    this.#beginPending = null;
    return this.#send((wire) => wire.query(begin === null ? text : `${begin};${text}`), null);
  }

  async #extended(text: string, parameters: readonly unknown[]): Promise<Outcome> {
    // Serialised before anything is written, so a value that cannot be sent leaves the session
    // as it was (and a pending `begin` still pending).
    const values = parameters.map((value) => this.#tools.prepareValue(value));
    const statements = this.#statements;
    const held = this.#held.map((statement) => ({
      ...statement,
      ...statements.use(statement.text),
    }));
    const { kept, fresh } = statements.use(text);
    const begin = this.#beginPending;
    const closes = statements.takeClosing();
    this.#beginPending = null;
    this.#held = [];
    const { name, detail: columns } = kept;
    let outcome: Outcome;
    try {
      outcome = await this.#send((wire) => {
        // Closing a statement that does not exist is not an error.
        for (const old of closes) {
          wire.close({ type: 'S', name: old });
        }
        if (begin !== null) {
          wire.parse({ name: '', text: begin, types: [] });
          wire.bind({ statement: '', values: [] });
          wire.execute({});
        }
        for (const statement of held) {
          if (statement.fresh) {
            wire.parse({ name: statement.kept.name, text: statement.text, types: [] });
          }
          wire.bind({ statement: statement.kept.name, values: statement.values });
          wire.execute({});
        }
        if (fresh) {
          wire.parse({ name, text, types: [] });
        }
        wire.bind({ statement: name, values });
        if (columns === null) {
          wire.describe({ type: 'P', name: '' });
        }
        wire.execute({});
        wire.sync();
      }, columns);
    } catch (error) {
      // A parse in a failed exchange may or may not have been made; PostgreSQL refuses to run a
      // kept statement whose columns changed (0A000). Either way, prepare the text afresh.
      if (fresh || (error as { code?: unknown }).code === '0A000') {
        statements.forget(text, kept);
      }
      for (const statement of held) {
        if (statement.fresh) {
          statements.forget(statement.text, statement.kept);
        }
      }
      throw error;
    }
    kept.detail ??= outcome.columns ?? NO_COLUMNS;
    return outcome;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inTransaction && compiled.sql.startsWith(WITH_NEXT)) {
      const values = compiled.parameters.map((value) => this.#tools.prepareValue(value));
      this.#held.push({ text: compiled.sql, values });
      return { rows: [] };
    }
    const script = compiled.parameters.length === 0 && compiled.sql.includes(';');
    const { command, rowCount, rows } = script
      ? await this.#simple(compiled.sql)
      : await this.#extended(compiled.sql, compiled.parameters);
    // As Kysely's PostgresConnection reports them.
    if (command === 'ROLLBACK' || command === 'COMMIT') {
      return { rows: [{ command }] as R[] };
    }
    const counted =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      ...(counted && { numAffectedRows: BigInt(rowCount ?? 0) }),
      rows: rows as R[],
    };
  }

  // biome-ignore lint/correctness/useYield: the desk never streams; refusing is the answer.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported by the desk');
  }
}

class ServerDriver implements Driver {
  readonly #pool: pg.Pool;
  readonly #tools: PgTools;
  readonly #connections = new WeakMap<pg.PoolClient, ServerConnection>();

  constructor(pool: pg.Pool, tools: PgTools) {
    this.#pool = pool;
    this.#tools = tools;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<ServerConnection> {
    const client = await this.#pool.connect();
    let connection = this.#connections.get(client);
    if (!connection) {
      connection = new ServerConnection(client, this.#tools);
      this.#connections.set(client, connection);
    }
    return connection;
  }

  async beginTransaction(
    connection: ServerConnection,
    { isolationLevel, accessMode }: TransactionSettings,
  ): Promise<void> {
    // As Kysely's own driver words it.
    const settings = [
      ...(isolationLevel ? [`isolation level ${isolationLevel}`] : []),
      ...(accessMode ? [accessMode] : []),
    ];
    connection.deferBegin(
      settings.length === 0 ? 'begin' : `start transaction ${settings.join(' ')}`,
    );
  }

  async commitTransaction(connection: ServerConnection): Promise<void> {
    const outcome = await connection.end('commit');
    // PostgreSQL completes COMMIT with a ROLLBACK tag when an earlier error failed the
    // transaction (as Kysely's own driver checks).
    if (outcome?.command === 'ROLLBACK') {
      throw new AbortedTransactionError();
    }
  }

  async rollbackTransaction(connection: ServerConnection): Promise<void> {
    try {
      await connection.end('rollback');
    } catch (error) {
      connection.discard();
      throw error;
    }
  }

  async releaseConnection(connection: ServerConnection): Promise<void> {
    connection.release();
  }

  async destroy(): Promise<void> {
    await this.#pool.end();
  }
}

/** The Kysely dialect for a PostgreSQL server (see the top of this file). */
export function serverDialect(pool: pg.Pool, tools: PgTools): Dialect {
  return postgresDialect(() => new ServerDriver(pool, tools));
}
