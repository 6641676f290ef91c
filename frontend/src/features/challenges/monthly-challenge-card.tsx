import { useId, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { CalendarClock, Medal, Target } from 'lucide-react';
import { serverMessage, useGetMemberChallengesQuery, useJoinChallengeMutation } from '../../shared/api/api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import type { MemberChallengeDto } from '../../shared/api/generated-api';
import { useOnline } from '../../shared/hooks/use-online';
import { longDate } from '../../shared/lib/studio-calendar';
import { LoadingRegion, Skeleton } from '../../shared/ui/member-ui';
import { amountOf, daysLeftText, monthName, percentOf, remainingText } from './challenge-format';
import './challenges.css';

/** The dashboard's "Reto del mes": join, progress, days left, or the finish with its date. */
export function MonthlyChallengeCard({ showLink = true }: { showLink?: boolean }) {
  const { data, isError, isLoading } = useGetMemberChallengesQuery();
  if (isLoading) {
    return (
      <LoadingRegion label="Cargando el reto del mes...">
        <Skeleton height={170} rounded={16} className="mb-3" />
      </LoadingRegion>
    );
  }
  if (isError || !data) {
    return (
      <section className="challenge-card challenge-card--quiet" aria-labelledby="challenge-card-title">
        <p className="challenge-card__kicker" id="challenge-card-title">
          Reto del mes
        </p>
        <p className="challenge-card__text mb-0">No pudimos cargar el reto del mes. Inténtalo de nuevo en unos minutos.</p>
      </section>
    );
  }
  if (!data.current) {
    return (
      <section className="challenge-card challenge-card--quiet" aria-labelledby="challenge-card-title">
        <p className="challenge-card__kicker" id="challenge-card-title">
          Reto del mes
        </p>
        <p className="challenge-card__text mb-0">
          {data.upcoming[0]
            ? `Este mes no hay reto. El próximo, «${data.upcoming[0].challenge.name}», empieza en ${monthName(data.upcoming[0].challenge.month)}.`
            : 'Este mes no hay reto todavía. El estudio publicará el próximo pronto.'}
        </p>
      </section>
    );
  }
  return <ChallengeCardBody entry={data.current} showLink={showLink} />;
}

/** One challenge: this month's (days left) or, `upcoming`, a later month's (when it starts). */
export function ChallengeCardBody({ entry, showLink, upcoming = false }: { entry: MemberChallengeDto; showLink: boolean; upcoming?: boolean }) {
  const { challenge, joined, progress, finishedOn, daysLeft } = entry;
  const [join, joining] = useJoinChallengeMutation();
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  const percent = percentOf(progress, challenge.target);
  const titleId = useId();

  const onJoin = async () => {
    setError(null);
    try {
      await join({ challengeId: challenge.challengeId, 'idempotency-key': newIdempotencyKey() }).unwrap();
    } catch (caught) {
      setError(serverMessage(caught) ?? 'No pudimos unirte al reto. Revisa tu conexión e inténtalo de nuevo.');
    }
  };

  return (
    <section className={`challenge-card${finishedOn ? ' challenge-card--done' : ''}`} aria-labelledby={titleId}>
      <div className="challenge-card__top">
        <div>
          <p className="challenge-card__kicker">
            {upcoming ? 'Próximo reto' : 'Reto del mes'} · {monthName(challenge.month)}
          </p>
          <h2 className="challenge-card__title" id={titleId}>
            {challenge.name}
          </h2>
          <p className="challenge-card__goal">
            <Target size={16} aria-hidden="true" /> Meta: {amountOf(challenge.target, challenge.goalType)}
          </p>
        </div>
        <span className="challenge-card__days">
          <CalendarClock size={16} aria-hidden="true" /> {upcoming ? `Empieza el 1 de ${monthName(challenge.month).split(' de ')[0]}` : daysLeftText(daysLeft)}
        </span>
      </div>

      {finishedOn ? (
        <p className="challenge-card__finished" role="status">
          <Medal size={20} aria-hidden="true" /> Reto completado: {challenge.name} · el {longDate(finishedOn)}
        </p>
      ) : null}

      <div className="challenge-card__progress">
        <div className="challenge-card__numbers">
          <strong>
            {progress.toLocaleString('es-SV')} / {amountOf(challenge.target, challenge.goalType)}
          </strong>
          <span>
            {joined
              ? remainingText(progress, challenge.target, challenge.goalType)
              : upcoming
                ? `Cuenta todo lo que entrenes en ${monthName(challenge.month).split(' de ')[0]}`
                : 'Cuenta todo el mes, también lo que ya entrenaste'}
          </span>
        </div>
        <div className="challenge-card__bar" role="progressbar" aria-label="Avance del reto" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div style={{ width: `${percent}%` }} />
        </div>
      </div>

      {error ? (
        <Alert variant="danger" className="challenge-card__error">
          {error}
        </Alert>
      ) : null}

      <div className="challenge-card__actions">
        {joined ? (
          <span className="challenge-card__joined">{finishedOn ? '¡Lo lograste!' : 'Estás participando'}</span>
        ) : daysLeft > 0 ? (
          <button type="button" className="btn btn-brand" onClick={() => void onJoin()} disabled={joining.isLoading || !online}>
            {joining.isLoading ? 'Uniéndote…' : 'Unirme al reto'}
          </button>
        ) : null}
        {showLink ? (
          <Link to="/training/retos" className="challenge-card__link">
            Ver clasificación
          </Link>
        ) : null}
      </div>
    </section>
  );
}
