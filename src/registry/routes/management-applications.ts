/**
 * An app's settings and credentials, as the developer portal shows them:
 * `PATCH /_slashbench/applications/{id}` edits its name, interactions endpoint URL,
 * Application URL Override (activity_url), URL mappings, flags and redirect URIs;
 * `GET .../credentials` shows its bot token, client secret and public key (a token is null
 * when the registry knows only its digest: one from before the keychain); `POST .../token`,
 * `.../secret` and `.../key` make new ones. A reset token ends the bot's gateway sessions
 * with 4004 and the old token answers 401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { readApplicationEdit } from '../domain/application-edit.js';
import { generateApplicationKeys } from '../domain/application-keys.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { ensureEntryPoint } from '../services/entry-point.js';
import type { ApplicationRecord } from '../store/records.js';
import { applicationEntry } from '../world/export-world.js';
import { announceChange, editWorld, MANAGEMENT_BASE, worldEditor } from './management-access.js';
import { snowflakeParams } from './path-values.js';

const APPLICATION = `${MANAGEMENT_BASE}/applications/:applicationId`;

export function registerApplicationManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  /** The app the path names, for a person of the world (401/403 otherwise, 404 for no such app). */
  const editedApplication = async (request: FastifyRequest): Promise<ApplicationRecord> => {
    await worldEditor(context, request);
    const { applicationId } = snowflakeParams(request, { applicationId: 'application_id' });
    const found = await store.world.application(applicationId);
    if (!found) throw new ServiceError('unknownApplication');
    return found;
  };
  const credentials = async (applicationId: string) => ({ id: applicationId, ...await store.credentials.application(applicationId) });
  /** Runs one reset in a transaction and tells the client; answers the app's credentials after it. */
  const reset = async (request: FastifyRequest, work: (application: ApplicationRecord) => Promise<unknown>) => {
    const application = await editedApplication(request);
    await store.transaction(async () => await work(application));
    announceChange(context, 'application', application.id);
    return await credentials(application.id);
  };

  resource(app, APPLICATION, {
    PATCH: async (request) => {
      const current = await editedApplication(request);
      const edit = readApplicationEdit(request.body);
      const edited: ApplicationRecord = {
        ...current,
        ...(edit.name === undefined ? {} : { name: edit.name }),
        ...(edit.flags === undefined ? {} : { flags: edit.flags }),
        ...(edit.interactions_endpoint_url === undefined ? {} : { interactions_endpoint_url: edit.interactions_endpoint_url }),
        ...(edit.redirect_uris === undefined ? {} : { redirect_uris: edit.redirect_uris }),
        ...(edit.activity_url === undefined ? {} : { activity_url: edit.activity_url }),
        ...(edit.url_mappings === undefined ? {} : { url_mappings: edit.url_mappings }),
      };
      const entryPoints = async () => (await store.commands.list(current.id, null)).filter((command) => command.definition.type === 4).length;
      const before = await entryPoints();
      // The bot user carries the app's name, so bots in its guilds hear the member change.
      await editWorld(context, { kind: 'application', id: current.id }, async () => await store.world.guildsOf(current.id), async () => {
        await store.world.putApplication(edited, null, null);
        const bot = await store.world.user(current.id);
        if (bot && edit.name !== undefined) await store.world.putUser({ ...bot, username: edit.name }, null);
        await ensureEntryPoint(store, current.id, edited.flags, context.nextId);
      });
      // A URL that was never verified is verified at its first delivery (as a world file's is).
      if (edited.interactions_endpoint_url !== current.interactions_endpoint_url) context.verifications.forget(current.id);
      if (await entryPoints() !== before) context.bus.emit('commandsChanged', { application_id: current.id, guild_id: null });
      return applicationEntry(edited);
    },
  });
  resource(app, `${APPLICATION}/credentials`, {
    GET: async (request) => await credentials((await editedApplication(request)).id),
  });
  resource(app, `${APPLICATION}/token`, {
    POST: async (request) => {
      const answer = await reset(request, async (application) => await store.credentials.resetBotToken(application.id));
      context.bus.emit('botTokenReset', { application_id: answer.id });
      return answer;
    },
  });
  resource(app, `${APPLICATION}/secret`, {
    POST: async (request) => await reset(request, async (application) => await store.credentials.resetClientSecret(application.id)),
  });
  resource(app, `${APPLICATION}/key`, {
    POST: async (request) => await reset(request, async (application) => {
      const keys = generateApplicationKeys();
      await store.credentials.setKeys(application.id, keys.publicKey, keys.privateKey);
      // Deliveries are signed with the new key: the endpoint must pass verification again.
      context.verifications.forget(application.id);
    }),
  });
}
