/**
 * The host contract over IPC: one handler per method, each checking that the caller is the
 * registry's own top-level page and parsing its input against the shared contract before
 * answering from the same methods the browser mode's `/_host` routes use.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { HOST_CONTRACT, HOST_METHODS, hostChannel } from '../shared/host-contract.js';
import type { HostMethods } from '../registry/host/host-methods.js';
import { trustedSender } from './security.js';

export function serveHostContract(methods: HostMethods, registryUrl: () => string): void {
  for (const method of HOST_METHODS) {
    ipcMain.handle(hostChannel(method), (event: IpcMainInvokeEvent, input: unknown) => {
      if (!trustedSender(event.senderFrame, registryUrl())) {
        return { ok: false, error: { code: 'loopback-only', message: 'Only the Slashbench page may use the host contract.' } };
      }
      const parsed = HOST_CONTRACT[method].input.safeParse(input ?? {});
      if (!parsed.success) return { ok: false, error: { code: 'invalid-input', message: parsed.error.message } };
      return (methods[method] as (input: unknown) => unknown)(parsed.data);
    });
  }
}
