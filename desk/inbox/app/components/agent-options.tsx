import type { AgentOption } from '../../api-contract.ts';

/** One `<option>` per agent: the name shows, the email is the value sent. */
export function AgentOptions({ agents }: { agents: readonly AgentOption[] }) {
  return agents.map((agent) => (
    <option key={agent.email} value={agent.email}>
      {agent.name}
    </option>
  ));
}
