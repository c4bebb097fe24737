/**
 * The default HTTP client for deliveries: node:http(s) with keep-alive agents, shaped like
 * the slice of `fetch` the delivery code uses. It costs a quarter of undici's fetch in CPU
 * per request (measured by the delivery benchmark), and delivery sits on every invocation.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { MESSAGE_FILES_TOTAL_LIMIT } from '../../shared/attachment-limits.js';
import { DEFAULT_BODY_LIMIT } from '../http/json-body.js';

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * The most of an answer the registry reads: an interaction response with the files a
 * message may carry (a multipart answer) and a JSON body's limit. An endpoint that streams
 * without end is cut off here instead of filling memory until the deadline.
 */
export const MAX_ANSWER_BYTES = MESSAGE_FILES_TOTAL_LIMIT + DEFAULT_BODY_LIMIT;

/** The `code` of the rejection for an answer past MAX_ANSWER_BYTES. */
export const ANSWER_TOO_LARGE = 'ANSWER_TOO_LARGE';

interface PostInit {
  method: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

/** POSTs and reads the whole answer; rejects like fetch on a network error or an abort, and past MAX_ANSWER_BYTES. */
export function httpPost(url: string, init: PostInit): Promise<{ status: number; headers: Headers; arrayBuffer(): Promise<ArrayBuffer>; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const request = send(target, { method: init.method, headers: init.headers, agent: secure ? agents.https : agents.http }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        else request.destroy(Object.assign(new Error(`the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`), { code: ANSWER_TOO_LARGE }));
      });
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const bytes = Buffer.concat(chunks);
        const view = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        resolve({ status: response.statusCode ?? 0, headers, arrayBuffer: async () => view, text: async () => bytes.toString('utf8') });
      });
    });
    const abort = () => request.destroy(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }));
    if (init.signal.aborted) abort();
    else init.signal.addEventListener('abort', abort, { once: true });
    request.on('error', reject);
    request.on('close', () => init.signal.removeEventListener('abort', abort));
    request.end(init.body);
  });
}
