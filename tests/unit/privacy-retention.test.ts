import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRetention } from '../../desk/config/retention.ts';
import { privacyPolicy } from '../../site/content/privacy.ts';

// The privacy page promises what the desk's daily sweep does: both read `retention` from
// assistant.config.json with the same defaults (desk/config/retention.ts).
describe('the privacy page and the retention sweep', () => {
  it('states the periods assistant.config.json sets', () => {
    const config = JSON.parse(readFileSync('assistant.config.json', 'utf8')) as {
      retention?: unknown;
    };
    const { retention, problems } = readRetention(config.retention);
    expect(problems).toEqual([]);
    const items = privacyPolicy.sections.find((s) => s.id === 'retention')?.items ?? [];
    expect(items).toContainEqual(
      `call recordings and transcripts: ${retention.transcriptDays} days after the call;`,
    );
    expect(items.join(' ')).toContain(
      `leads: deleted from our systems ${retention.leadDays} days after their last activity`,
    );
    expect(items).toContainEqual(
      `technical logs: ${retention.logDays} days, without the content of your calls or messages.`,
    );
  });
});
