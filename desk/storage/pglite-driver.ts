import { type messages, type PGlite, parse, protocol, types } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { KeptStatements } from './kept-statements.ts';
import { MAX_EMBEDDED_PARAMETERS, TooManyParametersError } from './parameter-limit.ts';
import { postgresDialect } from './postgres-dialect.ts';

/**
 * Kysely on the embedded database, with each distinct query text prepared once and kept (a
 * named statement). PGlite's own `query()` parses, describes and plans every query again, in
 * six calls into the WebAssembly; a kept statement is bound and run in one. Profiles of
 * `POST /leads` showed that per-query cost to be a large part of the desk's CPU per capture
 * (docs/desk.md#storage). Results are read with PGlite's own type parsers, as `query()` reads
 * them, but not through its `parseResults`, which copies all 300-odd parsers on every call.
 */

/** At most this many statements are kept; the least recently used is closed first. */
const KEPT_STATEMENTS = 200;

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

type Field = messages.RowDescriptionMessage['fields'][number];

/** What preparing a statement told: its parameters' types and its columns. */
interface Prepared {
  /** Parameter type ids, for PGlite's serializers. */
  types: number[];
  /** The statement's columns (none for a statement without rows). */
  fields: readonly Field[];
}

/** Rows affected, from a command tag such as `INSERT 0 2` or `UPDATE 3` (as PGlite counts). */
function affectedBy(tag: string): number {
  const words = tag.split(' ');
  switch (words[0]) {
    case 'INSERT':
      return Number.parseInt(words[2] ?? '0', 10);
    case 'UPDATE':
    case 'DELETE':
    case 'COPY':
    case 'MERGE':
      return Number.parseInt(words[1] ?? '0', 10);
    default:
      return 0;
  }
}

/** A statement's rows as objects, each value read by its type's parser, and its count. */
function readResult(
  messages: readonly BackendMessage[],
  fields: readonly Field[],
  parsers: PGlite['parsers'],
): { rows: Record<string, unknown>[]; affected: number } {
  const rows: Record<string, unknown>[] = [];
  let affected = 0;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (message as messages.DataRowMessage).fields.forEach((text, index) => {
        const field = fields[index];
        if (field === undefined) {
          return;
        }
        const parser = parsers[field.dataTypeID] ?? types.parsers[field.dataTypeID];
        row[field.name] = text === null ? null : parser ? parser(text, field.dataTypeID) : text;
      });
      rows.push(row);
    } else if (message.name === 'commandComplete') {
      affected += affectedBy((message as messages.CommandCompleteMessage).text);
    }
  }
  return { rows, affected };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The one session of a PGlite database, with its kept statements. */
class KeptStatementConnection implements DatabaseConnection {
  readonly #client: PGlite;
  readonly #statements = new KeptStatements<Prepared>('k', KEPT_STATEMENTS);
  /** A `begin` not yet sent: it goes with the transaction's first query, one call fewer. */
  #beginPending = false;

  constructor(client: PGlite) {
    this.#client = client;
  }

  async #prepare(name: string, text: string): Promise<Prepared> {
    const { messages } = await this.#client.execProtocol(
      concat([
        ...this.#leading(),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    return {
      types: parse.parseDescribeStatementResults(messages),
      fields:
        (messages.find((m) => m.name === 'rowDescription') as messages.RowDescriptionMessage)
          ?.fields ?? [],
    };
  }

  /** What goes before the next statement: a deferred `begin`, and the evicted statements' close. */
  #leading(): Uint8Array[] {
    const parts = [
      ...(this.#beginPending ? [serialize.query('begin')] : []),
      ...this.#statements.takeClosing().map((old) => serialize.close({ type: 'S', name: old })),
    ];
    this.#beginPending = false;
    return parts;
  }

  /** Starts a transaction with its first statement. */
  deferBegin(): void {
    this.#beginPending = true;
  }

  /**
   * Commits or rolls back; a transaction that ran no statement was never begun, so there is
   * nothing to end.
   */
  async end(command: 'commit' | 'rollback'): Promise<void> {
    if (this.#beginPending) {
      this.#beginPending = false;
      return;
    }
    await this.executeQuery(CompiledQuery.raw(command));
  }

  async #run<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const text = compiled.sql;
    const { kept } = this.#statements.use(text);
    let prepared = kept.detail;
    if (prepared === null) {
      // New, or planned again for the tables as they are now (kept-statements.ts).
      try {
        prepared = await this.#prepare(kept.name, text);
      } catch (error) {
        this.#statements.forget(text, kept);
        throw error;
      }
      kept.detail = prepared;
    }
    const { serializers, parsers } = this.#client;
    const values = compiled.parameters.map((value, index) => {
      if (value === null || value === undefined) {
        return null;
      }
      const serializer = serializers[prepared.types[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.#client.execProtocol(
      concat([
        ...this.#leading(),
        serialize.bind({ statement: kept.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const { rows, affected } = readResult(messages, prepared.fields, parsers);
    // As kysely-pglite-dialect did: a count only when rows were affected.
    return affected
      ? { numAffectedRows: BigInt(affected), rows: rows as R[] }
      : { rows: rows as R[] };
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Refused before anything is sent, so the session stays in step (parameter-limit.ts).
    if (compiled.parameters.length > MAX_EMBEDDED_PARAMETERS) {
      return Promise.reject(
        new TooManyParametersError(compiled.parameters.length, MAX_EMBEDDED_PARAMETERS),
      );
    }
    // PGlite's lock, so nothing else (a dump, `exec`) runs between the bind and its results.
    return this.#client.runExclusive(() => this.#run<R>(compiled));
  }

  // biome-ignore lint/correctness/useYield: the desk never streams; refusing is the answer.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported on the embedded database');
  }
}

/** Hands the one connection to one caller at a time, as PGlite has one session. */
class KeptStatementDriver implements Driver {
  readonly #client: PGlite;
  readonly #connection: KeptStatementConnection;
  #busy = false;
  readonly #waiting: Array<() => void> = [];

  constructor(client: PGlite) {
    this.#client = client;
    this.#connection = new KeptStatementConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#busy = true;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) {
      next();
    } else {
      this.#busy = false;
    }
  }

  async beginTransaction(): Promise<void> {
    this.#connection.deferBegin();
  }

  async commitTransaction(): Promise<void> {
    await this.#connection.end('commit');
  }

  async rollbackTransaction(): Promise<void> {
    await this.#connection.end('rollback');
  }

  async destroy(): Promise<void> {
    await this.#client.close();
  }
}

/** The Kysely dialect for the embedded database (see the top of this file). */
export function keptStatementDialect(client: PGlite): Dialect {
  return postgresDialect(() => new KeptStatementDriver(client));
}
