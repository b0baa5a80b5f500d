/**
 * A user's role: a broker sees and changes every lead; an agent only the leads assigned to them.
 * Its own file, so the inbox's API contract (read by the browser app too) names it without
 * reaching the users' table.
 */
export type Role = 'broker' | 'agent';
