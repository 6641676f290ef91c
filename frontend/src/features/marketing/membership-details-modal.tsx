import { Check, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { MembershipPlan } from './membership-plans';

/** 'Más Información' (spec section 4): closes on a click on the overlay, the close button or Escape. */
export function MembershipDetailsModal({ plan, onClose }: { plan: MembershipPlan; onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, [onClose]);

  return (
    <div
      className="sheet-backdrop"
      data-testid="modal-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="plan-details-title">
        <div className="sheet__header">
          <div>
            <h2 id="plan-details-title" className="sheet__title">
              {plan.title}
            </h2>
            <p className="text-secondary mb-0">{plan.subtitle}</p>
          </div>
          <button ref={closeButton} type="button" className="icon-button" aria-label="Cerrar" onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        {plan.details.length === 0 ? (
          <p className="mb-0">No details available for this membership.</p>
        ) : (
          <ul className="check-list mb-0">
            {plan.details.map((detail) => (
              <li key={detail}>
                <Check size={20} aria-hidden="true" />
                <span>{detail}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
