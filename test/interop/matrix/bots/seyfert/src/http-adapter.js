// The interactions endpoint. seyfert's guide serves an HttpClient through an adapter package
// (@slipher/uws-adapter or @slipher/generic-adapter); neither is published on the npm registry
// this project installs from, so this is an adapter of the same shape on node:http: it
// implements seyfert's HttpServerAdapter, reads the port and public key from seyfert.config,
// checks the Ed25519 signature over the raw body, and hands every signed interaction (PING
// included) to `client.onInteractionRequest`, whose answer is the HTTP response.
import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';

export class HttpAdapter {
  constructor(client) {
    this.client = client;
  }

  async start(path = '/interactions') {
    const { publicKey, port } = await this.client.getRC();
    // A raw Ed25519 key (hex, as the portal shows it) as a KeyObject: JWK's `x` is the key's bytes.
    this.publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'hex').toString('base64url') }, format: 'jwk' });
    this.server = createServer((request, response) => {
      if (request.method !== 'POST' || request.url !== path) return void response.writeHead(404).end();
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => void this.answer(request, Buffer.concat(chunks), response));
    });
    await new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.client.logger.info(`Listening on http://127.0.0.1:${port}${path}`);
  }

  isSigned(request, body) {
    const timestamp = request.headers['x-signature-timestamp'];
    const signature = request.headers['x-signature-ed25519'];
    if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
    return verify(null, Buffer.concat([Buffer.from(timestamp), body]), this.publicKey, Buffer.from(signature, 'hex'));
  }

  async answer(request, body, response) {
    // Discord's docs: a request whose signature does not verify is answered 401.
    if (!this.isSigned(request, body)) return void response.writeHead(401).end('invalid request signature');
    let answered;
    try {
      answered = await this.client.onInteractionRequest(JSON.parse(body.toString('utf8')));
    } catch (error) {
      console.error(`HANDLER-ERROR ${error?.stack ?? error}`);
      return void response.writeHead(500).end();
    }
    const { headers, response: reply } = answered;
    if (reply instanceof FormData) {
      const form = new Response(reply);
      response.writeHead(200, { 'content-type': form.headers.get('content-type') }).end(Buffer.from(await form.arrayBuffer()));
    } else {
      response.writeHead(200, headers).end(JSON.stringify(reply));
    }
  }
}
