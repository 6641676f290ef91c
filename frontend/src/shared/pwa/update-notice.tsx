import { useAppUpdate } from './service-worker';
import './pwa.css';

/** "Hay una versión nueva · Actualizar": the new code waits for the member instead of breaking the open tab. */
export function UpdateNotice() {
  const update = useAppUpdate();
  if (!update.available) return null;
  return (
    <div className="update-notice" role="status">
      <span>Hay una versión nueva</span>
      <span aria-hidden="true">·</span>
      <button type="button" className="update-notice__action" onClick={update.apply}>
        Actualizar
      </button>
    </div>
  );
}
