import { Button } from 'react-bootstrap';
import { HEART_RATE_NOTICE } from '../heart-rate/heart-rate-notice';
import type { HeartRateSession } from '../heart-rate/use-heart-rate-session';
import { MembersModal } from './members-modal';

/** The consent notice with its version, before the first pairing or from the profile: nothing is recorded, and no sensor pairs, without "Acepto". */
export function HeartRateConsentDialog({ notice }: { notice: HeartRateSession['notice'] }) {
  return (
    <MembersModal
      show={notice.open}
      onHide={notice.decline}
      confirm
      title={HEART_RATE_NOTICE.title}
      titleId="hr-consent-title"
      error={notice.error}
      footer={
        <>
          <Button variant="outline-secondary" onClick={notice.decline} disabled={notice.saving}>
            Ahora no
          </Button>
          <Button className="btn-brand" onClick={() => void notice.accept()} disabled={notice.saving}>
            Acepto
          </Button>
        </>
      }
    >
      {HEART_RATE_NOTICE.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p className="small text-secondary mb-0">Versión del aviso: {HEART_RATE_NOTICE.version}</p>
    </MembersModal>
  );
}
