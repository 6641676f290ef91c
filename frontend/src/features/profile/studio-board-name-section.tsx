import { useState } from 'react';
import { serverMessage, useChooseStudioBoardNameMutation, useGetStudioBoardNameQuery } from '../../shared/api/api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { Section, Skeleton } from '../../shared/ui/member-ui';

/**
 * How the member appears on the studio's class board (issue 19, ADR 0183): with their first name
 * and initial, or with initials only (the default). Saves on its own, like the email switches.
 */
export function StudioBoardNameSection() {
  const { data, isError, refetch } = useGetStudioBoardNameQuery();
  const [choose, choosing] = useChooseStudioBoardNameMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // The switch moves at once; a failure puts it back with the reason below.
  const [pending, setPending] = useState<boolean | null>(null);

  const toggle = async (showName: boolean) => {
    setFailure(null);
    setPending(showName);
    try {
      await choose({ 'idempotency-key': newIdempotencyKey(), studioBoardNameDto: { showName } }).unwrap();
    } catch (error) {
      setFailure(serverMessage(error) ?? 'No se pudo guardar tu elección. Revisa tu conexión e inténtalo otra vez.');
    } finally {
      setPending(null);
    }
  };

  return (
    <Section title="Pantalla del estudio" headingId="profile-studio-board">
      {data ? (
        <>
          <p className="text-secondary">
            En las clases con sensor, tu frecuencia cardiaca aparece en la pantalla del estudio. Sin esta opción se muestran solo tus iniciales.
          </p>
          <div className="profile-email-switches">
            <label className="profile-email-switch">
              <input
                type="checkbox"
                role="switch"
                className="profile-email-switch__input"
                checked={pending ?? data.showName}
                disabled={choosing.isLoading}
                onChange={(event) => void toggle(event.target.checked)}
              />
              <span className="profile-email-switch__track" aria-hidden="true" />
              <span>Aparecer con mi nombre en la pantalla del estudio</span>
            </label>
          </div>
          {failure && (
            <p className="text-danger mt-2 mb-0" role="alert">
              {failure}
            </p>
          )}
        </>
      ) : isError ? (
        <p className="text-danger mb-0">
          No pudimos cargar esta opción.{' '}
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void refetch()}>
            Reintentar
          </button>
        </p>
      ) : (
        <Skeleton height={60} />
      )}
    </Section>
  );
}
