/**
 * Which registry the client talks to: the local one (the registry that served this page,
 * or the desktop app's own), or a remote one at an address, with the tokens of the people
 * to act as there (the host contract cannot mint sessions on another machine). Keeping a
 * choice loads the page again; the remote registry is remembered while Local is in use.
 */
import { useState } from 'react';
import { MAX_REMOTE_TOKENS } from '../../../shared/client-settings.js';
import { useActions, useApp } from '../../app/store-context.js';
import { checkRemoteEntry, type RemoteEntryProblems } from './remote-entry.js';
import { switchRegistry } from './reload-page.js';

type Mode = 'local' | 'remote';

const NO_PROBLEMS: RemoteEntryProblems = { url: null, tokens: [], list: null };

export function RegistrySection() {
  const settings = useApp((state) => state.settings);
  const remoteInUse = useApp((state) => state.remoteRegistry);
  const registryError = useApp((state) => state.registryError);
  const { chooseLocalRegistry, chooseRemoteRegistry } = useActions();
  const [mode, setMode] = useState<Mode>(settings.registry);
  const [url, setUrl] = useState(settings.remote?.url ?? '');
  const [tokens, setTokens] = useState<string[]>(settings.remote?.tokens ?? ['']);
  const [showTokens, setShowTokens] = useState(false);
  const [problems, setProblems] = useState<RemoteEntryProblems>(NO_PROBLEMS);

  const connect = () => {
    const checked = checkRemoteEntry(url, tokens);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems(NO_PROBLEMS);
    void switchRegistry(() => chooseRemoteRegistry(checked.entry));
  };
  const setToken = (index: number, value: string) => setTokens(tokens.map((token, at) => (at === index ? value : token)));

  return (
    <div className="settings__group">
      <p className="settings__status" data-testid="registry-in-use">
        In use: {remoteInUse === null ? <>the local registry, <code>{window.location.origin}</code></> : <>the remote registry <code>{remoteInUse}</code></>}
      </p>
      {registryError !== null && <p className="settings__notice settings__notice--error" role="alert" data-testid="registry-error-detail">{registryError}</p>}
      <fieldset className="settings__choices">
        <legend className="settings__label">Registry</legend>
        <label className="settings__choice">
          <input type="radio" name="registry" checked={mode === 'local'} data-testid="registry-local" onChange={() => setMode('local')} />
          <span>
            <span className="settings__choice-title">Local</span>
            <span className="settings__help">The registry that serves this client (in the desktop app, its own). Its people are the world&apos;s.</span>
          </span>
        </label>
        <label className="settings__choice">
          <input type="radio" name="registry" checked={mode === 'remote'} data-testid="registry-remote" onChange={() => setMode('remote')} />
          <span>
            <span className="settings__choice-title">Remote</span>
            <span className="settings__help">Another Slashbench registry, e.g. a teammate&apos;s or a shared test machine&apos;s, started with <code>--host</code> to be reachable.</span>
          </span>
        </label>
      </fieldset>

      {mode === 'remote' && (
        <form className="settings__remote" noValidate onSubmit={(event) => { event.preventDefault(); connect(); }}>
          <label className="settings__label" htmlFor="remote-url">Address</label>
          <input
            id="remote-url" className="settings__input" data-testid="remote-url" placeholder="http://192.168.1.20:8484"
            value={url} spellCheck={false} autoComplete="off" aria-invalid={problems.url !== null}
            onChange={(event) => setUrl(event.target.value)}
          />
          {problems.url !== null && <p className="settings__field-error" data-testid="remote-url-error">{problems.url}</p>}

          <div className="settings__label settings__label--row">
            <span>Tokens</span>
            <label className="settings__show">
              <input type="checkbox" checked={showTokens} onChange={(event) => setShowTokens(event.target.checked)} /> Show
            </label>
          </div>
          <p className="settings__help">
            One person&apos;s token on that registry per field, as its world file or first start printed it (no prefix). The user
            switcher offers each token&apos;s person. Tokens are kept by this machine&apos;s registry, readable by you only, never by the page.
          </p>
          {tokens.map((token, index) => (
            <div key={index} className="settings__token">
              <input
                className="settings__input" type={showTokens ? 'text' : 'password'} data-testid={`remote-token-${index}`}
                aria-label={`Token ${index + 1}`} value={token} autoComplete="off" spellCheck={false}
                aria-invalid={(problems.tokens[index] ?? null) !== null}
                onChange={(event) => setToken(index, event.target.value)}
              />
              <button
                type="button" className="link-button" data-testid={`remote-token-remove-${index}`} disabled={tokens.length === 1}
                onClick={() => setTokens(tokens.filter((_, at) => at !== index))}
              >
                Remove
              </button>
              {(problems.tokens[index] ?? null) !== null && <p className="settings__field-error">{problems.tokens[index]}</p>}
            </div>
          ))}
          {problems.list !== null && <p className="settings__field-error" data-testid="remote-tokens-error">{problems.list}</p>}
          <div className="settings__actions">
            <button
              type="button" className="link-button" data-testid="remote-add-token" disabled={tokens.length >= MAX_REMOTE_TOKENS}
              onClick={() => setTokens([...tokens, ''])}
            >
              Add a token
            </button>
            <button type="submit" className="button button--primary" data-testid="remote-connect">Connect</button>
          </div>
        </form>
      )}

      {mode === 'local' && remoteInUse !== null && (
        <div className="settings__actions">
          <button type="button" className="button button--primary" data-testid="registry-use-local" onClick={() => void switchRegistry(chooseLocalRegistry)}>
            Use the local registry
          </button>
        </div>
      )}
    </div>
  );
}
