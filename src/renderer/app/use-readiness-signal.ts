/**
 * The readiness signal tests wait on: `document.body.dataset.ready` is 'true' once the
 * gateway said READY and the open channel's command index is loaded, 'false' otherwise;
 * `data-user-id` names the person the client acts as.
 */
import { useEffect } from 'react';
import { selectReady } from '../store/selectors.js';
import { useApp } from './store-context.js';

export function useReadinessSignal(): void {
  const ready = useApp(selectReady);
  const userId = useApp((state) => state.actingUserId);
  useEffect(() => {
    document.body.dataset.ready = ready ? 'true' : 'false';
    document.body.dataset.userId = userId ?? '';
  }, [ready, userId]);
}
