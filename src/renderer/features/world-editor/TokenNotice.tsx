/**
 * Tokens the registry just made (a new person, an import's new people and apps), each with
 * a copy button. The registry's keychain keeps them, so the Apps and Users tabs (and
 * `npm run tokens`) show them again after the notice is dismissed.
 */
import { useState } from 'react';
import { useActions, useApp } from '../../app/store-context.js';

/** Copies `text`, saying whether it worked (a page without clipboard access asks to select it). */
export function CopyButton({ id, text, label = 'Copy' }: { id: string; text: string; label?: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(() => setCopied('copied'), () => setCopied('failed'));
  };
  return (
    <button type="button" className="button button--secondary" data-testid={`token-copy-${id}`} aria-label={label === 'Copy' ? undefined : label} onClick={copy}>
      {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed: select it' : 'Copy'}
    </button>
  );
}

export function TokenNotice() {
  const tokens = useApp((state) => state.mintedTokens);
  const { dismissMintedTokens } = useActions();
  if (tokens.length === 0) return null;
  return (
    <section className="world-editor__tokens" aria-labelledby="minted-tokens-title" data-testid="minted-tokens">
      <h2 id="minted-tokens-title" className="world-editor__tokens-title">New tokens</h2>
      <p className="world-editor__hint">
        The Apps and Users tabs and <code>npm run tokens</code> show them again any time. A person's token works as their session token
        (<code>Authorization: &lt;token&gt;</code>); a bot's as <code>Authorization: Bot &lt;token&gt;</code>.
      </p>
      <ul className="world-editor__token-list">
        {tokens.map((entry) => (
          <li key={`${entry.kind}-${entry.id}`} className="world-editor__token" data-testid={`minted-token-${entry.id}`}>
            <span className="world-editor__token-who">
              <span className="tag">{entry.kind === 'bot' ? 'Bot' : 'User'}</span> {entry.name} <span className="muted">{entry.id}</span>
            </span>
            <code className="world-editor__token-value" data-testid={`token-value-${entry.id}`}>{entry.token}</code>
            <CopyButton id={entry.id} text={entry.token} />
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" data-testid="tokens-dismiss" onClick={dismissMintedTokens}>I have copied them</button>
    </section>
  );
}
