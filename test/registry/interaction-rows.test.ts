/**
 * An interaction's row on a registry alone on its SQLite store: kept back after an HTTP
 * delivery (InteractionStore.addLater), written answered, once, by an inline answer in its
 * message's transaction, which is held back and committed a moment later with the others of
 * that while (Sql.transactionLater), or by the store's close; every other use of the store
 * finds the row as if it had been written at once. PostgreSQL (a team) writes the row before
 * the delivery, and never keeps one back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LATER_WITHIN_MS } from '../../src/registry/store/database.js';
import type { SqliteDatabase } from '../../src/registry/store/sqlite-database.js';
import type { Store } from '../../src/registry/store/store.js';
import { answerJson, signatureCheckingBot, startBotServer, type BotHandler, type BotServer } from '../helpers/bot-server.js';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { IDS, unansweredInteraction as interaction } from '../helpers/test-registry.js';
import { testPostgresServer, testStore } from '../helpers/test-store.js';

const onPostgres = testPostgresServer() !== undefined;

const servers: BotServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The row as it is in the database, read past the interaction store (which would write kept rows first). */
function row(store: Store, id: string): Promise<{ response_type: number | null; original_message_id: string | null; expired: number } | undefined> {
  return store.sql.get('SELECT response_type, original_message_id, expired FROM interactions WHERE id = ?', id);
}

type WriteLog = Array<{ statement: string; transaction: number }>;

/**
 * Each write statement SQLite runs for the store, as it runs (a later transaction's when its
 * queue runs), with the transaction it runs in (counted by BEGIN and SAVEPOINT, a held
 * transaction's part; 0 outside one), and each COMMIT (`COMMIT`, with the one it ended).
 */
function writeLog(store: Store): WriteLog {
  const sql = store.sql as SqliteDatabase;
  const log: WriteLog = [];
  let begun = 0;
  const exec = sql.db.exec.bind(sql.db);
  sql.db.exec = (text: string) => {
    if (text.startsWith('BEGIN') || text.startsWith('SAVEPOINT')) begun += 1;
    if (text === 'COMMIT') log.push({ statement: 'COMMIT', transaction: begun });
    return exec(text);
  };
  const prepare = sql.db.prepare.bind(sql.db);
  sql.db.prepare = ((text: string) => {
    const prepared = prepare(text);
    const statement = /^\s*(INSERT INTO \w+|UPDATE \w+|DELETE FROM \w+)/.exec(text)?.[1];
    if (!statement) return prepared;
    const run = prepared.run.bind(prepared);
    prepared.run = ((...params: unknown[]) => {
      log.push({ statement, transaction: sql.db.inTransaction ? begun : 0 });
      return run(...params);
    }) as typeof prepared.run;
    return prepared;
  }) as typeof sql.db.prepare;
  // Prepared again, through the log.
  (sql as unknown as { statements: Map<string, unknown> }).statements.clear();
  return log;
}

/** Resolves once the log has run `statement` and then a COMMIT, waiting without using the store. */
async function committed(log: WriteLog, statement: string): Promise<void> {
  const done = () => {
    const ran = log.findIndex((entry) => entry.statement === statement);
    return ran !== -1 && log.slice(ran).some((entry) => entry.statement === 'COMMIT');
  };
  while (!done()) await new Promise((resolve) => setTimeout(resolve, LATER_WITHIN_MS / 4));
}

/** The harness's app with its interactions endpoint at a signature-checking bot that answers each interaction with `answer`. */
async function httpApp(harness: Harness, answer: BotHandler): Promise<void> {
  const key = (await harness.registry.store.world.application(IDS.app))!.public_key;
  const bot = await startBotServer(signatureCheckingBot(key, answer));
  servers.push(bot);
  await harness.registry.store.world.setInteractionsEndpoint(IDS.app, bot.url);
}

/** Invokes a new command of the app; answers the interaction's id once the client heard of it. */
async function invoke(harness: Harness, name: string): Promise<string> {
  const command = await harness.command({ name, description: 'Answers' });
  const nonce = `nonce-${name}`;
  expect((await harness.invoke({ ...slashInvocation(command), nonce })).statusCode).toBe(204);
  return (await harness.event('INTERACTION_CREATE', (data) => data.nonce === nonce)).id as string;
}

describe.skipIf(onPostgres)('an interaction\'s row on a registry alone on SQLite', () => {
  it('is written answered, once, with an inline answer\'s message, in a transaction held back and committed soon', async () => {
    const harness = await interactionHarness();
    await httpApp(harness, (_request, response) => answerJson(response, 200, { type: 4, data: { content: 'pong' } }));
    // The first delivery verifies the endpoint: the one looked at comes after it.
    const first = await invoke(harness, 'first');
    await harness.event('INTERACTION_SUCCESS', (data) => data.id === first);
    const log = writeLog(harness.registry.store);
    // Any write of its own commits what is queued or held first: the first answer's are out of the way.
    await harness.registry.store.sql.run('DELETE FROM feed WHERE 0');
    log.length = 0;
    const id = await invoke(harness, 'second');
    await harness.event('INTERACTION_SUCCESS', (data) => data.id === id);
    // Run and committed by nothing but the wait: the answer queued them.
    await committed(log, 'INSERT INTO messages');
    const message = log.find((entry) => entry.statement === 'INSERT INTO messages');
    expect(message?.transaction).toBeGreaterThan(0);
    expect(log.filter((entry) => entry.transaction === message?.transaction).map((entry) => entry.statement))
      .toEqual(['INSERT INTO messages', 'INSERT INTO interactions', 'COMMIT']);
    expect(log.filter((entry) => entry.statement.startsWith('UPDATE interactions'))).toEqual([]);
    expect(await row(harness.registry.store, id)).toMatchObject({ response_type: 4, expired: 0, original_message_id: expect.any(String) });
  });

  it('is written as soon as the delivery answers without a message of its own', async () => {
    const harness = await interactionHarness();
    await httpApp(harness, (_request, response) => void response.writeHead(202).end());
    // The first delivery verifies the endpoint, and writes its row before (deliver.ts).
    const first = await invoke(harness, 'first');
    await harness.event('INTERACTION_BOT_RESPONSE', (data) => data.id === first);
    const id = await invoke(harness, 'acknowledged');
    // The delivery's answer is told to the client once the row is written.
    await harness.event('INTERACTION_BOT_RESPONSE', (data) => data.id === id);
    expect(await row(harness.registry.store, id)).toMatchObject({ response_type: null, expired: 0 });
  });
});

describe.skipIf(onPostgres)('an interaction row kept back', () => {
  it('takes the first answer once, and only while nothing else answered or ended it', async () => {
    const store = await testStore();
    const interactions = store.interactions;
    interactions.addLater(interaction('1'));
    expect(await row(store, '1')).toBeUndefined();
    expect(await store.transaction(async () => await interactions.answerFirst('1', 4, 'm1'))).toBe(true);
    // Written answered by the answer: a second answer is refused.
    expect(await row(store, '1')).toMatchObject({ response_type: 4, original_message_id: 'm1' });
    expect(await interactions.answerFirst('1', 4, 'm2')).toBe(false);
    expect(await interactions.byToken('token-1')).toMatchObject({ response_type: 4, original_message_id: 'm1' });
    expect(await row(store, '1')).toMatchObject({ response_type: 4, original_message_id: 'm1', expired: 0 });

    interactions.addLater(interaction('2'));
    expect(await interactions.expire('2')).toBe(true);
    expect(await row(store, '2')).toMatchObject({ response_type: null, expired: 1 });
    expect(await interactions.answerFirst('2', 4, 'm3')).toBe(false);
    await store.close();
  });

  it('writes the rows answered in held transactions meanwhile with one commit, soon, with nothing else using the store', async () => {
    const store = await testStore();
    const interactions = store.interactions;
    const log = writeLog(store);
    for (const id of ['1', '2']) {
      interactions.addLater(interaction(id));
      expect(await store.transactionLater(async () => await interactions.answerFirst(id, 4, `m${id}`))).toBe(true);
    }
    expect(await row(store, '2')).toMatchObject({ response_type: 4, original_message_id: 'm2' });
    expect(await row(store, '1')).toMatchObject({ response_type: 4, original_message_id: 'm1' });
    expect(log.filter((entry) => entry.statement === 'INSERT INTO interactions')).toHaveLength(2);
    expect(log.filter((entry) => entry.statement === 'COMMIT')).toEqual([]);
    await committed(log, 'INSERT INTO interactions');
    expect(log.filter((entry) => entry.statement === 'COMMIT')).toHaveLength(1);
    await store.close();
  });

  it('writes a row kept back, and commits a held answer, when the store closes', async () => {
    const store = await testStore();
    const log = writeLog(store);
    store.interactions.addLater(interaction('1'));
    store.interactions.addLater(interaction('2'));
    expect(await store.transactionLater(async () => await store.interactions.answerFirst('1', 4, 'm1'))).toBe(true);
    await store.close();
    expect(log.filter((entry) => entry.statement === 'INSERT INTO interactions')).toHaveLength(2);
    expect(log.filter((entry) => entry.statement === 'COMMIT')).toHaveLength(2);
  });

  it('keeps an answer given in the transaction that wrote the row kept back', async () => {
    const store = await testStore();
    const interactions = store.interactions;
    interactions.addLater(interaction('1'));
    // As an ephemeral answer does: the store's use writes the kept row, then the answer is taken.
    expect(await store.transaction(async () => {
      await interactions.writeKept();
      return await interactions.answerFirst('1', 4, 'm1');
    })).toBe(true);
    expect(await row(store, '1')).toMatchObject({ response_type: 4, original_message_id: 'm1' });
    expect(await interactions.answerFirst('1', 4, 'm2')).toBe(false);
    await store.close();
  });

  it('stays kept when the answer\'s transaction rolls back, and is written by the next use of the store', async () => {
    const store = await testStore();
    const interactions = store.interactions;
    interactions.addLater(interaction('1'));
    await expect(store.transaction(async () => {
      expect(await interactions.answerFirst('1', 4, 'm1')).toBe(true);
      throw new Error('the message was refused');
    })).rejects.toThrow('the message was refused');
    expect(await row(store, '1')).toBeUndefined();
    expect(await interactions.byToken('token-1')).toMatchObject({ id: '1', response_type: null, answering: false, expired: false });
    expect(await row(store, '1')).toMatchObject({ response_type: null, original_message_id: null, expired: 0 });
    expect(await interactions.answerFirst('1', 5, 'm2')).toBe(true);
    expect(await row(store, '1')).toMatchObject({ response_type: 5, original_message_id: 'm2' });
    await store.close();
  });

  it('is written before any other read or write of the interactions, all kept rows in one transaction', async () => {
    const store = await testStore();
    const interactions = store.interactions;
    const log = writeLog(store);
    interactions.addLater(interaction('1'));
    interactions.addLater(interaction('2'));
    expect(await interactions.byId('2')).toMatchObject({ id: '2', response_type: null });
    const written = log.filter((entry) => entry.statement === 'INSERT INTO interactions');
    expect(written).toHaveLength(2);
    expect(new Set(written.map((entry) => entry.transaction)).size).toBe(1);
    expect(await row(store, '1')).toBeDefined();
    // Written once: a later use writes nothing again.
    await interactions.byId('1');
    expect(log.filter((entry) => entry.statement === 'INSERT INTO interactions')).toHaveLength(2);
    await store.close();
  });
});
