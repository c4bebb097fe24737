/**
 * Tokens the registry just made (a new person, an import's new people and apps), each with
 * a copy button. They are shown this once: the registry keeps only their digests and the
 * client keeps them nowhere, so dismissing the notice forgets them.
 */
import { useState } from 'react';
import { useActions, useApp } from '../../app/store-context.js';

function CopyButton({ id, text }: { id: string; text: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(() => setCopied('copied'), () => setCopied('failed'));
  };
  return (
    <button type="button" className="button button--secondary" data-testid={`token-copy-${id}`} onClick={copy}>
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
      <h2 id="minted-tokens-title" className="world-editor__tokens-title">New tokens — copy them now</h2>
      <p className="world-editor__hint">
        The registry keeps only their digests and cannot show them again. A person's token works as their session token
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
