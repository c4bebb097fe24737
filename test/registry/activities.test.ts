/**
 * Activity instances with several people: a second launch in the same channel joins the
 * running instance (its own frame, the same instance, no second launch message) and every
 * viewer of the channel hears the participants; closing leaves it, and the instance ends
 * with its last participant, so the next launch starts a new one.
 */
import { describe, expect, it } from 'vitest';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

const ACTIVITY_COMMANDS = `/api/v10/applications/${IDS.activityApp}/commands`;

/** Launches the activity app's default entry point (DISCORD_LAUNCH_ACTIVITY) as `token`, nonce `nonce`. */
async function launch(harness: Harness, token: string, nonce: string): Promise<void> {
  const [entryPoint] = (await harness.registry.bot({ method: 'GET', url: ACTIVITY_COMMANDS }, TOKENS.activityBot)).json();
  const response = await harness.invoke({ ...slashInvocation(entryPoint), application_id: IDS.activityApp, nonce }, token);
  if (response.statusCode !== 204) throw new Error(response.body);
}

function leave(harness: Harness, instanceId: string, authorization: string) {
  return harness.registry.app.inject({ method: 'DELETE', url: `/api/v10/activity-instances/${instanceId}/participants/@me`, headers: { authorization } });
}

/** The client events of `type`, with who they were for. */
function heard(harness: Harness, type: string) {
  return harness.events.filter((event) => event.type === type).map((event) => ({ to: event.to, data: event.data as Record<string, unknown> }));
}

function launchMessages(harness: Harness) {
  return heard(harness, 'MESSAGE_CREATE').filter((event) => event.data.application_id === IDS.activityApp);
}

describe('Activity participants', () => {
  it('a second person joins the running instance in their own frame, and the channel hears both', async () => {
    const harness = await interactionHarness();
    await launch(harness, TOKENS.owner, 'n1');
    await launch(harness, TOKENS.member, 'n2');
    const [first, second] = heard(harness, 'EMBEDDED_ACTIVITY_LAUNCH');
    expect(first).toMatchObject({ to: { userId: IDS.owner }, data: { participants: [IDS.owner] } });
    expect(second).toMatchObject({ to: { userId: IDS.member }, data: { instance_id: first?.data.instance_id, participants: [IDS.owner, IDS.member] } });
    expect(second?.data.frame_id).not.toBe(first?.data.frame_id);
    expect(new URL(String(second?.data.url)).searchParams.get('frame_id')).toBe(second?.data.frame_id);
    expect(heard(harness, 'EMBEDDED_ACTIVITY_UPDATE')).toEqual([{
      to: { channelId: IDS.general },
      data: { instance_id: first?.data.instance_id, application_id: IDS.activityApp, channel_id: IDS.general, guild_id: IDS.guild, participants: [IDS.owner, IDS.member] },
    }]);
    expect(launchMessages(harness)).toHaveLength(1);
  });

  it('closing leaves the instance; the last to leave ends it, and the next launch starts anew', async () => {
    const harness = await interactionHarness();
    await launch(harness, TOKENS.owner, 'n1');
    await launch(harness, TOKENS.member, 'n2');
    const instanceId = String(heard(harness, 'EMBEDDED_ACTIVITY_LAUNCH')[0]?.data.instance_id);

    expect((await leave(harness, instanceId, TOKENS.owner)).statusCode).toBe(204);
    expect(heard(harness, 'EMBEDDED_ACTIVITY_UPDATE').at(-1)).toMatchObject({ to: { channelId: IDS.general }, data: { instance_id: instanceId, participants: [IDS.member] } });
    // Only a participant may leave, and only once.
    expect((await leave(harness, instanceId, TOKENS.owner)).statusCode).toBe(404);
    expect((await leave(harness, instanceId, TOKENS.member)).statusCode).toBe(204);
    expect(heard(harness, 'EMBEDDED_ACTIVITY_UPDATE').at(-1)?.data.participants).toEqual([]);
    expect((await leave(harness, instanceId, TOKENS.member)).statusCode).toBe(404);

    await launch(harness, TOKENS.member, 'n3');
    const restarted = heard(harness, 'EMBEDDED_ACTIVITY_LAUNCH').at(-1);
    expect(restarted?.data.instance_id).not.toBe(instanceId);
    expect(restarted?.data.participants).toEqual([IDS.member]);
    expect(launchMessages(harness)).toHaveLength(2);
  });

  it('leaving needs a person\'s session: no token is 401, a bot 403, an unknown instance 404', async () => {
    const harness = await interactionHarness();
    await launch(harness, TOKENS.owner, 'n1');
    const instanceId = String(heard(harness, 'EMBEDDED_ACTIVITY_LAUNCH')[0]?.data.instance_id);
    const anonymous = await harness.registry.app.inject({ method: 'DELETE', url: `/api/v10/activity-instances/${instanceId}/participants/@me` });
    expect(anonymous.statusCode).toBe(401);
    const bot = await leave(harness, instanceId, `Bot ${TOKENS.activityBot}`);
    expect(bot.statusCode).toBe(403);
    expect(bot.json()).toMatchObject({ code: 20001 });
    expect((await leave(harness, 'i-0', TOKENS.owner)).json()).toEqual({ code: 0, message: '404: Not Found' });
    expect(heard(harness, 'EMBEDDED_ACTIVITY_UPDATE')).toEqual([]);
  });
});

describe('a person whose client is gone', () => {
  it('leaves every instance they were in, and the channel hears it', async () => {
    const harness = await interactionHarness();
    await launch(harness, TOKENS.owner, 'n1');
    await launch(harness, TOKENS.member, 'n2');
    const instanceId = String(heard(harness, 'EMBEDDED_ACTIVITY_LAUNCH')[0]?.data.instance_id);
    harness.registry.bus.emit('personLeft', { user_id: IDS.owner });
    // Leaving is written to the store first; the channel hears it once it is.
    const update = await harness.event('EMBEDDED_ACTIVITY_UPDATE', (data) => (data.participants as string[]).length === 1);
    expect(update).toMatchObject({ instance_id: instanceId, participants: [IDS.member] });
    expect((await leave(harness, instanceId, TOKENS.owner)).statusCode).toBe(404);
  });
});
