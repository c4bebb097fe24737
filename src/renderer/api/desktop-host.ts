/**
 * The host contract in the desktop app: the preload exposes one function per method
 * (`window.slashbenchHost`), each an IPC call the main process checks. Answers are checked
 * against the shared contract like the browser transport's, so the client cannot tell them apart.
 */
import {
  HOST_CONTRACT, HOST_METHODS, parseHostError, type HostApi, type HostMethod, type HostOutput, type HostResult,
} from '../../shared/host-contract.js';

/** What the preload puts on `window`: one function per method. */
export type HostBridge = Record<HostMethod, (input: unknown) => Promise<unknown>>;

/** The bridge the desktop app's preload exposed, if this page runs in it. */
export function desktopBridge(): HostBridge | undefined {
  return (window as unknown as { slashbenchHost?: HostBridge }).slashbenchHost;
}

async function callBridge<M extends HostMethod>(bridge: HostBridge, method: M, input: unknown): Promise<HostResult<HostOutput<M>>> {
  try {
    const answer = (await bridge[method](input)) as { ok?: unknown; value?: unknown; error?: unknown } | null;
    if (answer?.ok === false) return { ok: false, error: parseHostError(answer.error, 'The host refused.') };
    const output = HOST_CONTRACT[method].output.safeParse(answer?.value);
    if (answer?.ok !== true || !output.success) return { ok: false, error: { code: 'unavailable', message: 'The host answered off-contract.' } };
    return { ok: true, value: output.data as HostOutput<M> };
  } catch (error) {
    return { ok: false, error: { code: 'unavailable', message: `The host could not be reached (${String(error)}).` } };
  }
}

/** The host behind the desktop app's bridge. */
export function desktopHost(bridge: HostBridge): HostApi {
  return Object.fromEntries(HOST_METHODS.map((method) => [method, (input: unknown) => callBridge(bridge, method, input)])) as unknown as HostApi;
}
