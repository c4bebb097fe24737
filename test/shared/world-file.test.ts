import { describe, expect, it } from 'vitest';
import { parseWorldFile, worldFileSchema } from '../../src/shared/world-file.js';
import { WORLD_PARSE, worldIssues } from '../../src/shared/world-issues.js';

describe('the world file', () => {
  it('refuses a bot token discord.js would mangle, and says why', () => {
    for (const bot_token of ['Bot.abcdefgh', 'bot-token-app', 'BEARER12345678']) {
      const parsed = parseWorldFile({ applications: [{ id: '1', name: 'App', bot_token }] });
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.message).toMatch(/^applications\[0\]\.bot_token: must not start with "Bot" or "Bearer": discord\.js strips that/);
    }
    expect(parseWorldFile({ applications: [{ id: '1', name: 'App', bot_token: 'MQ.app-token' }] }).ok).toBe(true);
  });
});

describe('an app\'s url_mappings in the world file', () => {
  const app = (url_mappings: unknown) => ({ applications: [{ id: '1', name: 'App', bot_token: 'MQ.app-token', flags: 1 << 17, url_mappings }] });
  /** The refusals of a file whose one app has these mappings: path and code. */
  function refusals(url_mappings: unknown) {
    const parsed = worldFileSchema.safeParse(app(url_mappings), WORLD_PARSE);
    return parsed.success ? [] : worldIssues(parsed.error).map(({ path, code }) => ({ path, code }));
  }
  const at = (index: number, field: string) => ['applications', 0, 'url_mappings', index, field];

  it('takes the Portal\'s list: the root to a dev server, prefixes to other hosts, parameters', () => {
    const mappings = [{ prefix: '/api', target: '127.0.0.1:3001' }, { prefix: '/google/{subdomain}', target: '{subdomain}.google.com' }, { prefix: '/', target: '127.0.0.1:5173' }];
    const parsed = parseWorldFile(app(mappings));
    expect(parsed.ok && parsed.world.applications[0]?.url_mappings).toEqual(mappings);
    expect(parseWorldFile({ applications: [{ id: '1', name: 'App', bot_token: 'MQ.app-token' }] }).ok).toBe(true);
  });

  it('refuses each bad mapping where it stands, with the code that says why', () => {
    expect(refusals([{ prefix: 'api', target: 'x.example' }])).toEqual([{ path: at(0, 'prefix'), code: 'URL_MAPPING_PREFIX_INVALID' }]);
    expect(refusals([{ prefix: '/', target: 'x.example' }, { prefix: '/.proxy/api', target: 'x.example' }])).toEqual([{ path: at(1, 'prefix'), code: 'URL_MAPPING_PREFIX_INVALID' }]);
    expect(refusals([{ prefix: '/x', target: 'a b' }])).toEqual([{ path: at(0, 'target'), code: 'URL_MAPPING_TARGET_INVALID' }]);
    expect(refusals([{ prefix: '/x', target: 'ftp://files.example' }])).toEqual([{ path: at(0, 'target'), code: 'URL_MAPPING_TARGET_INVALID' }]);
    expect(refusals([{ prefix: '/x', target: '{subdomain}.example' }])).toEqual([{ path: at(0, 'target'), code: 'URL_MAPPING_TARGET_INVALID' }]);
    expect(refusals([{ prefix: '/x', target: 'a.example' }, { prefix: '/x', target: 'b.example' }])).toEqual([{ path: at(1, 'prefix'), code: 'URL_MAPPING_PREFIX_DUPLICATE' }]);
    expect(refusals({ prefix: '/', target: 'x.example' })).toEqual([{ path: ['applications', 0, 'url_mappings'], code: 'LIST_TYPE_CONVERT' }]);
  });

  it('says the field\'s path and the reason in the loader\'s message', () => {
    const parsed = parseWorldFile(app([{ prefix: '/x', target: 'ftp://files.example' }]));
    expect(parsed).toEqual({ ok: false, message: 'applications[0].url_mappings[0].target: The proxy reaches http, https, ws and wss targets, not ftp.' });
  });
});
