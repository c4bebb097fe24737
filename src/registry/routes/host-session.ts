/**
 * The host contract in browser mode (`src/shared/host-contract.ts`): `GET /_host/session`
 * lists the people of the local world the client may act as, and `POST /_host/session
 * {user_id}` mints a fresh session token for one of them (the registry keeps only digests,
 * so it cannot hand out a stored token). Loopback requests from the registry's own pages
 * only; errors are `{code, message}` with the contract's stable codes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  HOST_CONTRACT, HOST_ERROR_STATUS, type HostErrorCode, type HostInput, type HostMethod, type HostOutput, type HostResult,
} from '../../shared/host-contract.js';
import type { RegistryContext } from '../registry-context.js';
import { isLocalRequest } from '../http/loopback.js';
import { resource } from '../http/resource.js';
import { hostMethods } from '../host/host-methods.js';
import { registryAuthorizationHost } from '../host/registry-authorization-host.js';

function refuse(reply: FastifyReply, code: HostErrorCode, message: string): FastifyReply {
  return reply.code(HOST_ERROR_STATUS[code]).header('cache-control', 'no-store').send({ code, message });
}

/** Runs a contract method for a local request, checking its input and its own answer (which may take a while: `awaitRedirect`). */
export function hostRoute<M extends HostMethod>(method: M, run: (input: HostInput<M>) => HostResult<HostOutput<M>> | Promise<HostResult<HostOutput<M>>>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLocalRequest(request)) {
      return refuse(reply, 'loopback-only', 'The host contract answers only this machine, from pages the registry served.');
    }
    const contract = HOST_CONTRACT[method];
    const input = contract.input.safeParse(request.method === 'GET' ? {} : (request.body ?? {}));
    if (!input.success) return refuse(reply, 'invalid-input', input.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
    const answer = await run(input.data as HostInput<M>);
    if (!answer.ok) return refuse(reply, answer.error.code, answer.error.message);
    return reply.header('cache-control', 'no-store').send(contract.output.parse(answer.value));
  };
}

export function registerHostSessionRoutes(app: FastifyInstance, context: RegistryContext): void {
  const methods = hostMethods(context.store, context.now, context.settings, registryAuthorizationHost(app, context));
  resource(app, HOST_CONTRACT.listUsers.http.path, {
    GET: hostRoute('listUsers', methods.listUsers),
    POST: hostRoute('openSession', methods.openSession),
  });
}
