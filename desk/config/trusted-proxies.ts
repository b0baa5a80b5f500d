import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose `X-Forwarded-*` headers the desk believes (`DESK_TRUSTED_PROXIES`): single
 * addresses and CIDR ranges, IPv4 and IPv6. Empty by default, so a client cannot name itself.
 */
export class TrustedProxies {
  readonly #list = new BlockList();

  /** The entries as written, normalised (`10.0.0.0/8`, `::1`). */
  readonly entries: readonly string[];

  constructor(entries: readonly ProxyEntry[]) {
    this.entries = entries.map((e) => (e.prefix === null ? e.address : `${e.address}/${e.prefix}`));
    for (const { address, prefix, family } of entries) {
      if (prefix === null) {
        this.#list.addAddress(address, family);
      } else {
        this.#list.addSubnet(address, prefix, family);
      }
    }
  }

  get isEmpty(): boolean {
    return this.entries.length === 0;
  }

  /** Whether `address` (any spelling a socket or a header gives) is one of the proxies. */
  has(address: string): boolean {
    const plain = plainAddress(address);
    if (plain === null || this.isEmpty) {
      return false;
    }
    return this.#list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  }
}

interface ProxyEntry {
  address: string;
  prefix: number | null;
  family: 'ipv4' | 'ipv6';
}

/**
 * An IP address without decoration, or `null` when `raw` is none: brackets and a port are
 * dropped (`[::1]:443`, `10.0.0.1:80`), and an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as
 * a dual-stack socket reports IPv4 peers) is read as the IPv4 address it carries.
 */
export function plainAddress(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) {
    value = bracketed[1] ?? '';
  } else if (/^[\d.]+:\d+$/.test(value)) {
    value = value.slice(0, value.lastIndexOf(':'));
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) {
    value = mapped[1] ?? '';
  }
  return isIP(value) === 0 ? null : value.toLowerCase();
}

/**
 * Reads `DESK_TRUSTED_PROXIES` (pure): the proxies, and a problem for each entry that is not an
 * address or a CIDR range, so the start can name them all.
 */
export function parseTrustedProxies(value: string | null): {
  proxies: TrustedProxies;
  problems: string[];
} {
  const problems: string[] = [];
  const entries: ProxyEntry[] = [];
  for (const item of (value ?? '').split(',')) {
    const text = item.trim();
    if (text === '') {
      continue;
    }
    const [rawAddress = '', rawPrefix, extra] = text.split('/');
    const address = plainAddress(rawAddress);
    const family = address === null ? null : isIP(address) === 6 ? 'ipv6' : 'ipv4';
    const max = family === 'ipv6' ? 128 : 32;
    const prefix = rawPrefix === undefined ? null : Number(rawPrefix);
    if (
      address === null ||
      family === null ||
      extra !== undefined ||
      (prefix !== null && (!/^\d{1,3}$/.test(rawPrefix ?? '') || prefix > max))
    ) {
      problems.push(
        `DESK_TRUSTED_PROXIES lists "${text}": write IP addresses or CIDR ranges, like 127.0.0.1, 10.0.0.0/8 or ::1`,
      );
      continue;
    }
    entries.push({ address, prefix, family });
  }
  return { proxies: new TrustedProxies(entries), problems };
}

/** What one request says about where it came from, as the desk believes it. */
export interface RequestSource {
  /** The client's IP address: the key of every limit. */
  client: string;
  /** The scheme and host the client used: `https://desk.example.com`. */
  origin: string;
}

/** The parts of a request {@link requestSource} reads. */
export interface SourceHeaders {
  /** The socket's peer address; `null` when unknown. */
  socket: string | null;
  /** The URL the desk itself sees (its own scheme, the `Host` header). */
  url: URL;
  forwardedFor?: string | undefined;
  forwardedProto?: string | undefined;
  forwardedHost?: string | undefined;
}

function firstValue(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === '' ? null : first;
}

/**
 * Where a request came from (pure). Only from a trusted proxy are the headers read: the client is
 * the right-most `X-Forwarded-For` hop that is not itself a trusted proxy (the hops left of it
 * were written by whoever sent the request, and prove nothing), and the scheme and host are the
 * ones the proxy forwarded. From anyone else, the socket and the desk's own URL.
 */
export function requestSource(input: SourceHeaders, proxies: TrustedProxies): RequestSource {
  const socket = input.socket === null ? null : (plainAddress(input.socket) ?? input.socket);
  const own = { client: socket ?? 'unknown', origin: input.url.origin };
  if (socket === null || !proxies.has(socket)) {
    return own;
  }
  let client = socket;
  const hops = (input.forwardedFor ?? '').split(',').map((hop) => hop.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plainAddress(hops[i] ?? '');
    if (hop === null) {
      // Not an address: nothing left of it can be believed; the last believed hop answers.
      break;
    }
    client = hop;
    if (!proxies.has(hop)) {
      break;
    }
  }
  const proto = firstValue(input.forwardedProto);
  const scheme = proto === 'https' || proto === 'http' ? proto : input.url.protocol.slice(0, -1);
  const host = firstValue(input.forwardedHost) ?? input.url.host;
  let origin = own.origin;
  try {
    origin = new URL(`${scheme}://${host}`).origin;
  } catch {
    // A host no URL can hold: the desk's own origin, which a browser's Origin will not match.
  }
  return { client, origin };
}
