/**
 * What the consent screen shows, read from the authorize API's answer (`GET
 * /api/v10/oauth2/authorize`): the app, the person, the scopes, where the person will be
 * sent, and the guilds the app may be added to when the request installs it in a guild.
 */
import { isSupportedScope, isUnsimulatedScope, SCOPE_DESCRIPTIONS, UNSIMULATED_NOTE } from '../../../shared/oauth-scopes.js';

export interface ConsentGuild {
  id: string;
  name: string;
}

export interface ConsentView {
  application: { id: string; name: string };
  user: { id: string; username: string; global_name: string | null };
  scopes: string[];
  redirectUri: string | null;
  integrationType: 0 | 1;
  permissions: string;
  guildId: string | null;
  guilds: ConsentGuild[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The consent screen's data, or undefined when the answer is not one. */
export function readConsent(body: unknown): ConsentView | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const view = body as Record<string, unknown>;
  const application = view.application as Record<string, unknown> | undefined;
  const user = view.user as Record<string, unknown> | undefined;
  const applicationId = text(application?.id);
  const userId = text(user?.id);
  if (applicationId === undefined || userId === undefined || !Array.isArray(view.scopes)) return undefined;
  return {
    application: { id: applicationId, name: text(application?.name) ?? applicationId },
    user: { id: userId, username: text(user?.username) ?? userId, global_name: text(user?.global_name) ?? null },
    scopes: view.scopes.map(String),
    redirectUri: text(view.redirect_uri) ?? null,
    integrationType: view.integration_type === 1 ? 1 : 0,
    permissions: text(view.permissions) ?? '0',
    guildId: text(view.guild_id) ?? null,
    guilds: Array.isArray(view.guilds)
      ? view.guilds.flatMap((guild: Record<string, unknown>) => {
        const id = text(guild.id);
        return id === undefined ? [] : [{ id, name: text(guild.name) ?? id }];
      })
      : [],
  };
}

/** Whether the screen asks where to add the app: a guild install of `bot` or `applications.commands`. */
export function asksForGuild(view: ConsentView): boolean {
  return view.integrationType === 0 && view.scopes.some((scope) => scope === 'bot' || scope === 'applications.commands');
}

/** A scope in the consent screen's words; one granted but not simulated says so (the warning). */
export function scopeSentence(scope: string): string {
  if (isSupportedScope(scope)) return SCOPE_DESCRIPTIONS[scope];
  return isUnsimulatedScope(scope) ? `${scope} (${UNSIMULATED_NOTE})` : scope;
}
