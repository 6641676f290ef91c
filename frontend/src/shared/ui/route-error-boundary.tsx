import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isOnline } from '../lib/connectivity';
import { StateScreen } from './loading-screen';

/** What a page's code failing to arrive looks like in each browser, Vite's CSS preload included. */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

const RELOAD_KEY = 'pulso.chunk-reload';
/** A reload of the same page within this span that fails again is not a deployment: stop reloading. */
const RELOAD_GUARD_MS = 30_000;

/**
 * Reloads the page once for a chunk that is gone (a deployment replaced the build under an open
 * tab): same URL, so the member stays where they were. Answers false, without reloading, when
 * this page was already reloaded for that reason moments ago, so a broken build never loops.
 */
export function reloadOnceForChunk(
  storage: Storage = sessionStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
  path = window.location.pathname + window.location.search,
): boolean {
  try {
    const last = JSON.parse(storage.getItem(RELOAD_KEY) ?? 'null') as { path?: string; at?: number } | null;
    if (last?.path === path && typeof last.at === 'number' && now - last.at < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // No storage to remember the reload in: one automatic reload is still safer than a loop.
    return false;
  }
  reload();
  return true;
}

interface Props {
  children: ReactNode;
  /** The page's path: moving to another page clears a failure. */
  resetKey: string;
  reload: () => void;
}

interface State {
  error: unknown;
  resetKey: string;
  reloading: boolean;
}

const OFFLINE = 'Sin conexión. Reintentaremos en cuanto vuelvas a estar en línea.';

class Boundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey, reloading: false };
  }

  // React logs the error itself; here only the one failure a reload cures.
  override componentDidCatch(error: unknown): void {
    // Online and the file is missing: a new version was deployed under this tab.
    if (isChunkLoadError(error) && isOnline() && reloadOnceForChunk()) this.setState({ reloading: true });
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  /**
   * Back online: a page whose code failed to load is loaded again by reloading it (the browser
   * keeps a failed module import failed for the life of the document); any other failure renders again.
   */
  retry = (): void => {
    if (!this.state.error) return;
    if (isChunkLoadError(this.state.error)) {
      this.setState({ reloading: true });
      this.props.reload();
      return;
    }
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return <StateScreen state="loading" label="Pulso" />;
    if (!isOnline()) return <StateScreen state="offline" label="Esta página no cargó" detail={OFFLINE} />;
    return <StateScreen state="error" label="Algo salió mal" detail="No pudimos mostrar esta página." action={{ label: 'Reintentar', onClick: this.retry }} />;
  }
}

/**
 * Around every route (app/router.tsx): a page that fails, or whose code cannot be fetched, shows a
 * Spanish state instead of a white screen and comes back by itself once the connection returns.
 */
export function RouteErrorBoundary({ children, reload = () => window.location.reload() }: { children: ReactNode; reload?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} reload={reload}>
      {children}
    </Boundary>
  );
}
