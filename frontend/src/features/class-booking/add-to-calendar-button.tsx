import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { CalendarPlus } from 'lucide-react';
import { downloadFile } from '../../shared/api/download-file';
import { bookingCalendarPath } from './class-booking-api';

/** "Agregar a mi calendario": the booking's .ics, asked with the member's token (a plain link would carry none). */
export function AddToCalendarButton({ bookingId, className = '' }: { bookingId: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [message, setMessage] = useState('');
  const download = async () => {
    setState('loading');
    try {
      await downloadFile(bookingCalendarPath(bookingId), 'clase-pulso.ics');
      setState('idle');
    } catch (failure) {
      setMessage(failure instanceof Error && failure.message ? failure.message : 'No se pudo descargar el archivo.');
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="outline-secondary" className={`cbook-action ${className}`} onClick={() => void download()} disabled={state === 'loading'}>
        <CalendarPlus size={18} aria-hidden="true" /> Agregar a mi calendario
      </Button>
      {state === 'failed' ? (
        <p className="cbook-action__error" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
