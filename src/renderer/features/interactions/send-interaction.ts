/**
 * Sends one interaction (`POST /interactions`) as the acting user and records it in the
 * inspector before it leaves, so the live events the registry emits while answering (they
 * may arrive before the HTTP answer) find their entry.
 */
import type { InvokeBody } from '../../api/wire-types.js';
import type { AppState } from '../../store/app-state.js';
import type { ClientDeps, RestAnswer } from '../../store/deps.js';
import type { InteractionKind } from '../inspector/inspector-slice.js';

export interface SendMeta {
  kind: InteractionKind;
  label: string;
  messageId?: string;
  customId?: string;
}

/** The answer, or undefined when there is no session to send with. */
export async function sendInteraction(
  get: () => AppState, deps: ClientDeps, body: InvokeBody, meta: SendMeta,
): Promise<RestAnswer<null> | undefined> {
  const { token, actingUserId } = get();
  if (token === null || actingUserId === null) return undefined;
  get().interactionSent({
    nonce: body.nonce, kind: meta.kind, label: meta.label, userId: actingUserId, channelId: body.channel_id,
    applicationId: body.application_id, request: body,
    ...(meta.messageId === undefined ? {} : { messageId: meta.messageId }),
    ...(meta.customId === undefined ? {} : { customId: meta.customId }),
  });
  const answer = await deps.rest.invoke({ token, locale: get().locale }, body);
  get().interactionAnswered(body.nonce, answer.status, answer.ok ? null : answer.error);
  return answer;
}
