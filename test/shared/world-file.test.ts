import { describe, expect, it } from 'vitest';
import { parseWorldFile } from '../../src/shared/world-file.js';

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
