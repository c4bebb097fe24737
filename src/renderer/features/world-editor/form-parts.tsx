/**
 * The pieces every editor form is made of: a labelled field with the refusals of its last
 * save beside it (the registry's words and code), the refusals no field claims above the
 * form, and the save bar.
 */
import { useId, type ReactNode } from 'react';
import { useApp } from '../../app/store-context.js';
import type { ShownError } from './edit-errors.js';

/** Refusals, each with the service's code. */
export function ErrorList({ errors, testId }: { errors: readonly ShownError[] | undefined; testId: string }) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul className="world-editor__errors" role="alert" data-testid={testId}>
      {errors.map((error, index) => (
        <li key={index}>
          <span data-testid="error-message">{error.message}</span> <code className="world-editor__code">{error.code}</code>
        </li>
      ))}
    </ul>
  );
}

/**
 * A field of form `form` named as its body key `name`, with its label, control, hint and
 * refusals. A `group` of several controls (checkboxes, swatches) is labelled as a group:
 * a <label> around them would pass its clicks to the first.
 */
export function Field({ form, name, label, hint, group = false, children }: {
  form: string; name: string; label: string; hint?: ReactNode; group?: boolean; children: ReactNode;
}) {
  const errors = useApp((state) => state.editorErrors[form]?.fields[name]);
  const labelId = useId();
  const className = errors ? 'world-editor__field world-editor__field--invalid' : 'world-editor__field';
  const parts = (
    <>
      <span className="world-editor__label" id={labelId}>{label}</span>
      {children}
      {hint && <span className="world-editor__hint">{hint}</span>}
      <ErrorList errors={errors} testId={`${form}-error-${name}`} />
    </>
  );
  return group ? <div className={className} role="group" aria-labelledby={labelId}>{parts}</div> : <label className={className}>{parts}</label>;
}

/** The form's refusals that belong to no field (an unknown guild, a path value, Missing Access). */
export function FormErrors({ form }: { form: string }) {
  const errors = useApp((state) => state.editorErrors[form]?.general);
  return <ErrorList errors={errors} testId={`${form}-errors`} />;
}

/** Save and the form's other actions, disabled while any edit is on its way. */
export function SaveBar({ form, label = 'Save Changes', children }: { form: string; label?: string; children?: ReactNode }) {
  const saving = useApp((state) => state.editorSaving !== null);
  return (
    <div className="world-editor__actions">
      {children}
      <button type="submit" className="button button--primary" data-testid={`${form}-save`} disabled={saving}>{label}</button>
    </div>
  );
}
