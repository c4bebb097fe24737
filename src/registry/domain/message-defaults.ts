/**
 * What the service fills in on a message a bot sent, so that it reads back complete
 * (Discord's OpenAPI spec requires each of these in its response types, and the docs give
 * the defaults): an embed field's `inline` (false); a select's `min_values` and
 * `max_values` (1 and 1); media (a thumbnail's, a gallery item's, a file's) with the
 * service's own `id` for it and a `proxy_url` (the registry proxies no media: its URL),
 * and the item's `description` (null) and `spoiler` (false); a file card's `name` and
 * `size` (null until a file is named); a separator's `divider` (true) and `spacing`
 * (1, small); a container's `accent_color` (null) and `spoiler` (false). A value the bot
 * sent is never changed. Applied after `attachment://` references are resolved. Pure but
 * for `nextId`.
 */
import { isJsonObject } from '../../shared/json-object.js';

type Json = Record<string, unknown>;

/** Components (discord-api-types `ComponentType`) with something to fill in. */
const SELECTS = new Set([3, 5, 6, 7, 8]);
const TYPE = { SECTION: 9, THUMBNAIL: 11, MEDIA_GALLERY: 12, FILE: 13, SEPARATOR: 14, CONTAINER: 17 } as const;

/** `value` with `defaults` under each key it lacks. */
const filled = (value: Json, defaults: Json): Json => ({ ...defaults, ...value });

export function withServiceDefaults(parts: { embeds?: Json[]; components?: Json[] }, nextId: () => string): { embeds?: Json[]; components?: Json[] } {
  const media = (value: unknown): unknown => {
    if (!isJsonObject(value)) return value;
    const withId = value.id === undefined ? { ...value, id: nextId() } : value;
    return typeof value.url === 'string' && value.proxy_url === undefined ? { ...withId, proxy_url: value.url } : withId;
  };
  const shown = (item: Json, key: 'media' | 'file'): Json => filled({ ...item, [key]: media(item[key]) }, { spoiler: false });
  const component = (value: unknown): unknown => {
    if (!isJsonObject(value)) return value;
    let out: Json = { ...value };
    if (Array.isArray(value.components)) out.components = value.components.map(component);
    if ('accessory' in value) out.accessory = component(value.accessory);
    if (typeof value.type === 'number' && SELECTS.has(value.type)) out = filled(out, { min_values: 1, max_values: 1 });
    switch (value.type) {
      case TYPE.THUMBNAIL: return filled(shown(out, 'media'), { description: null });
      case TYPE.MEDIA_GALLERY:
        return Array.isArray(value.items)
          ? { ...out, items: value.items.map((item: unknown) => (isJsonObject(item) ? filled(shown(item, 'media'), { description: null }) : item)) }
          : out;
      case TYPE.FILE: return filled(shown(out, 'file'), { name: null, size: null });
      case TYPE.SEPARATOR: return filled(out, { divider: true, spacing: 1 });
      case TYPE.CONTAINER: return filled(out, { accent_color: null, spoiler: false });
      default: return out;
    }
  };
  const embed = (value: Json): Json => (Array.isArray(value.fields)
    ? { ...value, fields: value.fields.map((field: unknown) => (isJsonObject(field) ? filled(field, { inline: false }) : field)) }
    : value);
  return {
    ...(parts.embeds ? { embeds: parts.embeds.map(embed) } : {}),
    ...(parts.components ? { components: parts.components.map((each) => component(each) as Json) } : {}),
  };
}
