import type { DeskCommand } from '../admin/command.ts';
import { loadBrokerage } from '../config/brokerage.ts';
import { seedLeads } from '../demo/seed-leads.ts';
import { withDatabase } from './database-commands.ts';
import { type FlagError, parseFlags } from './flags.ts';

const USAGE = 'seed --leads N [--transcripts-every N]';

/** `seed --leads N`: synthetic leads for benchmarks (docs/inbox.md#performance). */
export const seedCommand: DeskCommand = {
  summary: 'add N synthetic leads (one in five with a transcript) for benchmarks',
  usage: USAGE,
  async run(io) {
    let flags: Record<string, string>;
    try {
      flags = parseFlags(io.args, ['leads', 'transcripts-every']);
    } catch (error) {
      io.err(`${(error as FlagError).message}. Usage: npm run desk -- ${USAGE}`);
      return 2;
    }
    const leads = Number(flags.leads);
    const every = Number(flags['transcripts-every'] ?? '5');
    if (!Number.isInteger(leads) || leads < 1 || leads > 5_000_000) {
      io.err(`--leads must be a whole number from 1 to 5000000. Usage: npm run desk -- ${USAGE}`);
      return 2;
    }
    if (!Number.isInteger(every) || every < 1) {
      io.err('--transcripts-every must be a whole number of at least 1');
      return 2;
    }
    const brokerage = await loadBrokerage(io.env.configFile);
    const agents = brokerage.agents.filter((a) => a.role === 'agent');
    return withDatabase(io, async ({ db }) => {
      const started = Date.now();
      await seedLeads(db, {
        leads,
        transcripts: every,
        agents: agents.length > 0 ? agents : brokerage.agents,
        now: new Date(),
        timeZone: brokerage.officeHours.timeZone,
        claimMinutes: brokerage.claim.claimMinutes,
        progress: (done) => io.out(`  ${done} leads`),
      });
      io.out(`Seeded ${leads} leads in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return 0;
    });
  },
};
