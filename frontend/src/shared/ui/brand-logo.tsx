import { useId } from 'react';

/** The Pulso mark: a heartbeat trace inside a rounded square, in the brand blue. */
export function BrandMark({ size = 40 }: { size?: number }) {
  // One gradient per mark: the navbar and the footer both draw it on the same page.
  const gradient = `brand-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg className="brand-logo__mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a84e8" />
          <stop offset="1" stopColor="#0d4e91" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradient})`} />
      <path d="M6 21h7l3-7 5 14 4-10 2 3h7" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The one logo of the three faces (ADR 0211): the mark and the PULSO wordmark. The public site
 * adds the studio's descriptor ("Heart Rate Studio", stacked under 768 px as spec section 2 asks);
 * the members' platform shows the mark and the wordmark; the staff console adds only a small
 * "Consola" tag. Text is visible, so the link around it names itself with the same words.
 */
export function BrandLogo({ variant }: { variant: 'site' | 'footer' | 'platform' | 'console' }) {
  const compact = variant === 'platform' || variant === 'console';
  return (
    <span className={`brand-logo brand-logo--${variant}`}>
      <BrandMark size={compact ? 32 : 40} />
      <span className="brand-logo__text">
        <span className="brand-logo__name">PULSO</span>
        {variant === 'site' ? (
          <>
            {' '}
            <span className="brand-logo__tagline">Heart Rate Studio</span>
          </>
        ) : null}
        {variant === 'console' ? (
          <>
            {' '}
            <span className="brand-logo__tag">Consola</span>
          </>
        ) : null}
      </span>
    </span>
  );
}
