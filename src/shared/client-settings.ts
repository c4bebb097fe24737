/**
 * The client's settings, kept by the host across restarts (`readSettings`/`writeSettings`
 * in the host contract): which registry the client talks to (the local one, or a remote
 * one with the tokens to use there), whom it acts as, its locale, its theme and the device
 * Activities open on. One schema for the host that stores them and the client that edits them.
 */
import { z } from './zod-mini.js';
import { LOCALES } from './locales.js';

export const THEMES = ['dark', 'light', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** The device an Activity is launched on: its frame's `platform` query parameter, as the SDK reads it. */
export const ACTIVITY_PLATFORMS = ['desktop', 'mobile'] as const;
export type ActivityPlatform = (typeof ACTIVITY_PLATFORMS)[number];

/** How many tokens a remote registry may keep: one per person the switcher offers there. */
export const MAX_REMOTE_TOKENS = 10;

const snowflake = z.string().check(z.regex(/^\d{1,20}$/, 'must be a snowflake (a string of digits)'));

/**
 * A person's token as the client sends it: with no prefix and no spaces (the registry reads
 * anything after a space as a prefix), within the 512 characters an Authorization header may have.
 */
const token = z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(512), z.regex(/^\S+$/, 'must have no spaces'));

/** `http(s)://host[:port]` exactly as the URL standard writes an origin: the client appends `/api/v10`. */
export function isRegistryOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** The origin of what a person typed (`localhost:8484/` → `http://localhost:8484`), or undefined. */
export function registryOrigin(typed: string): string | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return undefined;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

export const remoteRegistrySchema = z.strictObject({
  url: z.string().check(z.maxLength(2048), z.refine(isRegistryOrigin, 'must be an http(s) origin such as http://192.168.1.20:8484, with no path')),
  /** The people's tokens on that registry; each is who the client acts as there (`GET /users/@me`). */
  tokens: z.array(token).check(z.minLength(1, 'must hold at least one token'), z.maxLength(MAX_REMOTE_TOKENS)),
  /** The person last acted as there (one of the tokens' people), or null for the first token's. */
  acting_user_id: z.nullable(snowflake),
});

export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

const fields = {
  /** Which registry REST and the gateway go to: the one that serves the page (or the desktop's own), or `remote`. */
  registry: z.enum(['local', 'remote']),
  /** The remote registry; kept while `registry` is `local`, so going back to it is one click. */
  remote: z.nullable(remoteRegistrySchema),
  /** Whom the client acts as on the local registry; null: the world's first person. */
  acting_user_id: z.nullable(snowflake),
  /** The client's locale; null: the acting person's own. */
  locale: z.nullable(z.enum(LOCALES)),
  theme: z.enum(THEMES),
  /** Whether Activities open as on the desktop client or on a phone (a phone-sized frame that turns). */
  activity_platform: z.enum(ACTIVITY_PLATFORMS),
};

export const clientSettingsSchema = z.strictObject(fields).check(z.refine(
  (settings) => settings.registry === 'local' || settings.remote !== null,
  { message: 'a remote registry needs its URL and tokens', path: ['remote'] },
));

export type ClientSettings = z.infer<typeof clientSettingsSchema>;

/** The names of the settings, for readers that take them one by one. */
export const SETTINGS_FIELDS = fields;

/** Before anything is chosen: the local registry, its first person, their locale, the dark look, the desktop. */
export const DEFAULT_SETTINGS: ClientSettings = Object.freeze({
  registry: 'local', remote: null, acting_user_id: null, locale: null, theme: 'dark', activity_platform: 'desktop',
});
