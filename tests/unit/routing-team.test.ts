import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../desk/auth/team.ts';
import { assignCapture } from '../../desk/routing/assign.ts';
import { routingTeamOf } from '../../desk/routing/routing-team.ts';

function member(
  name: string,
  role: 'broker' | 'agent',
  more: Partial<TeamMember> = {},
): TeamMember {
  return {
    id: name,
    name,
    email: `${name.toLowerCase()}@example.com`,
    phone: null,
    role,
    owns: [],
    active: true,
    onDuty: false,
    pausedFrom: null,
    pausedTo: null,
    hasPassword: true,
    position: null,
    ...more,
  };
}

const TODAY = '2026-11-25';
const maya = member('Maya', 'broker');
const lee = member('Lee', 'broker');
const daniel = member('Daniel', 'agent', { owns: ['MRR-14'] });
const priya = member('Priya', 'agent', { onDuty: true });

describe('routing from the team in the database', () => {
  it('keeps the default order: listing agent, on-duty agent in office hours, broker', () => {
    const team = routingTeamOf([maya, daniel, priya], TODAY);
    expect(team).not.toBeNull();
    if (!team) {
      return;
    }
    expect(assignCapture(team, { id: 'MRR-14' }, true)).toMatchObject({
      agent: { name: 'Daniel' },
      reason: 'listing-agent',
    });
    expect(assignCapture(team, { id: 'OTHER' }, true).agent.name).toBe('Priya');
    expect(assignCapture(team, { id: 'OTHER' }, false).agent.name).toBe('Maya');
  });

  it('skips an agent paused today (both ends included) and a deactivated one', () => {
    for (const pausedFrom of ['2026-11-20', TODAY]) {
      const paused = { ...daniel, pausedFrom, pausedTo: TODAY };
      const team = routingTeamOf([maya, paused, priya], TODAY);
      expect(team && assignCapture(team, { id: 'MRR-14' }, true).agent.name).toBe('Priya');
    }
    const later = { ...daniel, pausedFrom: '2026-11-26', pausedTo: '2026-12-01' };
    expect(routingTeamOf([maya, later], TODAY)?.agents.map((a) => a.name)).toContain('Daniel');
    const gone = routingTeamOf([maya, { ...priya, active: false }], TODAY);
    expect(gone?.onDuty).toBeNull();
  });

  it('keeps a catch-all broker when every broker is paused, the active one first', () => {
    const pausedMaya = { ...maya, pausedFrom: TODAY, pausedTo: TODAY };
    const team = routingTeamOf([pausedMaya, { ...lee, active: false }, daniel], TODAY);
    expect(team && assignCapture(team, { id: 'OTHER' }, false).agent.name).toBe('Maya');
    const goneMaya = routingTeamOf([{ ...maya, active: false }, daniel], TODAY);
    expect(goneMaya && assignCapture(goneMaya, { id: 'OTHER' }, false).agent.name).toBe('Maya');
    expect(routingTeamOf([daniel], TODAY)).toBeNull();
  });

  it('gives a member without a phone an empty one (alerts by email only)', () => {
    expect(routingTeamOf([maya], TODAY)?.agents[0]?.phone).toBe('');
  });
});
