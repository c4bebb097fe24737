/**
 * A plain node:http client with a keep-alive agent for the benchmarks' large requests (the
 * bulk overwrite's 31 MiB PUT and its answer). The registry's own delivery client caps an
 * endpoint's answer at 1 MiB, and undici's fetch spends more on copying such a body than the
 * registry spends on parts of its work, so neither would measure the registry fairly.
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
