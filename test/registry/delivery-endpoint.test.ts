import { verifyKey } from 'discord-interactions';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answerJson, closedPortUrl, signatureCheckingBot, startBotServer, type BotHandler, type BotServer,
} from '../helpers/bot-server.js';
import { IDS, TOKENS, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

const ME = '/api/v10/applications/@me';
const servers: BotServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function bot(handler: BotHandler): Promise<BotServer> {
  const server = await startBotServer(handler);
  servers.push(server);
  return server;
}

async function publicKey(registry: TestRegistry, id: string = IDS.app): Promise<string> {
  return (await registry.store.world.application(id))!.public_key;
}

function setEndpoint(registry: TestRegistry, url: unknown, token?: string) {
  return registry.bot({ method: 'PATCH', url: ME, payload: { interactions_endpoint_url: url } }, token);
}

async function storedUrl(registry: TestRegistry): Promise<string | null | undefined> {
  return (await registry.store.world.application(IDS.app))?.interactions_endpoint_url;
}

/** The one field error a refused PATCH answers with. */
function endpointError(body: { code: number; errors: { interactions_endpoint_url: { _errors: Array<{ code: string; message: string }> } } }) {
  expect(body.code).toBe(50035);
  return body.errors.interactions_endpoint_url._errors[0];
}

describe('PATCH /applications/@me interactions_endpoint_url', () => {
  it('verifies a good endpoint, stores it and answers the application object', async () => {
    const registry = await testRegistry();
    const endpoint = await bot(signatureCheckingBot(await publicKey(registry)));
    const response = await registry.bot({
      method: 'PATCH', url: ME,
      payload: { interactions_endpoint_url: endpoint.url, description: 'ignored', some_future_field: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: IDS.app, interactions_endpoint_url: endpoint.url });
    expect(await storedUrl(registry)).toBe(endpoint.url);
    const read = await registry.bot({ method: 'GET', url: ME });
    expect(read.json()).toEqual(response.json());

    // A signed PING first, then one with a signature the endpoint must refuse.
    expect(endpoint.received).toHaveLength(2);
    const [ping, forged] = endpoint.received;
    expect(JSON.parse(ping!.body)).toMatchObject({
      type: 1, application_id: IDS.app, version: 1, token: expect.any(String), id: expect.stringMatching(/^\d+$/),
      user: { id: IDS.owner },
    });
    const valid = async (request: typeof ping) =>
      verifyKey(request!.body, String(request!.headers['x-signature-ed25519']), String(request!.headers['x-signature-timestamp']), await publicKey(registry));
    expect(await valid(ping)).toBe(true);
    expect(JSON.parse(forged!.body)).toMatchObject({ type: 1 });
    expect(await valid(forged)).toBe(false);
  });

  it('refuses an endpoint whose PING fails, and changes nothing', async () => {
    const registry = await testRegistry();
    const broken = await bot((_request, response) => void response.writeHead(500).end('oops'));
    const response = await setEndpoint(registry, broken.url);
    expect(response.statusCode).toBe(400);
    expect(endpointError(response.json())).toEqual({
      code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID',
      message: 'The specified interactions endpoint url could not be verified. The PING check failed: the PING answered 500.',
    });
    expect(await storedUrl(registry)).toBeNull();

    const wrongType = await bot((_request, response) => answerJson(response, 200, { type: 4, data: { content: 'hi' } }));
    const answered = endpointError((await setEndpoint(registry, wrongType.url)).json());
    expect(answered?.message).toContain('it must answer {"type":1}');
  });

  it('tells a bot checking with the wrong key that it refused a correctly signed PING', async () => {
    const registry = await testRegistry();
    const wrongKey = await bot(signatureCheckingBot(await publicKey(registry, IDS.otherApp)));
    const error = endpointError((await setEndpoint(registry, wrongKey.url)).json());
    expect(error?.message).toContain('The PING check failed: the PING answered 401');
    expect(error?.message).toContain('verify_key');
    expect(await storedUrl(registry)).toBeNull();
  });

  it('refuses an endpoint that accepts an invalid signature, and says so', async () => {
    const registry = await testRegistry();
    const careless = await bot((_request, response) => answerJson(response, 200, { type: 1 }));
    const response = await setEndpoint(registry, careless.url);
    expect(response.statusCode).toBe(400);
    expect(endpointError(response.json())?.message).toBe(
      'The specified interactions endpoint url could not be verified. The invalid-signature check failed: ' +
        'the endpoint accepted a request with an invalid signature (answered 200); it must answer 401.',
    );
    expect(await storedUrl(registry)).toBeNull();
  });

  it('refuses an unreachable endpoint with the connection error', async () => {
    const registry = await testRegistry();
    const response = await setEndpoint(registry, await closedPortUrl());
    expect(endpointError(response.json())?.message).toContain('The PING check failed: could not connect: ECONNREFUSED.');
  });

  it('refuses an endpoint that does not answer within the deadline', async () => {
    const registry = await testRegistry({ app: { deliveryTimeoutMs: 200 } });
    const silent = await bot(() => undefined);
    const response = await setEndpoint(registry, silent.url);
    expect(endpointError(response.json())?.message).toContain('The PING check failed: timed out after 0.2 s.');
  });

  it('refuses malformed URLs without contacting anything', async () => {
    const registry = await testRegistry();
    const cases: Array<[unknown, string, string]> = [
      ['not a url', 'URL_TYPE_INVALID_URL', 'Not a well formed URL.'],
      ['http:example.com', 'URL_TYPE_INVALID_URL', 'Not a well formed URL.'],
      ['', 'URL_TYPE_INVALID_URL', 'Not a well formed URL.'],
      ['ftp://example.com/x', 'URL_TYPE_INVALID_PROTOCOL', 'Scheme "ftp" is not supported. Scheme must be one of (\'http\', \'https\').'],
      [`https://example.com/${'a'.repeat(2048)}`, 'BASE_TYPE_MAX_LENGTH', 'Must be 2048 or fewer in length.'],
      [42, 'STRING_TYPE_CONVERT', 'Could not interpret "42" as string.'],
    ];
    for (const [url, code, message] of cases) {
      const response = await setEndpoint(registry, url);
      expect(response.statusCode).toBe(400);
      expect(endpointError(response.json())).toEqual({ code, message });
    }
    const notObject = await registry.bot({ method: 'PATCH', url: ME, payload: [1] });
    expect(notObject.json()).toMatchObject({ code: 50035, errors: { _errors: [{ code: 'MODEL_TYPE_CONVERT' }] } });
    expect(await storedUrl(registry)).toBeNull();
  });

  it('clears the URL with null, and keeps the old one when a new one is refused', async () => {
    const registry = await testRegistry();
    const good = await bot(signatureCheckingBot(await publicKey(registry)));
    expect((await setEndpoint(registry, good.url)).statusCode).toBe(200);
    const broken = await bot((_request, response) => void response.writeHead(404).end());
    expect((await setEndpoint(registry, broken.url)).statusCode).toBe(400);
    expect(await storedUrl(registry)).toBe(good.url);

    const cleared = await setEndpoint(registry, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().interactions_endpoint_url).toBeNull();
    expect((await registry.bot({ method: 'GET', url: ME })).json().interactions_endpoint_url).toBeNull();
    expect(await storedUrl(registry)).toBeNull();
  });

  it('changes nothing for a body without the field', async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'PATCH', url: ME, payload: { description: 'hello' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: IDS.app, interactions_endpoint_url: null });
  });

  it('answers 401 without a bot token and contacts nothing', async () => {
    const registry = await testRegistry();
    const endpoint = await bot(signatureCheckingBot(await publicKey(registry)));
    const payload = { interactions_endpoint_url: endpoint.url };
    expect((await registry.app.inject({ method: 'PATCH', url: ME, payload })).statusCode).toBe(401);
    expect((await registry.app.inject({ method: 'PATCH', url: ME, payload, headers: { authorization: TOKENS.owner } })).statusCode).toBe(401);
    expect((await setEndpoint(registry, endpoint.url, 'not-a-token')).statusCode).toBe(401);
    expect(endpoint.received).toHaveLength(0);
    expect(await storedUrl(registry)).toBeNull();
  });
});
