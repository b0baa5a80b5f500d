import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The queue's rules (dedupe by key, lease, give-up time) hold only if every write goes through
// one module (docs/desk.md#jobs); readers may read the `deliveries` view wherever they are.
// Likewise every audit row is added by one module, so the rows agree on who and when; a
// person's erasure may still delete theirs.

const QUEUE_TABLES = '(jobs|deliveries|scheduled_jobs)';
const KYSELY_WRITE = new RegExp(
  `\\b(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\\(\\s*'${QUEUE_TABLES}\\b`,
);
const SQL_WRITE = new RegExp(
  `\\b(insert\\s+into|update|delete\\s+from)\\s+${QUEUE_TABLES}\\b`,
  'i',
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' ? [] : sources(path);
    }
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the jobs table', () => {
  it('is written by desk/jobs/job-queue.ts alone', () => {
    const writers = sources('desk').filter((file) => {
      const text = readFileSync(file, 'utf8');
      return KYSELY_WRITE.test(text) || SQL_WRITE.test(text);
    });
    expect(writers).toEqual([join('desk', 'jobs', 'job-queue.ts')]);
  });
});

const AUDIT_INSERT = /\b(insertInto\(\s*'audit_log'|insert\s+into\s+audit_log\b)/i;

describe('the audit log', () => {
  it('is added to by desk/storage/audit-log.ts alone', () => {
    const writers = sources('desk').filter((file) => AUDIT_INSERT.test(readFileSync(file, 'utf8')));
    expect(writers).toEqual([join('desk', 'storage', 'audit-log.ts')]);
  });
});
