/**
 * The bridge: one named function per host-contract method, each an IPC call the main process
 * checks. Never ipcRenderer itself: the page gets these functions and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { HOST_METHODS, hostChannel } from '../shared/host-channels.js';

const host = Object.fromEntries(
  HOST_METHODS.map((method) => [method, (input: unknown) => ipcRenderer.invoke(hostChannel(method), input)]),
);

contextBridge.exposeInMainWorld('slashbenchHost', host);
