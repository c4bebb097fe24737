/**
 * The gateway's address as a client reached the registry: `ws://<Host header>/gateway`,
 * with no query, since bots append `?v=10&encoding=json` themselves. Both
 * `GET /gateway[/bot]` and READY's `resume_gateway_url` use it, so a bot that reached the
 * registry through a name or a forwarded port keeps using that.
 */

/** The path WebSocket upgrades are answered on. */
export const GATEWAY_PATH = '/gateway';

/** `ws://host/gateway` from a Host header, or from the local address when there is none. */
export function gatewayUrl(host: string | undefined, localAddress?: string, localPort?: number): string {
  const fallback = localAddress === undefined ? 'localhost' : localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  const authority = host && /^[\w.\-:[\]]+$/.test(host) ? host : `${fallback}${localPort === undefined ? '' : `:${localPort}`}`;
  return `ws://${authority}${GATEWAY_PATH}`;
}

/** Whether an upgrade request is for the gateway (`/gateway` or `/gateway/`, any query). */
export function isGatewayPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return path === GATEWAY_PATH || path === `${GATEWAY_PATH}/`;
}
