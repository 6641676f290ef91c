import { X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

/**
 * Visible on every load; closing it hides it until the next reload (spec section 4). `hidden`
 * leaves it mounted, so a banner closed before visiting the sign-in page stays closed after.
 */
export function AnnouncementBanner({ hidden = false }: { hidden?: boolean }) {
  const [visible, setVisible] = useState(true);
  if (!visible || hidden) return null;
  return (
    <aside className="announcement" aria-label="Anuncio">
      <div className="container announcement__inner">
        <p className="announcement__text">
          <strong>Nueva plataforma de entrenamiento:</strong> planes personalizados, progreso diario y videos guiados. Pruébala 7 días gratis.
        </p>
        <div className="announcement__actions">
          <Link to="/platform-register" className="btn btn-light btn-sm">
            Regístrate
          </Link>
          <button type="button" className="announcement__close" aria-label="Cerrar anuncio" onClick={() => setVisible(false)}>
            <X size={18} aria-hidden="true" />
          </button>
        </div>
      </div>
    </aside>
  );
}
