/**
 * Closing a registry does not wait for keep-alive connections (issue 33): an idle one is
 * ended at once, and one whose answer is being made gets that answer, told it is the
 * connection's last (`Connection: close`), and is then ended. A driver's wait in flight
 * (here a bot that never comes) is answered as things stand rather than at its limit.
 */
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { connectionClosed, keepAliveGet } from '../helpers/keep-alive.js';
import { EXAMPLE, startedRegistry } from '../helpers/listening-registry.js';

describe('closing a registry', () => {
  it('ends an idle keep-alive connection at once', async () => {
    const registry = await startedRegistry();
    const answer = await keepAliveGet(`${registry.url}/api/v10/gateway`);
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('keep-alive');
    const closing = connectionClosed(answer.socket);
    await registry.close();
    await closing;
  });

  it('answers a wait in flight as things stand, on a connection it then ends', async () => {
    const registry = await startedRegistry();
    const arrived = once(registry.app.server, 'request');
    const query = new URLSearchParams({ application: EXAMPLE.app.id, commands: 'never-registered', timeout_ms: '300000' });
    const waiting = keepAliveGet(`${registry.url}/_slashbench/driver/ready?${query}`, { authorization: EXAMPLE.alice.token });
    await arrived;
    const closed = registry.close();
    const answer = await waiting;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ readiness: { ready: false, missing: ['never-registered'] } });
    expect(answer.headers.connection).toBe('close');
    await connectionClosed(answer.socket);
    await closed;
  });
});
