import type { ReactNode } from 'react';

const COLUMNS = {
  wide: ['col-lg-8', 'col-lg-4'],
  even: ['col-lg-7', 'col-lg-5'],
} as const;

/** The blue band that closes a section: the message on the left, one action on the right (at the end on large screens). */
export function CtaBand({ children, action, split = 'wide' }: { children: ReactNode; action: ReactNode; split?: keyof typeof COLUMNS }) {
  const [message, actionColumn] = COLUMNS[split];
  return (
    <div className="cta-band">
      <div className="row align-items-center g-4">
        <div className={message}>{children}</div>
        <div className={`${actionColumn} text-lg-end`}>{action}</div>
      </div>
    </div>
  );
}
