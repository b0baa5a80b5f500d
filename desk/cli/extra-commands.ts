import type { DeskCommand } from '../admin/command.ts';
import { addUserCommand } from './add-user-command.ts';
import { backupCommand, restoreCommand } from './backup-command.ts';
import { personCommand } from './person-command.ts';
import { retentionCommand } from './retention-command.ts';
import { seedCommand } from './seed-command.ts';
import { deactivateUserCommand, resetPasswordCommand, usersCommand } from './team-commands.ts';
import { weeklyReportCommand } from './weekly-report-command.ts';

/**
 * The inbox's commands (add-user, weekly-report, seed) and the embedded database's backup and
 * restore and a person's privacy requests, kept apart so the pipeline's CLI and the inbox's grow in their own files.
 */
export const extraCommands: Readonly<Record<string, DeskCommand>> = {
  'add-user': addUserCommand,
  'weekly-report': weeklyReportCommand,
  seed: seedCommand,
  backup: backupCommand,
  restore: restoreCommand,
  users: usersCommand,
  'reset-password': resetPasswordCommand,
  'deactivate-user': deactivateUserCommand,
  person: personCommand,
  retention: retentionCommand,
};
