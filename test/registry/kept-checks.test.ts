/**
 * A command's checks kept for the person's next invocation with the same body but for its
 * nonce (interactions/invoke-as-person.ts): skipped then, and forgotten as soon as anything
 * they were made of changes, so a repeated invocation is refused exactly when a first one
 * would be. The nonce, outside the key, is still the request's own and still checked.
 */
import { describe, expect, it } from 'vitest';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { GUILD, IDS, TOKENS } from '../helpers/test-registry.js';

/** A harness with a command invoked once by the member, its checks kept, and a count of the person lookups since. */
async function keptOnce(options: Record<string, unknown>[] = []): Promise<{ harness: Harness; command: Record<string, unknown>; lookups: () => number }> {
  const harness = await interactionHarness();
  const command = await harness.command({ name: 'echo', description: 'Echoes', options });
  const first = await harness.invoke(slashInvocation(command), TOKENS.member);
  expect(first.statusCode, first.body).toBe(204);
  let lookups = 0;
  const store = harness.registry.store;
  const personByToken = store.personByToken.bind(store);
  store.personByToken = async (token: string) => {
    lookups += 1;
    return await personByToken(token);
  };
  return { harness, command, lookups: () => lookups };
}

describe('a command invoked again with the same body', () => {
  it('skips its checks, and is delivered with its own nonce', async () => {
    const { harness, command, lookups } = await keptOnce();
    const delivered = harness.gateway.nextInteraction();
    const second = { ...slashInvocation(command), nonce: 'n2' };
    expect((await harness.invoke(second, TOKENS.member)).statusCode).toBe(204);
    expect(await harness.event('INTERACTION_CREATE', (data) => data.nonce === 'n2')).toMatchObject({ nonce: 'n2' });
    expect(await delivered).toMatchObject({ type: 2, data: { name: 'echo' }, member: { user: { id: IDS.member } } });
    expect(lookups()).toBe(0);
  });

  it('still refuses a nonce the route refuses', async () => {
    const { harness, command } = await keptOnce();
    for (const nonce of ['n'.repeat(26), 5, null]) {
      const refused = await harness.invoke({ ...slashInvocation(command), nonce }, TOKENS.member);
      expect(refused.statusCode, String(nonce)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 50035, errors: { nonce: { _errors: [{}] } } });
    }
    const withoutNonce: Record<string, unknown> = { ...slashInvocation(command) };
    delete withoutNonce.nonce;
    expect((await harness.invoke(withoutNonce, TOKENS.member)).statusCode).toBe(204);
  });

  it('is refused once the command has changed', async () => {
    const { harness, command } = await keptOnce();
    const edited = await harness.registry.bot({ method: 'PATCH', url: `${GUILD}/${String(command.id)}`, payload: { description: 'Echoes again' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await harness.invoke(slashInvocation(command), TOKENS.member);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 50035, errors: { data: { version: { _errors: [{ code: 'INTERACTION_APPLICATION_COMMAND_INVALID_VERSION' }] } } } });
  });

  it('is refused once the person has left the guild, or their token names no one', async () => {
    const { harness, command } = await keptOnce();
    await harness.registry.store.world.deleteMember(IDS.guild, IDS.member);
    const left = await harness.invoke(slashInvocation(command), TOKENS.member);
    expect(left.statusCode, left.body).toBe(403);

    const other = await keptOnce();
    const member = (await other.harness.registry.store.world.user(IDS.member))!;
    await other.harness.registry.store.world.putUser(member, 'a-new-token');
    expect((await other.harness.invoke(slashInvocation(other.command), TOKENS.member)).statusCode).toBe(401);
    expect((await other.harness.invoke(slashInvocation(other.command), 'a-new-token')).statusCode).toBe(204);
  });

  it('is checked afresh when an option names an id, and for another person', async () => {
    const { harness, command, lookups } = await keptOnce([{ name: 'who', description: 'Whom', type: 6 }]);
    const withUser = slashInvocation(command, { options: [{ name: 'who', type: 6, value: IDS.owner }] });
    expect((await harness.invoke(withUser, TOKENS.member)).statusCode).toBe(204);
    expect((await harness.invoke(withUser, TOKENS.member)).statusCode).toBe(204);
    expect(lookups()).toBe(2);
    const delivered = harness.gateway.nextInteraction();
    expect((await harness.invoke(slashInvocation(command), TOKENS.owner)).statusCode).toBe(204);
    expect(await delivered).toMatchObject({ member: { user: { id: IDS.owner } } });
    expect(lookups()).toBe(3);
  });
});
