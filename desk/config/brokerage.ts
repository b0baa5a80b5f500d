import { readFile } from 'node:fs/promises';
import {
  type AssistantConfig,
  AssistantConfigError,
  parseAssistantConfig,
} from './assistant-config.ts';
import { type ClaimSettings, parseClaimSettings } from './claim-settings.ts';
import { DeskConfigError } from './config-error.ts';
import { OfficeHoursError, parseOfficeHours } from './office-hours.ts';
import { type Retention, readRetention } from './retention.ts';

/** One person of the brokerage who can receive leads. */
export interface Agent {
  name: string;
  email: string;
  /** E.164 or any dialable number; the transfer destination when on duty. */
  phone: string;
  role: 'broker' | 'agent';
  /** Listing ids (MLS numbers) and listing-agent names whose leads this agent owns. */
  owns: readonly string[];
}

/** The part of `assistant.config.json` the desk reads (docs/desk.md#configure). */
export interface Brokerage {
  brokerageName: string;
  assistantName: string;
  officeHours: AssistantConfig['officeHours'];
  agents: readonly Agent[];
  /** The name of the agent on duty (one of {@link Brokerage.agents}), or `null`. */
  onDuty: string | null;
  /** How long a lead waits for a claim, and how far it escalates (issue 27 §2). */
  claim: ClaimSettings;
  /** How long personal data is kept (`retention`, with its defaults). */
  retention: Retention;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseAgent(value: unknown, i: number, problems: string[]): Agent | null {
  const at = `agents[${i}]`;
  if (!isRecord(value)) {
    problems.push(`${at} must be an object with name, email, phone and role`);
    return null;
  }
  const { name, email, phone, role, owns } = value;
  if (typeof name !== 'string' || name.trim() === '') {
    problems.push(`${at}.name must be a non-empty string`);
  }
  if (typeof email !== 'string' || !EMAIL.test(email)) {
    problems.push(`${at}.email must be an email address`);
  }
  if (typeof phone !== 'string' || !PHONE.test(phone)) {
    problems.push(`${at}.phone must be a dialable number, like "+1 604 555 0100"`);
  }
  if (role !== 'broker' && role !== 'agent') {
    problems.push(`${at}.role must be "broker" or "agent"`);
  }
  const ownsOk =
    owns === undefined || (Array.isArray(owns) && owns.every((o) => typeof o === 'string'));
  if (!ownsOk) {
    problems.push(`${at}.owns must list listing ids or agent names as strings`);
  }
  return {
    name: String(name ?? '').trim(),
    email: String(email ?? ''),
    phone: String(phone ?? ''),
    role: role === 'broker' ? 'broker' : 'agent',
    owns: ownsOk && Array.isArray(owns) ? (owns as string[]) : [],
  };
}

/**
 * Checks a parsed `assistant.config.json` for the desk (pure): the assistant's own fields, then
 * `agents` (at least one broker) and `onDuty`. Throws {@link DeskConfigError} naming each field.
 */
export function parseBrokerage(value: unknown): Brokerage {
  const problems: string[] = [];
  let assistant: AssistantConfig | null = null;
  try {
    assistant = parseAssistantConfig(value);
  } catch (error) {
    if (!(error instanceof AssistantConfigError)) {
      throw error;
    }
    problems.push(...error.problems);
  }
  const raw = isRecord(value) ? value : {};
  if (assistant !== null) {
    // The day phrases too ("Mondy" stops the desk here, not at the first capture).
    try {
      parseOfficeHours(raw.officeHours);
    } catch (error) {
      if (!(error instanceof OfficeHoursError)) {
        throw error;
      }
      problems.push(...error.problems);
    }
  }
  const list = Array.isArray(raw.agents) ? raw.agents : null;
  if (list === null || list.length === 0) {
    problems.push(
      'agents must list the brokerage\'s people: [{ "name", "email", "phone", "role" }]',
    );
  }
  const agents = (list ?? []).map((a, i) => parseAgent(a, i, problems)).filter((a) => a !== null);
  if (list !== null && list.length > 0 && !agents.some((a) => a.role === 'broker')) {
    problems.push('agents must include one with "role": "broker" (who gets unrouted leads)');
  }
  const names = new Set<string>();
  for (const [i, agent] of agents.entries()) {
    if (names.has(agent.name.toLowerCase())) {
      problems.push(`agents[${i}].name "${agent.name}" is listed twice`);
    }
    names.add(agent.name.toLowerCase());
  }
  const onDuty = raw.onDuty ?? null;
  if (onDuty !== null && (typeof onDuty !== 'string' || !names.has(onDuty.toLowerCase()))) {
    problems.push('onDuty must be the name of one of the agents, or null');
  }
  const claim = parseClaimSettings(raw, problems);
  if (problems.length > 0 || assistant === null) {
    throw new DeskConfigError(problems.map((p) => `assistant.config.json: ${p}`));
  }
  return {
    brokerageName: assistant.brokerageName,
    assistantName: assistant.assistantName,
    officeHours: assistant.officeHours,
    agents,
    onDuty: typeof onDuty === 'string' ? onDuty : null,
    claim,
    retention: readRetention(raw.retention).retention,
  };
}

/** Reads and checks the brokerage's config file; every failure is a {@link DeskConfigError}. */
export async function loadBrokerage(file: string): Promise<Brokerage> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new DeskConfigError([`cannot read ${file} (set DESK_CONFIG to its path)`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DeskConfigError([`${file} is not valid JSON`]);
  }
  return parseBrokerage(json);
}
