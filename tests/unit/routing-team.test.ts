import { describe, expect, it } from 'vitest';
import type { Brokerage } from '../../desk/config/brokerage.ts';
import { DEFAULT_CLAIM_SETTINGS } from '../../desk/config/claim-settings.ts';
import { RETENTION_DEFAULTS } from '../../desk/config/retention.ts';
import { assignCapture, type RoutingTeam } from '../../desk/routing/assign.ts';
import { routingTeamOf } from '../../desk/routing/routing-team.ts';
import type { TeamMember } from '../../desk/routing/team.ts';
import { transferDestination } from '../../desk/routing/transfer.ts';

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

  it('gives a member without a phone an empty one: no call transfer to them, a callback instead', () => {
    expect(routingTeamOf([maya], TODAY)?.agents[0]?.phone).toBe('');
    const officeHours = {
      timeZone: 'America/Vancouver',
      hours: [{ days: 'Monday to Friday', open: '09:00', close: '18:00' }],
    };
    const brokerage = (team: RoutingTeam | null): Brokerage => ({
      brokerageName: 'Maple Ridge Realty',
      assistantName: 'Ava',
      officeHours,
      agents: team?.agents ?? [],
      onDuty: team?.onDuty ?? null,
      claim: DEFAULT_CLAIM_SETTINGS,
      retention: RETENTION_DEFAULTS,
    });
    // Wednesday 10:00 in Vancouver.
    const now = new Date('2026-11-25T18:00:00Z');
    const withPhone = routingTeamOf([maya, { ...priya, phone: '604 555 0102' }], TODAY);
    const without = routingTeamOf([maya, priya], TODAY);
    expect(transferDestination(brokerage(withPhone), now)).toEqual({
      destination: expect.objectContaining({ type: 'number', number: '+16045550102' }),
    });
    expect(transferDestination(brokerage(without), now)).toEqual({
      message: expect.objectContaining({ type: 'request-failed' }),
    });
  });
});
