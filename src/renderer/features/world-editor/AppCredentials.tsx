/**
 * An app's bot token, client secret and public key, read from the registry's keychain
 * (`GET /_slashbench/applications/{id}/credentials`) and made anew on request. A new bot
 * token disconnects the app's bot from the gateway (4004): it must log in with the new one.
 */
import { useCallback, useEffect, useState } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { FormErrors } from './form-parts.js';
import { credentialsCall, resetCredentialRequest, type ApplicationCredentials, type CredentialKind } from './management-requests.js';
import { SecretField } from './SecretField.js';

const FORM = 'credentials';
const FIELDS: readonly string[] = [];

export function AppCredentials({ applicationId, name }: { applicationId: string; name: string }) {
  const saving = useApp((state) => state.editorSaving !== null);
  const { readManaged, submitEdit } = useActions();
  const [credentials, setCredentials] = useState<ApplicationCredentials | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const read = useCallback(async () => {
    const answer = await readManaged(credentialsCall(applicationId));
    if (answer.ok) setCredentials(answer.body as ApplicationCredentials);
    else setProblem(answer.message);
  }, [applicationId, readManaged]);
  useEffect(() => {
    void read();
  }, [read]);
  const reset = async (kind: CredentialKind) => {
    const outcome = await submitEdit(FORM, resetCredentialRequest(applicationId, kind, name), FIELDS);
    if (outcome.ok) setCredentials(outcome.body as ApplicationCredentials);
  };
  if (problem !== null) return <p className="world-editor__failure" role="alert">The credentials could not be read: {problem}</p>;
  if (credentials === null) return <p className="world-editor__hint">Reading the credentials…</p>;
  return (
    <section className="world-editor__credentials" aria-label={`${name} credentials`} data-testid={`app-credentials-${applicationId}`}>
      <FormErrors form={FORM} />
      <SecretField
        id={`${applicationId}-token`} label="Bot token" value={credentials.bot_token} resetLabel="Reset Token" disabled={saving}
        resetWarning="The old token stops working and the bot is disconnected from the gateway." onReset={() => void reset('token')}
      />
      <SecretField
        id={`${applicationId}-secret`} label="Client secret" value={credentials.client_secret} resetLabel="Reset Secret" disabled={saving}
        missing={credentials.has_client_secret ? undefined : 'none: a public OAuth2 client'}
        resetWarning="The old secret stops working for the token endpoint." onReset={() => void reset('secret')}
      />
      <SecretField
        id={`${applicationId}-key`} label="Public key" value={credentials.public_key} secret={false} resetLabel="Reset Key" disabled={saving}
        resetWarning="Interactions are signed with the new key: the bot must verify with the new public key." onReset={() => void reset('key')}
      />
    </section>
  );
}
