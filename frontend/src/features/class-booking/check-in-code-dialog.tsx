import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import type { LocalDate } from '../../shared/lib/studio-calendar';
import { LoadingRegion, Skeleton } from '../../shared/ui/member-ui';
import { MembersModal } from '../../shared/ui/members-modal';
import { bookingErrorMessage, dayHeading, timeRange } from './booking-views';
import { useGetClassBookingCheckInCodeQuery, type MemberBooking } from './class-booking-api';

/** The code as an SVG picture; `qrcode` loads only when a member opens their code. */
async function qrPicture(code: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#0b0f17', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The check-in QR the desk scans, on the day of the class (the code is valid that day only). */
export function CheckInCodeDialog({ booking, today, onClose }: { booking: MemberBooking | null; today: LocalDate; onClose: () => void }) {
  const code = useGetClassBookingCheckInCodeQuery(booking ? { bookingId: booking.bookingId } : { bookingId: '' }, { skip: !booking });
  const value = code.data?.code;
  const [picture, setPicture] = useState<{ code: string; src: string } | null>(null);
  const [drawFailed, setDrawFailed] = useState(false);

  useEffect(() => {
    if (!value) return;
    let current = true;
    qrPicture(value).then(
      (src) => current && setPicture({ code: value, src }),
      () => current && setDrawFailed(true),
    );
    return () => {
      current = false;
    };
  }, [value]);

  return (
    <MembersModal
      show={booking !== null}
      onHide={onClose}
      title="Tu código de check-in"
      titleId="check-in-code-title"
      footer={
        <Button className="btn-brand cbook-dialog__button" onClick={onClose}>
          Listo
        </Button>
      }
    >
      {booking ? (
        <div className="cbook-qr">
          <p className="cbook-dialog__name">{booking.className}</p>
          <p className="cbook-dialog__when">
            {dayHeading(booking.date, today)} · {timeRange(booking.startTime, booking.endTime)}
          </p>
          {code.isError ? (
            <Alert variant="danger" className="mb-0">
              {bookingErrorMessage(code.error)}{' '}
              <Button variant="link" className="p-0 align-baseline" onClick={() => void code.refetch()}>
                Reintentar
              </Button>
            </Alert>
          ) : drawFailed ? (
            <Alert variant="danger" className="mb-0">
              No pudimos dibujar tu código. Dile tu nombre a recepción y te hacen el check-in.
            </Alert>
          ) : picture && picture.code === value ? (
            <>
              <img className="cbook-qr__image" src={picture.src} alt="Código QR para tu check-in" width={240} height={240} />
              <p className="cbook-qr__hint">Muéstralo en recepción al llegar. Sube el brillo de tu pantalla si no lo leen a la primera.</p>
            </>
          ) : (
            <LoadingRegion label="Preparando tu código...">
              <Skeleton height={240} width={240} rounded={12} className="cbook-qr__image" />
            </LoadingRegion>
          )}
        </div>
      ) : null}
    </MembersModal>
  );
}
