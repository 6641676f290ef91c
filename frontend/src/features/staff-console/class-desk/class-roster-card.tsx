import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Form, InputGroup, Spinner } from 'react-bootstrap';
import { Camera, QrCode, Users } from 'lucide-react';
import {
  useCheckInToClassMutation,
  useForgetRememberedStrapMutation,
  useGetClassRosterQuery,
  useRecordStaffFreeClassOutcomeMutation,
  type ClassCheckInBody,
} from '../../../shared/api/api';
import type { ScheduledClassDto } from '../../../shared/api/generated-api';
import { errorText } from '../format';
import { rosterCounts, rosterRows, rosterSummary, scannedCode, type RosterRow } from './class-roster';

const time = new Intl.DateTimeFormat('es-SV', { timeZone: 'America/El_Salvador', hour: 'numeric', minute: '2-digit' });

/** The browser's barcode reader where it has one (Chromium on Android and desktop); absent elsewhere. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

function barcodeReaderClass(): BarcodeReaderClass | null {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window ? (window as unknown as { BarcodeDetector: BarcodeReaderClass }).BarcodeDetector : null;
}

/**
 * One of today's classes at the desk: its roster (members and free-class guests, ADR 0380), one-tap arrivals,
 * the member's QR, the waitlist and each member's strap; a guest who came can be marked "Se hizo miembro".
 */
export function ClassRosterCard({ date, scheduled, straps }: { date: string; scheduled: ScheduledClassDto; straps: ReadonlyMap<string, string> }) {
  const { slotId } = scheduled;
  const roster = useGetClassRosterQuery({ date, slotId }, { pollingInterval: 30_000 });
  const [checkIn, checkingIn] = useCheckInToClassMutation();
  const [forget] = useForgetRememberedStrapMutation();
  const [recordOutcome, recordingOutcome] = useRecordStaffFreeClassOutcomeMutation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const headingId = `roster-${slotId}`;
  const rows = roster.data ? rosterRows(roster.data, straps) : [];
  const names = new Map(rows.map((row) => [row.memberId, row.name]));

  const send = (body: ClassCheckInBody, who?: string) => {
    setNotice(null);
    checkIn({ date, slotId, checkInDto: body })
      .unwrap()
      .then((answer) => setNotice({ ok: true, text: `Llegada registrada: ${who ?? names.get(answer.memberId) ?? 'miembro'}.` }))
      .catch((caught: unknown) => setNotice({ ok: false, text: errorText(caught) }));
  };

  return (
    <Card as="section" className="staff-card h-100" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} className="staff-card__title">
          <Users size={18} aria-hidden="true" /> {scheduled.label} · {scheduled.className}
        </h2>
        {roster.data ? <p className="staff-muted">{rosterSummary(rosterCounts(roster.data), roster.data.capacity)}</p> : null}
        {roster.error ? <Alert variant="danger">{errorText(roster.error)}</Alert> : null}
        {roster.isLoading ? <Spinner animation="border" size="sm" role="status" aria-label="Cargando la lista" /> : null}
        {/* A code can only check in someone booked: nothing to scan before the first booking. */}
        {rows.length > 0 ? (
          <ScanField disabled={checkingIn.isLoading} onCode={(code) => send({ code })} label={`Código QR del miembro (${scheduled.label})`} />
        ) : null}
        {notice ? (
          <Alert variant={notice.ok ? 'success' : 'danger'} className="py-2" role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </Alert>
        ) : null}
        {roster.data && rows.length === 0 ? <p className="staff-empty staff-empty--compact">Nadie ha reservado esta clase todavía.</p> : null}
        {rows.length > 0 ? (
          <ul className="staff-today-list" aria-label={`Reservas de ${scheduled.label}`}>
            {rows.map((row) => (
              <RosterItem
                key={row.bookingId}
                row={row}
                busy={checkingIn.isLoading || recordingOutcome.isLoading}
                onCheckIn={() => send({ bookingId: row.bookingId }, row.name)}
                onConvert={() => {
                  setNotice(null);
                  recordOutcome({ id: row.bookingId, recordOutcomeDto: { outcome: 'converted' } })
                    .unwrap()
                    .then(() => setNotice({ ok: true, text: `Se hizo miembro: ${row.name}.` }))
                    .catch((caught: unknown) => setNotice({ ok: false, text: errorText(caught) }));
                }}
                onForget={() =>
                  forget({ userId: row.memberId })
                    .unwrap()
                    .then(() => setNotice({ ok: true, text: `Banda olvidada: ${row.name}.` }))
                    .catch((caught: unknown) => setNotice({ ok: false, text: errorText(caught) }))
                }
              />
            ))}
          </ul>
        ) : null}
        {roster.data && roster.data.waitlist.length > 0 ? (
          <>
            <h3 className="h6 mt-3">Lista de espera</h3>
            <ol className="staff-today-list" aria-label={`Lista de espera de ${scheduled.label}`}>
              {[...roster.data.waitlist]
                .sort((a, b) => a.position - b.position)
                .map((waiting) => (
                  <li key={waiting.bookingId}>
                    <span className="staff-today-list__time">{waiting.position}.</span>
                    <span className="staff-today-list__who">{waiting.name}</span>
                  </li>
                ))}
            </ol>
          </>
        ) : null}
      </Card.Body>
    </Card>
  );
}

function RosterItem({
  row,
  busy,
  onCheckIn,
  onForget,
  onConvert,
}: {
  row: RosterRow;
  busy: boolean;
  onCheckIn: () => void;
  onForget: () => void;
  onConvert: () => void;
}) {
  return (
    <li>
      <span className="staff-today-list__time">
        {row.guest?.outcome === 'converted' ? (
          <Badge bg="primary">Se hizo miembro</Badge>
        ) : row.status === 'checked-in' ? (
          <Badge bg="success">Llegó{row.checkedInAt ? ` ${time.format(new Date(row.checkedInAt))}` : ''}</Badge>
        ) : row.status === 'no-show' ? (
          <Badge bg="secondary">No asistió</Badge>
        ) : (
          <Badge bg="light" text="dark">
            Reservó
          </Badge>
        )}
      </span>
      <span className="staff-today-list__who">
        <strong>{row.name}</strong>
        {row.guest ? (
          <span className="staff-muted">Invitado · clase gratis</span>
        ) : row.strap ? (
          <span className="staff-muted">
            Banda: {row.strap}{' '}
            <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onForget} aria-label={`Olvidar la banda de ${row.name}`}>
              Olvidar
            </Button>
          </span>
        ) : (
          <span className="staff-muted">Sin banda recordada</span>
        )}
      </span>
      {row.canCheckIn ? (
        <Button size="sm" onClick={onCheckIn} disabled={busy} aria-label={`Registrar llegada de ${row.name}`}>
          Registrar llegada
        </Button>
      ) : null}
      {row.guest?.canConvert ? (
        <Button size="sm" variant="outline-primary" onClick={onConvert} disabled={busy} aria-label={`${row.name} se hizo miembro`}>
          Se hizo miembro
        </Button>
      ) : null}
    </li>
  );
}

/** A handheld scanner types the code and Enter here; where the browser reads barcodes, the camera button does too. */
export function ScanField({ onCode, disabled, label }: { onCode: (code: string) => void; disabled: boolean; label: string }) {
  const [text, setText] = useState('');
  const [camera, setCamera] = useState(false);
  const Reader = barcodeReaderClass();
  return (
    <Form
      className="mb-2"
      onSubmit={(event) => {
        event.preventDefault();
        const code = scannedCode(text);
        setText('');
        if (code) onCode(code);
      }}
    >
      <Form.Label className="visually-hidden" htmlFor={`${label}-input`}>
        {label}
      </Form.Label>
      <InputGroup>
        <InputGroup.Text>
          <QrCode size={16} aria-hidden="true" />
        </InputGroup.Text>
        <Form.Control
          id={`${label}-input`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Escanea el código QR del miembro"
          autoComplete="off"
          disabled={disabled}
        />
        {Reader ? (
          <Button variant="outline-primary" onClick={() => setCamera((open) => !open)} aria-pressed={camera}>
            <Camera size={16} aria-hidden="true" /> {camera ? 'Cerrar cámara' : 'Cámara'}
          </Button>
        ) : null}
      </InputGroup>
      {Reader && camera ? (
        <CameraScan
          Reader={Reader}
          onCode={(code) => {
            setCamera(false);
            onCode(code);
          }}
        />
      ) : null}
    </Form>
  );
}

/** The camera's picture read for a QR code a few times a second until one is found or the button closes it. */
function CameraScan({ Reader, onCode }: { Reader: BarcodeReaderClass; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useRef(onCode);
  found.current = onCode;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const reader = new Reader({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (opened) => {
        stream = opened;
        if (stopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          reader
            .detect(video.current)
            .then((codes) => {
              const code = codes.map((one) => scannedCode(one.rawValue)).find((one): one is string => one !== null);
              if (code && !stopped) {
                stopped = true;
                found.current(code);
              }
            })
            .catch(() => undefined);
        }, 300);
      })
      .catch(() => setError('No se pudo abrir la cámara. Usa el lector o registra la llegada en la lista.'));
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [Reader]);
  return (
    <div className="mt-2">
      {error ? (
        <Alert variant="warning">{error}</Alert>
      ) : (
        <video ref={video} muted playsInline className="w-100 rounded" aria-label="Cámara para leer el código QR" />
      )}
    </div>
  );
}
