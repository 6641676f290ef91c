import { useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { serverMessage, useGetHeartRateProfileQuery, useUpdateHeartRateConsentMutation } from '../../shared/api/api';
import type { HeartRateProfileDto } from '../../shared/api/generated-api';
import { HEART_RATE_NOTICE } from '../../shared/heart-rate/heart-rate-notice';
import { browserBluetooth } from '../../shared/heart-rate/web-bluetooth';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { longDate, studioDateOf } from '../../shared/lib/studio-calendar';
import { HeartRateConsentDialog } from '../../shared/ui/heart-rate-consent-dialog';
import { Section, Skeleton } from '../../shared/ui/member-ui';
import { MeasuredMaxHrForm } from './measured-max-hr-form';

const MAX_HR_SOURCE: Record<HeartRateProfileDto['maxHrSource'], string> = {
  age: 'estimada por tu edad',
  default: 'estimada sin tu fecha de nacimiento; agrégala para ajustarla',
  measured: 'la que mediste',
  raised: 'ajustada por tus sesiones: la alcanzaste y la sostuviste',
};

/** What consent makes possible, on a browser that can pair a sensor and on one that cannot (an iPhone, Firefox). */
export const CONSENT_USES = {
  canPair:
    'Con tu consentimiento conectas tu sensor en cualquier entrenamiento sin que te lo volvamos a pedir, y en el estudio recepción te puede asignar una banda.',
  cannotPair:
    'Este navegador no puede conectarse a sensores Bluetooth (pasa en iPhone y en Firefox), pero igual puedes dar tu consentimiento: en el estudio, recepción te asigna una banda y apareces en la pantalla de la clase.',
} as const;

function isCurrent(profile: HeartRateProfileDto): boolean {
  return profile.consent.granted && profile.consent.noticeVersion === profile.currentNoticeVersion;
}

/**
 * Heart-rate consent on any browser (issue 18, consent first; issue 37): the member reads the
 * notice and gives consent here whether or not this device can pair a sensor, so the studio can
 * give them a strap and no pairing asks again; they see since when and to which notice, and
 * withdraw it as the notice promises, choosing in the same confirmation whether to delete what
 * was kept (ADR 0144).
 */
export function HeartRateConsentSection() {
  const { data, isError } = useGetHeartRateProfileQuery();
  const [updateConsent, { isLoading: saving }] = useUpdateHeartRateConsentMutation();
  const [confirming, setConfirming] = useState(false);
  const [deleteData, setDeleteData] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reading, setReading] = useState(false);
  const [giveError, setGiveError] = useState<string | null>(null);
  const canPair = useMemo(() => browserBluetooth() !== null, []);

  const give = async () => {
    setGiveError(null);
    try {
      await updateConsent({
        'idempotency-key': newIdempotencyKey(),
        updateHeartRateConsentDto: { granted: true, noticeVersion: HEART_RATE_NOTICE.version },
      }).unwrap();
      setReading(false);
    } catch (error) {
      setGiveError(serverMessage(error) ?? 'No se pudo guardar tu consentimiento. Revisa tu conexión e inténtalo otra vez.');
    }
  };

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
              <p className="mb-1">
                Registramos tu frecuencia cardiaca cuando entrenas con sensor, en la app o en las clases del estudio
                {data.consent.at ? `, desde el ${longDate(studioDateOf(data.consent.at))}` : ''}.
              </p>
              {isCurrent(data) ? (
                <p className="small text-secondary" data-testid="heart-rate-notice-accepted">
                  Aceptaste el aviso versión {data.consent.noticeVersion}.{' '}
                  {canPair ? 'Al conectar tu sensor no te lo volveremos a pedir.' : 'En el estudio, recepción te puede asignar una banda.'}
                </p>
              ) : (
                <p className="small text-secondary" data-testid="heart-rate-notice-accepted">
                  Aceptaste el aviso versión {data.consent.noticeVersion}; el aviso cambió (versión {data.currentNoticeVersion}).{' '}
                  <button
                    type="button"
                    className="btn btn-link p-0 align-baseline"
                    onClick={() => {
                      setGiveError(null);
                      setReading(true);
                    }}
                  >
                    Leer el aviso nuevo
                  </button>
                </p>
              )}
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
            <div data-testid="heart-rate-consent-missing">
              <p className="mb-1">
                {data.consent.at
                  ? `No registramos tu frecuencia cardiaca: retiraste tu consentimiento el ${longDate(studioDateOf(data.consent.at))}.`
                  : 'No registramos tu frecuencia cardiaca.'}
              </p>
              <p className="small text-secondary">{canPair ? CONSENT_USES.canPair : CONSENT_USES.cannotPair}</p>
              <Button
                type="button"
                className="btn-brand"
                onClick={() => {
                  setGiveError(null);
                  setReading(true);
                }}
              >
                Leer el aviso y dar mi consentimiento
              </Button>
            </div>
          )}
          <HeartRateConsentDialog notice={{ open: reading, saving, error: giveError, accept: give, decline: () => setReading(false) }} />
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
