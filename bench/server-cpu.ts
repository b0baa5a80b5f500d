import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';

// The CPU a PostgreSQL server spends, from /proc (Linux): its main process and every session's
// process, so a benchmark can say what a capture costs the database beside what it costs the desk.

/** A process's parent, and its CPU in ms: its own, and its children's that have exited. */
async function processCpu(pid: number): Promise<{ parent: number; own: number; reaped: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const ms = (ticks: number) => (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  return {
    parent: fields[1] ?? 0,
    own: ms((fields[11] ?? 0) + (fields[12] ?? 0)),
    reaped: ms((fields[13] ?? 0) + (fields[14] ?? 0)),
  };
}

/** The PostgreSQL server's main process (its sessions' parent), found through a session. */
export async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return (await processCpu(rows[0]?.pid ?? 0)).parent;
  } finally {
    await client.end();
  }
}

/** The server's CPU in ms: its main process and every child, living or exited. */
export async function serverCpuMs(postmaster: number): Promise<number> {
  const main = await processCpu(postmaster);
  let total = main.own + main.reaped;
  for (const entry of await readdir('/proc')) {
    if (/^\d+$/.test(entry)) {
      const child = await processCpu(Number(entry)).catch(() => null);
      if (child?.parent === postmaster) {
        total += child.own;
      }
    }
  }
  return total;
}
