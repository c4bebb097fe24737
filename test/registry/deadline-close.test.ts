/**
 * An interaction's deadline belongs to the registry that took it (issue 33): while it runs,
 * the deadline fails an unanswered interaction; once it has closed, nothing is left to fire
 * (`npm test` printed a thousand lines of "an interaction's deadline could not be applied:
 * The store is closed"). The deadline's timer is a fake one, moved past it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';

const DEADLINE_MS = 3000;

/** Invokes a fresh command the bot receives and does not answer, with the deadline's timer faked. */
async function unanswered(harness: Harness): Promise<void> {
  const command = await harness.command({ name: 'ping', description: 'Ping' });
  const delivered = harness.gateway.nextInteraction();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const response = await harness.invoke(slashInvocation(command));
  expect(response.statusCode).toBe(204);
  await delivered;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('an interaction in flight', () => {
  it('fails at its deadline while the registry runs', async () => {
    const harness = await interactionHarness(DEADLINE_MS);
    await unanswered(harness);
    await vi.advanceTimersByTimeAsync(DEADLINE_MS);
    expect(await harness.event('INTERACTION_FAILURE')).toMatchObject({ reason: 'deadline' });
  });

  it('leaves nothing to fire once the registry has closed', async () => {
    const harness = await interactionHarness(DEADLINE_MS);
    await unanswered(harness);
    await harness.registry.app.close();
    await harness.registry.store.close();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await vi.advanceTimersByTimeAsync(DEADLINE_MS);
    expect(errors).not.toHaveBeenCalled();
    expect(harness.events.map((event) => event.type)).not.toContain('INTERACTION_FAILURE');
  });
});
