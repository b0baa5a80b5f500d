import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmailAdapter } from '../desk/delivery/adapters/email.ts';
import { testContext, viewingRequest } from '../tests/desk/fixtures/lead-records.ts';

// `npx tsx bench/email-cpu.ts [jobs]`: the CPU one agent alert costs the desk with no SMTP
// server (compose, MIME with its .ics, the .eml written), one job after another, after a
// warm-up. CPU time, not wall time, so it holds on a loaded machine.
const jobs = Number(process.argv[2] ?? 2000);
const dir = await mkdtemp(join(tmpdir(), 'email-cpu-'));
const adapter = createEmailAdapter(
  { smtpUrl: null, mailFrom: 'Harbour & Pine Desk <desk@harbourpine.example>', mailDir: dir },
  testContext,
);
const lead = viewingRequest();
const send = async (n: number, tag: string) => {
  for (let i = 0; i < n; i++) {
    const out = await adapter.deliver(lead, { jobId: `${tag}-${i}`, attempt: 1 });
    if (!out.ok) {
      throw new Error(out.reason);
    }
  }
};
await send(300, 'warm');
for (let round = 0; round < 3; round++) {
  const before = process.cpuUsage();
  await send(jobs, `r${round}`);
  const used = process.cpuUsage(before);
  console.log(
    `${((used.user + used.system) / 1000 / jobs).toFixed(3)} ms CPU per email (user ${(used.user / 1000 / jobs).toFixed(3)}, system ${(used.system / 1000 / jobs).toFixed(3)})`,
  );
}
await adapter.close?.();
await rm(dir, { recursive: true, force: true });
