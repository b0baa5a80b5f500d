import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parsePort } from '../../scripts/port.ts';

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
