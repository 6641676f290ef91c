import { Button } from 'react-bootstrap';
import { HEART_RATE_NOTICE } from '../heart-rate/heart-rate-notice';
import type { HeartRateSession } from '../heart-rate/use-heart-rate-session';
import { MembersModal } from './members-modal';

/** The consent notice before the first pairing: nothing is recorded, and no sensor pairs, without "Acepto". */
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
    </MembersModal>
  );
}
