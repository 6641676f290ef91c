import { Button } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { CalendarCheck, CreditCard, Dumbbell, Sparkles } from 'lucide-react';
import { useGetMemberProfileQuery } from '../../shared/api/api';
import { welcomeToPulso } from '../../shared/lib/greeting';
import { longDate } from '../../shared/lib/studio-calendar';
import { useStudioToday } from '../../shared/hooks/use-studio-today';
import { FocusedLayout } from '../../shared/ui/focused-layout';
import { LoadingRegion, Skeleton } from '../../shared/ui/member-ui';
import { TRIAL_DAYS, trialStartDate, trialStatus } from './trial-period';
import './subscription.css';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * /subscription (the spec leaves it open): starts and explains the 7-day free trial,
 * then hands over to the dashboard.
 */
export function SubscriptionPage() {
  const navigate = useNavigate();
  const today = useStudioToday();
  const { data, isLoading } = useGetMemberProfileQuery();
  const user = data?.user;

  if (isLoading || !user) {
    return (
      <FocusedLayout>
        <LoadingRegion label="Preparando tu prueba gratuita...">
          <div className="members-focused__card">
            <Skeleton height={28} width="60%" />
            <Skeleton height={120} className="mt-4" />
            <Skeleton height={160} className="mt-4" />
          </div>
        </LoadingRegion>
      </FocusedLayout>
    );
  }

  const trial = trialStatus(trialStartDate(user, today, browserStorage()), today);
  const name = user.firstName?.trim() || 'Atleta';
  return (
    <FocusedLayout>
      <section className="members-focused__card subscription" aria-labelledby="subscription-title">
        <p className="subscription-kicker">
          <Sparkles size={16} aria-hidden="true" /> Prueba gratuita activada
        </p>
        <h1 className="subscription-title" id="subscription-title">
          {welcomeToPulso(name, user.profile.gender)}
        </h1>
        <p className="members-page-subtitle">
          Tu perfil está listo. Tienes {TRIAL_DAYS} días de acceso completo a la plataforma, sin pagar nada durante la prueba.
        </p>

        <div className={`subscription-meter ${trial.ended ? 'is-ended' : ''}`}>
          <div>
            <span className="subscription-meter__value">{trial.daysLeft}</span>
            <span className="subscription-meter__unit">{trial.daysLeft === 1 ? 'día restante' : 'días restantes'}</span>
          </div>
          <div
            className="members-progress"
            role="progressbar"
            aria-label="Días de prueba usados"
            aria-valuemin={0}
            aria-valuemax={TRIAL_DAYS}
            aria-valuenow={TRIAL_DAYS - trial.daysLeft}
          >
            <div className="members-progress__bar" style={{ width: `${((TRIAL_DAYS - trial.daysLeft) / TRIAL_DAYS) * 100}%` }} />
          </div>
          <p className="subscription-meter__note">
            {trial.ended ? `Tu prueba terminó el ${longDate(trial.lastDay)}.` : `Tu prueba gratuita termina el ${longDate(trial.lastDay)}.`}
          </p>
        </div>

        <ul className="subscription-facts">
          <li>
            <Dumbbell size={20} aria-hidden="true" />
            <span>
              <strong>Durante la prueba</strong> tienes planes personalizados, entrenamientos guiados con video, carreras y el seguimiento de tu progreso.
            </span>
          </li>
          <li>
            <CalendarCheck size={20} aria-hidden="true" />
            <span>
              <strong>Sin cargos durante la prueba.</strong> No te pedimos tarjeta para empezar.
            </span>
          </li>
          <li>
            <CreditCard size={20} aria-hidden="true" />
            <span>
              <strong>Después de la prueba</strong>, el acceso a la plataforma continúa con cualquiera de nuestras membresías, todas incluyen la app.{' '}
              <Link to="/memberships">Ver Membresías</Link>
            </span>
          </li>
        </ul>

        <Button className="btn-brand subscription-start" size="lg" onClick={() => navigate('/training')}>
          Comenzar
        </Button>
      </section>
    </FocusedLayout>
  );
}
