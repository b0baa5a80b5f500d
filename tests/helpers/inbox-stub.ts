import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import {
  CSRF_HEADER,
  type LeadDetail,
  type LeadListItem,
  type LeadStatus,
  type Numbers,
  type NumbersRow,
  SESSION_COOKIE,
  type SessionInfo,
} from '../../desk/inbox/api-contract.ts';

/**
 * A loopback stand-in for the desk's inbox API (desk/inbox/api-contract.ts), in memory, serving
 * the built app from dist/inbox under the desk's CSP. For developing the app's browser tests
 * before the real API exists; the inbox tests themselves run against the real desk
 * (tests/helpers/inbox-desk.ts).
 */
export const STUB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self' https:; frame-ancestors 'none'";

const DIST = resolve('dist/inbox');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

interface StubUser {
  id: string;
  email: string;
  name: string;
  role: 'broker' | 'agent';
  password: string;
}

export interface InboxStub {
  url: string;
  users: StubUser[];
  leads: LeadDetail[];
  addLead(partial: Partial<LeadDetail> & { name: string; agentEmail?: string }): LeadDetail;
  close(): Promise<void>;
}

export async function startInboxStub(): Promise<InboxStub> {
  const users: StubUser[] = [
    {
      id: 'u1',
      email: 'broker@test.local',
      name: 'Bea Broker',
      role: 'broker',
      password: 'broker-password-1',
    },
    {
      id: 'u2',
      email: 'daniel@maple-ridge.example',
      name: 'Daniel Okafor',
      role: 'agent',
      password: 'agent-password-1',
    },
    {
      id: 'u3',
      email: 'priya@maple-ridge.example',
      name: 'Priya Sandhu',
      role: 'agent',
      password: 'agent-password-2',
    },
  ];
  const sessions = new Map<string, { user: StubUser; csrf: string }>();
  const failures = new Map<string, number>();
  const leads: LeadDetail[] = [];

  function addLead(p: Partial<LeadDetail> & { name: string; agentEmail?: string }): LeadDetail {
    const agent = users.find((u) => u.email === (p.agentEmail ?? 'priya@maple-ridge.example'));
    const now = new Date(Date.now() - (100 - leads.length) * 60_000).toISOString();
    const lead: LeadDetail = {
      id: randomUUID(),
      kind: 'lead',
      status: 'New',
      demo: false,
      receivedAt: now,
      capturedAt: now,
      person: {
        id: randomUUID(),
        name: p.name,
        phone: '+1 604 555 0134',
        email: 'sam@example.com',
      },
      listing: { address: '14 Linden Court', id: 'MRR-14-LINDEN', price: '$450,000' },
      fields: { intent: 'buy' },
      assignedTo: { name: agent?.name ?? null, email: agent?.email ?? null, reason: 'on duty' },
      viewingTimes: [],
      consent: {
        version: 'abc123',
        text: 'This call is recorded.',
        acceptedAt: now,
        consentToContact: true,
      },
      pageUrl: 'https://maple-ridge.example/listings/14-linden-court',
      conversation: null,
      deliveries: [
        {
          id: randomUUID(),
          adapter: 'email',
          status: 'dead',
          attempts: 5,
          lastError: '550 refused',
        },
      ],
      activity: [{ at: now, by: null, kind: 'received', text: 'Lead received' }],
      ...p,
    };
    leads.unshift(lead);
    return lead;
  }

  function send(
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      'content-security-policy': STUB_CSP,
      'cache-control': 'no-store',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }
  const fail = (res: ServerResponse, status: number, code: string) =>
    send(res, status, { error: { code, message: code } });

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    let text = '';
    for await (const chunk of req) {
      text += chunk;
    }
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  }

  function sessionOf(req: IncomingMessage) {
    const cookie = req.headers.cookie ?? '';
    const token = cookie
      .split(/;\s*/)
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      ?.split('=')[1];
    return token === undefined ? undefined : { token, ...sessions.get(token) };
  }

  const visible = (user: StubUser) => (lead: LeadDetail) =>
    user.role === 'broker' || lead.assignedTo.email === user.email;

  function item(lead: LeadDetail): LeadListItem {
    return {
      id: lead.id,
      name: lead.person.name,
      listing: lead.listing.address ?? null,
      kind: lead.kind,
      status: lead.status,
      agent: { name: lead.assignedTo.name, email: lead.assignedTo.email },
      receivedAt: lead.receivedAt,
      nextViewing: lead.viewingTimes[0]?.start ?? null,
      demo: lead.demo,
    };
  }

  function row(key: string, list: LeadDetail[]): NumbersRow {
    return {
      key,
      conversations: list.length + 1,
      calls: list.length,
      chats: 1,
      captures: list.length,
      conversionRate: list.length / (list.length + 1),
      viewingsRequested: list.filter((l) => l.kind === 'viewing-request').length,
      speedToLeadMedianSeconds: 600,
      speedToLeadP90Seconds: 3600,
    };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path.startsWith('/inbox/assets/')) {
      const file = normalize(join(DIST, path.slice('/inbox/'.length)));
      if (!file.startsWith(DIST + sep) || !existsSync(file)) {
        return fail(res, 404, 'not-found');
      }
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      return res.end(readFileSync(file));
    }
    if (/^\/inbox(\/|\/sign-in\/?|\/numbers\/?|\/leads\/[^/]+\/?)?$/.test(path)) {
      res.writeHead(200, {
        'content-type': TYPES['.html'] as string,
        'content-security-policy': STUB_CSP,
      });
      return res.end(readFileSync(join(DIST, 'index.html')));
    }
    if (!path.startsWith('/api/')) {
      return fail(res, 404, 'not-found');
    }
    const session = sessionOf(req);
    if (path === '/api/session' && method === 'POST') {
      const body = await readBody(req);
      const email = String(body.email ?? '').toLowerCase();
      if ((failures.get(email) ?? 0) >= 10) {
        return fail(res, 429, 'rate-limited');
      }
      const user = users.find((u) => u.email === email && u.password === body.password);
      if (!user) {
        failures.set(email, (failures.get(email) ?? 0) + 1);
        return fail(res, 401, 'invalid-credentials');
      }
      const token = randomBytes(24).toString('base64url');
      const csrf = randomBytes(24).toString('base64url');
      sessions.set(token, { user, csrf });
      const info: SessionInfo = {
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
        csrfToken: csrf,
        timeZone: 'America/Vancouver',
        brokerageName: 'Maple Ridge Realty',
      };
      return send(res, 200, info, {
        'set-cookie': `${SESSION_COOKIE}=${token}; HttpOnly; Path=/; SameSite=Lax`,
      });
    }
    if (!session?.user) {
      return fail(res, 401, 'unauthorized');
    }
    const user = session.user;
    if (method !== 'GET' && req.headers[CSRF_HEADER] !== session.csrf) {
      return fail(res, 403, 'csrf');
    }
    if (path === '/api/session') {
      if (method === 'DELETE') {
        sessions.delete(session.token);
        return send(res, 204);
      }
      const info: SessionInfo = {
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
        csrfToken: session.csrf as string,
        timeZone: 'America/Vancouver',
        brokerageName: 'Maple Ridge Realty',
      };
      return send(res, 200, info);
    }
    if (path === '/api/leads' || path === '/api/leads.csv') {
      const q = url.searchParams.get('q')?.toLowerCase();
      const status = url.searchParams.get('status');
      const list = leads.filter(visible(user)).filter((l) => {
        const words = JSON.stringify(l).toLowerCase();
        return (!q || words.includes(q)) && (!status || l.status === status);
      });
      if (path.endsWith('.csv')) {
        res.writeHead(200, { 'content-type': 'text/csv' });
        return res.end(list.map((l) => l.person.name).join('\n'));
      }
      return send(res, 200, {
        leads: list.map(item),
        nextCursor: null,
        demoHidden: true,
        filters: {
          agents: users
            .filter((u) => u.role === 'agent')
            .map((u) => ({ name: u.name, email: u.email })),
          listings: [...new Set(leads.map((l) => l.listing.address ?? ''))],
        },
      });
    }
    if (path === '/api/agents') {
      return send(
        res,
        200,
        users.map((u) => ({ name: u.name, email: u.email })),
      );
    }
    if (path === '/api/numbers') {
      const days = Number(url.searchParams.get('days') ?? 30) as 7 | 30 | 90;
      const list = leads.filter(visible(user));
      const numbers: Numbers = {
        days,
        from: new Date(Date.now() - days * 86_400_000).toISOString(),
        to: new Date().toISOString(),
        total: row('all', list),
        byListing: [row('14 Linden Court', list)],
        byPage: [row('https://maple-ridge.example/listings/14-linden-court', list)],
        byAgent: [row('Priya Sandhu', list), row('Daniel Okafor', [])],
      };
      return send(res, 200, numbers);
    }
    const match = path.match(/^\/api\/(leads|deliveries)\/([^/]+)(\/notes|\/retry)?$/);
    const lead =
      match?.[1] === 'leads'
        ? leads.find((l) => l.id === match[2])
        : leads.find((l) => l.deliveries.some((d) => d.id === match?.[2]));
    if (!lead || !visible(user)(lead)) {
      return fail(res, 404, 'not-found');
    }
    const at = new Date().toISOString();
    if (method === 'PATCH') {
      const body = await readBody(req);
      if (typeof body.status === 'string') {
        lead.activity.push({
          at,
          by: user.name,
          kind: 'status',
          text: `${lead.status} → ${body.status}`,
        });
        lead.status = body.status as LeadStatus;
      }
      if (typeof body.assignedTo === 'string') {
        const to = users.find((u) => u.email === body.assignedTo);
        lead.assignedTo = {
          name: to?.name ?? null,
          email: to?.email ?? null,
          reason: 'assigned by broker',
        };
        lead.activity.push({
          at,
          by: user.name,
          kind: 'assignment',
          text: `Assigned to ${to?.name}`,
        });
      }
    } else if (method === 'POST' && match?.[3] === '/notes') {
      const body = await readBody(req);
      lead.activity.push({ at, by: user.name, kind: 'note', text: String(body.text) });
    } else if (method === 'POST' && match?.[3] === '/retry') {
      for (const d of lead.deliveries) {
        d.status = 'pending';
      }
      lead.activity.push({ at, by: user.name, kind: 'delivery-retry', text: 'Retry' });
    }
    return send(res, 200, lead);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    users,
    leads,
    addLead,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
