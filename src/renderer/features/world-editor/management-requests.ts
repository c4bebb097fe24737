/**
 * The world editor's forms as management API requests (`/_slashbench/*`), one function
 * per edit: what the person typed becomes the body the registry takes (empty optional
 * fields left out or cleared), with the shared schema the registry checks it with, so the
 * editor can refuse a bad field before anything is sent, in the registry's own words.
 */
import type { z } from 'zod';
import type { UrlMapping } from '../../../shared/url-mappings.js';
import { guildChannelFieldsSchema } from '../../../shared/world-entities.js';
import { applicationEditBody, guildChannelBody, memberBody, roleBody, userCreateBody, userEditBody } from '../../../shared/world-edits.js';
import { worldFileSchema, type WorldFile } from '../../../shared/world-file.js';
import { WORLD_PARSE, worldIssues, type WorldIssue } from '../../../shared/world-issues.js';
import type { ManagementCall } from '../../store/deps.js';

/** A request with the schema its body must pass (none for bodiless ones). */
export interface EditRequest {
  call: ManagementCall;
  schema?: z.ZodType;
  /** What the editor says once it is done, e.g. `Saved role "Managers".` */
  done: string;
}

export interface UserForm {
  /** Blank: the registry makes one. */
  id: string;
  username: string;
  globalName: string;
  /** Blank: the client's default (en-US). */
  locale: string;
  /** Blank: the registry makes one on create, and keeps the old one on edit. */
  token: string;
}

export interface RoleForm {
  name: string;
  /** The bit set as a decimal string. */
  permissions: string;
  /** Blank: on top (new) or where it was. */
  position: string;
  /** RGB as a number, 0 for none. */
  color: number;
  /** Members listed apart in the member list. */
  hoist: boolean;
}

export interface ChannelForm {
  name: string;
  type: number;
  /** Blank: no category or parent. */
  parentId: string;
  nsfw: boolean;
  position: string;
}

export interface MemberForm {
  roles: string[];
  nick: string;
}

/** A blank optional text left out (undefined), anything else trimmed. */
function given(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A position as the schema takes it: a whole number, or the text as typed so the check names it. */
function position(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** Leaves out the keys whose value is undefined, so the body carries only what was given. */
function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

export function createUserRequest(form: UserForm): EditRequest {
  const body = defined({
    id: given(form.id), username: form.username.trim(), global_name: given(form.globalName), locale: given(form.locale), token: given(form.token),
  });
  return { call: { method: 'POST', path: '/users', body }, schema: userCreateBody, done: `Created ${form.username.trim()}.` };
}

/** An edit sends every field, so a cleared display name or locale is cleared; a blank token keeps the old one. */
export function editUserRequest(userId: string, form: UserForm): EditRequest {
  const body = defined({
    username: form.username.trim(), global_name: given(form.globalName) ?? null, locale: given(form.locale) ?? null, token: given(form.token),
  });
  return { call: { method: 'PATCH', path: `/users/${userId}`, body }, schema: userEditBody, done: `Saved ${form.username.trim()}.` };
}

export function deleteUserRequest(userId: string, name: string): EditRequest {
  return { call: { method: 'DELETE', path: `/users/${userId}` }, done: `Deleted ${name}.` };
}

/** A new role (`roleId` null) gets its id from the registry. */
export function saveRoleRequest(guildId: string, roleId: string | null, form: RoleForm): EditRequest {
  const body = defined({ name: form.name.trim(), permissions: form.permissions, position: position(form.position), color: form.color, hoist: form.hoist });
  const path = roleId === null ? `/guilds/${guildId}/roles` : `/guilds/${guildId}/roles/${roleId}`;
  return { call: { method: roleId === null ? 'POST' : 'PUT', path, body }, schema: roleBody, done: `Saved role "${form.name.trim()}".` };
}

export function deleteRoleRequest(guildId: string, roleId: string, name: string): EditRequest {
  return { call: { method: 'DELETE', path: `/guilds/${guildId}/roles/${roleId}` }, done: `Deleted role "${name}".` };
}

/** A new channel (`channelId` null) gets its id from the registry; an edit names its guild, as the route asks. */
export function saveChannelRequest(guildId: string, channelId: string | null, form: ChannelForm): EditRequest {
  const fields = { name: form.name.trim(), type: form.type, parent_id: given(form.parentId) ?? null, nsfw: form.nsfw, position: position(form.position) };
  const done = `Saved channel "${form.name.trim()}".`;
  if (channelId === null) {
    return { call: { method: 'POST', path: `/guilds/${guildId}/channels`, body: defined(fields) }, schema: guildChannelFieldsSchema, done };
  }
  return { call: { method: 'PUT', path: `/channels/${channelId}`, body: defined({ guild_id: guildId, ...fields }) }, schema: guildChannelBody, done };
}

export function deleteChannelRequest(channelId: string, name: string): EditRequest {
  return { call: { method: 'DELETE', path: `/channels/${channelId}` }, done: `Deleted channel "${name}".` };
}

/** Adds or edits a member; @everyone (the guild's id) is never listed among a member's roles. */
export function saveMemberRequest(guildId: string, userId: string, form: MemberForm, name: string): EditRequest {
  const body = { roles: form.roles.filter((role) => role !== guildId), nick: given(form.nick) ?? null };
  return { call: { method: 'PUT', path: `/guilds/${guildId}/members/${userId}`, body }, schema: memberBody, done: `Saved ${name} in the guild.` };
}

export function removeMemberRequest(guildId: string, userId: string, name: string): EditRequest {
  return { call: { method: 'DELETE', path: `/guilds/${guildId}/members/${userId}` }, done: `Removed ${name} from the guild.` };
}

/** Where an app is installed: in a guild (its bot joins) or on a person's account. */
export type InstallTarget = { guildId: string } | { userId: string };

export function installRequest(target: InstallTarget, applicationId: string, installed: boolean, appName: string): EditRequest {
  const path = 'guildId' in target
    ? `/guilds/${target.guildId}/applications/${applicationId}`
    : `/users/${target.userId}/applications/${applicationId}`;
  return { call: { method: installed ? 'PUT' : 'DELETE', path }, done: `${installed ? 'Installed' : 'Uninstalled'} ${appName}.` };
}

export function exportRequest(): ManagementCall {
  return { method: 'GET', path: '/world' };
}

export function importRequest(world: WorldFile, fileName: string): EditRequest {
  return { call: { method: 'PUT', path: '/world', body: world }, schema: worldFileSchema, done: `Imported ${fileName}.` };
}

/** The shared schema's refusals of the request's body, before it is sent (none when it passes or has no schema). */
export function checkRequest(request: EditRequest): WorldIssue[] {
  if (!request.schema) return [];
  const result = request.schema.safeParse(request.call.body, WORLD_PARSE);
  return result.success ? [] : worldIssues(result.error);
}

/** An app's settings as the form holds them: URLs and mappings as typed, redirect URIs one per line. */
export interface ApplicationForm {
  name: string;
  interactionsEndpointUrl: string;
  activityUrl: string;
  /** In the order the proxy tries them; a row as typed (a blank one is sent, and refused where it stands). */
  urlMappings: UrlMapping[];
  flags: number;
  redirectUris: string;
}

/**
 * A blank URL clears it (deliveries go back to the gateway; the app has no Application URL
 * Override). The mappings are sent whole, so removing every row clears them.
 */
export function editApplicationRequest(applicationId: string, form: ApplicationForm): EditRequest {
  const body = {
    name: form.name.trim(),
    interactions_endpoint_url: given(form.interactionsEndpointUrl) ?? null,
    activity_url: given(form.activityUrl) ?? null,
    url_mappings: form.urlMappings.map((mapping) => ({ prefix: mapping.prefix.trim(), target: mapping.target.trim() })),
    flags: form.flags,
    redirect_uris: form.redirectUris.split('\n').map((line) => line.trim()).filter((line) => line !== ''),
  };
  return { call: { method: 'PATCH', path: `/applications/${applicationId}`, body }, schema: applicationEditBody, done: `Saved ${form.name.trim()}.` };
}

/** What an app's credentials route answers (a plaintext is null when the registry knows only its digest). */
export interface ApplicationCredentials {
  id: string;
  bot_token: string | null;
  client_secret: string | null;
  has_client_secret: boolean;
  public_key: string;
}

export type CredentialKind = 'token' | 'secret' | 'key';

const CREDENTIAL_NAMES: Readonly<Record<CredentialKind, string>> = { token: 'bot token', secret: 'client secret', key: 'key pair' };

export function credentialsCall(applicationId: string): ManagementCall {
  return { method: 'GET', path: `/applications/${applicationId}/credentials` };
}

export function resetCredentialRequest(applicationId: string, kind: CredentialKind, appName: string): EditRequest {
  return { call: { method: 'POST', path: `/applications/${applicationId}/${kind}` }, done: `Made a new ${CREDENTIAL_NAMES[kind]} for ${appName}.` };
}

export function userTokenCall(userId: string): ManagementCall {
  return { method: 'GET', path: `/users/${userId}/token` };
}

export function resetUserTokenRequest(userId: string, name: string): EditRequest {
  return { call: { method: 'POST', path: `/users/${userId}/token` }, done: `Made a new token for ${name}.` };
}
