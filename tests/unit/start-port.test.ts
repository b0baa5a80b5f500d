import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parsePort } from '../../scripts/port.ts';
import { startPlan } from '../../scripts/start-plan.ts';

describe('PORT for npm start', () => {
  it('defaults to 4173 when unset or empty', () => {
    expect(parsePort(undefined)).toBe(DEFAULT_PORT);
    expect(parsePort(' ')).toBe(4173);
  });

  it('takes any port from 1 to 65535', () => {
    expect(parsePort('8080')).toBe(8080);
    expect(parsePort('1')).toBe(1);
    expect(parsePort('65535')).toBe(65_535);
  });

  it('refuses anything else, saying what to write', () => {
    for (const raw of ['0', '65536', 'http', '80.5', '-1', '8080x']) {
      expect(() => parsePort(raw)).toThrow(`PORT=${raw} is not a port number.`);
    }
  });
});

describe('what npm start runs beside the site', () => {
  it('points the build at the desk on DESK_PORT (8787) and lets the preview’s origins post to it', () => {
    expect(startPlan(4173, {})).toEqual({
      leadEndpoint: 'http://127.0.0.1:8787/leads',
      deskUrl: 'http://127.0.0.1:8787',
      deskEnv: {
        DESK_PORT: '8787',
        DESK_HOST: '127.0.0.1',
        DESK_ALLOWED_ORIGINS: 'http://127.0.0.1:4173,http://localhost:4173',
      },
    });
    const custom = startPlan(8080, {
      DESK_PORT: '9000',
      DESK_ALLOWED_ORIGINS: 'https://www.brokerage.example',
    });
    expect(custom.leadEndpoint).toBe('http://127.0.0.1:9000/leads');
    expect(custom.deskEnv.DESK_ALLOWED_ORIGINS).toBe(
      'https://www.brokerage.example,http://127.0.0.1:8080,http://localhost:8080',
    );
  });

  it('keeps a VITE_LEAD_ENDPOINT that is already set', () => {
    expect(startPlan(4173, { VITE_LEAD_ENDPOINT: 'https://desk.example/leads' }).leadEndpoint).toBe(
      'https://desk.example/leads',
    );
  });
});
