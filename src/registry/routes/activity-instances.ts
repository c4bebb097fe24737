/**
 * The simulated client closing an Activity: `DELETE /activity-instances/{id}/participants/@me`
 * with a person's session token. The person leaves the instance, everyone viewing its channel
 * hears the new participants, and the instance ends with its last participant, so the next
 * launch there starts a new one. (The real client leaves over its voice connection; the
 * simulator has none.) A person whose client is gone without closing it (a closed tab: their
 * last gateway session ended and was not resumed) leaves every instance they were in.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { authenticatePerson } from '../http/auth.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { leaveActivity } from '../interactions/launch.js';

export function registerActivityInstanceRoutes(app: FastifyInstance, context: RegistryContext): void {
  const onPersonLeft = ({ user_id: userId }: { user_id: string }) => {
    const leaveAll = async () => {
      for (const instanceId of await context.activities.instancesOf(userId)) await leaveActivity(context, instanceId, userId);
    };
    leaveAll().catch((error: unknown) => console.error(`slashbench: ${userId} could not leave their Activities: ${(error as Error).message}`));
  };
  context.bus.on('personLeft', onPersonLeft);
  app.addHook('onClose', async () => void context.bus.off('personLeft', onPersonLeft));
  resource(app, '/api/v10/activity-instances/:instanceId/participants/@me', {
    DELETE: async (request, reply) => {
      const user = await authenticatePerson(context.store, request, context.now());
      const { instanceId } = request.params as { instanceId: string };
      // Not running, or this person is not in it: nothing of it is theirs to see.
      if (!await leaveActivity(context, instanceId, user.id)) throw new ServiceError('notFound');
      return reply.code(204).send();
    },
  });
}
