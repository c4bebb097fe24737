/**
 * An interaction's row on a registry alone on its SQLite store: kept back after an HTTP
 * delivery (InteractionStore.addLater), answered in memory by an inline answer whose message
 * commits alone, and written a moment later with the others answered meanwhile, or by the
 * store's close; every other use of the store finds the row as if it had been written at once.
 * PostgreSQL (a team) writes the row before the delivery, and never keeps one back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_ANSWERS_WRITTEN_WITHIN_MS } from '../../src/registry/store/interaction-store.js';
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

/** The row once something has written it, waited for without using the interaction store (whose every use writes kept rows). */
async function writtenRow(store: Store, id: string): ReturnType<typeof row> {
  for (;;) {
    const found = await row(store, id);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, KEPT_ANSWERS_WRITTEN_WITHIN_MS / 4));
  }
}

/** Each write statement the store runs, with the transaction it runs in (counted by BEGIN; 0 outside one). */
function writeLog(store: Store): Array<{ statement: string; transaction: number }> {
  const sql = store.sql as SqliteDatabase;
  const log: Array<{ statement: string; transaction: number }> = [];
  let begun = 0;
  const exec = sql.db.exec.bind(sql.db);
  sql.db.exec = (text: string) => {
    if (text.startsWith('BEGIN')) begun += 1;
    return exec(text);
  };
  for (const method of ['run', 'change', 'runKeeping'] as const) {
    const original = sql[method].bind(sql) as (text: string, ...params: unknown[]) => Promise<never>;
    sql[method] = ((text: string, ...params: unknown[]) => {
      const statement = /^\s*(INSERT INTO \w+|UPDATE \w+|DELETE FROM \w+)/.exec(text)?.[1];
      if (statement) log.push({ statement, transaction: sql.db.inTransaction ? begun : 0 });
      return original(text, ...params);
    }) as never;
  }
  return log;
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
  it('is answered with an inline answer whose message commits alone, and written soon after', async () => {
    const harness = await interactionHarness();
    await httpApp(harness, (_request, response) => answerJson(response, 200, { type: 4, data: { content: 'pong' } }));
    // The first delivery verifies the endpoint: the one looked at comes after it.
    const first = await invoke(harness, 'first');
    await harness.event('INTERACTION_SUCCESS', (data) => data.id === first);
    const log = writeLog(harness.registry.store);
    const id = await invoke(harness, 'second');
    await harness.event('INTERACTION_SUCCESS', (data) => data.id === id);
    const message = log.find((entry) => entry.statement === 'INSERT INTO messages');
    expect(message?.transaction).toBeGreaterThan(0);
    expect(log.filter((entry) => entry.transaction === message?.transaction).map((entry) => entry.statement)).toEqual(['INSERT INTO messages']);
    // Written by nothing but the wait, answered, with no UPDATE.
    expect(await writtenRow(harness.registry.store, id)).toMatchObject({ response_type: 4, expired: 0, original_message_id: expect.any(String) });
    const interactionRow = log.find((entry) => entry.statement === 'INSERT INTO interactions');
    expect(interactionRow?.transaction).toBeGreaterThan(message?.transaction ?? 0);
    expect(log.filter((entry) => entry.statement.startsWith('UPDATE interactions'))).toEqual([]);
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
    // Answered in memory: a second answer is refused before the row is written.
    expect(await row(store, '1')).toBeUndefined();
    expect(await interactions.answerFirst('1', 4, 'm2')).toBe(false);
    expect(await interactions.byToken('token-1')).toMatchObject({ response_type: 4, original_message_id: 'm1' });
    expect(await row(store, '1')).toMatchObject({ response_type: 4, original_message_id: 'm1', expired: 0 });

    interactions.addLater(interaction('2'));
    expect(await interactions.expire('2')).toBe(true);
    expect(await row(store, '2')).toMatchObject({ response_type: null, expired: 1 });
    expect(await interactions.answerFirst('2', 4, 'm3')).toBe(false);
    await store.close();
  });

  it('writes the rows answered meanwhile together, soon, with nothing else using the store', async () => {
    const store = await testStore();
    const interactions = store.interactions;
    const log = writeLog(store);
    for (const id of ['1', '2']) {
      interactions.addLater(interaction(id));
      expect(await store.transaction(async () => await interactions.answerFirst(id, 4, `m${id}`))).toBe(true);
    }
    expect(await writtenRow(store, '2')).toMatchObject({ response_type: 4, original_message_id: 'm2' });
    expect(await row(store, '1')).toMatchObject({ response_type: 4, original_message_id: 'm1' });
    const written = log.filter((entry) => entry.statement === 'INSERT INTO interactions');
    expect(written).toHaveLength(2);
    expect(new Set(written.map((entry) => entry.transaction)).size).toBe(1);
    await store.close();
  });

  it('writes an answered row when the store closes', async () => {
    const store = await testStore();
    const log = writeLog(store);
    store.interactions.addLater(interaction('1'));
    expect(await store.transaction(async () => await store.interactions.answerFirst('1', 4, 'm1'))).toBe(true);
    await store.close();
    expect(log.filter((entry) => entry.statement === 'INSERT INTO interactions')).toHaveLength(1);
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
