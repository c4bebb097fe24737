/**
 * An ATTACHMENT option's field inside its chip: a file picker; the picked file is checked
 * and uploaded at once, then shown with its name and size and a button to remove it. A
 * refusal (too large, a bad name, the registry's answer) reads under the options bar
 * (OptionProblems.tsx).
 */
import type { IndexedOption } from '../../api/wire-types.js';
import { useActions } from '../../app/store-context.js';
import { formatSize } from './attachment-checks.js';
import type { OptionDraft } from './option-values.js';

export function AttachmentField({ option, draft, autoFocus }: { option: IndexedOption; draft: OptionDraft | undefined; autoFocus: boolean }) {
  const { attachFile, removeAttachment, focusOption } = useActions();
  const file = draft?.file;
  const pick = (files: FileList | null) => {
    const picked = files?.[0];
    if (picked) void attachFile(option.name, { filename: picked.name, contentType: picked.type, bytes: picked });
  };
  const refused = file?.status === 'refused';
  return (
    <span className="attachment-field" data-testid={`attachment-${option.name}`} data-status={file?.status ?? 'empty'}>
      {file && !refused ? (
        <>
          <span className="attachment-field__name" data-testid={`attachment-name-${option.name}`}>{file.filename}</span>
          <span className="attachment-field__size">{file.status === 'uploading' ? 'Uploading…' : formatSize(file.size)}</span>
          <button
            type="button"
            className="attachment-field__remove"
            aria-label={`Remove ${file.filename}`}
            data-testid={`attachment-remove-${option.name}`}
            onClick={() => removeAttachment(option.name)}
          >
            ×
          </button>
        </>
      ) : (
        <label className="attachment-field__pick">
          <input
            id={`option-${option.name}`}
            type="file"
            className="visually-hidden"
            data-testid={`option-${option.name}`}
            autoFocus={autoFocus}
            aria-invalid={refused}
            aria-describedby={refused ? `option-about-${option.name} option-problem-${option.name}` : `option-about-${option.name}`}
            onFocus={() => focusOption(option.name)}
            onChange={(event) => {
              pick(event.target.files);
              event.target.value = '';
            }}
          />
          Choose a file
        </label>
      )}
    </span>
  );
}
