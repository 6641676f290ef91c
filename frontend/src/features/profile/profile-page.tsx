import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { CalendarDays, Dumbbell, Flame, House, LayoutList, Pencil, TrendingUp } from 'lucide-react';
import { useGetMemberProfileQuery, useMemberStats, useUpdateMemberProfileMutation } from '../../shared/api/api';
import type { UserDto } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { DIFFICULTY_LABELS, GENDER_LABELS, type Difficulty, type Gender } from '../../shared/lib/labels';
import { ageOn, longDate } from '../../shared/lib/studio-calendar';
import { useStudioToday } from '../../shared/hooks/use-studio-today';
import { useOnline } from '../../shared/hooks/use-online';
import { InstallAppCard } from '../../shared/pwa/install-app-card';
import { MembersLayout } from '../../shared/ui/members-layout';
import { MembershipCard } from '../../shared/ui/membership-card';
import { LinkCard, PageHeader, Section, Skeleton, TwoColumnSkeleton } from '../../shared/ui/member-ui';
import { bmiCategory, bodyMassIndex, formatBmi } from './body-metrics';
import { CoachVoiceSection } from './coach-voice-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { HeartRateConsentSection } from './heart-rate-consent-section';
import { StudioBoardNameSection } from './studio-board-name-section';
import { PrivacyNoticeBanner, PrivacySection } from './privacy-section';
import { PROFILE_GOALS, PROFILE_SAVE_FAILED, toProfileDraft, toProfileUpdate, type ProfileDraft } from './profile-form';
import './profile.css';

const PROFILE_FORM_ID = 'profile-form';

/** Spec section 2 "Mi Perfil": read mode, edit mode, and a sidebar with figures and shortcuts. */
export function ProfilePage() {
  const { data, isError } = useGetMemberProfileQuery();
  const user = data?.user;
  return (
    <MembersLayout>
      {user ? (
        <ProfileView user={user} />
      ) : isError ? (
        <>
          <PageHeader title="Mi Perfil" />
          <p className="text-danger">No pudimos cargar tu perfil. Inténtalo de nuevo en unos minutos.</p>
        </>
      ) : (
        <>
          <PageHeader title="Mi Perfil" />
          <TwoColumnSkeleton label="Cargando tu perfil..." main={[220, 220]} side={[260]} />
        </>
      )}
    </MembersLayout>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ProfileView({ user }: { user: UserDto }) {
  const today = useStudioToday();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileDraft>(() => toProfileDraft(user));
  const [save, { isLoading: saving }] = useUpdateMemberProfileMutation();
  const online = useOnline();
  const [saveFailed, setSaveFailed] = useState(false);
  const saved = toProfileDraft(user);
  const shown = editing ? draft : saved;

  const startEditing = () => {
    setDraft(toProfileDraft(user));
    setEditing(true);
  };
  const cancel = () => {
    setDraft(toProfileDraft(user));
    setSaveFailed(false);
    setEditing(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveFailed(false);
    try {
      await save({ 'idempotency-key': newIdempotencyKey(), updateProfileDto: toProfileUpdate(draft) }).unwrap();
      setEditing(false);
    } catch {
      setSaveFailed(true);
    }
  };
  const update = (patch: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const bmi = bodyMassIndex(Number(saved.weight) || null, Number(saved.height) || null);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Atleta';

  return (
    <div>
      <PageHeader
        title="Mi Perfil"
        subtitle={editing ? 'Actualiza tus datos y guarda los cambios.' : 'Tus datos nos ayudan a ajustar tus entrenamientos.'}
        actions={
          editing ? (
            <>
              <Button variant="outline-secondary" type="button" onClick={cancel} disabled={saving}>
                Cancelar
              </Button>
              <Button className="btn-brand" type="submit" form={PROFILE_FORM_ID} disabled={saving || !online}>
                {saving ? 'Guardando...' : 'Guardar'}
              </Button>
            </>
          ) : (
            <Button className="btn-brand profile-edit" type="button" onClick={startEditing}>
              <Pencil size={16} aria-hidden="true" /> Editar
            </Button>
          )
        }
      />
      {/* Under the header's 'Guardar', where the member is looking; the form stays in edit mode. */}
      {saveFailed ? <Alert variant="danger">{PROFILE_SAVE_FAILED}</Alert> : null}
      <PrivacyNoticeBanner />
      <Row className="g-3">
        <Col lg={8}>
          {/* Only the member's own fields are the form: the sections beside it save on their own,
              some with forms of their own, and a form may not contain another. */}
          <Form id={PROFILE_FORM_ID} onSubmit={submit} noValidate aria-label="Mi Perfil">
            <Section title="Datos Básicos" headingId="profile-basic">
              <dl className="profile-grid">
                <Field label="Nombre">{fullName}</Field>
                <Field label="Correo electrónico">
                  <span className="text-break">{user.email}</span>
                </Field>
                {editing ? (
                  <>
                    <Form.Group controlId="profile-dob" className="profile-field">
                      <Form.Label>Fecha de nacimiento</Form.Label>
                      <Form.Control type="date" max={today} value={draft.dateOfBirth} onChange={(event) => update({ dateOfBirth: event.target.value })} />
                    </Form.Group>
                    <Form.Group controlId="profile-gender" className="profile-field">
                      <Form.Label>Género</Form.Label>
                      <Form.Select value={draft.gender} onChange={(event) => update({ gender: event.target.value as Gender | '' })}>
                        <option value="">Seleccionar...</option>
                        {(Object.keys(GENDER_LABELS) as Gender[]).map((gender) => (
                          <option key={gender} value={gender}>
                            {GENDER_LABELS[gender]}
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                  </>
                ) : (
                  <>
                    <Field label="Fecha de nacimiento">
                      {shown.dateOfBirth ? `${longDate(shown.dateOfBirth)} (${ageOn(shown.dateOfBirth, today)} años)` : 'Sin especificar'}
                    </Field>
                    <Field label="Género">{shown.gender ? GENDER_LABELS[shown.gender] : 'Sin especificar'}</Field>
                  </>
                )}
              </dl>
            </Section>

            <Section title="Información Física" headingId="profile-physical">
              <dl className="profile-grid">
                {editing ? (
                  <>
                    <Form.Group controlId="profile-height" className="profile-field">
                      <Form.Label>Altura (cm)</Form.Label>
                      <Form.Control
                        type="number"
                        inputMode="numeric"
                        step={1}
                        value={draft.height}
                        onChange={(event) => update({ height: event.target.value })}
                      />
                    </Form.Group>
                    <Form.Group controlId="profile-weight" className="profile-field">
                      <Form.Label>Peso (kg)</Form.Label>
                      <Form.Control
                        type="number"
                        inputMode="numeric"
                        step={1}
                        value={draft.weight}
                        onChange={(event) => update({ weight: event.target.value })}
                      />
                    </Form.Group>
                    <Form.Group controlId="profile-level" className="profile-field">
                      <Form.Label>Nivel de condición física</Form.Label>
                      <Form.Select value={draft.fitnessLevel} onChange={(event) => update({ fitnessLevel: event.target.value as Difficulty })}>
                        {(Object.keys(DIFFICULTY_LABELS) as Difficulty[]).map((level) => (
                          <option key={level} value={level}>
                            {DIFFICULTY_LABELS[level]}
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                  </>
                ) : (
                  <>
                    <Field label="Altura">{shown.height ? `${shown.height} cm` : 'Sin especificar'}</Field>
                    <Field label="Peso">{shown.weight ? `${shown.weight} kg` : 'Sin especificar'}</Field>
                    <Field label="Índice de masa corporal (IMC)">
                      {bmi !== null ? (
                        <span className="profile-bmi">
                          <strong>{formatBmi(bmi)}</strong>
                          <span className={`profile-bmi__category profile-bmi__category--${bmiCategory(bmi).replace(' ', '-').toLowerCase()}`}>
                            {bmiCategory(bmi)}
                          </span>
                        </span>
                      ) : (
                        'Completa tu altura y peso'
                      )}
                    </Field>
                    <Field label="Nivel de condición física">{DIFFICULTY_LABELS[shown.fitnessLevel]}</Field>
                  </>
                )}
              </dl>
            </Section>

            <Section title="Objetivos de Fitness" headingId="profile-goals">
              {editing ? (
                <fieldset className="profile-goals">
                  <legend className="visually-hidden">Objetivos de Fitness</legend>
                  {PROFILE_GOALS.map((goal) => (
                    <Form.Check
                      key={goal}
                      id={`profile-goal-${goal}`}
                      type="checkbox"
                      label={goal}
                      checked={draft.goals.includes(goal)}
                      onChange={() => update({ goals: draft.goals.includes(goal) ? draft.goals.filter((item) => item !== goal) : [...draft.goals, goal] })}
                    />
                  ))}
                </fieldset>
              ) : shown.goals.length > 0 ? (
                <ul className="members-chip-list profile-goal-chips">
                  {shown.goals.map((goal) => (
                    <li key={goal} className="members-brand-tint">
                      {goal}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-secondary mb-0">Aún no has elegido objetivos.</p>
              )}
            </Section>
          </Form>
          <PrivacySection />
        </Col>
        <Col lg={4}>
          <ProfileSidebar />
        </Col>
      </Row>
    </div>
  );
}

function ProfileSidebar() {
  const stats = useMemberStats().data?.stats;
  const figures = [
    { icon: Dumbbell, label: 'Entrenamientos totales', value: stats?.totalWorkouts },
    { icon: Flame, label: 'Racha actual', value: stats ? `${stats.currentStreak} ${stats.currentStreak === 1 ? 'día' : 'días'}` : undefined },
    { icon: CalendarDays, label: 'Este mes', value: stats?.thisMonthCount },
    { icon: LayoutList, label: 'Planes activos', value: stats?.activePlans },
  ];
  return (
    <div className="profile-sidebar">
      <MembershipCard headingId="profile-membership" />
      <Section title="Estadísticas" headingId="profile-stats">
        <dl className="profile-stats">
          {figures.map(({ icon: Icon, label, value }) => (
            <div key={label}>
              <dt>
                <Icon size={18} aria-hidden="true" /> {label}
              </dt>
              <dd>{value ?? <Skeleton height={20} width={36} />}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <HeartRateConsentSection />
      <StudioBoardNameSection />
      <CoachVoiceSection />
      <EmailPreferencesSection />
      <InstallAppCard />
      <Section title="Accesos rápidos" headingId="profile-actions">
        <nav className="profile-actions" aria-labelledby="profile-actions">
          <LinkCard to="/training" icon={House} label="Dashboard" />
          <LinkCard to="/training/plans" icon={LayoutList} label="Planes" />
          <LinkCard to="/training/progress" icon={TrendingUp} label="Mi Progreso" />
        </nav>
      </Section>
    </div>
  );
}
