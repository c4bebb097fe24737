/**
 * Ends the registry's keep-alive connections when it closes. A server's `close()` waits for
 * every connection to end, and Node closes only the connections idle at that moment: one
 * whose answer was still being made (a driver's wait, a body still arriving) then stayed
 * open for the keep-alive timeout (72 s), and so did the close of a bench, a registry and
 * `slashbench replay`. Once closing starts, idle connections are ended at once and every
 * other one after the answer it is making, with `Connection: close` where its head is not
 * written yet.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Whatever is answered from now on is the connection's last answer. */
function lastAnswer(response: ServerResponse): void {
  if (!response.headersSent) {
    // Node then writes `Connection: close` and ends the socket once the answer is out.
    response.shouldKeepAlive = false;
    return;
  }
  const socket = response.socket;
  response.once('finish', () => socket?.end());
}

/**
 * Watches `server`'s answers from now on (add it after every other `request` listener is in
 * place: it is put first); the function it returns starts the close.
 */
export function endConnectionsOnClose(server: Server): () => void {
  const answering = new Set<ServerResponse>();
  let closing = false;
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) return lastAnswer(response);
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  return () => {
    closing = true;
    server.closeIdleConnections();
    for (const response of answering) lastAnswer(response);
    answering.clear();
  };
}
