import type { Agent } from '../config/brokerage.ts';
import type { AgentPhone } from '../delivery/adapters/sms.ts';

/**
 * Where an agent's texts go, by their email (issue 27 §1): the team's phone for them, or null
 * (email only). The team lives in assistant.config.json today; when it moves to the database
 * (issue 27 §4) this is the one place that reads it there instead.
 */
export function agentPhoneOf(agents: readonly Agent[]): AgentPhone {
  const byEmail = new Map(agents.map((a) => [a.email.trim().toLowerCase(), a.phone.trim()]));
  return (email) => {
    const phone = byEmail.get(email.trim().toLowerCase());
    return phone ? phone : null;
  };
}
