import { useState, useSyncExternalStore } from 'react';
import { Share, Smartphone } from 'lucide-react';
import { installPrompt } from './install-event';
import './pwa.css';

const DISMISSED_KEY = 'pulso.install-dismissed';

/** Already opened from the home screen (or the desktop app window). */
function runsInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** iPhone and iPad (iPadOS reports itself as a Mac with touch): no install prompt, only Share → "Añadir a pantalla de inicio". */
export function isIos(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * "Instala la app de Pulso" on the dashboard and Mi Perfil: the browser's own install prompt where it offers
 * one; on an iPhone, where none exists, how to add the app from Safari's Share menu.
 */
export function InstallAppCard() {
  const offered = useSyncExternalStore(installPrompt.subscribe, installPrompt.current, () => null);
  const [hidden, setHidden] = useState(() => runsInstalled() || wasDismissed());
  if (hidden || (!offered && !isIos())) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Hidden for this visit only.
    }
    setHidden(true);
  };
  const install = async () => {
    if (!offered) return;
    await offered.prompt();
    const { outcome } = await offered.userChoice;
    installPrompt.clear();
    if (outcome === 'accepted') setHidden(true);
  };

  return (
    <section className="members-card install-card" aria-labelledby="install-card-title">
      <div className="install-card__icon" aria-hidden="true">
        <Smartphone size={22} />
      </div>
      <div className="install-card__body">
        <h2 className="members-card__title" id="install-card-title">
          Instala la app de Pulso
        </h2>
        {offered ? (
          <p className="install-card__text">Ábrela desde tu pantalla de inicio y entrena aunque no haya señal en el gimnasio.</p>
        ) : (
          <p className="install-card__text">
            En Safari, toca <Share size={16} aria-label="Compartir" className="install-card__share" /> <strong>Compartir</strong> y luego{' '}
            <strong>Añadir a pantalla de inicio</strong>. Así lo abres como app y entrenas aunque no haya señal.
          </p>
        )}
        <div className="install-card__actions">
          {offered ? (
            <button type="button" className="btn btn-primary btn-brand" onClick={() => void install()}>
              Instalar app
            </button>
          ) : null}
          <button type="button" className="btn btn-link install-card__later" onClick={dismiss}>
            Ahora no
          </button>
        </div>
      </div>
    </section>
  );
}
