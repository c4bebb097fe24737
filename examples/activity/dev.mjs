#!/usr/bin/env node
/**
 * `npm run activity`: the sample Activity as a developer runs Discord's template, its Vite
 * dev server and its token server together, plus the quotes API it reaches through
 * `patchUrlMappings`. The app's URL mappings (the demo world's Demo Activity has them) send
 * `/` to the dev server and `/quotes` to the quotes API; the registry's Activity proxy does
 * the rest.
 *
 * The app comes from the env (or examples/activity/.env), as Discord's template reads it:
 * VITE_DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, SLASHBENCH_URL (the registry,
 * http://127.0.0.1:8484 by default).
 * Without them it waits for the registry of the data directory (SLASHBENCH_DATA, else the
 * default one) and reads Demo Activity's id and secret from it as `npm run tokens` does.
 * Ports: SAMPLE_PORT (5173), SAMPLE_TOKEN_PORT (3001), SAMPLE_QUOTES_PORT (3002).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startQuotesServer, startTokenServer } from './server.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** The registry's build, which `npm run tokens` runs from too. */
const REGISTRY_BUILD = new URL('../../out/node/registry/', import.meta.url);
/** The apps whose credentials the launcher looks for: the demo world's, then examples/world.json's. */
const SAMPLE_APPS = ['Demo Activity', 'Example Activity'];
const WAIT_MS = 60_000;

/**
 * Starts the quotes API, the token server and the Vite dev server (each port 0: any free
 * one). `registry` is the registry's URL. Resolves once all listen; a taken port rejects,
 * with what was started closed again.
 */
export async function startSample({ port = 5173, tokenPort = 3001, quotesPort = 3002, clientId, clientSecret, registry, logLevel = 'info', cacheDir }) {
  const started = [];
  try {
    const quotes = await startQuotesServer({ port: quotesPort });
    started.push(quotes);
    const token = await startTokenServer({ port: tokenPort, credentials: () => ({ clientId, clientSecret, registry }) });
    started.push(token);
    const { createServer } = await import('vite');
    const quotesUrl = `http://127.0.0.1:${quotes.port}`;
    const vite = await createServer({
      configFile: join(HERE, 'vite.config.ts'),
      logLevel,
      ...(cacheDir === undefined ? {} : { cacheDir }),
      server: { port, strictPort: true, proxy: { '/api': { target: `http://127.0.0.1:${token.port}`, changeOrigin: true } } },
      define: {
        'import.meta.env.VITE_DISCORD_CLIENT_ID': JSON.stringify(clientId),
        'import.meta.env.VITE_QUOTES_URL': JSON.stringify(quotesUrl),
      },
    });
    started.push(vite);
    await vite.listen();
    const url = `http://127.0.0.1:${vite.httpServer.address().port}`;
    return {
      url,
      quotesUrl,
      /** The app's URL mappings for this sample, as the Portal's page has them. */
      mappings: [{ prefix: '/quotes', target: new URL(quotesUrl).host }, { prefix: '/', target: new URL(url).host }],
      close: () => closeAll(started),
    };
  } catch (error) {
    await closeAll(started);
    throw error;
  }
}

async function closeAll(servers) {
  await Promise.all(servers.map((server) => server.close()));
}

/** The registry's modules `npm run tokens` uses, or undefined when the registry is not built. */
async function registryModules() {
  if (!existsSync(new URL('store/store.js', REGISTRY_BUILD))) return undefined;
  const load = (path) => import(new URL(path, REGISTRY_BUILD).href);
  const [data, running, store, listing] = await Promise.all([
    load('data-directory.js'), load('running-file.js'), load('store/store.js'), load('tokens-listing.js'),
  ]);
  return { ...data, ...running, ...store, ...listing };
}

/** The sample app's id and secret and the registry's URL, from the running registry's data directory. */
async function fromDataDirectory(modules, dataDirectory) {
  const running = modules.readRunningFile(dataDirectory);
  if (!running) return undefined;
  const store = modules.openStore(dataDirectory);
  try {
    for (const name of SAMPLE_APPS) {
      const app = await modules.findApplication(store, name);
      if (typeof app === 'string') continue;
      const secret = (await store.credentials.application(app.id))?.client_secret;
      if (secret) return { clientId: app.id, clientSecret: secret, registry: modules.reachableUrl(running.url), name: app.name };
    }
    return { missing: `the registry in ${dataDirectory} has no ${SAMPLE_APPS.join(' or ')} with a known client secret` };
  } finally {
    await store.close();
  }
}

const WHAT_TO_SET = 'Set VITE_DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET (your app\'s id and client secret: npm run tokens lists them) and SLASHBENCH_URL if the registry is not at http://127.0.0.1:8484.';

/** The app and registry from the env, else from the registry once it runs (npm start starts both together). */
async function credentials(env) {
  const registry = env.SLASHBENCH_URL ?? 'http://127.0.0.1:8484';
  if (env.VITE_DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET) {
    return { clientId: env.VITE_DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET, registry };
  }
  const modules = await registryModules();
  if (!modules) throw new Error(`the registry is not built (npm run build), so its apps cannot be read. ${WHAT_TO_SET}`);
  const dataDirectory = env.SLASHBENCH_DATA ?? modules.defaultDataDirectory();
  const deadline = Date.now() + WAIT_MS;
  let said = false;
  for (;;) {
    const found = await fromDataDirectory(modules, dataDirectory);
    if (found?.missing) throw new Error(`${found.missing}. ${WHAT_TO_SET}`);
    if (found) return { ...found, registry: env.SLASHBENCH_URL ?? found.registry };
    if (Date.now() > deadline) throw new Error(`no registry runs on ${dataDirectory} (start one: npm run serve). ${WHAT_TO_SET}`);
    if (!said) console.log(`Sample Activity: waiting for the registry of ${dataDirectory} (npm run serve) to read Demo Activity's id and secret...`);
    said = true;
    await sleep(500);
  }
}

async function main() {
  // The template's .env, under what the shell sets.
  const { loadEnv } = await import('vite');
  const env = { ...loadEnv('development', HERE, ''), ...process.env };
  const app = await credentials(env);
  const sample = await startSample({
    ...app,
    port: Number(env.SAMPLE_PORT ?? 5173),
    tokenPort: Number(env.SAMPLE_TOKEN_PORT ?? 3001),
    quotesPort: Number(env.SAMPLE_QUOTES_PORT ?? 3002),
  });
  console.log(`Sample Activity${app.name ? ` (${app.name}, ${app.clientId})` : ` (${app.clientId})`}: dev server ${sample.url}, quotes API ${sample.quotesUrl}, tokens from ${app.registry}.`);
  console.log(`  URL mappings: ${sample.mappings.map(({ prefix, target }) => `${prefix} -> ${target}`).join(', ')}. Launch it from the client's App Launcher.`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void sample.close().then(() => process.exit(0)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${error.port} is taken (another sample running?); set SAMPLE_PORT, SAMPLE_TOKEN_PORT, SAMPLE_QUOTES_PORT and the app's URL mappings to others` : error.message;
    console.error(`Sample Activity not started: ${reason}`);
    process.exit(1);
  });
}
