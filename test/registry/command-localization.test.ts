import { describe, expect, it } from 'vitest';
import { GLOBAL, IDS, slash, testRegistry } from '../helpers/test-registry.js';

const localized = slash('hello', {
  name_localizations: { fr: 'bonjour', 'en-GB': 'hullo', 'es-ES': 'hola', de: 'hello' },
  description_localizations: { fr: 'Dit bonjour', 'es-ES': 'Dice hola' },
  options: [{
    type: 3, name: 'who', description: 'Who to greet', name_localizations: { fr: 'qui' },
    choices: [{ name: 'World', value: 'world', name_localizations: { fr: 'Monde' } }],
  }],
});

async function listIn(headers: Record<string, string>, query = '') {
  const registry = await testRegistry();
  await registry.bot({ method: 'POST', url: GLOBAL, payload: localized });
  return (await registry.bot({ method: 'GET', url: `${GLOBAL}${query}`, headers })).json()[0];
}

describe('localized command lists', () => {
  it('adds *_localized fields for X-Discord-Locale and drops the dictionaries', async () => {
    const command = await listIn({ 'x-discord-locale': 'fr' });
    expect(command).toMatchObject({ name: 'hello', name_localized: 'bonjour', description_localized: 'Dit bonjour' });
    expect(command).not.toHaveProperty('name_localizations');
    expect(command.options[0]).toMatchObject({ name: 'who', name_localized: 'qui' });
    expect(command.options[0].choices[0]).toEqual({ name: 'World', value: 'world', name_localized: 'Monde' });
  });

  it('takes X-Service-Locale first, then X-Discord-Locale, then Accept-Language', async () => {
    expect((await listIn({ 'x-service-locale': 'fr', 'x-discord-locale': 'es-ES' })).name_localized).toBe('bonjour');
    expect((await listIn({ 'accept-language': 'de;q=0.1, fr-FR;q=0.9, es;q=0.5' })).name_localized).toBe('bonjour');
    expect((await listIn({ 'x-discord-locale': 'klingon', 'accept-language': 'es' })).name_localized).toBe('hola');
  });

  it('follows the spec fallbacks, and leaves *_localized out when nothing matches', async () => {
    expect((await listIn({ 'x-discord-locale': 'en-US' })).name_localized).toBe('hullo');
    expect((await listIn({ 'x-discord-locale': 'es-419' })).description_localized).toBe('Dice hola');
    const japanese = await listIn({ 'x-discord-locale': 'ja' });
    expect(japanese).not.toHaveProperty('name_localized');
    expect(japanese).not.toHaveProperty('description_localized');
    expect(await listIn({})).not.toHaveProperty('name_localized');
  });

  it('answers the full dictionaries with with_localizations=true, without the value equal to the default', async () => {
    const command = await listIn({ 'x-discord-locale': 'fr' }, '?with_localizations=true');
    expect(command.name_localizations).toEqual({ fr: 'bonjour', 'en-GB': 'hullo', 'es-ES': 'hola' });
    expect(command.description_localizations).toEqual({ fr: 'Dit bonjour', 'es-ES': 'Dice hola' });
    expect(command).not.toHaveProperty('name_localized');
    expect(command.options[0].name_localizations).toEqual({ fr: 'qui' });
  });

  it('uses the locale of the user behind a Bearer token when no header names one', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'POST', url: GLOBAL, payload: localized });
    await registry.store.tokens.put('client-credentials', { application_id: IDS.app, user_id: null, scopes: ['applications.commands.update'], expires_at: registry.clock.now + 60_000 });
    const response = await registry.app.inject({ method: 'GET', url: GLOBAL, headers: { authorization: 'Bearer client-credentials', 'x-discord-locale': 'fr' } });
    expect(response.json()[0].name_localized).toBe('bonjour');
  });
});
