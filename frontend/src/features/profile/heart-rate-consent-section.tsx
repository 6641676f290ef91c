import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useGetHeartRateProfileQuery, useUpdateHeartRateConsentMutation } from '../../shared/api/api';
import type { HeartRateProfileDto } from '../../shared/api/generated-api';
import { HEART_RATE_NOTICE } from '../../shared/heart-rate/heart-rate-notice';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { longDate, studioDateOf } from '../../shared/lib/studio-calendar';
import { Section, Skeleton } from '../../shared/ui/member-ui';
import { MeasuredMaxHrForm } from './measured-max-hr-form';

const MAX_HR_SOURCE: Record<HeartRateProfileDto['maxHrSource'], string> = {
  age: 'estimada por tu edad',
  default: 'estimada sin tu fecha de nacimiento; agrégala para ajustarla',
  measured: 'la que mediste',
  raised: 'ajustada por tus sesiones: la alcanzaste y la sostuviste',
};

/**
 * Issue 18, consent first: the member sees whether heart rate is being recorded and can withdraw
 * consent here, as the notice promises, choosing in the same confirmation whether to delete what
 * was kept (ADR 0144); the next pairing asks again.
 */
export function HeartRateConsentSection() {
  const { data, isError } = useGetHeartRateProfileQuery();
  const [updateConsent, { isLoading: saving }] = useUpdateHeartRateConsentMutation();
  const [confirming, setConfirming] = useState(false);
  const [deleteData, setDeleteData] = useState(false);
  const [failed, setFailed] = useState(false);

  const withdraw = async () => {
    setFailed(false);
    try {
      await updateConsent({
        'idempotency-key': newIdempotencyKey(),
        updateHeartRateConsentDto: { granted: false, noticeVersion: HEART_RATE_NOTICE.version, ...(deleteData ? { deleteData: true } : {}) },
      }).unwrap();
      setConfirming(false);
      setDeleteData(false);
    } catch {
      setFailed(true);
    }
  };

  const cancel = () => {
    setConfirming(false);
    setDeleteData(false);
  };

  return (
    <Section title="Frecuencia cardiaca" headingId="profile-heart-rate">
      {data ? (
        <>
          <p>
            FC máxima: <strong>{data.maxHr} LPM</strong> <span className="text-secondary">({MAX_HR_SOURCE[data.maxHrSource]})</span>
          </p>
          <MeasuredMaxHrForm measuredMaxHr={data.measuredMaxHr} />
          {data.consent.granted ? (
            <>
              <p>
                Registramos tu frecuencia cardiaca en tus entrenamientos con sensor
                {data.consent.at ? ` desde el ${longDate(studioDateOf(data.consent.at))}` : ''}.
              </p>
              {confirming ? (
                <div role="group" aria-label="Confirmar el retiro del consentimiento">
                  <p className="mb-2">¿Retirar tu consentimiento? Dejaremos de registrar tu frecuencia cardiaca desde ahora.</p>
                  <Form.Check
                    type="checkbox"
                    id="heart-rate-delete-data"
                    className="mb-3"
                    checked={deleteData}
                    onChange={(event) => setDeleteData(event.target.checked)}
                    disabled={saving}
                    label={
                      <>
                        ¿Eliminar también los datos de frecuencia cardiaca guardados?
                        <span className="d-block small text-secondary">
                          Borramos las lecturas de tus sesiones y dejamos de mostrar sus resúmenes y tu FC máxima ajustada. No se puede deshacer.
                        </span>
                      </>
                    }
                  />
                  <div className="d-flex flex-wrap gap-2">
                    <Button type="button" variant="danger" onClick={() => void withdraw()} disabled={saving}>
                      {saving ? 'Guardando...' : deleteData ? 'Sí, retirar y eliminar' : 'Sí, retirar'}
                    </Button>
                    <Button type="button" variant="outline-secondary" onClick={cancel} disabled={saving}>
                      Cancelar
                    </Button>
                  </div>
                </div>
              ) : (
                <Button type="button" variant="outline-danger" onClick={() => setConfirming(true)}>
                  Retirar consentimiento
                </Button>
              )}
              {failed && (
                <p className="text-danger mt-2 mb-0" role="alert">
                  No se pudo retirar tu consentimiento. Revisa tu conexión e inténtalo otra vez.
                </p>
              )}
            </>
          ) : (
            <p className="mb-0">No registramos tu frecuencia cardiaca. Te pediremos tu consentimiento la primera vez que conectes un sensor en un entrenamiento.</p>
          )}
          {data.dataDeletedAt && (
            <p className="text-secondary small mt-2 mb-0" data-testid="heart-rate-data-deleted">
              Eliminaste tus datos de frecuencia cardiaca guardados el {longDate(studioDateOf(data.dataDeletedAt))}.
            </p>
          )}
        </>
      ) : isError ? (
        <p className="text-danger mb-0">No pudimos cargar tus datos de frecuencia cardiaca.</p>
      ) : (
        <Skeleton height={60} />
      )}
    </Section>
  );
}
