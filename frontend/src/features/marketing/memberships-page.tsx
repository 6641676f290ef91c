import { HeartPulse, Info } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { PageMeta } from '../../shared/ui/page-meta';
import { MembershipDetailsModal } from './membership-details-modal';
import { MEMBERSHIP_PLANS, offerFor, SENSOR_PRICE, type MembershipPlan, type PaymentLinks } from './membership-plans';

/** The deployment's payment links (GET /api/config); none until it has answered. */
function usePaymentLinks(): PaymentLinks | undefined {
  return useRuntimeConfig().config?.paymentLinks as PaymentLinks | undefined;
}

/**
 * A plan's 'Comprar': the only part of a card that depends on the runtime config, so its arrival
 * re-renders these links and not the whole page.
 */
function BuyPlanLink({ plan, recurring }: { plan: MembershipPlan; recurring: boolean }) {
  const { link } = offerFor(plan, recurring, usePaymentLinks());
  return (
    <a className={`btn btn-brand${link ? '' : ' disabled'}`} href={link} aria-disabled={!link} aria-label={`Comprar ${plan.title}`} rel="noopener">
      Comprar
    </a>
  );
}

function BuySensorLink() {
  const sensor = usePaymentLinks()?.sensor;
  const sensorLink = typeof sensor === 'string' ? sensor : undefined;
  return (
    <a className={`btn btn-brand btn-lg${sensorLink ? '' : ' disabled'}`} href={sensorLink} aria-disabled={!sensorLink} rel="noopener">
      Comprar Sensor
    </a>
  );
}

export function MembershipsPage({ plans = MEMBERSHIP_PLANS }: { plans?: MembershipPlan[] }) {
  const [recurring, setRecurring] = useState(false);
  const [detailsOf, setDetailsOf] = useState<MembershipPlan | null>(null);
  const closeDetails = useCallback(() => setDetailsOf(null), []);
  const toggleId = useId();

  return (
    <main>
      <PageMeta
        title="Membresías"
        description="Planes Elite, Athlete, Casual, paquetes de clases, parejas y familia. Renovación automática con descuento o pago único. Sensor de frecuencia cardiaca a $65."
      />
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Planes y precios</p>
          <h1 className="page-hero__title">Membresías</h1>
          <p className="page-hero__lead">
            Todas incluyen acceso a la app, resúmenes de rendimiento por correo, retos y validez en cualquier horario. Con renovación automática pagas menos
            cada mes.
          </p>
        </div>
      </section>
      <section className="section section--soft pt-5">
        <div className="container">
          <div className="d-flex justify-content-center mb-5">
            <div className="billing-toggle form-check form-switch">
              <input
                id={toggleId}
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={recurring}
                onChange={(event) => setRecurring(event.target.checked)}
              />
              <label htmlFor={toggleId}>Renovación automática</label>
              <span className="save-pill">{recurring ? 'Ahorro activado' : 'Ahorra hasta 10%'}</span>
            </div>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {recurring ? 'Mostrando precios con renovación automática' : 'Mostrando precios de pago único'}
          </p>
          <div className="plan-grid">
            {plans.map((plan) => {
              const { price } = offerFor(plan, recurring, undefined);
              const period = plan.kind === 'fixed' ? 'paquete' : recurring ? '/ mes' : 'pago único';
              return (
                <article key={plan.key} className={`plan-card${plan.featured ? ' plan-card--featured' : ''}`} aria-labelledby={`plan-${plan.key}`}>
                  {plan.featured && <span className="plan-card__badge">Más completo</span>}
                  <h2 id={`plan-${plan.key}`} className="plan-card__title">
                    {plan.title}
                  </h2>
                  <p className="plan-card__subtitle">{plan.subtitle}</p>
                  <p className="plan-card__price" data-testid={`price-${plan.key}`}>
                    <span className="plan-card__amount">${price}</span>
                    <span className="plan-card__period">{period}</span>
                  </p>
                  <p className="plan-card__duration">{plan.duration}</p>
                  <div className="plan-card__actions">
                    <button type="button" className="btn btn-outline-brand" onClick={() => setDetailsOf(plan)} aria-label={`Más Información: ${plan.title}`}>
                      Más Información
                    </button>
                    <BuyPlanLink plan={plan} recurring={recurring} />
                  </div>
                </article>
              );
            })}
          </div>
        </div>
      </section>
      <section className="section pt-0 section--soft" aria-labelledby="sensor-title">
        <div className="container">
          <div className="sensor">
            <div className="sensor__body">
              <p className="eyebrow">
                <HeartPulse size={16} aria-hidden="true" /> Tu propio sensor
              </p>
              <h2 id="sensor-title" className="section-title text-white">
                Sensor
              </h2>
              <p className="text-on-dark-muted fs-5">
                Banda de pecho con conexión Bluetooth y ANT+. Se vincula a tu cuenta una sola vez y registra cada clase automáticamente.
              </p>
              <p className="sensor__price my-4">${SENSOR_PRICE}</p>
              <BuySensorLink />
              <p className="d-flex gap-2 align-items-start mt-4 mb-0 small text-on-dark-muted">
                <Info size={16} className="flex-shrink-0 mt-1" aria-hidden="true" />
                En tu clase gratis te prestamos uno para que lo pruebes.
              </p>
            </div>
            <img
              src="/images/sensor.svg"
              alt="Banda de frecuencia cardiaca de Pulso"
              width={640}
              height={480}
              loading="lazy"
              decoding="async"
              className="w-100 h-auto"
            />
          </div>
        </div>
      </section>
      {detailsOf && <MembershipDetailsModal plan={detailsOf} onClose={closeDetails} />}
    </main>
  );
}
