import type { DeskCommand } from '../admin/command.ts';
import { loadBrokerage } from '../config/brokerage.ts';
import { withDatabase } from './database-commands.ts';

/** `weekly-report`: emails each broker last week's numbers and the leads still New, now. */
export const weeklyReportCommand: DeskCommand = {
  summary: "email each broker last week's numbers and the leads still New",
  usage: 'weekly-report',
  async run(io) {
    const brokerage = await loadBrokerage(io.env.configFile);
    // Loaded here: the mail and date packages it needs would slow every other command's start.
    const { sendWeeklyReport } = await import('../reports/weekly-schedule.ts');
    return withDatabase(io, async ({ db }) => {
      const sent = await sendWeeklyReport(
        {
          db,
          env: io.env,
          brokerageName: brokerage.brokerageName,
          timeZone: brokerage.officeHours.timeZone,
          claimMinutes: brokerage.claim.claimMinutes,
        },
        new Date(),
      );
      if (sent.length === 0) {
        io.out('No broker account yet: add one with npm run desk -- add-user … --role broker.');
        return 1;
      }
      io.out(
        io.env.smtpUrl === null
          ? `Weekly report written for ${sent.length} broker(s):\n${sent.map((s) => `  ${s}`).join('\n')}`
          : `Weekly report sent to ${sent.length} broker(s) through SMTP_URL.`,
      );
      return 0;
    });
  },
};
