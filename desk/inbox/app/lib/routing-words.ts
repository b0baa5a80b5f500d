import type {
  RoutingDecision,
  RuleAction,
  RuleConditions,
} from '../../../routing/rules-contract.ts';

/** Someone a rule can name, as the Routing page knows them. */
export interface NamedMember {
  name: string;
  email: string;
}

/** "a, b or c". */
function orList(items: readonly string[]): string {
  if (items.length <= 1) {
    return items.join('');
  }
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** A price, short: $750K, $1M, $1.25M. */
export function priceText(amount: number): string {
  const short = (value: number, unit: string) =>
    `$${Number.parseFloat(value.toFixed(2)).toString()}${unit}`;
  if (amount >= 1_000_000) {
    return short(amount / 1_000_000, 'M');
  }
  if (amount >= 1_000) {
    return short(amount / 1_000, 'K');
  }
  return `$${amount}`;
}

/** A language subtag's English name ("fr" → "French"), or the subtag when the browser has none. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A rule's conditions in words: "Listing in Kitsilano, price $1M–$2M, viewing requests"; no
 * condition is "Every lead".
 */
export function conditionsText(conditions: RuleConditions): string {
  const parts: string[] = [];
  const { listingIds, listingAgents, cities, priceMin, priceMax, kinds } = conditions;
  if (listingIds?.length) {
    parts.push(`listing ${orList(listingIds)}`);
  }
  if (cities?.length) {
    parts.push(`listing in ${orList(cities)}`);
  }
  if (listingAgents?.length) {
    parts.push(`listed by ${orList(listingAgents)}`);
  }
  if (priceMin !== undefined && priceMax !== undefined) {
    parts.push(`price ${priceText(priceMin)}–${priceText(priceMax)}`);
  } else if (priceMin !== undefined) {
    parts.push(`price from ${priceText(priceMin)}`);
  } else if (priceMax !== undefined) {
    parts.push(`price up to ${priceText(priceMax)}`);
  }
  if (kinds?.length === 1) {
    parts.push(kinds[0] === 'viewing' ? 'viewing requests' : 'leads without a viewing request');
  }
  if (conditions.languages?.length) {
    parts.push(`in ${orList(conditions.languages.map(languageName))}`);
  }
  if (conditions.pagePaths?.length) {
    parts.push(`from pages under ${orList(conditions.pagePaths)}`);
  }
  if (conditions.sources?.length) {
    parts.push(`source ${orList(conditions.sources)}`);
  }
  if (conditions.officeHours) {
    parts.push(conditions.officeHours === 'open' ? 'in office hours' : 'outside office hours');
  }
  const text = parts.join(', ');
  return text === '' ? 'Every lead' : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The name of the member with `email`, or the email itself when the team has no such member. */
function nameFor(team: readonly NamedMember[], email: string): string {
  return team.find((m) => m.email.toLowerCase() === email.toLowerCase())?.name ?? email;
}

/**
 * A rule's action in words: "Round robin: Daniel ×2, Priya ×1" (first names, unless two members
 * share one), "Agent: Daniel Okafor", "Listing agent", "Agent on duty", "Broker".
 */
export function actionText(action: RuleAction, team: readonly NamedMember[]): string {
  switch (action.type) {
    case 'listing-agent':
      return 'Listing agent';
    case 'on-duty':
      return 'Agent on duty';
    case 'broker':
      return 'Broker';
    case 'agent':
      return `Agent: ${nameFor(team, action.email)}`;
    case 'round-robin': {
      if (action.members.length === 0) {
        return 'Round robin: nobody yet';
      }
      const names = action.members.map((m) => nameFor(team, m.email));
      const firsts = names.map((name) => name.split(/\s+/)[0] ?? name);
      const shown = new Set(firsts).size === firsts.length ? firsts : names;
      return `Round robin: ${action.members.map((m, i) => `${shown[i]} ×${m.weight}`).join(', ')}`;
    }
  }
}

/** The agents and rules passed over: "Priya Sandhu (paused), Listing agent (no match)". */
export function skippedText(decision: RoutingDecision): string {
  return decision.skipped.map((s) => `${s.name} (${s.why})`).join(', ');
}

/** Which rule decided: "rule 2 'On duty in office hours'". */
export function ruleRef(decision: RoutingDecision): string {
  return `rule ${decision.step} '${decision.ruleName}'`;
}

/**
 * Why a lead went where it went, as the lead's page says it: "Routed by rule 2 'On duty in office
 * hours'; skipped Priya Sandhu (paused)".
 */
export function decisionText(decision: RoutingDecision): string {
  const skipped = decision.skipped.length === 0 ? '' : `; skipped ${skippedText(decision)}`;
  return `Routed by ${ruleRef(decision)}${skipped}`;
}
