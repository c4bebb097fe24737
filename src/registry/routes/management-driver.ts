/**
 * The test driver over HTTP, for tests in any language (docs/testing.md): `POST
 * /_slashbench/driver/runs` acts as the person whose token it carries (a command by its text
 * or name and options, autocomplete, a button, a select, a modal's fields, a context menu)
 * and answers the run (or, with `?wait=`, waits as the GET does); `GET
 * /_slashbench/driver/runs/{id}?wait=reply&timeout_ms=` waits for
 * its outcome (200 met, 408 out of time, 409 it ended another way, each with what happened);
 * `POST /_slashbench/driver/clock` moves a test registry's clock; `GET
 * /_slashbench/driver/ready` waits for an app's bot and commands; `GET
 * /_slashbench/driver/place` finds a channel by names. Authenticated as the management API is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { z } from 'zod';
import { DRIVER_WAITS, driverActionSchema, type DriverWait } from '../../shared/driver-api.js';
import type { RegistryContext } from '../registry-context.js';
import { UPLOAD_BODY_LIMIT } from '../domain/attachment-upload.js';
import { waitsForFeed } from '../feed/change-feed.js';
import { answeredError } from '../http/framework-errors.js';
import { DEFAULT_BODY_LIMIT, parseJsonBody } from '../http/json-body.js';
import type { OriginSource } from '../http/request-origin.js';
import { ServiceError } from '../http/service-error.js';
import { Driver, type CallerHeaders } from '../driver/driver.js';
import { notReady, whenReady } from '../driver/bot-readiness.js';
import { driverError, findApplication, findChannel, findGuild } from '../driver/names.js';
import { RunBook } from '../driver/run-book.js';
import { resource } from '../http/resource.js';
import { parseWorldBody } from '../http/world-body.js';
import { expireIfLate } from '../interactions/respond.js';
import { settleExpiredPolls } from '../services/poll-operations.js';
import { MANAGEMENT_BASE, worldEditor } from './management-access.js';

const BASE = `${MANAGEMENT_BASE}/driver`;
export const DEFAULT_WAIT_MS = 5000;
const LONGEST_WAIT_MS = 300_000;
/** A run's body may carry files for ATTACHMENT options: up to the per-file limit together, in base64. */
const RUN_BODY_LIMIT = UPLOAD_BODY_LIMIT + DEFAULT_BODY_LIMIT;

const clockSchema = z.object({ advance_ms: z.number().int().min(0).max(366 * 24 * 3_600_000) });

/** What the person route should see of the caller's request: their token and their language. */
function callerHeaders(headers: IncomingHttpHeaders): CallerHeaders {
  const picked: CallerHeaders = {};
  for (const name of ['authorization', 'host', 'x-discord-locale', 'accept-language']) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

function waitQuery(query: Record<string, unknown>): { wait: DriverWait | null; count: number; timeoutMs: number } {
  const wait = query.wait === undefined ? null : String(query.wait);
  if (wait !== null && !(DRIVER_WAITS as readonly string[]).includes(wait)) throw driverError(['wait'], `wait is one of ${DRIVER_WAITS.join(', ')}`);
  const number = (name: string, fallback: number, max: number) => {
    const value = query[name];
    if (value === undefined) return fallback;
    const parsed = /^\d{1,9}$/.test(String(value)) ? Number(value) : NaN;
    if (!(parsed <= max)) throw driverError([name], `${name} is a whole number from 0 to ${max}`);
    return parsed;
  };
  return { wait: wait as DriverWait | null, count: number('count', 1, 100), timeoutMs: number('timeout_ms', DEFAULT_WAIT_MS, LONGEST_WAIT_MS) };
}

/** What the runs' routes read of a request: as Fastify's has it, and when its caller has gone away (asked only by a wait). */
interface RunsRequest extends Pick<OriginSource, 'protocol' | 'socket'> {
  headers: IncomingHttpHeaders;
  query: Record<string, unknown>;
  ended(): Promise<void>;
}

/** A route's answer: its status and its body, which Fastify sends as JSON. */
interface RunsAnswer {
  status: number;
  body: unknown;
}

/**
 * The runs' routes, answered without HTTP, for the JavaScript driver in the registry's own
 * process (`startBench`): a command and its reply are two requests, and their sockets, turns
 * and Fastify were 30% of a driven command's time (docs/benchmarks.md). The same handlers
 * answer, after what every request waits for (app.ts's hooks); the answer is the JSON text
 * the route sends. Undefined for any other request, which goes over HTTP.
 */
export interface InProcessDriver {
  answer(caller: { token: string; host: string }, method: string, path: string, payload: string | undefined): Promise<{ status: number; text: string }> | undefined;
}

const inProcess = new WeakMap<FastifyInstance, InProcessDriver>();

/** The app's in-process door to its runs' routes. */
export function inProcessDriver(app: FastifyInstance): InProcessDriver | undefined {
  return inProcess.get(app);
}

export function registerDriverRoutes(app: FastifyInstance, context: RegistryContext): void {
  const book = new RunBook(context.bus);
  const driver = new Driver(context, app, book);
  app.addHook('onClose', (_instance, done) => {
    book.close();
    done();
  });
  // A registry that closes ends every wait at once, answered as things stand: the HTTP
  // server's close waits for every answer, and a bot that never came would hold it.
  const waiting = new Set<() => void>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const end of waiting) end();
  });
  /** Settles when the registry closes, or when `gone` calls back: the caller went away, or was answered. */
  const waitEnds = (gone: (end: () => void) => void) => new Promise<void>((resolve) => {
    if (closing) return resolve();
    const end = () => {
      waiting.delete(end);
      resolve();
    };
    waiting.add(end);
    gone(end);
  });
  const replyEnds = (reply: FastifyReply) => waitEnds((end) => reply.raw.once('close', end));

  const act = async (request: RunsRequest, body: unknown): Promise<RunsAnswer> => {
    const user = await worldEditor(context, request);
    const { wait, count, timeoutMs } = waitQuery(request.query);
    const caller = { headers: callerHeaders(request.headers), protocol: request.protocol, socket: request.socket };
    const started = await driver.start(user, caller, parseWorldBody(driverActionSchema, body));
    if (wait === null) return { status: 200, body: started };
    return driver.wait(driver.run(user, started.id), wait, count, timeoutMs, request.ended());
  };
  const read = async (request: RunsRequest, runId: string): Promise<RunsAnswer> => {
    const user = await worldEditor(context, request);
    const run = driver.run(user, runId);
    const { wait, count, timeoutMs } = waitQuery(request.query);
    if (wait === null) return { status: 200, body: await driver.view(run) };
    return driver.wait(run, wait, count, timeoutMs, request.ended());
  };
  const fromFastify = (request: FastifyRequest, reply: FastifyReply): RunsRequest => ({
    headers: request.headers, query: request.query as Record<string, unknown>, protocol: request.protocol, socket: request.socket,
    ended: () => replyEnds(reply),
  });
  // With `?wait=`, it acts and waits in one request, as a GET of the run would.
  resource(app, `${BASE}/runs`, {
    POST: { bodyLimit: RUN_BODY_LIMIT, handler: async (request, reply) => {
      const answer = await act(fromFastify(request, reply), request.body);
      return reply.code(answer.status).send(answer.body);
    } },
  });
  resource(app, `${BASE}/runs/:runId`, {
    GET: async (request, reply) => {
      const answer = await read(fromFastify(request, reply), (request.params as { runId: string }).runId);
      return reply.code(answer.status).send(answer.body);
    },
  });
  inProcess.set(app, {
    answer(caller, method, path, payload) {
      const [route = '', search = ''] = path.split('?', 2);
      const runId = route.startsWith(`${BASE}/runs/`) ? route.slice(`${BASE}/runs/`.length) : undefined;
      const takes = method === 'POST' ? route === `${BASE}/runs` : method === 'GET' && runId !== undefined && runId !== '' && !runId.includes('/');
      if (!takes) return undefined;
      const answered: Array<() => void> = [];
      const request: RunsRequest = {
        headers: { authorization: caller.token, host: caller.host }, query: parseQuery(search),
        protocol: 'http', socket: {}, ended: () => waitEnds((end) => answered.push(end)),
      };
      const answer = (async () => {
        // What app.ts's hooks make every request but an invocation wait for.
        if (waitsForFeed(context.store)) await context.feed?.caughtUp();
        await context.inlineAnswers.settled();
        if (runId === undefined && Buffer.byteLength(payload ?? '') > RUN_BODY_LIMIT) throw new ServiceError('entityTooLarge');
        return runId === undefined ? act(request, parseJsonBody(payload ?? '')) : read(request, decodeURIComponent(runId));
      })().then((answer) => ({ status: answer.status, text: JSON.stringify(answer.body) }), (error: unknown) => {
        const known = answeredError(error, app.log);
        return { status: known.status, text: JSON.stringify(known.body()) };
      });
      // A wait's watch of the registry's close ends with its answer, as an HTTP request's does when its answer is sent.
      void answer.then(() => {
        for (const end of answered) end();
      });
      return answer;
    },
  });

  resource(app, `${BASE}/clock`, {
    GET: async (request) => {
      await worldEditor(context, request);
      return { now: new Date(context.now()).toISOString(), adjustable: context.clock !== undefined };
    },
    POST: async (request) => {
      await worldEditor(context, request);
      const { advance_ms: advance } = parseWorldBody(clockSchema, request.body);
      if (!context.clock) throw driverError(['advance_ms'], "this registry runs on the machine's clock; a test bench (startBench, or slashbench serve --test-clock) has one that moves");
      context.clock.advance(advance);
      // What fell due while time jumped: first answers past their deadline, polls past their end.
      for (const record of await context.ledger.awaitingResponse()) await expireIfLate(context, record);
      await settleExpiredPolls(context);
      return { now: new Date(context.now()).toISOString(), adjustable: true };
    },
  });

  resource(app, `${BASE}/ready`, {
    GET: async (request, reply) => {
      await worldEditor(context, request);
      const query = request.query as { application?: unknown; commands?: unknown };
      if (typeof query.application !== 'string' || query.application === '') throw driverError(['application'], 'name the application (its name or id)');
      const application = await findApplication(context.store, query.application);
      const commands = typeof query.commands === 'string' ? query.commands.split(',').map((name) => name.trim().replace(/^\//, '')).filter((name) => name !== '') : [];
      const { timeoutMs } = waitQuery(request.query as Record<string, unknown>);
      const state = await whenReady(context, application, commands, timeoutMs, replyEnds(reply));
      if (state.ready) return state;
      return reply.code(408).send({ message: `Expected ${application.name} to be ready within ${timeoutMs} ms, but ${notReady(application.name, state).replace(`${application.name} is not ready: `, '')}.`, code: 0, readiness: state });
    },
  });

  resource(app, `${BASE}/place`, {
    GET: async (request) => {
      await worldEditor(context, request);
      const { guild, channel } = request.query as { guild?: unknown; channel?: unknown };
      if (typeof channel !== 'string' || channel === '') throw driverError(['channel'], 'name the channel (and its guild, to find it by name)');
      const found = await findChannel(context.store, typeof guild === 'string' && guild !== '' ? await findGuild(context.store, guild) : null, channel);
      return { guild_id: found.guild_id, channel_id: found.id, name: found.name };
    },
  });
}
