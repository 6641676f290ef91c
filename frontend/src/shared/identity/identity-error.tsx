import { StateScreen } from '../ui/loading-screen';

/** Shown instead of an endless spinner when the identity provider cannot load (spec section 4). */
export function IdentityError({ onRetry }: { onRetry: () => void }) {
  return (
    <StateScreen
      state="error"
      label="No pudimos cargar el inicio de sesión"
      detail="El servicio de identidad no respondió. Revisa tu conexión a internet e inténtalo de nuevo."
      action={{ label: 'Reintentar', onClick: onRetry }}
    />
  );
}
