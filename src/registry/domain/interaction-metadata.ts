/**
 * The `interaction_metadata` of a message an app sent through an interaction, as the service
 * writes it (discord-api-types `APIMessageInteractionMetadata`): who invoked, which installs
 * authorize it, and by kind the command's target, the message whose component was used, or
 * for a modal's submit the interaction that opened the modal.
 */
import {
  InteractionType, type APIApplicationCommandInteractionMetadata, type APIMessageComponentInteractionMetadata,
  type APIMessageInteractionMetadata, type APIModalSubmitInteractionMetadata, type APIUser,
} from 'discord-api-types/v10';

/**
 * What the registry keeps: the service's metadata and, for commands, the command's `name`,
 * which the simulated client shows ("used /name") and the deprecated `interaction` carries.
 */
export type StoredInteractionMetadata = APIMessageInteractionMetadata & { name?: string };

/** What can open a modal: a command or a component interaction. */
export type OpenerMetadata = APIApplicationCommandInteractionMetadata | APIMessageComponentInteractionMetadata;

export interface MetadataFacts {
  id: string;
  /** 2 command, 3 component, 5 modal submit (an autocomplete sends no message). */
  type: number;
  user: APIUser;
  owners: Record<string, string>;
  /** A command's name. */
  name?: string;
  /** A user command's target user, or a message command's target message. */
  targetUser?: APIUser;
  targetMessageId?: string;
  /** The message whose component was used (components, and modals opened from one). */
  interactedMessageId?: string;
  /** The interaction whose MODAL answer this submit fills in. */
  opener?: OpenerMetadata;
}

/** The metadata of an interaction, before any message: follow-ups add `original_response_message_id`. */
export function interactionMetadata(facts: MetadataFacts): StoredInteractionMetadata {
  const base = { id: facts.id, user: facts.user, authorizing_integration_owners: facts.owners };
  switch (facts.type) {
    case InteractionType.MessageComponent:
      return { ...base, type: InteractionType.MessageComponent, interacted_message_id: facts.interactedMessageId ?? '0' } satisfies APIMessageComponentInteractionMetadata;
    case InteractionType.ModalSubmit:
      // Without its opener in the ledger (gone after 15 minutes) the submit stands in for it.
      return {
        ...base, type: InteractionType.ModalSubmit,
        triggering_interaction_metadata: facts.opener ?? { ...base, type: InteractionType.ApplicationCommand },
      } satisfies APIModalSubmitInteractionMetadata;
    default:
      return {
        ...base, type: InteractionType.ApplicationCommand,
        ...(facts.name === undefined ? {} : { name: facts.name }),
        ...(facts.targetUser ? { target_user: facts.targetUser } : {}),
        ...(facts.targetMessageId === undefined ? {} : { target_message_id: facts.targetMessageId }),
      } satisfies APIApplicationCommandInteractionMetadata & { name?: string };
  }
}

/** The opener part of a modal's metadata: the opener's own metadata, without what only messages carry. */
export function openerMetadata(metadata: StoredInteractionMetadata): OpenerMetadata | undefined {
  if (metadata.type === InteractionType.ModalSubmit) return undefined;
  const { original_response_message_id: _original, ...opener } = metadata;
  return opener;
}
