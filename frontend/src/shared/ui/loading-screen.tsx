import type { ReactNode } from 'react';

/**
 * The one full-page state of the app (loading, offline, failed), so a page that cannot show
 * itself yet never leaves a blank screen. In the entry chunk: plain markup, no react-bootstrap.
 */
export function StateScreen({
  state,
  label,
  detail,
  action,
}: {
  state: 'loading' | 'offline' | 'error';
  label: string;
  detail?: string;
  action?: { label: string; onClick: () => void };
}) {
  const loading = state === 'loading';
  return (
    <div className={`loading-screen loading-screen--${state}`} role={loading ? 'status' : 'alert'} aria-live={loading ? 'polite' : 'assertive'}>
      <span className="loading-screen__pulse" aria-hidden="true" />
      <span className="loading-screen__label">{label}</span>
      {detail ? <p className="loading-screen__detail">{detail}</p> : null}
      {action ? (
        <button type="button" className="btn btn-primary btn-brand loading-screen__action" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

export function LoadingScreen({ label = 'Pulso' }: { label?: string }): ReactNode {
  return <StateScreen state="loading" label={label} />;
}
