/**
 * Says plainly when the remote registry cannot be used (unreachable, a token refused), with
 * the way back to the local registry in one click and the settings to fix the address or
 * the tokens.
 */
import { useActions, useApp } from '../../app/store-context.js';
import { switchRegistry } from './reload-page.js';

export function RegistryBanner() {
  const error = useApp((state) => state.registryError);
  const remote = useApp((state) => state.remoteRegistry);
  const { chooseLocalRegistry, openSettings, dismissRegistryError } = useActions();
  if (error === null || remote === null) return null;
  return (
    <div className="registry-banner" role="alert" data-testid="registry-banner">
      <span className="registry-banner__text" data-testid="registry-error">{error}</span>
      <button type="button" className="registry-banner__button" data-testid="registry-banner-local" onClick={() => void switchRegistry(chooseLocalRegistry)}>
        Back to Local
      </button>
      <button type="button" className="registry-banner__button" data-testid="registry-banner-settings" onClick={() => openSettings('registry')}>
        Settings
      </button>
      <button type="button" className="registry-banner__dismiss" aria-label="Dismiss" onClick={dismissRegistryError}>×</button>
    </div>
  );
}
