/**
 * The body the client posts to invoke a command, press a component or submit a modal,
 * as parseInvokeBody (invoke.ts) lets it through. Below invoke.ts and components.ts,
 * which both read it, so neither imports the other back (issue 34).
 */
export interface InvokeBody {
  type: number;
  application_id: string;
  channel_id: string;
  guild_id?: string;
  nonce?: string;
  message_id?: string;
  data: Record<string, unknown>;
}
