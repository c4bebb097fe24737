/**
 * The sample Activity (examples/activity, bundled with the Embedded App SDK into
 * out/activity by `npm run build:activity`) and its server side, for every app whose
 * activity_url is `/_activities/demo/<app id>/`:
 *
 * - `GET .../` and `GET .../assets/<name>`: the page and its bundle. The client frames the
 *   page with an opaque origin, so its module scripts and fetches are cross-origin requests,
 *   answered with the CORS headers (http/cors.ts).
 * - `POST .../api/token` `{code}`: what the server of Discord's Activity guide does. It
 *   exchanges the code from `authorize()` at the registry's own token endpoint as a
 *   confidential client (client id and secret, `grant_type=authorization_code`, no
 *   redirect_uri) and answers `{access_token}`. The secret comes from the keychain and
 *   never reaches the page, as a real Activity keeps it on its server.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SAMPLE_ACTIVITY_BASE, sampleActivityPath } from '../../shared/activity-url.js';
import type { RegistryContext } from '../app.js';
import { resource } from '../http/resource.js';
import { OAUTH_PATHS } from '../oauth/discovery.js';
import type { ApplicationRecord } from '../store/records.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Built asset names: Vite's hashed files, never a path. */
const ASSET_NAME = /^[\w.-]+$/;

/** The page's own scripts, styles and server only; no inline script. */
const PAGE_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
  "object-src 'none'", "base-uri 'none'", "form-action 'none'",
].join('; ');

const NOT_BUILT = '<!doctype html><meta charset="utf-8"><title>Sample Activity</title>'
  + '<p>The sample Activity is not built. Run <code>npm run build:activity</code> and launch it again.</p>';

/** The sample's build in this checkout or install: `<package root>/out/activity`. */
export function defaultSampleActivityDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  return join(directory, 'out', 'activity');
}

/** Registers the page, its assets and its token route, serving the build in `directory`. */
export function registerSampleActivityRoutes(app: FastifyInstance, context: RegistryContext, directory: string): void {
  /** The app the request names, if its Activity is this sample; else the service's 404. */
  const sampleApp = async (request: FastifyRequest, reply: FastifyReply): Promise<ApplicationRecord | undefined> => {
    const { applicationId } = request.params as { applicationId: string };
    const application = /^\d{17,20}$/.test(applicationId) ? await context.store.world.application(applicationId) : undefined;
    const pointsHere = application?.activity_url?.split('?')[0] === sampleActivityPath(applicationId);
    if (!application || !pointsHere) {
      void reply.callNotFound();
      return undefined;
    }
    return application;
  };

  resource(app, `${SAMPLE_ACTIVITY_BASE}/:applicationId/`, {
    GET: async (request, reply) => {
      if (!await sampleApp(request, reply)) return reply;
      reply.headers({ 'content-security-policy': PAGE_POLICY, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' })
        .type('text/html; charset=utf-8');
      try {
        return await readFile(join(directory, 'index.html'));
      } catch {
        return reply.code(503).send(NOT_BUILT);
      }
    },
  });

  resource(app, `${SAMPLE_ACTIVITY_BASE}/:applicationId/assets/:name`, {
    GET: async (request, reply) => {
      const { name } = request.params as { name: string };
      const type = CONTENT_TYPES[extname(name)];
      if (!await sampleApp(request, reply)) return reply;
      if (!ASSET_NAME.test(name) || name.startsWith('.') || type === undefined) return reply.callNotFound();
      try {
        const bytes = await readFile(join(directory, 'assets', name));
        return reply.headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' }).type(type).send(bytes);
      } catch {
        return reply.callNotFound();
      }
    },
  });

  resource(app, `${SAMPLE_ACTIVITY_BASE}/:applicationId/api/token`, {
    POST: async (request, reply) => {
      const application = await sampleApp(request, reply);
      if (!application) return reply;
      const code = (request.body as { code?: unknown } | null)?.code;
      reply.header('cache-control', 'no-store');
      // Refusals in OAuth's shape, as the token endpoint's it passes on.
      if (typeof code !== 'string' || code === '') return reply.code(400).send({ error: 'invalid_request', error_description: 'Send {"code": "<the code authorize() answered>"}.' });
      const secret = await clientSecret(context, application);
      if (typeof secret !== 'string') return reply.code(500).send({ error: 'server_error', error_description: secret.error });
      const form = new URLSearchParams({ client_id: application.id, client_secret: secret, grant_type: 'authorization_code', code });
      const exchanged = await app.inject({
        method: 'POST', url: OAUTH_PATHS.token, payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const answer = exchanged.json<Record<string, unknown>>();
      // The guide's server hands the page the access token only; a refusal is passed on as it came.
      return exchanged.statusCode === 200 ? { access_token: answer.access_token } : reply.code(exchanged.statusCode).send(answer);
    },
  });
}

/** The app's client secret from the keychain, or why this server cannot exchange codes. */
async function clientSecret(context: RegistryContext, application: ApplicationRecord): Promise<string | { error: string }> {
  const credentials = await context.store.credentials.application(application.id);
  if (!credentials?.has_client_secret) {
    return { error: `${application.name} has no client secret: this sample's server exchanges codes as a confidential client. Give it one: npm run tokens -- --reset-secret "${application.name}".` };
  }
  return credentials.client_secret ?? {
    error: `The registry does not know ${application.name}'s client secret (only its digest): reset it so this server can read it: npm run tokens -- --reset-secret "${application.name}".`,
  };
}
