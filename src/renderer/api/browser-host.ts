/**
 * The host contract in browser mode: the registry that served the page answers it at
 * `/_host/*` (loopback only). Inputs and outputs are checked against the shared contract;
 * whatever goes wrong comes back as a `HostError`.
 */
import {
  HOST_CONTRACT, parseHostError, type HostApi, type HostInput, type HostMethod, type HostOutput, type HostResult,
} from '../../shared/host-contract.js';

async function callHost<M extends HostMethod>(baseUrl: string, method: M, input: HostInput<M>): Promise<HostResult<HostOutput<M>>> {
  const contract = HOST_CONTRACT[method];
  const checked = contract.input.safeParse(input);
  if (!checked.success) return { ok: false, error: { code: 'invalid-input', message: checked.error.message } };
  const { method: verb, path } = contract.http;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: verb,
      ...(verb === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(checked.data) }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { ok: false, error: parseHostError(body, `The host answered ${response.status}.`) };
    const output = contract.output.safeParse(body);
    if (!output.success) return { ok: false, error: { code: 'unavailable', message: 'The host answered off-contract.' } };
    return { ok: true, value: output.data as HostOutput<M> };
  } catch (error) {
    return { ok: false, error: { code: 'unavailable', message: `The host could not be reached (${String(error)}).` } };
  }
}

/** The host of the registry at `baseUrl`. */
export function browserHost(baseUrl: string): HostApi {
  return {
    listUsers: (input) => callHost(baseUrl, 'listUsers', input),
    openSession: (input) => callHost(baseUrl, 'openSession', input),
    readSettings: (input) => callHost(baseUrl, 'readSettings', input),
    writeSettings: (input) => callHost(baseUrl, 'writeSettings', input),
    createAuthorization: (input) => callHost(baseUrl, 'createAuthorization', input),
    buildAuthorizeUrl: (input) => callHost(baseUrl, 'buildAuthorizeUrl', input),
    awaitRedirect: (input) => callHost(baseUrl, 'awaitRedirect', input),
  };
}
