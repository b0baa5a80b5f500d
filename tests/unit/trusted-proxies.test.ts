import { describe, expect, it } from 'vitest';
import { DeskConfigError } from '../../desk/config/config-error.ts';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import {
  parseTrustedProxies,
  plainAddress,
  requestSource,
  type SourceHeaders,
} from '../../desk/config/trusted-proxies.ts';

const proxies = (value: string) => {
  const parsed = parseTrustedProxies(value);
  expect(parsed.problems).toEqual([]);
  return parsed.proxies;
};

const DESK = new URL('http://desk.example.com/api/session');

function from(socket: string, headers: Omit<SourceHeaders, 'socket' | 'url'> = {}) {
  return { socket, url: DESK, ...headers };
}

describe('DESK_TRUSTED_PROXIES', () => {
  it('matches single addresses and CIDR ranges, IPv4 and IPv6', () => {
    const list = proxies(' 127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8 ');
    expect(list.entries).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(list.has('127.0.0.1')).toBe(true);
    expect(list.has('127.0.0.2')).toBe(false);
    expect(list.has('10.200.3.4')).toBe(true);
    expect(list.has('11.0.0.1')).toBe(false);
    expect(list.has('::1')).toBe(true);
    expect(list.has('fd12:3456::9')).toBe(true);
    expect(list.has('2001:db8::1')).toBe(false);
    // A dual-stack socket reports an IPv4 peer as an IPv4-mapped IPv6 address.
    expect(list.has('::ffff:10.1.2.3')).toBe(true);
    expect(list.has('not-an-address')).toBe(false);
  });

  it('is empty by default and trusts nobody', () => {
    const none = parseTrustedProxies(null).proxies;
    expect(none.isEmpty).toBe(true);
    expect(none.has('127.0.0.1')).toBe(false);
    expect(parseDeskEnv({}).trustedProxies.isEmpty).toBe(true);
  });

  it('refuses at start, naming each entry that is not an address or a range', () => {
    expect(
      parseTrustedProxies('10.0.0.0/33, proxy.lan, ::1/129, 1.2.3.4/8/2, 10.0.0.0/x').problems,
    ).toHaveLength(5);
    let problems: readonly string[] = [];
    try {
      parseDeskEnv({ DESK_TRUSTED_PROXIES: '127.0.0.1, proxy.lan' });
    } catch (error) {
      problems = error instanceof DeskConfigError ? error.problems : [];
    }
    expect(problems).toEqual([
      'DESK_TRUSTED_PROXIES lists "proxy.lan": write IP addresses or CIDR ranges, like 127.0.0.1, 10.0.0.0/8 or ::1',
    ]);
  });

  it('reads an address as sockets and proxies spell it', () => {
    expect(plainAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(plainAddress('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(plainAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(plainAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(plainAddress('unknown')).toBeNull();
  });
});

describe('where a request came from', () => {
  const list = proxies('127.0.0.1, 10.0.0.0/8');

  it('takes the right-most untrusted X-Forwarded-For hop from a trusted proxy', () => {
    expect(requestSource(from('127.0.0.1', { forwardedFor: '203.0.113.7' }), list).client).toBe(
      '203.0.113.7',
    );
    // The client wrote the left-most hop itself; the proxies appended the rest.
    expect(
      requestSource(from('127.0.0.1', { forwardedFor: '1.1.1.1, 203.0.113.7, 10.0.0.5' }), list)
        .client,
    ).toBe('203.0.113.7');
    // Every hop a proxy: the left-most one is the client.
    expect(
      requestSource(from('10.0.0.9', { forwardedFor: '10.0.0.7, 10.0.0.8' }), list).client,
    ).toBe('10.0.0.7');
    // No header: the proxy itself.
    expect(requestSource(from('10.0.0.9'), list).client).toBe('10.0.0.9');
    // Garbage in the header ends the walk at the last hop that could be believed.
    expect(
      requestSource(from('127.0.0.1', { forwardedFor: '203.0.113.7, <script>' }), list).client,
    ).toBe('127.0.0.1');
  });

  it('ignores every forwarded header from anyone else', () => {
    const spoofed = from('198.51.100.9', {
      forwardedFor: '203.0.113.7',
      forwardedProto: 'https',
      forwardedHost: 'evil.example',
    });
    expect(requestSource(spoofed, list)).toEqual({
      client: '198.51.100.9',
      origin: 'http://desk.example.com',
    });
    expect(
      requestSource({ ...spoofed, socket: '127.0.0.1' }, parseTrustedProxies('').proxies),
    ).toEqual({ client: '127.0.0.1', origin: 'http://desk.example.com' });
  });

  it("takes the scheme and host a trusted proxy forwarded as the request's origin", () => {
    const source = requestSource(
      from('::ffff:127.0.0.1', {
        forwardedFor: '203.0.113.7',
        forwardedProto: 'https',
        forwardedHost: 'Desk.Example.com:8443',
      }),
      list,
    );
    expect(source).toEqual({ client: '203.0.113.7', origin: 'https://desk.example.com:8443' });
    // Without X-Forwarded-Host, the Host header the proxy passed on; an odd proto is ignored.
    expect(requestSource(from('127.0.0.1', { forwardedProto: 'https' }), list).origin).toBe(
      'https://desk.example.com',
    );
    expect(requestSource(from('127.0.0.1', { forwardedProto: 'gopher' }), list).origin).toBe(
      'http://desk.example.com',
    );
  });
});
