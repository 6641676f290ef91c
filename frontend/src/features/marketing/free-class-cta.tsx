import { Link } from 'react-router-dom';
import { CtaBand } from './cta-band';

/** Closing call to action shared by the content pages. */
export function FreeClassCta({ title = 'Tu primera clase corre por nuestra cuenta' }: { title?: string }) {
  return (
    <section className="section">
      <div className="container">
        <CtaBand
          action={
            <Link to="/register" className="btn btn-light btn-lg">
              Clase Gratis
            </Link>
          }
        >
          <h2 className="mb-2">{title}</h2>
          <p className="mb-0 fs-5">Escoge día y horario, te prestamos el sensor y vives una clase completa con tu frecuencia cardiaca en pantalla.</p>
        </CtaBand>
      </div>
    </section>
  );
}
