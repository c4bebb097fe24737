import { describe, expect, it } from 'vitest';
import { GLOBAL, GUILD, IDS, TOKENS, slash, testRegistry } from '../helpers/test-registry.js';

const names = (count: number, prefix = 'c') => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

describe('limits per type', () => {
  it('allows 100 CHAT_INPUT commands and refuses the 101st with 30032', async () => {
    const registry = await testRegistry();
    expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: names(100).map((name) => slash(name)) })).statusCode).toBe(200);
    const response = await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('one-too-many') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 30032, message: 'Maximum number of application commands reached (100)' });
    // An upsert of an existing name is not a new command.
    expect((await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('c5', { description: 'changed' }) })).statusCode).toBe(200);
  });

  it('refuses a bulk overwrite past a type limit, in guilds too', async () => {
    const registry = await testRegistry();
    const tooMany = names(16, 'User ').map((name) => ({ name, type: 2 }));
    const response = await registry.bot({ method: 'PUT', url: GUILD, payload: tooMany });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 30032, message: 'Maximum number of application commands reached (15)' });
    expect((await registry.bot({ method: 'PUT', url: GUILD, payload: tooMany.slice(0, 15) })).statusCode).toBe(200);
    const messages = names(16, 'Message ').map((name) => ({ name, type: 3 }));
    expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: messages })).json().code).toBe(30032);
  });
});

describe('the length of a bulk overwrite', () => {
  it('refuses 131 commands with 50035 BASE_TYPE_MAX_LENGTH, before the per-type limits', async () => {
    const registry = await testRegistry();
    // 131 CHAT_INPUT commands would also break the 100 limit (30032): the array's length is checked first.
    const response = await registry.bot({ method: 'PUT', url: GLOBAL, payload: names(131).map((name) => slash(name)) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 50035, message: 'Invalid Form Body',
      errors: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 130 or fewer in length.' }] },
    });
    expect((await registry.bot({ method: 'PUT', url: GUILD, payload: names(131).map((name) => ({ name, type: 2 })) })).json().code).toBe(50035);
    expect((await registry.bot({ method: 'GET', url: GLOBAL })).json()).toEqual([]);
  });

  it('takes 130 commands when each type stays within its limit', async () => {
    const registry = await testRegistry();
    const list = [
      ...names(100).map((name) => slash(name)),
      ...names(15, 'User ').map((name) => ({ name, type: 2 })),
      ...names(15, 'Message ').map((name) => ({ name, type: 3 })),
    ];
    const response = await registry.bot({ method: 'PUT', url: GLOBAL, payload: list });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(130);
  });
});

describe('daily creates', () => {
  it('allows 200 creates a day per scope, then answers 429 30034 with retry_after', async () => {
    const registry = await testRegistry();
    for (let round = 0; round < 2; round++) {
      const batch = names(100, `r${round}-`).map((name) => slash(name));
      expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: batch })).statusCode).toBe(200);
      // Empty the list again: deleting does not give creates back.
      expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: [] })).statusCode).toBe(200);
    }
    const refused = await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('late') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 30034, message: 'Max number of daily application command creates has been reached (200)', global: false,
    });
    expect(refused.json().retry_after).toBeCloseTo(86_400, 0);
    expect(refused.headers).toMatchObject({ 'x-ratelimit-scope': 'shared', 'retry-after': '86400', 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': '0' });
    // Guild scopes have their own count.
    expect((await registry.bot({ method: 'POST', url: GUILD, payload: slash('late') })).statusCode).toBe(201);
    // A day later the window has moved on.
    registry.clock.now += 86_400_000;
    expect((await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('late') })).statusCode).toBe(201);
  });

  it('counts only the new commands of a bulk overwrite', async () => {
    const registry = await testRegistry();
    const list = names(100).map((name) => slash(name));
    expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: list })).statusCode).toBe(200);
    for (let round = 0; round < 5; round++) {
      const edited = list.map((command) => ({ ...command, description: `round ${round}` }));
      expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: edited })).statusCode).toBe(200);
    }
    expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: [] })).statusCode).toBe(200);
    expect((await registry.bot({ method: 'PUT', url: GLOBAL, payload: names(100, 'x').map((name) => slash(name)) })).statusCode).toBe(200);
    const before = (await registry.bot({ method: 'GET', url: GLOBAL })).json();
    // 200 used: a list with one new name is refused whole.
    const refused = await registry.bot({ method: 'PUT', url: GLOBAL, payload: [...names(99, 'x').map((name) => slash(name)), slash('fresh')] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(30034);
    expect((await registry.bot({ method: 'GET', url: GLOBAL })).json()).toEqual(before);
  });
});

describe('entry point commands', () => {
  const ACTIVITY = `/api/v10/applications/${IDS.activityApp}/commands`;

  it('gives an EMBEDDED app the default Launch command with handler 2', async () => {
    const registry = await testRegistry();
    const list = (await registry.bot({ method: 'GET', url: ACTIVITY }, TOKENS.activityBot)).json();
    expect(list).toMatchObject([{ type: 4, name: 'Launch', handler: 2, application_id: IDS.activityApp }]);
  });

  it('refuses a bulk overwrite that drops the entry point with 50240', async () => {
    const registry = await testRegistry();
    const [launch] = (await registry.bot({ method: 'GET', url: ACTIVITY }, TOKENS.activityBot)).json();
    const refused = await registry.bot({ method: 'PUT', url: ACTIVITY, payload: [slash('play')] }, TOKENS.activityBot);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 50240,
      message: "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
    });
    const kept = await registry.bot({ method: 'PUT', url: ACTIVITY, payload: [slash('play'), { name: 'Launch', type: 4, handler: 2, description: 'Start' }] }, TOKENS.activityBot);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()[1]).toMatchObject({ id: launch.id, handler: 2, description: 'Start' });
    // Deleting it separately is allowed; then a list without one is fine.
    expect((await registry.bot({ method: 'DELETE', url: `${ACTIVITY}/${launch.id}` }, TOKENS.activityBot)).statusCode).toBe(204);
    expect((await registry.bot({ method: 'PUT', url: ACTIVITY, payload: [slash('play')] }, TOKENS.activityBot)).statusCode).toBe(200);
  });

  it('allows one entry point per app, and none in a guild', async () => {
    const registry = await testRegistry();
    const second = await registry.bot({ method: 'POST', url: ACTIVITY, payload: { name: 'Another', type: 4, handler: 1 } }, TOKENS.activityBot);
    expect(second.json()).toEqual({ code: 30032, message: 'Maximum number of application commands reached (1)' });
    const inGuild = await registry.bot({ method: 'POST', url: `/api/v10/applications/${IDS.activityApp}/guilds/${IDS.guild}/commands`, payload: { name: 'Launch', type: 4, handler: 2 } }, TOKENS.activityBot);
    expect(inGuild.statusCode).toBe(400);
    expect(inGuild.json()).toMatchObject({ code: 50035, errors: { type: { _errors: [{}] } } });
  });

  it('refuses a handler on an app without an Activity', async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'POST', url: GLOBAL, payload: { name: 'Launch', type: 4, handler: 2 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(50035);
    expect(JSON.stringify(response.json().errors)).toContain('handler');
  });
});
