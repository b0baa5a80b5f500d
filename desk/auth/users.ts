import { randomBytes, randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Brokerage } from '../config/brokerage.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from './password.ts';
import type { Role } from './role.ts';

/** A user that could not be added, with a message fit for the console. */
export class UserError extends Error {
  override name = 'UserError';
  readonly code = 'bad-user';
}

/** A new user's details. */
export interface NewUser {
  email: string;
  name: string;
  role: Role;
  password: string;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;

/** Adds a user (email stored lower-case, password hashed); throws {@link UserError}. */
export async function createUser(db: Kysely<DeskDatabase>, user: NewUser): Promise<string> {
  const email = user.email.trim().toLowerCase();
  if (!EMAIL.test(email)) {
    throw new UserError('--email must be an email address');
  }
  if (user.name.trim() === '') {
    throw new UserError('--name must not be empty');
  }
  if (user.role !== 'broker' && user.role !== 'agent') {
    throw new UserError('--role must be broker or agent');
  }
  if (user.password.length < MIN_PASSWORD_LENGTH) {
    throw new UserError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const id = randomUUID();
  const inserted = await db
    .insertInto('users')
    .values({
      id,
      email,
      name: user.name.trim(),
      role: user.role,
      password_hash: await hashPassword(user.password),
    })
    // A member of the team who has no password yet (seeded from the config, or added in the
    // inbox and not yet invited) is this user: they get their password, name and role.
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({
          name: sql`excluded.name`,
          role: sql`excluded.role`,
          password_hash: sql`excluded.password_hash`,
        })
        .where('users.password_hash', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    throw new UserError(`A user with the email ${email} already exists`);
  }
  return inserted.id;
}

/** A demo account created now, with its one-time password (print it once, never log it). */
export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  password: string;
}

/** The demo broker's email. */
export const DEMO_BROKER_EMAIL = 'broker@demo.local';

/** What {@link ensureDemoUsers} did: accounts created now, and emails that already existed. */
export interface DemoAccounts {
  created: DemoAccount[];
  existing: string[];
}

/**
 * The demo's accounts (`npm run desk -- start --demo`): a broker `broker@demo.local`, and the
 * first two agents of assistant.config.json under their own emails, so an agent signs in and
 * sees exactly the leads routing gave them. Creates only the missing ones; resolves those
 * created now with their random one-time passwords (the caller prints them once), and the
 * emails left alone.
 */
export async function ensureDemoUsers(
  db: Kysely<DeskDatabase>,
  brokerage: Pick<Brokerage, 'agents'>,
): Promise<DemoAccounts> {
  const wanted: Omit<DemoAccount, 'password'>[] = [
    { email: DEMO_BROKER_EMAIL, name: 'Demo Broker', role: 'broker' },
    ...brokerage.agents
      .filter((a) => a.role === 'agent')
      .slice(0, 2)
      .map((a) => ({ email: a.email.toLowerCase(), name: a.name, role: 'agent' as const })),
  ];
  const created: DemoAccount[] = [];
  const existing: string[] = [];
  for (const account of wanted) {
    const password = randomBytes(12).toString('base64url');
    const inserted = await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: account.email,
        name: account.name,
        role: account.role,
        password_hash: await hashPassword(password),
      })
      // A seeded member without a password yet gets the demo's one-time password.
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet({ password_hash: sql`excluded.password_hash` })
          .where('users.password_hash', 'is', null),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      created.push({ ...account, password });
    } else {
      existing.push(account.email);
    }
  }
  return { created, existing };
}
