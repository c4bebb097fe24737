/**
 * A throwaway PostgreSQL server on this machine, for `npm run team` and the tests: Debian's
 * `postgresql` binaries, a fresh cluster in a temporary directory owned by the `postgres`
 * user (PostgreSQL refuses to run as root), trust authentication, listening on a free
 * loopback port only, and removed whole when stopped.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pgDriver } from '../store/pg-driver.js';
import { freePort } from '../free-port.js';

const run = promisify(execFile);

export interface LocalPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  readonly url: string;
  readonly port: number;
  readonly directory: string;
  /** A new empty database on this server; answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and starts it again on the same port (what a database restart looks like to the registry). */
  restart(): Promise<void>;
  /** Stops the server, keeping its data: what an unreachable database looks like. */
  halt(): Promise<void>;
  /** Starts it again after `halt()`. */
  start(): Promise<void>;
  /** Stops the server and removes it. */
  stop(): Promise<void>;
  /** The running server's own process id (the first line of its data directory's postmaster.pid): its backends are its children. */
  serverPid(): Promise<number>;
}

/** The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) {
    const bin = join(root, major, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (Debian), or pass --database with a server of your own');
}

/** Runs a PostgreSQL program as the `postgres` user when this process is root (PostgreSQL refuses root), else as itself. */
async function asPostgres(program: string, args: readonly string[]): Promise<void> {
  const root = process.getuid?.() === 0;
  const [command, commandArgs] = root ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, [...args]];
  await run(command, commandArgs, { timeout: 120_000 });
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Creates and starts a cluster; `stop()` removes it. */
export async function startLocalPostgres(options: { port?: number } = {}): Promise<LocalPostgres> {
  const bin = postgresBinaries();
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-postgres-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await postgresIds();
    await chown(directory, uid, gid);
  }
  const data = join(directory, 'data');
  const port = options.port ?? await freePort();
  await asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // Loopback only, its socket in its own directory, and nothing waits for the disk: a throwaway server.
  const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${directory} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(directory, 'server.log'), '-o', settings, '-w', 'start']);
  const stopServer = () => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url, port, directory,
    async createDatabase(name) {
      const client = new (pgDriver().Client)({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart() {
      await stopServer();
      await start();
    },
    start,
    halt: stopServer,
    async stop() {
      await stopServer().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
    async serverPid() {
      const pid = Number((await readFile(join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      if (!Number.isInteger(pid) || pid <= 0) throw new Error(`${data}/postmaster.pid names no process`);
      return pid;
    },
  };
}
