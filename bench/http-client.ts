/**
 * A plain node:http client with a keep-alive agent: the client of every request the
 * benchmarks time, to the registry and to the baselines alike (the client's invocations,
 * the signed POSTs of the floor, the bulk overwrite's 31 MiB PUT). One ordinary client on
 * both sides of a ratio; undici's fetch spends more on copying a large body than the
 * registry spends on parts of its work, so it would not measure the registry fairly.
 */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true });

export interface PlainAnswer {
  status: number;
  text: string;
}

/** Sends `body` and reads the whole answer. */
export function plainRequest(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method, headers: init.headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}
