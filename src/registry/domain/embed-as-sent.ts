/**
 * An embed a bot sends, as the service keeps it: "you can set every field except `type` (it
 * will be `rich` regardless of if you try to set it), `provider`, `video`, and any
 * `height`, `width`, or `proxy_url` values for images" (the API docs' Create Message; their
 * Execute Webhook, which interaction answers are, says the same of type, provider and
 * video). The service accepts those fields and ignores them, so a bot
 * that sets them works there; here they are dropped the same way, so that a video embed or
 * a made-up image size a bot sends never shows on the bench when it would not in
 * production. An `attachment://` image gets its real size and proxy URL afterwards, from
 * its file (attachment-references.ts). Pure.
 */
type Json = Record<string, unknown>;

/** Fields of an embed's image and thumbnail that only the service fills in. */
const MEDIA_FILLED = ['height', 'width', 'proxy_url'] as const;

function withoutFilled(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const kept: Json = { ...(value as Json) };
  for (const key of MEDIA_FILLED) delete kept[key];
  return kept;
}

/** The embed without what the service ignores, and of type `rich`. */
export function embedAsSent(embed: Json): Json {
  const { provider: _provider, video: _video, type: _type, ...rest } = embed;
  const kept: Json = { type: 'rich', ...rest };
  for (const key of ['image', 'thumbnail'] as const) if (key in rest) kept[key] = withoutFilled(rest[key]);
  return kept;
}
