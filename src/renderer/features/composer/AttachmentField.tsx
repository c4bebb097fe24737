/**
 * An ATTACHMENT option's field: a file picker; the picked file is checked and uploaded at
 * once, then shown with its name and size and a button to remove it. Refusals (too large,
 * a bad name, the registry's answer) read beside the field.
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
  return (
    <div className="attachment-field" data-testid={`attachment-${option.name}`} data-status={file?.status ?? 'empty'}>
      {file && file.status !== 'refused' ? (
        <div className="attachment-field__file">
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
        </div>
      ) : (
        <label className="attachment-field__pick">
          <input
            id={`option-${option.name}`}
            type="file"
            className="visually-hidden"
            data-testid={`option-${option.name}`}
            autoFocus={autoFocus}
            onFocus={() => focusOption(option.name)}
            onChange={(event) => {
              pick(event.target.files);
              event.target.value = '';
            }}
          />
          Choose a file
        </label>
      )}
      {file?.status === 'refused' && <span className="option-field__error" role="alert" data-testid={`attachment-error-${option.name}`}>{file.error}</span>}
    </div>
  );
}
