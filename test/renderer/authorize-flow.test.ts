/**
 * The client's Authorize flow in its store, against a registry on a real port: the host
 * contract over `/_host` (the native addon builds the values and the URL), the authorize
 * API with the person's session token, the redirect followed to the loopback route the way
 * a browser does, the token exchange as a public client, the id_token checked against the
 * JWKS; then the token edits a command's permissions. And each one-click failure: Cancel
 * (access_denied), a tampered state, a wrong verifier, an expired code, and a person who
 * cannot manage the guild (50013). No fakes: only the page's DOM is missing.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStore } from '../../src/renderer/store/create-app-store.js';
import type { AppState } from '../../src/renderer/store/app-state.js';
import { readWorldFile } from '../../src/registry/start.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';
import { registryStore, until } from './registry-store.js';

const GAME = (() => {
  const game = readWorldFile(EXAMPLE_WORLD).applications.find((app) => app.name === 'Example Game');
  if (!game?.bot_token) throw new Error('examples/world.json lost its Example Game');
  return { id: game.id, token: game.bot_token };
})();
const EDIT = 'applications.commands.permissions.update';

let registry: ListeningRegistry;

beforeAll(async () => {
  registry = await builtRegistry({ clientDirectory: null });
  // The guild's owner adds the game to the guild (a plain install), so each test may edit its permissions there.
  const install = await fetch(`${registry.url}/api/v10/oauth2/authorize?client_id=${GAME.id}&scope=applications.commands`, {
    method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' },
    body: JSON.stringify({ authorize: true, guild_id: EXAMPLE.guild }),
  });
  if (install.status !== 200) throw new Error(`the install answered ${install.status}`);
});

afterAll(async () => {
  await registry?.close();
});

/** The client's store with real dependencies, acting as `user` (a session the host mints). */
function client(userId: string): Promise<AppStore> {
  return registryStore(registry.url, userId);
}

/** Opens the panel and chooses `scopes` on top of the SDK's default communication scopes. */
async function panel(store: AppStore, scopes: string[] = []): Promise<void> {
  await store.getState().openAuthorize();
  await until(store, (state) => state.authorizeUrl !== null);
  for (const scope of scopes) store.getState().toggleAuthorizeScope(scope);
  await store.getState().buildAuthorizeUrl();
}

const stepStatus = (state: AppState) => Object.fromEntries((state.authorizeFlow?.steps ?? []).map((step) => [step.id, step.status]));

describe('the Authorize panel', () => {
  it('opens with the addon\'s values: a verifier and its challenge, state, nonce, the default scopes, a public app with the loopback redirect', async () => {
    const store = await client(EXAMPLE.alice.id);
    await panel(store);
    const { authorizeForm: form, authorizeUrl: built, authorizeSetup: setup } = store.getState();
    expect(form.clientId).toBe(GAME.id);
    expect(form.scopes).toEqual(['openid', 'sdk.social_layer']);
    expect(form.challenge).toBe(createHash('sha256').update(form.verifier, 'ascii').digest('base64url'));
    expect(setup?.default_scopes.presence).toBe('openid sdk.social_layer_presence');
    expect(built?.url).toContain(`&code_challenge=${form.challenge}&code_challenge_method=S256`);
    expect(built?.redirect_uri).toBe(`${registry.url}/callback`);
    store.getState().chooseDefaultScopes('presence');
    await until(store, (state) => state.authorizeUrl?.url.includes('scope=openid%20sdk.social_layer_presence') === true);
    store.getState().setAuthorizeField('clientId', 'not-a-number');
    const refused = await until(store, (state) => state.authorizeUrlError !== null);
    expect(refused.authorizeUrlError).toContain('setClientId');
    expect(refused.authorizeUrl).toBeNull();
  });
});

describe('the Authorize flow', () => {
  it('runs to a verified token, which edits a command\'s permissions', async () => {
    const store = await client(EXAMPLE.alice.id);
    await panel(store, ['applications.commands', EDIT]);
    await store.getState().startAuthorize('normal');
    const consent = store.getState().authorizeFlow?.consent;
    expect(consent).toMatchObject({ application: { id: GAME.id, name: 'Example Game' }, user: { id: EXAMPLE.alice.id }, integrationType: 0 });
    expect(consent?.guilds.map((guild) => guild.id)).toContain(EXAMPLE.guild);
    await store.getState().answerConsent(true, EXAMPLE.guild);
    const done = await until(store, (state) => state.authorizeFlow?.phase === 'done' || state.authorizeFlow?.phase === 'failed');
    expect(done.authorizeFlow?.outcome).toEqual({ ok: true, text: 'Authorized: signature valid, nonce matches. The token is ready.' });
    expect(stepStatus(done)).toEqual({ verifier: 'ok', url: 'ok', consent: 'ok', decision: 'ok', redirect: 'ok', token: 'ok', keys: 'ok', 'id-token': 'ok' });
    const idToken = done.authorizeFlow!.steps.find((step) => step.id === 'id-token')!;
    expect(idToken.document).toMatchObject({ header: { alg: 'RS256' }, claims: { iss: registry.url, aud: GAME.id, sub: EXAMPLE.alice.id, nonce: done.authorizeForm.nonce } });
    expect(done.authorizeFlow?.token?.scope.split(' ')).toEqual(expect.arrayContaining(['applications.commands', EDIT, 'identify']));

    // The game is in the guild; its bot registers a command there.
    const created = await fetch(`${registry.url}/api/v10/applications/${GAME.id}/guilds/${EXAMPLE.guild}/commands`, {
      method: 'POST', headers: { authorization: `Bot ${GAME.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kick-off', description: 'Start a match', default_member_permissions: '32' }),
    });
    expect(created.status).toBe(201);
    const command = await created.json() as { id: string };
    await store.getState().choosePermissionGuild(EXAMPLE.guild);
    expect(store.getState().permissionCommands).toEqual([
      { id: command.id, name: 'kick-off', hidden: false },
      { id: GAME.id, name: 'All commands (app-level)', hidden: false },
    ]);
    await store.getState().choosePermissionCommand(command.id);
    expect(store.getState().permissionExchange?.response).toMatchObject({ status: 404, body: { code: 10066 } });
    store.getState().addPermissionOverwrite({ id: EXAMPLE.bob.id, type: 2, permission: false });
    await store.getState().savePermissions();
    expect(store.getState().permissionExchange?.response?.status).toBe(200);
    const read = await fetch(`${registry.url}/api/v10/applications/${GAME.id}/guilds/${EXAMPLE.guild}/commands/${command.id}/permissions`, {
      headers: { authorization: `Bot ${GAME.token}` },
    });
    expect(await read.json()).toEqual({ id: command.id, application_id: GAME.id, guild_id: EXAMPLE.guild, permissions: [{ id: EXAMPLE.bob.id, type: 2, permission: false }] });
  });

  it('shows access_denied when the person cancels', async () => {
    const store = await client(EXAMPLE.alice.id);
    await panel(store);
    await store.getState().startAuthorize('normal');
    await store.getState().answerConsent(false, null);
    const failed = await until(store, (state) => state.authorizeFlow?.phase === 'failed');
    expect(failed.authorizeFlow?.outcome?.text).toBe('The authorization ended with access_denied.');
    expect(stepStatus(failed)).toMatchObject({ decision: 'ok', redirect: 'failed' });
    expect(stepStatus(failed).token).toBeUndefined();
  });

  it('refuses a redirect with another request\'s state, and never exchanges its code', async () => {
    const store = await client(EXAMPLE.alice.id);
    await panel(store);
    await store.getState().startAuthorize('tamper-state');
    await store.getState().answerConsent(true, null);
    const failed = await until(store, (state) => state.authorizeFlow?.phase === 'failed');
    expect(failed.authorizeFlow?.outcome?.text).toBe('State mismatch: the client refused the redirect.');
    const redirect = failed.authorizeFlow!.steps.find((step) => step.id === 'redirect')!;
    expect(redirect.summary).toContain(`expected ${failed.authorizeFlow!.expected.state}, got state-of-another-request`);
    expect(stepStatus(failed).token).toBeUndefined();
  });

  it('shows the token endpoint\'s invalid_grant for a wrong verifier and for an expired code', async () => {
    for (const [mode, field] of [['wrong-verifier', 'code_verifier'], ['expired-code', 'code']] as const) {
      const store = await client(EXAMPLE.alice.id);
      await panel(store);
      await store.getState().startAuthorize(mode);
      await store.getState().answerConsent(true, null);
      const failed = await until(store, (state) => state.authorizeFlow?.phase === 'failed');
      const token = failed.authorizeFlow!.steps.find((step) => step.id === 'token')!;
      expect(token.exchange?.response).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: `Invalid "${field}" in request.` } });
      expect(failed.authorizeFlow?.outcome?.text).toBe(`The token endpoint refused the code: 400 invalid_grant: Invalid "${field}" in request.`);
      if (mode === 'expired-code') expect(stepStatus(failed).expire).toBe('ok');
    }
  });

  it('shows 50013 when the person who authorized cannot manage the guild', async () => {
    const store = await client(EXAMPLE.carol.id);
    await panel(store, [EDIT]);
    await store.getState().startAuthorize('normal');
    await store.getState().answerConsent(true, null);
    await until(store, (state) => state.authorizeFlow?.phase === 'done');
    await store.getState().choosePermissionGuild(EXAMPLE.guild);
    await store.getState().choosePermissionCommand(GAME.id);
    store.getState().addPermissionOverwrite({ id: EXAMPLE.guild, type: 1, permission: true });
    await store.getState().savePermissions();
    expect(store.getState().permissionExchange?.response).toEqual({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
  });
});
