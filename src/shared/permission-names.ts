/**
 * Every permission bit a role can hold, named and grouped as the real client's role editor
 * shows them. The bits themselves are discord-api-types' `PermissionFlagsBits` (the one
 * table of values, as api-facts.md asks); this module adds only the words a person reads.
 * Each bit appears exactly once (the deprecated alias ManageEmojisAndStickers is left out:
 * it is ManageGuildExpressions' bit).
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';

/** A permission's key in `PermissionFlagsBits`, e.g. `ManageGuild`. */
export type PermissionName = Exclude<keyof typeof PermissionFlagsBits, 'ManageEmojisAndStickers'>;

export interface PermissionEntry {
  name: PermissionName;
  /** What the real client calls it. */
  label: string;
  bit: bigint;
}

export interface PermissionGroup {
  title: string;
  permissions: readonly PermissionEntry[];
}

const entry = (name: PermissionName, label: string): PermissionEntry => ({ name, label, bit: PermissionFlagsBits[name] });

/** The role editor's sections, in the real client's order. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  {
    title: 'General Server Permissions',
    permissions: [
      entry('ViewChannel', 'View Channels'),
      entry('ManageChannels', 'Manage Channels'),
      entry('ManageRoles', 'Manage Roles'),
      entry('CreateGuildExpressions', 'Create Expressions'),
      entry('ManageGuildExpressions', 'Manage Expressions'),
      entry('ViewAuditLog', 'View Audit Log'),
      entry('ViewGuildInsights', 'View Server Insights'),
      entry('ViewCreatorMonetizationAnalytics', 'View Server Subscription Insights'),
      entry('ManageWebhooks', 'Manage Webhooks'),
      entry('ManageGuild', 'Manage Server'),
    ],
  },
  {
    title: 'Membership Permissions',
    permissions: [
      entry('CreateInstantInvite', 'Create Invite'),
      entry('ChangeNickname', 'Change Nickname'),
      entry('ManageNicknames', 'Manage Nicknames'),
      entry('KickMembers', 'Kick, Approve, and Reject Members'),
      entry('BanMembers', 'Ban Members'),
      entry('ModerateMembers', 'Timeout Members'),
    ],
  },
  {
    title: 'Text Channel Permissions',
    permissions: [
      entry('SendMessages', 'Send Messages and Create Posts'),
      entry('SendMessagesInThreads', 'Send Messages in Threads and Posts'),
      entry('CreatePublicThreads', 'Create Public Threads'),
      entry('CreatePrivateThreads', 'Create Private Threads'),
      entry('EmbedLinks', 'Embed Links'),
      entry('AttachFiles', 'Attach Files'),
      entry('AddReactions', 'Add Reactions'),
      entry('UseExternalEmojis', 'Use External Emoji'),
      entry('UseExternalStickers', 'Use External Stickers'),
      entry('MentionEveryone', 'Mention @everyone, @here, and All Roles'),
      entry('ManageMessages', 'Manage Messages'),
      entry('PinMessages', 'Pin Messages'),
      entry('BypassSlowmode', 'Bypass Slowmode'),
      entry('ManageThreads', 'Manage Threads and Posts'),
      entry('ReadMessageHistory', 'Read Message History'),
      entry('SendTTSMessages', 'Send Text-to-Speech Messages'),
      entry('SendVoiceMessages', 'Send Voice Messages'),
      entry('SendPolls', 'Create Polls'),
    ],
  },
  {
    title: 'Voice Channel Permissions',
    permissions: [
      entry('Connect', 'Connect'),
      entry('Speak', 'Speak'),
      entry('Stream', 'Video'),
      entry('UseSoundboard', 'Use Soundboard'),
      entry('UseExternalSounds', 'Use External Sounds'),
      entry('UseVAD', 'Use Voice Activity'),
      entry('PrioritySpeaker', 'Priority Speaker'),
      entry('MuteMembers', 'Mute Members'),
      entry('DeafenMembers', 'Deafen Members'),
      entry('MoveMembers', 'Move Members'),
      entry('SetVoiceChannelStatus', 'Set Voice Channel Status'),
    ],
  },
  {
    title: 'Apps Permissions',
    permissions: [
      entry('UseApplicationCommands', 'Use Application Commands'),
      entry('UseEmbeddedActivities', 'Use Activities'),
      entry('UseExternalApps', 'Use External Apps'),
    ],
  },
  {
    title: 'Stage Channel Permissions',
    permissions: [entry('RequestToSpeak', 'Request to Speak')],
  },
  {
    title: 'Events Permissions',
    permissions: [entry('CreateEvents', 'Create Events'), entry('ManageEvents', 'Manage Events')],
  },
  {
    title: 'Advanced Permissions',
    permissions: [entry('Administrator', 'Administrator')],
  },
];

/** Every named permission, in the editor's order. */
export const PERMISSION_ENTRIES: readonly PermissionEntry[] = PERMISSION_GROUPS.flatMap((group) => group.permissions);

/** A permission's label by its name. */
export function permissionLabel(name: PermissionName): string {
  return PERMISSION_ENTRIES.find((candidate) => candidate.name === name)?.label ?? name;
}
