import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadTexts } from '../../widget/element/after-intent/load-texts.ts';
import { describeProblems, problemSentence } from '../../widget/element/after-intent/problems.ts';
import {
  ATTRIBUTES,
  type AttributeProblem,
  type AttributeValues,
  camelCase,
  DEFAULT_LABELS,
  parseAttributes,
  readAttributes,
  warningSentence,
} from '../../widget/element/attributes.ts';
import { en } from '../../widget/element/i18n/en.ts';
import { LANGUAGES } from '../../widget/element/i18n/languages.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

const values = attributeValues;

describe('the attribute list', () => {
  it('is declared once and names every attribute of the issue', () => {
    expect([...ATTRIBUTES].sort()).toEqual(
      [
        'api-base-url',
        'assistant-id',
        'assistant-name',
        'avatar',
        'captions',
        'position',
        'assistant-overrides',
        'demo',
        'label-active',
        'label-connecting',
        'label-idle',
        'mode',
        'public-key',
        'squad-id',
        'workflow-id',
        'listing',
        'listing-address',
        'listing-price',
        'listing-id',
        'listing-url',
        'agent-name',
        'brokerage',
        'lead-endpoint',
        'analytics',
        'chat',
        'consent',
        'consent-url',
        'lang',
        'resume-seconds',
        'office-phone',
        'office-hours',
      ].sort(),
    );
  });

  it('derives camel-cased prop names, at run time and in the types', () => {
    expect(ATTRIBUTES.map(camelCase)).toContain('assistantOverrides');
    expectTypeOf<keyof AttributeValues>().toEqualTypeOf<
      | 'assistantId'
      | 'squadId'
      | 'workflowId'
      | 'assistantOverrides'
      | 'publicKey'
      | 'apiBaseUrl'
      | 'mode'
      | 'labelIdle'
      | 'labelConnecting'
      | 'labelActive'
      | 'demo'
      | 'assistantName'
      | 'avatar'
      | 'captions'
      | 'position'
      | 'listing'
      | 'listingAddress'
      | 'listingPrice'
      | 'listingId'
      | 'listingUrl'
      | 'agentName'
      | 'brokerage'
      | 'leadEndpoint'
      | 'analytics'
      | 'chat'
      | 'consent'
      | 'consentUrl'
      | 'lang'
      | 'resumeSeconds'
      | 'officePhone'
      | 'officeHours'
    >();
  });

  it('reads every declared attribute from an element, null when absent', () => {
    const el = document.createElement('div');
    el.setAttribute('assistant-id', 'a1');
    el.setAttribute('demo', '');
    el.setAttribute('unrelated', 'x');
    expect(readAttributes(el)).toEqual(values({ assistantId: 'a1', demo: '' }));
  });
});

describe('parseAttributes', () => {
  it('accepts an assistant id with defaults for everything else', () => {
    const config = parseAttributes(values({ assistantId: ' a1 ', publicKey: 'pk' }));
    expect(config).toEqual({
      mode: 'inline',
      labels: DEFAULT_LABELS,
      demo: false,
      target: { kind: 'assistant', id: 'a1' },
      assistantOverrides: undefined,
      publicKey: 'pk',
      apiBaseUrl: null,
      assistantName: null,
      avatar: null,
      captions: true,
      position: 'bottom-right',
      leadEndpoint: null,
      analytics: null,
      chat: true,
      consent: null,
      problems: [],
      warnings: [],
    });
    expect(DEFAULT_LABELS).toEqual({
      idle: 'Talk to Assistant',
      connecting: 'Connecting...',
      active: 'Stop',
    });
  });

  it('says what to add when no assistant, squad or workflow is set', () => {
    const config = parseAttributes(values({ assistantId: '   ' }), 'my-assistant');
    expect(config.target).toBeNull();
    expect(config.problems).toEqual([{ code: 'no-target', tag: 'my-assistant' }]);
    expect(describeProblems(config.problems, en)).toBe(
      'No assistant is set. Add assistant-id="…" (or squad-id / workflow-id) to <my-assistant>.',
    );
  });

  it('takes a squad or a workflow instead, but not two at once', () => {
    expect(parseAttributes(values({ squadId: 's1' })).target).toEqual({ kind: 'squad', id: 's1' });
    expect(parseAttributes(values({ workflowId: 'w1' })).target).toEqual({
      kind: 'workflow',
      id: 'w1',
    });
    const both = parseAttributes(values({ assistantId: 'a', workflowId: 'w' }));
    expect(describeProblems(both.problems, en)).toBe(
      'Set only one of assistant-id, squad-id or workflow-id (found assistant-id, workflow-id).',
    );
  });

  it('parses assistant-overrides as a JSON object and ignores anything else with a warning', () => {
    const ok = parseAttributes(
      values({ assistantId: 'a', assistantOverrides: '{"firstMessage":"Hi"}' }),
    );
    expect(ok.assistantOverrides).toEqual({ firstMessage: 'Hi' });
    for (const bad of ['{firstMessage:1}', '[1]', '"text"', 'null']) {
      const config = parseAttributes(values({ assistantId: 'a', assistantOverrides: bad }));
      expect(config.assistantOverrides).toBeUndefined();
      expect(config.problems).toEqual([]);
      expect(config.warnings.map((w) => warningSentence('voice-assistant', w))).toEqual([
        `<voice-assistant> ignores assistant-overrides="${bad}": write a JSON object.`,
      ]);
    }
  });

  it('accepts the three modes in any case and ignores others with a warning', () => {
    expect(parseAttributes(values({ assistantId: 'a', mode: 'FullScreen' })).mode).toBe(
      'fullscreen',
    );
    expect(parseAttributes(values({ assistantId: 'a', mode: 'floating' })).mode).toBe('floating');
    const bad = parseAttributes(values({ assistantId: 'a', mode: 'popup' }));
    expect(bad.mode).toBe('inline');
    expect(bad.problems).toEqual([]);
    expect(bad.warnings).toEqual([
      { attribute: 'mode', value: 'popup', expected: 'inline or fullscreen or floating' },
    ]);
  });

  it('requires an absolute http(s) api-base-url', () => {
    expect(
      parseAttributes(values({ assistantId: 'a', apiBaseUrl: 'https://api.example.com/v1' }))
        .apiBaseUrl,
    ).toBe('https://api.example.com/v1');
    const relative = parseAttributes(values({ assistantId: 'a', apiBaseUrl: '/relative' }));
    expect(relative.apiBaseUrl).toBeNull();
    expect(relative.problems).toEqual([]);
    expect(relative.warnings.map((w) => w.attribute)).toEqual(['api-base-url']);
  });

  it('uses custom labels and falls back to the defaults for empty ones', () => {
    const config = parseAttributes(
      values({
        assistantId: 'a',
        labelIdle: 'Call us',
        labelConnecting: ' ',
        labelActive: 'Hang up',
      }),
    );
    expect(config.labels).toEqual({
      idle: 'Call us',
      connecting: 'Connecting...',
      active: 'Hang up',
    });
  });

  it('is in demo mode with the demo attribute or without a public key', () => {
    expect(parseAttributes(values({ assistantId: 'a' })).demo).toBe(true);
    expect(parseAttributes(values({ assistantId: 'a', publicKey: 'pk', demo: '' })).demo).toBe(
      true,
    );
    expect(parseAttributes(values({ assistantId: 'a', publicKey: 'pk', demo: 'false' })).demo).toBe(
      false,
    );
    expect(parseAttributes(values({ assistantId: 'a', publicKey: 'pk' })).demo).toBe(false);
  });

  it('lists every problem and every warning at once', () => {
    const config = parseAttributes(values({ mode: 'x', assistantOverrides: '{' }));
    expect(config.problems).toHaveLength(1);
    expect(config.warnings).toHaveLength(2);
  });
});

describe('the conversation view attributes', () => {
  it('puts assistant-name in the default idle label, never over an explicit one', () => {
    const named = parseAttributes(values({ assistantId: 'a', assistantName: ' Nora ' }));
    expect(named.assistantName).toBe('Nora');
    expect(named.labels).toEqual({
      idle: 'Talk to Nora',
      connecting: 'Connecting...',
      active: 'Stop',
    });
    const labelled = parseAttributes(
      values({ assistantId: 'a', assistantName: 'Nora', labelIdle: 'Call us' }),
    );
    expect(labelled.labels.idle).toBe('Call us');
  });

  it('reads avatar, captions and position, falling back to the defaults on other values', () => {
    const config = parseAttributes(
      values({ assistantId: 'a', avatar: ' /nora.png ', captions: 'OFF', position: 'bottom-left' }),
    );
    expect([config.avatar, config.captions, config.position]).toEqual([
      new URL('/nora.png', document.baseURI).href,
      false,
      'bottom-left',
    ]);
    const other = parseAttributes(
      values({ assistantId: 'a', avatar: ' ', captions: 'no', position: 'top-left' }),
    );
    expect([other.avatar, other.captions, other.position]).toEqual([null, true, 'bottom-right']);
    expect(other.problems).toEqual([]);
    expect(other.warnings.map((w) => w.attribute)).toEqual(['captions', 'position']);
  });
});

describe('parseAttributes: lead capture', () => {
  const base = { assistantId: 'a1', publicKey: 'pk' };

  it('accepts an https lead-endpoint and http only for a loopback host', () => {
    for (const url of [
      'https://forms.example.com/leads',
      'http://localhost:8080/forms/lead',
      'http://127.0.0.1/forms/lead',
    ]) {
      const config = parseAttributes(values({ ...base, leadEndpoint: ` ${url} ` }));
      expect(config.problems).toEqual([]);
      expect(config.leadEndpoint).toBe(new URL(url).href);
    }
  });

  it('ignores a plain-http, credentialed or malformed lead-endpoint with a warning', () => {
    for (const url of ['http://forms.example.com/leads', 'https://u:p@x.example/', 'https://']) {
      const config = parseAttributes(values({ ...base, leadEndpoint: url }));
      expect(config.leadEndpoint).toBeNull();
      expect(config.problems).toEqual([]);
      expect(config.warnings).toEqual([
        {
          attribute: 'lead-endpoint',
          value: url,
          expected: 'an https URL or a path',
        },
      ]);
    }
  });

  it('ignores a lead-endpoint of another scheme with a warning', () => {
    const config = parseAttributes(values({ ...base, leadEndpoint: 'ftp://x.example/' }));
    expect(config.leadEndpoint).toBeNull();
    expect(config.warnings.map((w) => w.attribute)).toEqual(['lead-endpoint']);
  });

  it('turns the data layer on only for analytics="datalayer"', () => {
    expect(parseAttributes(values({ ...base, analytics: 'DataLayer' })).analytics).toBe(
      'datalayer',
    );
    const ga4 = parseAttributes(values({ ...base, analytics: 'ga4' }));
    expect(ga4.analytics).toBeNull();
    expect(ga4.warnings.map((w) => w.attribute)).toEqual(['analytics']);
  });
});

describe('attribute problems in every language', () => {
  const problems: AttributeProblem[] = [
    { code: 'no-target', tag: 'voice-assistant' },
    { code: 'several-targets', found: ['assistant-id', 'squad-id'] },
  ];

  it('names the attribute to change in each language’s own words', async () => {
    const english = problems.map((p) => problemSentence(p, en));
    for (const language of LANGUAGES) {
      const texts = await loadTexts(language);
      problems.forEach((problem, i) => {
        const sentence = problemSentence(problem, texts);
        expect(sentence).toContain('assistant-id');
        if (language !== 'en') {
          expect(sentence, `${language} ${problem.code}`).not.toBe(english[i]);
        }
      });
    }
  });
});

describe('attributes forgive what browsers forgive (issue 21)', () => {
  const base = { assistantId: 'a1', publicKey: 'pk' };

  it('resolves relative URL attributes against the document’s base URL, as <a href> does', () => {
    const baseElement = document.createElement('base');
    baseElement.href = 'https://broker.example/listings/22-oak/';
    document.head.append(baseElement);
    try {
      const config = parseAttributes(
        values({
          ...base,
          consent: 'Recorded.',
          consentUrl: '../terms',
          avatar: 'nora.png',
          listingUrl: 'details.html',
          leadEndpoint: '/forms/lead',
        }),
      );
      expect(config.consent).toEqual({
        text: 'Recorded.',
        url: 'https://broker.example/listings/terms',
      });
      expect(config.avatar).toBe('https://broker.example/listings/22-oak/nora.png');
      expect(config.leadEndpoint).toBe('https://broker.example/forms/lead');
      expect(config.problems).toEqual([]);
      expect(config.warnings).toEqual([]);
      expect(parseAttributes(values({ ...base, consentUrl: 'privacy.html' })).warnings).toEqual([]);
    } finally {
      baseElement.remove();
    }
  });

  it('keeps the https rule of lead-endpoint after resolving (http only on loopback)', () => {
    const baseElement = document.createElement('base');
    baseElement.href = 'http://broker.example/';
    document.head.append(baseElement);
    try {
      const plain = parseAttributes(values({ ...base, leadEndpoint: '/forms/lead' }));
      expect(plain.leadEndpoint).toBeNull();
      expect(plain.warnings.map((w) => w.attribute)).toEqual(['lead-endpoint']);
      baseElement.href = 'http://localhost:8080/';
      expect(parseAttributes(values({ ...base, leadEndpoint: 'forms/lead' })).leadEndpoint).toBe(
        'http://localhost:8080/forms/lead',
      );
    } finally {
      baseElement.remove();
    }
  });

  it('ignores a bad optional attribute with a warning naming it and what to write', () => {
    const config = parseAttributes(
      values({
        ...base,
        captions: 'maybe',
        position: 'top',
        lang: 'xx',
        chat: 'sometimes',
        consent: 'Recorded.',
        consentUrl: 'javascript:alert(1)',
        listingUrl: 'javascript:alert(1)',
        avatar: 'javascript:alert(1)',
      }),
    );
    expect(config.problems).toEqual([]);
    expect([config.captions, config.position, config.chat, config.avatar]).toEqual([
      true,
      'bottom-right',
      true,
      null,
    ]);
    expect(config.consent).toEqual({ text: 'Recorded.', url: null });
    expect(config.warnings.map((w) => warningSentence('voice-assistant', w)).sort()).toEqual(
      [
        '<voice-assistant> ignores avatar="javascript:alert(1)": write an image URL or a path.',
        '<voice-assistant> ignores captions="maybe": write on or off.',
        '<voice-assistant> ignores chat="sometimes": write on or off.',
        '<voice-assistant> ignores consent-url="javascript:alert(1)": write an http(s) URL or a path.',
        '<voice-assistant> ignores lang="xx": write en or es or fr or de or pt or zh or ar.',
        '<voice-assistant> ignores listing-url="javascript:alert(1)": write an http(s) URL or a path.',
        '<voice-assistant> ignores position="top": write bottom-right or bottom-left.',
      ].sort(),
    );
  });

  it('takes any language tag whose primary subtag is built in', () => {
    for (const lang of ['es-MX', 'pt-BR', 'zh-Hant', 'EN']) {
      expect(parseAttributes(values({ ...base, lang })).warnings).toEqual([]);
    }
  });
});
