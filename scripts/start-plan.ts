/** The desk's port when DESK_PORT is not set (as desk/config/desk-env.ts defaults it). */
export const DEFAULT_DESK_PORT = 8787;

/** What `npm start` runs, worked out from the environment (pure). */
export interface StartPlan {
  /** The site's widgets' `lead-endpoint`: the desk's POST /leads unless VITE_LEAD_ENDPOINT is set. */
  leadEndpoint: string;
  /** Where the desk answers (its /health is polled before the site is announced). */
  deskUrl: string;
  /** The environment the desk starts with: its port, and the preview's origins allowed. */
  deskEnv: Record<string, string>;
}

/**
 * The plan for `npm start` on preview port `port`: the desk on 127.0.0.1 at DESK_PORT (default
 * 8787) with DESK_ALLOWED_ORIGINS the preview's two loopback origins (added to any already set),
 * and the site built to post its leads there. A bad DESK_PORT is the desk's to report.
 */
export function startPlan(port: number, env: NodeJS.ProcessEnv): StartPlan {
  const rawDeskPort = env.DESK_PORT?.trim() || String(DEFAULT_DESK_PORT);
  const deskUrl = `http://127.0.0.1:${rawDeskPort}`;
  const origins = [
    ...(env.DESK_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
  ];
  return {
    leadEndpoint: env.VITE_LEAD_ENDPOINT?.trim() || `${deskUrl}/leads`,
    deskUrl,
    deskEnv: {
      DESK_PORT: rawDeskPort,
      DESK_HOST: '127.0.0.1',
      DESK_ALLOWED_ORIGINS: [...new Set(origins)].join(','),
    },
  };
}
