/**
 * Where each gateway dispatch of the client's event stream goes: READY to the session,
 * messages and poll votes to the message list, interaction progress to the inspector (and autocomplete
 * results to the open field, an app's modal to the dialog), command changes to a reload of the index, world changes to
 * a fresh READY, Activity launches and their participants to the Activity panel (and, with
 * launch messages, to the chat's Join buttons).
 */
import type { ReadyPayload, WireMessage } from '../../api/wire-types.js';
import type { AppState } from '../../store/app-state.js';
import { reportsOnOpenActivity } from '../activities/proxy-report.js';
import { INSPECTED_EVENTS } from '../inspector/inspector-slice.js';

function record(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

export function routeDispatch(state: AppState, event: string, data: unknown): void {
  const d = record(data);
  if (INSPECTED_EVENTS.has(event)) state.interactionEvent(event, d);
  switch (event) {
    case 'READY':
      state.gatewayReady(d as unknown as ReadyPayload);
      return;
    case 'MESSAGE_CREATE':
      state.messageCreated(d as unknown as WireMessage);
      state.interactionMessage(event, d);
      state.launchMessageSeen(d as unknown as WireMessage);
      return;
    case 'MESSAGE_UPDATE':
      state.messageUpdated(d as unknown as WireMessage);
      state.interactionMessage(event, d);
      return;
    case 'MESSAGE_POLL_VOTE_ADD':
    case 'MESSAGE_POLL_VOTE_REMOVE':
      state.pollVoteChanged(event === 'MESSAGE_POLL_VOTE_ADD' ? 'add' : 'remove', {
        user_id: String(d.user_id), channel_id: String(d.channel_id), message_id: String(d.message_id), answer_id: Number(d.answer_id),
      });
      return;
    case 'MESSAGE_DELETE':
      state.messageDeleted({ id: String(d.id), channel_id: String(d.channel_id) });
      return;
    case 'APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE':
      state.autocompleteAnswered(d);
      return;
    case 'INTERACTION_MODAL_CREATE':
      state.modalCreated(d);
      return;
    case 'INTERACTION_FAILURE':
      state.autocompleteFailed(d);
      return;
    case 'APPLICATION_COMMAND_INDEX_UPDATE':
    case 'APPLICATION_COMMAND_PERMISSIONS_UPDATE':
      void state.loadIndex();
      return;
    case 'WORLD_UPDATE':
      state.reconnect();
      state.editorWorldChanged(d);
      return;
    case 'EMBEDDED_ACTIVITY_LAUNCH':
      state.activityLaunched(d);
      return;
    case 'EMBEDDED_ACTIVITY_UPDATE':
      state.activityUpdated(d);
      return;
    case 'ACTIVITY_PROXY_REPORT':
      if (reportsOnOpenActivity(state.activity, d)) state.recordFrameMessage({ direction: 'proxy', message: d });
      return;
    default:
  }
}
