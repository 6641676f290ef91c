/** Shown instead of an endless spinner when the identity provider cannot load (spec section 4). */
export function IdentityError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="identity-error text-center py-5 px-3" role="alert">
      <h2 className="h4 mb-2">No pudimos cargar el inicio de sesión</h2>
      <p className="text-secondary mb-4">
        El servicio de identidad no respondió. Revisa tu conexión a internet e inténtalo de nuevo.
      </p>
      {/* A plain button with Bootstrap's classes: react-bootstrap stays out of the first page's code. */}
      <button type="button" className="btn btn-primary btn-brand" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}
