/**
 * The app's modal, open over the chat: it opens on `INTERACTION_MODAL_CREATE`, keeps what
 * the person types, refuses values the app's limits forbid before anything is sent, and
 * submits a MODAL_SUBMIT interaction (type 5) through the same path as every interaction,
 * closing once the registry accepted it; a refusal stays visible in the dialog.
 */
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { sendInteraction } from '../interactions/send-interaction.js';
import { guildOfChannel } from '../world/world-model.js';
import { checkModal, initialValues, modalSubmitData, readModal, type OpenModal } from './modal-fields.js';

export interface ModalSlice {
  modal: OpenModal | null;
  modalValues: Record<string, string>;
  modalErrors: Record<string, string>;
  modalSending: boolean;
  modalError: string | null;
  /** An `INTERACTION_MODAL_CREATE` for this person. */
  modalCreated(data: Record<string, unknown>): void;
  setModalValue(customId: string, value: string): void;
  submitModal(): Promise<void>;
  cancelModal(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends ModalSlice {}
}

const CLOSED = { modal: null, modalValues: {}, modalErrors: {}, modalSending: false, modalError: null };

export function createModalSlice(deps: ClientDeps): Slice<ModalSlice> {
  return (set, get) => ({
    ...CLOSED,

    modalCreated(data) {
      const modal = readModal(data);
      if (modal === undefined) return;
      get().closeContextMenu();
      set({ ...CLOSED, modal, modalValues: initialValues(modal) });
    },

    setModalValue(customId, value) {
      const modalErrors = { ...get().modalErrors };
      delete modalErrors[customId];
      set({ modalValues: { ...get().modalValues, [customId]: value }, modalErrors, modalError: null });
    },

    async submitModal() {
      const { modal, modalValues, modalSending } = get();
      if (modal === null || modalSending) return;
      const errors = checkModal(modal, modalValues);
      if (Object.keys(errors).length > 0) {
        set({ modalErrors: errors });
        return;
      }
      const guildId = guildOfChannel(get().guilds, modal.channelId);
      set({ modalSending: true, modalErrors: {}, modalError: null });
      const answer = await sendInteraction(get, deps, {
        type: 5, application_id: modal.applicationId, channel_id: modal.channelId, nonce: deps.nonce(),
        ...(guildId === undefined ? {} : { guild_id: guildId }),
        data: modalSubmitData(modal, modalValues),
      }, { kind: 'modal', label: modal.title === '' ? `modal ${modal.customId}` : modal.title, customId: modal.customId });
      if (get().modal !== modal) return;
      if (!answer || answer.ok) set({ ...CLOSED });
      else set({ modalSending: false, modalError: answer.error.message });
    },

    cancelModal() {
      set({ ...CLOSED });
    },
  });
}
