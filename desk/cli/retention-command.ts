import type { DeskCommand } from '../admin/command.ts';
import { loadBrokerage } from '../config/brokerage.ts';
import type { SweepCounts } from '../privacy/retention-sweep.ts';
import { withDatabase } from './database-commands.ts';

/** The sweep's counts as the terminal shows them (pure). */
export function sweepText(counts: SweepCounts, dryRun: boolean): string[] {
  const verb = dryRun ? 'would be' : 'were';
  return [
    `Transcripts and recording links past retention.transcriptDays: ${counts.transcripts} ${verb} cleared.`,
    `Leads past retention.leadDays: ${counts.leads} ${verb} deleted, with ${counts.captures} capture(s) and ${counts.conversations} conversation(s).`,
    `Failed sign-ins past retention.logDays: ${counts.loginFailures} ${verb} deleted.`,
    ...(dryRun ? ['Nothing was deleted: this was a dry run.'] : []),
  ];
}

/** `retention [--dry-run]`: the daily sweep, now (docs/desk.md#retention). */
export const retentionCommand: DeskCommand = {
  summary: 'delete what has outlived assistant.config.json retention (--dry-run: only say what)',
  usage: 'retention [--dry-run]',
  async run(io) {
    const unknown = io.args.filter((a) => a !== '--dry-run');
    if (unknown.length > 0) {
      io.err(`Unknown argument "${unknown[0]}". Usage: npm run desk -- retention [--dry-run]`);
      return 2;
    }
    const dryRun = io.args.includes('--dry-run');
    const { retention } = await loadBrokerage(io.env.configFile);
    // Loaded with the command, not with every other command of the CLI.
    const { sweepExpired } = await import('../privacy/retention-sweep.ts');
    return withDatabase(io, async ({ db }) => {
      const counts = await sweepExpired(db, retention, { dryRun });
      for (const line of sweepText(counts, dryRun)) {
        io.out(line);
      }
      return 0;
    });
  },
};
