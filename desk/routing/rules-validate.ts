import type { RoutingRule, RuleAction, RuleConditions, RuleKind } from './rules-contract.ts';

/**
 * The rules a broker may save (pure, docs/inbox.md#routing): the checks behind PUT
 * /inbox/api/routing's 400s, each naming the field it is about.
 */

/** A rule set that cannot be saved or tried: `field` is its path ("rules[1].action.members"). */
export class RoutingRulesError extends Error {
  override name = 'RoutingRulesError';
  readonly code = 'invalid-rules';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export const MAX_RULES = 50;
const MAX_LIST = 100;
const MAX_TEXT = 200;
const KINDS: readonly RuleKind[] = ['lead', 'viewing'];
const LANGUAGE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;
const CONDITION_KEYS = new Set<keyof RuleConditions>([
  'listingIds',
  'listingAgents',
  'cities',
  'priceMin',
  'priceMax',
  'kinds',
  'languages',
  'pagePaths',
  'sources',
  'officeHours',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fail = (field: string, message: string): never => {
  throw new RoutingRulesError(message, field);
};

function words(value: unknown, field: string, check?: (w: string) => string | null): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LIST) {
    return fail(field, `Give 1 to ${MAX_LIST} values, or leave the condition out`);
  }
  return value.map((item, i) => {
    const text = typeof item === 'string' ? item.trim() : '';
    if (text === '' || text.length > MAX_TEXT) {
      fail(`${field}[${i}]`, `Each value is 1 to ${MAX_TEXT} characters`);
    }
    const problem = check?.(text) ?? null;
    return problem === null ? text : fail(`${field}[${i}]`, problem);
  });
}

function price(value: unknown, field: string): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : fail(field, 'A price is a number of 0 or more');
}

function conditionsOf(value: unknown, at: string): RuleConditions {
  if (!isRecord(value)) {
    return fail(at, 'Conditions are an object ({} matches every lead)');
  }
  for (const name of Object.keys(value)) {
    if (!CONDITION_KEYS.has(name as keyof RuleConditions)) {
      fail(`${at}.${name}`, `There is no condition "${name}"`);
    }
  }
  const c: RuleConditions = {};
  const v = value as Record<keyof RuleConditions, unknown>;
  const list = (name: 'listingIds' | 'listingAgents' | 'cities' | 'sources') => {
    if (v[name] !== undefined) {
      c[name] = words(v[name], `${at}.${name}`);
    }
  };
  list('listingIds');
  list('listingAgents');
  list('cities');
  if (v.priceMin !== undefined) {
    c.priceMin = price(v.priceMin, `${at}.priceMin`);
  }
  if (v.priceMax !== undefined) {
    c.priceMax = price(v.priceMax, `${at}.priceMax`);
  }
  if (c.priceMin !== undefined && c.priceMax !== undefined && c.priceMin > c.priceMax) {
    fail(`${at}.priceMin`, 'The lowest price is above the highest');
  }
  if (v.kinds !== undefined) {
    const kinds = words(v.kinds, `${at}.kinds`, (k) =>
      KINDS.includes(k as RuleKind) ? null : 'A kind is "lead" or "viewing"',
    );
    c.kinds = kinds as RuleKind[];
  }
  if (v.languages !== undefined) {
    c.languages = words(v.languages, `${at}.languages`, (l) =>
      LANGUAGE.test(l) ? null : 'A language is a code like "en" or "fr-CA"',
    );
  }
  if (v.pagePaths !== undefined) {
    c.pagePaths = words(v.pagePaths, `${at}.pagePaths`, (p) =>
      p.startsWith('/') ? null : 'A page path starts with "/"',
    );
  }
  list('sources');
  if (v.officeHours !== undefined) {
    c.officeHours =
      v.officeHours === 'open' || v.officeHours === 'closed'
        ? v.officeHours
        : fail(`${at}.officeHours`, 'Office hours are "open" or "closed"');
  }
  return c;
}

function actionOf(value: unknown, at: string, isMember: (email: string) => boolean): RuleAction {
  const type = isRecord(value) ? value.type : undefined;
  const known = (email: unknown, field: string): string => {
    const text = typeof email === 'string' ? email.trim().toLowerCase() : '';
    return isMember(text) ? text : fail(field, 'Choose a member of the team');
  };
  if (type === 'listing-agent' || type === 'on-duty' || type === 'broker') {
    return { type };
  }
  if (type === 'agent' && isRecord(value)) {
    return { type, email: known(value.email, `${at}.email`) };
  }
  if (type === 'round-robin' && isRecord(value)) {
    const list = value.members;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_LIST) {
      return fail(`${at}.members`, 'A round robin needs at least one member');
    }
    const seen = new Set<string>();
    const members = list.map((m, i) => {
      const field = `${at}.members[${i}]`;
      const email = known(isRecord(m) ? m.email : undefined, `${field}.email`);
      if (seen.has(email)) {
        fail(`${field}.email`, 'This member is in the round robin twice');
      }
      seen.add(email);
      const weight = isRecord(m) ? m.weight : undefined;
      if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 1 || weight > 10) {
        fail(`${field}.weight`, 'A weight is a whole number from 1 to 10');
      }
      return { email, weight: weight as number };
    });
    return { type, members };
  }
  return fail(`${at}.type`, 'The action is listing-agent, on-duty, agent, round-robin or broker');
}

/** The catch-all: no conditions, to the broker. */
export function isCatchAll(rule: Pick<RoutingRule, 'conditions' | 'action'>): boolean {
  return Object.keys(rule.conditions).length === 0 && rule.action.type === 'broker';
}

/**
 * Reads a rule set as sent (trimmed, emails lower-case), or throws {@link RoutingRulesError}
 * naming the first bad field. `isMember`: whether an email (lower case) is the team's.
 */
export function parseRules(value: unknown, isMember: (email: string) => boolean): RoutingRule[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_RULES) {
    return fail('rules', `Give 1 to ${MAX_RULES} rules, the catch-all last`);
  }
  const ids = new Set<string>();
  const rules = value.map((raw, i): RoutingRule => {
    const at = `rules[${i}]`;
    if (!isRecord(raw)) {
      return fail(at, 'A rule is an object with id, name, conditions and action');
    }
    const id = typeof raw.id === 'string' ? raw.id.trim() : '';
    if (id === '' || id.length > 100 || ids.has(id)) {
      fail(`${at}.id`, 'Each rule has its own id');
    }
    ids.add(id);
    const name = typeof raw.name === 'string' ? raw.name.trim() : '';
    if (name === '' || name.length > 80) {
      fail(`${at}.name`, 'Give the rule a name of 1 to 80 characters');
    }
    return {
      id,
      name,
      conditions: conditionsOf(raw.conditions, `${at}.conditions`),
      action: actionOf(raw.action, `${at}.action`, isMember),
    };
  });
  const last = rules.length - 1;
  const moved = rules.findIndex((rule, i) => i < last && isCatchAll(rule));
  if (moved !== -1) {
    fail(`rules[${moved}]`, 'The catch-all rule stays last');
  }
  if (!isCatchAll(rules[last] as RoutingRule)) {
    fail(`rules[${last}]`, 'The last rule is the catch-all: no conditions, to the broker');
  }
  return rules;
}
