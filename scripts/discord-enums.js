/**
 * A Vite plugin for the client's build: `discord-api-types/v10` as an ES module of its
 * constants, made at build time from the package itself, so the bundle keeps only the
 * enums the client uses. The package is CommonJS, which a bundler cannot trim: the client
 * carried all of it (92 kB, a seventh of the first screen's script, every enum built as the
 * page started) for the few it reads (docs/benchmarks.md, issue 34).
 *
 * Only plain data is written (strings, numbers, and objects of them and of bigints, as
 * TypeScript's enums are, reverse mappings included). The package's helpers (`Routes`,
 * `Utils`, patterns) are left out: a client module importing one fails the build with a
 * missing export, rather than shipping the whole package again.
 */
import { createRequire } from 'node:module';

const SOURCE = 'discord-api-types/v10';
const ID = '\0slashbench:discord-api-types/v10';

/** A value as JavaScript source, or undefined when it is not plain data. */
function literal(value) {
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const entries = [];
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'object') return undefined;
    const written = literal(inner);
    if (written === undefined) return undefined;
    entries.push(`${JSON.stringify(key)}: ${written}`);
  }
  return `{ ${entries.join(', ')} }`;
}

/** The module's source: one `export const` per plain-data export of the package. */
export function discordEnumsSource(exports) {
  const lines = [`// ${SOURCE}'s constants, written at build time by scripts/discord-enums.js.`];
  for (const [name, value] of Object.entries(exports)) {
    const written = literal(value);
    if (written !== undefined) lines.push(`export const ${name} = ${written};`);
  }
  return `${lines.join('\n')}\n`;
}

export function discordEnums() {
  return {
    name: 'slashbench-discord-enums',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === SOURCE ? ID : null;
    },
    load(id) {
      if (id !== ID) return null;
      return discordEnumsSource(createRequire(import.meta.url)(SOURCE));
    },
  };
}
