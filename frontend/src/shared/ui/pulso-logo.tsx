/** The Pulso mark: a heartbeat trace inside a rounded square, in the brand blue. */
export function PulsoMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="site-logo__mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="pulso-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a84e8" />
          <stop offset="1" stopColor="#0d4e91" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill="url(#pulso-mark-gradient)" />
      <path d="M6 21h7l3-7 5 14 4-10 2 3h7" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Wordmark and tagline; CSS stacks them into two rows under 768 px. */
export function PulsoLogo() {
  return (
    <>
      <PulsoMark />
      <span className="site-logo__text">
        <span className="site-logo__name">PULSO</span>{' '}
        <span className="site-logo__tagline">Heart Rate Studio</span>
      </span>
    </>
  );
}
