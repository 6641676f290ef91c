import { useState } from 'react';
import { serverMessage, useGetEmailPreferencesQuery, useUpdateEmailPreferenceMutation } from '../../shared/api/api';
import type { EmailPreferenceDto } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { Section, Skeleton } from '../../shared/ui/member-ui';

/**
 * Which emails the member receives, one switch per kind (ADR 0142). Each switch saves on its own
 * and shows what the server answered; a failure leaves it as it was, with the reason below.
 */
export function EmailPreferencesSection() {
  const { data, isError, refetch } = useGetEmailPreferencesQuery();
  const [update] = useUpdateEmailPreferenceMutation();
  const [saving, setSaving] = useState<EmailPreferenceDto['topic'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async ({ topic, subscribed }: EmailPreferenceDto) => {
    setFailure(null);
    setSaving(topic);
    try {
      await update({ topic, 'idempotency-key': newIdempotencyKey(), updateEmailPreferenceDto: { subscribed: !subscribed } }).unwrap();
    } catch (error) {
      setFailure(serverMessage(error) ?? 'No se pudo guardar tu preferencia. Revisa tu conexión e inténtalo otra vez.');
    } finally {
      setSaving(null);
    }
  };

  return (
    <Section title="Correos" headingId="profile-emails">
      {data ? (
        <>
          <p className="text-secondary">Elige qué correos quieres recibir. Los correos de tu cuenta (como los códigos de verificación) siempre llegan.</p>
          <div className="profile-email-switches">
            {data.preferences.map((preference) => (
              // The whole row is the switch's target (44 px high); the track is drawn beside the label.
              <label key={preference.topic} className="profile-email-switch">
                <input
                  type="checkbox"
                  role="switch"
                  className="profile-email-switch__input"
                  checked={preference.subscribed}
                  disabled={saving !== null}
                  onChange={() => void toggle(preference)}
                />
                <span className="profile-email-switch__track" aria-hidden="true" />
                <span>{preference.label}</span>
              </label>
            ))}
          </div>
          {failure && (
            <p className="text-danger mt-2 mb-0" role="alert">
              {failure}
            </p>
          )}
        </>
      ) : isError ? (
        <p className="text-danger mb-0">
          No pudimos cargar tus preferencias de correo.{' '}
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
