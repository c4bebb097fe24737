/**
 * A person's token, as the registry's keychain keeps it (`GET /_slashbench/users/{id}/token`),
 * masked until revealed, and a new one on request: the old one stops working at once.
 * The client itself acts with sessions the host mints, so a reset never signs it out.
 */
import { useEffect, useState } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { FormErrors } from './form-parts.js';
import { resetUserTokenRequest, userTokenCall } from './management-requests.js';
import { SecretField } from './SecretField.js';

const FORM = 'user-token';
const FIELDS: readonly string[] = [];

export function UserToken({ userId, name }: { userId: string; name: string }) {
  const saving = useApp((state) => state.editorSaving !== null);
  const { readManaged, submitEdit } = useActions();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void readManaged(userTokenCall(userId)).then((answer) => {
      if (current) setToken(answer.ok ? (answer.body as { token: string | null }).token : null);
    });
    return () => {
      current = false;
    };
  }, [userId, readManaged]);
  const reset = async () => {
    const outcome = await submitEdit(FORM, resetUserTokenRequest(userId, name), FIELDS);
    if (outcome.ok) setToken((outcome.body as { token: string }).token);
  };
  return (
    <section className="world-editor__user-token" aria-label={`${name}'s token`} data-testid={`user-token-${userId}`}>
      <FormErrors form={FORM} />
      {token === undefined ? <p className="world-editor__hint">Reading the token…</p> : (
        <SecretField
          id={`user-${userId}`} label="Token (Authorization: <token>)" value={token} resetLabel="Reset Token" disabled={saving}
          missing="unknown: none was given, or only its digest is kept; reset it to get one"
          resetWarning="The old token stops working." onReset={() => void reset()}
        />
      )}
    </section>
  );
}
