/**
 * An app's URL mappings as the Developer Portal's Activities > URL Mappings page edits them:
 * one row per mapping (PREFIX -> TARGET), in the order the proxy tries them, rows added,
 * moved up and removed by buttons a keyboard reaches. A mapping an earlier, shorter prefix
 * takes every path of is flagged before saving (Discord routes in list order), and the
 * registry's refusals show under the list like any field's.
 */
import { useEffect, useRef, useState } from 'react';
import type { UrlMapping } from '../../../shared/url-mappings.js';
import { Field } from './form-parts.js';
import { mappingWarnings } from './mapping-warnings.js';

/** Where focus goes once the rows have changed: a row's prefix input, or the add button. */
type FocusTarget = { key: number } | 'add' | null;

export function UrlMappingsField({ form, applicationId, rows, onChange }: {
  form: string; applicationId: string; rows: readonly UrlMapping[]; onChange: (rows: UrlMapping[]) => void;
}) {
  // Stable keys, so an input keeps its focus and caret when a row above it goes.
  const next = useRef(rows.length);
  const [keys, setKeys] = useState(() => rows.map((_, index) => index));
  const prefixes = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<FocusTarget>(null);
  useEffect(() => {
    if (focus === null) return;
    (focus === 'add' ? addButton.current : prefixes.current.get(focus.key))?.focus();
    setFocus(null);
  }, [focus]);

  const id = (part: string, index?: number) => `app-mapping-${part}-${applicationId}${index === undefined ? '' : `-${index}`}`;
  const change = (index: number, patch: Partial<UrlMapping>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const add = () => {
    const key = next.current++;
    setKeys([...keys, key]);
    onChange([...rows, { prefix: rows.some((row) => row.prefix.trim() === '/') ? '' : '/', target: '' }]);
    setFocus({ key });
  };
  const remove = (index: number) => {
    const left = keys.filter((_, at) => at !== index);
    setKeys(left);
    onChange(rows.filter((_, at) => at !== index));
    const after = left[index] ?? left[index - 1];
    setFocus(after === undefined ? 'add' : { key: after });
  };
  const moveUp = (index: number) => {
    const swap = <T,>(list: readonly T[]): T[] => list.map((entry, at) => (at === index - 1 ? list[index] : at === index ? list[index - 1] : entry) as T);
    setKeys(swap(keys));
    onChange(swap(rows));
    setFocus({ key: keys[index] as number });
  };
  const warnings = mappingWarnings(rows);

  return (
    <Field
      form={form} name="url_mappings" label="URL mappings" group
      hint={<>Prefix to target (<code>host[:port][/path]</code>, no scheme needed), tried in order. The root <code>/</code> frames the Activity through this registry's proxy, e.g. <code>/</code> to <code>127.0.0.1:5173</code>.</>}
    >
      {rows.length > 0 && (
        <ol className="world-editor__mappings" data-testid={id('list')}>
          {rows.map((row, index) => {
            const key = keys[index] ?? -1 - index;
            const label = `mapping ${index + 1}`;
            return (
              <li key={key} className="world-editor__mapping" data-testid={id('row', index)}>
                <input
                  className="world-editor__input" aria-label={`Prefix of ${label}`} placeholder="/api" autoComplete="off" spellCheck={false}
                  data-testid={`app-field-${applicationId}-url_mappings-${index}-prefix`} value={row.prefix}
                  ref={(element) => { if (element) prefixes.current.set(key, element); else prefixes.current.delete(key); }}
                  onChange={(event) => change(index, { prefix: event.target.value })}
                />
                <span className="world-editor__mapping-arrow" aria-hidden="true">→</span>
                <input
                  className="world-editor__input" aria-label={`Target of ${label}`} placeholder="127.0.0.1:3001" autoComplete="off" spellCheck={false}
                  data-testid={`app-field-${applicationId}-url_mappings-${index}-target`} value={row.target}
                  onChange={(event) => change(index, { target: event.target.value })}
                />
                <button type="button" className="button button--secondary" aria-label={`Move ${label} up`} data-testid={id('up', index)} disabled={index === 0} onClick={() => moveUp(index)}>↑</button>
                <button type="button" className="button button--danger" aria-label={`Remove ${label}`} data-testid={id('remove', index)} onClick={() => remove(index)}>Remove</button>
              </li>
            );
          })}
        </ol>
      )}
      <button type="button" ref={addButton} className="button button--secondary world-editor__create" data-testid={id('add')} onClick={add}>Add mapping</button>
      {warnings.length > 0 && (
        <ul className="world-editor__warnings" data-testid={id('warnings')}>
          {warnings.map((warning) => <li key={warning.index} data-testid={id('warning', warning.index)}>{warning.text}</li>)}
        </ul>
      )}
    </Field>
  );
}
