/**
 * The world editor's app settings as a developer reads them: the Application URL Override
 * and the URL mappings list, one labelled row per mapping with its own move and remove
 * buttons, and a warning for a mapping an earlier prefix hides. (Refusals go under the list
 * like any field's: world-editor.test.ts places them; a server render reads the store's
 * initial state, so it cannot show them.)
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { StoreProvider } from '../../../src/renderer/app/store-context.js';
import { AppSettingsForm, type EditedApplication } from '../../../src/renderer/features/world-editor/AppSettingsForm.js';
import type { AppState } from '../../../src/renderer/store/app-state.js';

const APP: EditedApplication = {
  id: '30', name: 'Dice', flags: 1 << 17, activity_url: null, redirect_uris: [],
  url_mappings: [{ prefix: '/', target: '127.0.0.1:5173' }, { prefix: '/api', target: '127.0.0.1:3001' }, { prefix: '/api/v2', target: 'v2.example' }],
};

/** The form as static HTML, over a store with only what the form reads: no refusals, nothing saving. */
function rendered(app: EditedApplication): string {
  const store = createStore<AppState>()(() => ({ editorErrors: {}, editorSaving: null }) as unknown as AppState);
  return renderToStaticMarkup(createElement(StoreProvider, { store, children: createElement(AppSettingsForm, { app }) }));
}

describe('an app\'s URL mappings in the world editor', () => {
  it('lists each mapping as a labelled prefix and target, with buttons to move it up, remove it and add another', () => {
    const html = rendered(APP);
    expect(html).toContain('Application URL Override');
    expect(html).toContain('data-testid="app-field-30-activity_url"');
    expect(html).toMatch(/role="group" aria-labelledby="[^"]+"><span class="world-editor__label" id="[^"]+">URL mappings<\/span>/);
    for (const [index, mapping] of (APP.url_mappings ?? []).entries()) {
      expect(html).toContain(`aria-label="Prefix of mapping ${index + 1}" placeholder="/api" autoComplete="off" spellCheck="false" data-testid="app-field-30-url_mappings-${index}-prefix" value="${mapping.prefix}"`);
      expect(html).toContain(`aria-label="Target of mapping ${index + 1}"`);
      expect(html).toContain(`data-testid="app-field-30-url_mappings-${index}-target" value="${mapping.target}"`);
      expect(html).toContain(`aria-label="Remove mapping ${index + 1}" data-testid="app-mapping-remove-30-${index}"`);
    }
    // Every control is a button a keyboard reaches; the first row has nowhere to move up to.
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Move mapping 1 up"[^>]*disabled=""/);
    expect(html).not.toMatch(/<button type="button"[^>]*aria-label="Move mapping 2 up"[^>]*disabled=""/);
    expect(html).toContain('data-testid="app-mapping-add-30">Add mapping</button>');
  });

  it('warns of a mapping that is never reached, and says nothing when the order is right', () => {
    expect(rendered(APP)).toContain(
      '<li data-testid="app-mapping-warning-30-2">/api/v2 is never reached: Discord tries mappings in order; put /api/v2 before /api.</li>',
    );
    const ordered = { ...APP, url_mappings: [APP.url_mappings?.[2], APP.url_mappings?.[1], APP.url_mappings?.[0]].filter((mapping) => mapping !== undefined) };
    expect(rendered(ordered)).not.toContain('app-mapping-warnings-30');
  });

  it('offers only the add button for an app without mappings', () => {
    const html = rendered({ ...APP, url_mappings: undefined });
    expect(html).not.toContain('app-mapping-list-30');
    expect(html).toContain('data-testid="app-mapping-add-30"');
  });
});
