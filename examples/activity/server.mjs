/**
 * The sample Activity's server, as Discord's getting-started template has it (there Express;
 * here plain node:http, so the sample needs nothing the checkout lacks):
 *
 * - the token server: `POST /api/token` `{code}` exchanges the code `authorize()` answered at
 *   the registry's token endpoint as a confidential client (client id and secret,
 *   `grant_type=authorization_code`, no redirect_uri) and answers `{access_token}`. The
 *   secret stays here, never in the page. Vite's dev server proxies `/api` to it, so only
 *   `/` needs a URL mapping.
 * - an "external API" on a port of its own: `GET /today` answers a quote, which the page
 *   reaches through the `/quotes` mapping (patchUrlMappings), as it would reach any API on
 *   another origin.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';

const QUOTES = [
  'Ship small, ship often.',
  'Make it work, make it right, make it fast.',
  'The best code is the code you do not write.',
];

/** A JSON answer. */
function answer(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

/** The request's body as JSON, or undefined when it is not. */
async function jsonBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Listens on 127.0.0.1:`port` (0: any free port); a taken port rejects with EADDRINUSE. */
async function listen(server, port) {
  server.listen(port, '127.0.0.1');
  await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error))]);
  return server.address().port;
}

/** Closes a server and the connections it holds (a keep-alive socket would hold the close). */
function close(server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The token server. `credentials()` gives `{ clientId, clientSecret, registry }` (the
 * registry's URL), read at each exchange.
 */
export async function startTokenServer({ port, credentials }) {
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/api/token') return answer(response, 404, { error: 'not_found' });
    exchange(request, credentials()).then(
      ({ status, body }) => answer(response, status, body),
      (error) => answer(response, 502, { error: 'server_error', error_description: `the registry did not answer: ${error.message}` }),
    );
  });
  const bound = await listen(server, port);
  return { port: bound, close: () => close(server) };
}

/** What the token route answers: the access token, or the token endpoint's refusal as it came. */
async function exchange(request, { clientId, clientSecret, registry }) {
  const body = await jsonBody(request);
  const code = body?.code;
  if (typeof code !== 'string' || code === '') {
    return { status: 400, body: { error: 'invalid_request', error_description: 'Send {"code": "<the code authorize() answered>"}.' } };
  }
  const form = new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: 'authorization_code', code });
  const exchanged = await fetch(`${registry}/api/v10/oauth2/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form,
  });
  const tokens = await exchanged.json();
  // The guide's server hands the page the access token only.
  return exchanged.ok ? { status: 200, body: { access_token: tokens.access_token } } : { status: exchanged.status, body: tokens };
}

/** The "external API": `GET /today` answers `{text}`, a quote for the day. */
export async function startQuotesServer({ port }) {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/today') return answer(response, 404, { error: 'not_found' });
    const day = Math.floor(Date.now() / 86_400_000);
    answer(response, 200, { text: QUOTES[day % QUOTES.length] });
  });
  const bound = await listen(server, port);
  return { port: bound, close: () => close(server) };
}
