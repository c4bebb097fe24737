/**
 * An app's settings, as the developer portal's General Information, OAuth2 and Activities
 * pages edit them: its name, interactions endpoint URL (blank: interactions go over the
 * gateway), Application URL Override and URL mappings, the flags the registry acts on, and
 * its OAuth2 redirect URIs. Saved with `PATCH /_slashbench/applications/{id}`; refusals
 * show beside their fields.
 */
import { ApplicationFlags } from 'discord-api-types/v10';
import { useState, type FormEvent } from 'react';
import type { UrlMapping } from '../../../shared/url-mappings.js';
import { useActions } from '../../app/store-context.js';
import { Field, FormErrors, SaveBar } from './form-parts.js';
import { editApplicationRequest, type ApplicationForm } from './management-requests.js';
import { UrlMappingsField } from './UrlMappingsField.js';

const FIELDS = ['name', 'interactions_endpoint_url', 'activity_url', 'url_mappings', 'flags', 'redirect_uris'] as const;

/** The flags a developer toggles and the registry reads (privileged intents, Activities). */
const FLAG_CHOICES: ReadonlyArray<{ flag: number; label: string }> = [
  { flag: ApplicationFlags.Embedded, label: 'Activities (EMBEDDED)' },
  { flag: ApplicationFlags.GatewayPresenceLimited, label: 'Presence intent' },
  { flag: ApplicationFlags.GatewayGuildMembersLimited, label: 'Server members intent' },
  { flag: ApplicationFlags.GatewayMessageContentLimited, label: 'Message content intent' },
];

export interface EditedApplication {
  id: string;
  name: string;
  flags?: number | undefined;
  interactions_endpoint_url?: string | null | undefined;
  activity_url?: string | null | undefined;
  url_mappings?: UrlMapping[] | undefined;
  redirect_uris?: string[] | undefined;
}

export function AppSettingsForm({ app }: { app: EditedApplication }) {
  const form = `app-${app.id}`;
  const { submitEdit } = useActions();
  const [fields, setFields] = useState<ApplicationForm>({
    name: app.name, interactionsEndpointUrl: app.interactions_endpoint_url ?? '', activityUrl: app.activity_url ?? '',
    urlMappings: app.url_mappings ?? [], flags: app.flags ?? 0, redirectUris: (app.redirect_uris ?? []).join('\n'),
  });
  const change = (patch: Partial<ApplicationForm>) => setFields({ ...fields, ...patch });
  const save = (event: FormEvent) => {
    event.preventDefault();
    void submitEdit(form, editApplicationRequest(app.id, fields), FIELDS);
  };
  const input = (name: string) => ({ className: 'world-editor__input', 'data-testid': `app-field-${app.id}-${name}`, autoComplete: 'off' });
  return (
    <form className="world-editor__form" data-testid={`app-form-${app.id}`} onSubmit={save} noValidate aria-label={`${app.name} settings`}>
      <FormErrors form={form} />
      <Field form={form} name="name" label="Name">
        <input {...input('name')} value={fields.name} onChange={(event) => change({ name: event.target.value })} />
      </Field>
      <Field form={form} name="interactions_endpoint_url" label="Interactions endpoint URL" hint="Blank: interactions reach the bot over the gateway.">
        <input {...input('interactions_endpoint_url')} value={fields.interactionsEndpointUrl} onChange={(event) => change({ interactionsEndpointUrl: event.target.value })} />
      </Field>
      <Field
        form={form} name="activity_url" label="Application URL Override"
        hint="Framed as it is, in place of the URL mappings' proxy: an http(s) URL, or a path of this registry. Blank: the root mapping / is framed through the proxy."
      >
        <input {...input('activity_url')} value={fields.activityUrl} onChange={(event) => change({ activityUrl: event.target.value })} />
      </Field>
      <UrlMappingsField form={form} applicationId={app.id} rows={fields.urlMappings} onChange={(urlMappings) => change({ urlMappings })} />
      <Field form={form} name="flags" label="Flags" group>
        {FLAG_CHOICES.map(({ flag, label }) => (
          <span key={flag} className="world-editor__choice">
            <input
              type="checkbox" id={`${form}-flag-${flag}`} data-testid={`app-flag-${app.id}-${flag}`} checked={(fields.flags & flag) !== 0}
              onChange={(event) => change({ flags: event.target.checked ? fields.flags | flag : fields.flags & ~flag })}
            />
            <label htmlFor={`${form}-flag-${flag}`}>{label}</label>
          </span>
        ))}
      </Field>
      <Field form={form} name="redirect_uris" label="OAuth2 redirect URIs" hint="One per line.">
        <textarea {...input('redirect_uris')} rows={3} value={fields.redirectUris} onChange={(event) => change({ redirectUris: event.target.value })} />
      </Field>
      <SaveBar form={form} />
    </form>
  );
}
