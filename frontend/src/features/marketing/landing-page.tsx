import { Link } from 'react-router-dom';

export function LandingPage() {
  return (
    <main>
      <section className="hero d-flex align-items-center text-white">
        <div className="container">
          <h1 className="display-4 fw-bold">Entrena con tecnología avanzada y alcanza tus metas</h1>
          <p className="lead">Tu primera clase es gratis: agéndala hoy.</p>
          <Link to="/register" className="btn btn-brand btn-lg">
            Clase Gratis
          </Link>
        </div>
      </section>
    </main>
  );
}
