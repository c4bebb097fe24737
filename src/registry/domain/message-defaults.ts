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
import { ComponentType } from 'discord-api-types/v10';
import { isJsonObject } from '../../shared/json-object.js';
import { mapComponentTree } from './component-tree.js';

type Json = Record<string, unknown>;

const SELECTS: ReadonlySet<unknown> = new Set([
  ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect,
]);

/** `value` with `defaults` under each key it lacks. */
const filled = (value: Json, defaults: Json): Json => ({ ...defaults, ...value });

export function withServiceDefaults(parts: { embeds?: Json[]; components?: Json[] }, nextId: () => string): { embeds?: Json[]; components?: Json[] } {
  const media = (value: unknown): unknown => {
    if (!isJsonObject(value)) return value;
    const withId = value.id === undefined ? { ...value, id: nextId() } : value;
    return typeof value.url === 'string' && value.proxy_url === undefined ? { ...withId, proxy_url: value.url } : withId;
  };
  const shown = (item: Json, key: 'media' | 'file'): Json => filled({ ...item, [key]: media(item[key]) }, { spoiler: false });
  const component = (out: Json): Json => {
    if (SELECTS.has(out.type)) return filled(out, { min_values: 1, max_values: 1 });
    switch (out.type) {
      case ComponentType.Thumbnail: return filled(shown(out, 'media'), { description: null });
      case ComponentType.MediaGallery:
        return Array.isArray(out.items)
          ? { ...out, items: out.items.map((item: unknown) => (isJsonObject(item) ? filled(shown(item, 'media'), { description: null }) : item)) }
          : out;
      case ComponentType.File: return filled(shown(out, 'file'), { name: null, size: null });
      case ComponentType.Separator: return filled(out, { divider: true, spacing: 1 });
      case ComponentType.Container: return filled(out, { accent_color: null, spoiler: false });
      default: return out;
    }
  };
  const embed = (value: Json): Json => (Array.isArray(value.fields)
    ? { ...value, fields: value.fields.map((field: unknown) => (isJsonObject(field) ? filled(field, { inline: false }) : field)) }
    : value);
  return {
    ...(parts.embeds ? { embeds: parts.embeds.map(embed) } : {}),
    ...(parts.components ? { components: mapComponentTree(parts.components, component) } : {}),
  };
}
