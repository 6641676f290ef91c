import { useState } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { Medal, Trophy, Users } from 'lucide-react';
import { serverMessage, useGetChallengeLeaderboardQuery, useGetMemberChallengesQuery, useUpdateLeaderboardPreferenceMutation } from '../../shared/api/api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import type { LeaderboardPreferenceDto, MemberChallengeDto } from '../../shared/api/generated-api';
import { MembersLayout } from '../../shared/ui/members-layout';
import { EmptyState, PageHeader, Section, Skeleton } from '../../shared/ui/member-ui';
import { amountOf, monthName } from './challenge-format';
import { ChallengeAchievementList } from './challenge-achievements';
import { ChallengeCardBody, MonthlyChallengeCard } from './monthly-challenge-card';
import './challenges.css';

/** /training/retos: the month's challenge, its leaderboard, the member's privacy choice and their finished challenges. */
export function ChallengesPage() {
  const { data } = useGetMemberChallengesQuery();
  return (
    <MembersLayout>
      <PageHeader title="Retos" subtitle="Un reto cada mes. Únete, entrena y mira cómo vas junto al resto del estudio." />
      <Row className="g-3">
        <Col lg={7}>
          <MonthlyChallengeCard showLink={false} />
          {data?.current ? <Leaderboard entry={data.current} /> : null}
          {data && data.upcoming.length > 0 ? (
            <Section title="Próximos retos" headingId="challenges-upcoming">
              <div className="challenges-upcoming">
                {data.upcoming.map((entry) => (
                  <ChallengeCardBody key={entry.challenge.challengeId} entry={entry} showLink={false} upcoming />
                ))}
              </div>
            </Section>
          ) : null}
        </Col>
        <Col lg={5}>
          {data ? <PrivacyChoice preference={data.leaderboard} /> : <Skeleton height={200} rounded={16} className="mb-3" />}
          <Section title="Retos completados" headingId="challenges-done">
            {data ? <ChallengeAchievementList achievements={data.achievements} /> : <Skeleton height={80} />}
          </Section>
        </Col>
      </Row>
    </MembersLayout>
  );
}

function Leaderboard({ entry }: { entry: MemberChallengeDto }) {
  const { challenge } = entry;
  const { data, isError, isLoading } = useGetChallengeLeaderboardQuery({ challengeId: challenge.challengeId });
  return (
    <Section
      title="Clasificación"
      headingId="challenges-leaderboard"
      action={data ? <span className="challenges-count">{data.participants === 1 ? '1 participante' : `${data.participants} participantes`}</span> : null}
    >
      {isLoading ? (
        <Skeleton height={160} />
      ) : isError || !data ? (
        <p className="text-secondary mb-0">No pudimos cargar la clasificación. Inténtalo de nuevo en unos minutos.</p>
      ) : data.entries.length === 0 ? (
        <EmptyState icon={Users} title="Todavía nadie aparece en la clasificación">
          <p className="text-secondary mb-0">Solo se muestra a quien lo elige. Activa «Aparecer en la clasificación» para ser el primero.</p>
        </EmptyState>
      ) : (
        <ol className="challenges-board" aria-label={`Clasificación de ${challenge.name}`}>
          {data.entries.map((row, index) => (
            <li key={`${row.rank}-${index}`} className={row.isMe ? 'is-me' : ''}>
              <span className={`challenges-board__rank${row.rank <= 3 ? ` challenges-board__rank--${row.rank}` : ''}`}>{row.rank}</span>
              <span className="challenges-board__name">
                {row.label}
                {row.isMe ? <span className="challenges-board__me">Tú</span> : null}
              </span>
              <span className="challenges-board__progress">
                {row.finished ? <Medal size={16} aria-label="Completó el reto" /> : null}
                {amountOf(row.progress, challenge.goalType)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {!entry.joined ? <p className="challenges-hint">Únete al reto para aparecer en la clasificación de {monthName(challenge.month)}.</p> : null}
    </Section>
  );
}

function PrivacyChoice({ preference }: { preference: LeaderboardPreferenceDto }) {
  const [save, saving] = useUpdateLeaderboardPreferenceMutation();
  const [error, setError] = useState<string | null>(null);

  const update = async (next: { visible: boolean; showName: boolean }) => {
    setError(null);
    try {
      await save({ 'idempotency-key': newIdempotencyKey(), updateLeaderboardPreferenceDto: next }).unwrap();
    } catch (caught) {
      setError(serverMessage(caught) ?? 'No pudimos guardar tu elección. Inténtalo de nuevo.');
    }
  };

  return (
    <Section title="Tu privacidad" headingId="challenges-privacy">
      <Toggle
        label="Aparecer en la clasificación"
        checked={preference.visible}
        disabled={saving.isLoading}
        onChange={(visible) => void update({ visible, showName: preference.showName })}
      />
      <Toggle
        label="Mostrar mi nombre en lugar de mis iniciales"
        checked={preference.showName}
        disabled={saving.isLoading || !preference.visible}
        onChange={(showName) => void update({ visible: preference.visible, showName })}
      />
      <p className="challenges-hint mb-0" aria-live="polite">
        {preference.visible ? (
          <>
            Los demás te ven como «<strong>{preference.label}</strong>». Nunca mostramos tu correo.
          </>
        ) : (
          'No apareces en la clasificación. Tu avance solo lo ves tú (y el estudio).'
        )}
      </p>
      {error ? (
        <Alert variant="danger" className="mt-3 mb-0">
          {error}
        </Alert>
      ) : null}
    </Section>
  );
}

/** A switch with a thumb-sized target: the whole row, label included, turns it on or off. */
function Toggle({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (checked: boolean) => void }) {
  return (
    <button type="button" role="switch" aria-checked={checked} className="challenges-toggle" disabled={disabled} onClick={() => onChange(!checked)}>
      <span className="challenges-toggle__track" aria-hidden="true">
        <span className="challenges-toggle__thumb" />
      </span>
      <span>{label}</span>
    </button>
  );
}

/** For the progress page: the finished challenges beside the other achievements, with a link here. */
export function ChallengeAchievementsSection() {
  const { data, isError } = useGetMemberChallengesQuery();
  if (isError) return null;
  return (
    <Section title="Retos completados" headingId="progress-challenges" className="mt-3" action={<Link to="/training/retos">Ver retos</Link>}>
      {data ? (
        data.achievements.length === 0 ? (
          <p className="text-secondary mb-0">
            <Trophy size={16} aria-hidden="true" className="me-1" />
            Completa un reto del mes para ganar su logro.
          </p>
        ) : (
          <ChallengeAchievementList achievements={data.achievements} />
        )
      ) : (
        <Skeleton height={80} />
      )}
    </Section>
  );
}
