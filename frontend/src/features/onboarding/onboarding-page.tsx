import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useGetOnboardingStatusQuery, useUpdateConsentMutation, useUpdateMemberProfileMutation } from '../../shared/api/api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { HEALTH_DATA_NOTICE_VERSION, PRIVACY_NOTICE_VERSION } from '../../shared/lib/privacy-notices';
import { DIFFICULTY_LABELS, GENDER_LABELS, type Difficulty, type Gender } from '../../shared/lib/labels';
import { useStudioToday } from '../../shared/hooks/use-studio-today';
import { FocusedLayout } from '../../shared/ui/focused-layout';
import { LoadingRegion, Skeleton } from '../../shared/ui/member-ui';
import {
  EMPTY_DRAFT,
  HEIGHT_RANGE,
  MESSAGES,
  ONBOARDING_GOALS,
  WEIGHT_RANGE,
  problemMessage,
  stepProblem,
  toOnboardingUpdate,
  toggleGoal,
  type OnboardingDraft,
  type OnboardingStep,
} from './onboarding-steps';
import './onboarding.css';

const STEP_TITLES: Record<OnboardingStep, { title: string; lead: string }> = {
  1: { title: 'Cuéntanos sobre ti', lead: 'Usamos estos datos para ajustar la intensidad de tus entrenamientos.' },
  2: { title: '¿Qué quieres lograr?', lead: 'Elige uno o varios objetivos.' },
  3: { title: 'Tu nivel de condición física', lead: 'Así te recomendamos planes a tu medida.' },
};

const LEVEL_HINTS: Record<Difficulty, string> = {
  beginner: 'Estoy empezando o retomando el ejercicio.',
  intermediate: 'Entreno con regularidad desde hace un tiempo.',
  advanced: 'Entreno fuerte varias veces por semana.',
};

/** Spec sections 2 and 5: the 3-step profile wizard that opens the platform. */
export function OnboardingPage() {
  const status = useGetOnboardingStatusQuery();
  // Saving refetches the status; the page must not bounce to /training while it is on its way to /subscription.
  const [finished, setFinished] = useState(false);
  if (status.data?.onboardingCompleted === true && !finished) return <Navigate to="/training" replace />;
  return (
    <FocusedLayout>
      {status.isLoading ? (
        <LoadingRegion label="Cargando tu perfil...">
          <div className="members-focused__card">
            <Skeleton height={14} width="30%" />
            <Skeleton height={32} width="70%" className="mt-3" />
            <Skeleton height={260} className="mt-4" />
          </div>
        </LoadingRegion>
      ) : (
        <OnboardingWizard onFinished={() => setFinished(true)} />
      )}
    </FocusedLayout>
  );
}

function OnboardingWizard({ onFinished }: { onFinished: () => void }) {
  const navigate = useNavigate();
  const today = useStudioToday();
  const [step, setStep] = useState<OnboardingStep>(1);
  const [draft, setDraft] = useState<OnboardingDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [saveProfile, { isLoading: savingProfile }] = useUpdateMemberProfileMutation();
  const [recordConsent, { isLoading: savingConsent }] = useUpdateConsentMutation();
  const saving = savingProfile || savingConsent;
  const hintId = useId();

  const problem = stepProblem(step, draft, today);
  const showProblem = problem !== null && (touched || problem === 'under-age');
  const update = (patch: Partial<OnboardingDraft>) => {
    setTouched(true);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const goNext = async (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null) return;
    if (step < 3) {
      setStep((step + 1) as OnboardingStep);
      setTouched(false);
      return;
    }
    setSaveFailed(false);
    try {
      // Consent first: the health data travel only once the member's express consent is recorded.
      await recordConsent({
        consent: 'terms-privacy',
        'idempotency-key': newIdempotencyKey(),
        updateConsentDto: { granted: true, noticeVersion: PRIVACY_NOTICE_VERSION },
      }).unwrap();
      await recordConsent({
        consent: 'health-data',
        'idempotency-key': newIdempotencyKey(),
        updateConsentDto: { granted: true, noticeVersion: HEALTH_DATA_NOTICE_VERSION },
      }).unwrap();
      await saveProfile({ 'idempotency-key': newIdempotencyKey(), updateProfileDto: toOnboardingUpdate(draft) }).unwrap();
      onFinished();
      navigate('/subscription', { replace: true });
    } catch {
      setSaveFailed(true);
    }
  };

  const { title, lead } = STEP_TITLES[step];
  return (
    <Form className="members-focused__card onboarding" onSubmit={goNext} noValidate aria-labelledby="onboarding-title">
      <ol className="onboarding-steps" aria-label={`Paso ${step} de 3`}>
        {([1, 2, 3] as const).map((number) => (
          <li key={number} className={number < step ? 'is-done' : number === step ? 'is-current' : ''} aria-current={number === step ? 'step' : undefined}>
            <span className="onboarding-steps__dot">{number < step ? <Check size={14} aria-hidden="true" /> : number}</span>
          </li>
        ))}
      </ol>
      <p className="onboarding-kicker">Paso {step} de 3</p>
      <h1 className="onboarding-title" id="onboarding-title">
        {title}
      </h1>
      <p className="members-page-subtitle mb-4">{lead}</p>

      {step === 1 ? <PersonalStep draft={draft} today={today} onChange={update} /> : null}
      {step === 2 ? <GoalsStep goals={draft.goals} onToggle={(goal) => update({ goals: toggleGoal(draft.goals, goal) })} /> : null}
      {step === 3 ? <LevelStep level={draft.fitnessLevel} onChange={(fitnessLevel) => update({ fitnessLevel })} /> : null}

      <div className="onboarding-feedback" id={hintId} aria-live="polite">
        {showProblem && problem ? (
          <span className={problem === 'missing' ? 'text-secondary' : 'text-danger fw-semibold'}>{problemMessage(problem)}</span>
        ) : null}
        {saveFailed ? (
          <Alert variant="danger" className="mb-0 mt-2 py-2">
            {MESSAGES.saveFailed}
          </Alert>
        ) : null}
      </div>

      <div className="onboarding-actions">
        {step > 1 ? (
          <Button variant="outline-secondary" type="button" onClick={() => setStep((step - 1) as OnboardingStep)} disabled={saving}>
            <ArrowLeft size={18} aria-hidden="true" /> Atrás
          </Button>
        ) : (
          <span />
        )}
        <Button className="btn-brand" type="submit" disabled={problem !== null || saving} aria-describedby={hintId}>
          {step < 3 ? (
            <>
              Siguiente <ArrowRight size={18} aria-hidden="true" />
            </>
          ) : saving ? (
            'Guardando...'
          ) : (
            <>
              Finalizar <Check size={18} aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </Form>
  );
}

function PersonalStep({ draft, today, onChange }: { draft: OnboardingDraft; today: string; onChange: (patch: Partial<OnboardingDraft>) => void }) {
  return (
    <div className="onboarding-grid">
      <Form.Group controlId="onboarding-dob" className="onboarding-grid__full">
        <Form.Label>Fecha de nacimiento</Form.Label>
        <Form.Control type="date" required max={today} value={draft.dateOfBirth} onChange={(event) => onChange({ dateOfBirth: event.target.value })} />
      </Form.Group>
      <fieldset className="onboarding-grid__full">
        <legend className="form-label">Género</legend>
        <div className="onboarding-choice-row">
          {(Object.keys(GENDER_LABELS) as Gender[]).map((gender) => (
            <label key={gender} className={`onboarding-choice ${draft.gender === gender ? 'is-selected' : ''}`}>
              <input type="radio" name="gender" value={gender} checked={draft.gender === gender} onChange={() => onChange({ gender })} />
              {GENDER_LABELS[gender]}
            </label>
          ))}
        </div>
      </fieldset>
      <Form.Group controlId="onboarding-height">
        <Form.Label>Altura (cm)</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          required
          min={HEIGHT_RANGE.min}
          max={HEIGHT_RANGE.max}
          placeholder="170"
          value={draft.height}
          onChange={(event) => onChange({ height: event.target.value })}
        />
      </Form.Group>
      <Form.Group controlId="onboarding-weight">
        <Form.Label>Peso (kg)</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          required
          min={WEIGHT_RANGE.min}
          max={WEIGHT_RANGE.max}
          placeholder="70"
          value={draft.weight}
          onChange={(event) => onChange({ weight: event.target.value })}
        />
      </Form.Group>
      <div className="onboarding-grid__full onboarding-consents">
        <Form.Check
          id="onboarding-accepts-privacy"
          type="checkbox"
          checked={draft.acceptsPrivacy}
          onChange={(event) => onChange({ acceptsPrivacy: event.target.checked })}
          label={
            <>
              Acepto los términos y el{' '}
              <Link to="/privacidad" target="_blank" rel="noopener">
                aviso de privacidad
              </Link>{' '}
              (versión {PRIVACY_NOTICE_VERSION}).
            </>
          }
        />
        <Form.Check
          id="onboarding-accepts-health-data"
          type="checkbox"
          checked={draft.acceptsHealthData}
          onChange={(event) => onChange({ acceptsHealthData: event.target.checked })}
          label="Autorizo a Pulso a guardar mis datos de salud de este paso (edad, estatura y peso) para ajustar mis entrenamientos. Puedo retirar este consentimiento desde mi perfil."
        />
      </div>
    </div>
  );
}

function GoalsStep({ goals, onToggle }: { goals: string[]; onToggle: (goal: string) => void }) {
  return (
    <fieldset>
      <legend className="visually-hidden">Objetivos</legend>
      <div className="onboarding-goals">
        {ONBOARDING_GOALS.map((goal) => (
          <label key={goal} className={`onboarding-choice ${goals.includes(goal) ? 'is-selected' : ''}`}>
            <input type="checkbox" checked={goals.includes(goal)} onChange={() => onToggle(goal)} />
            {goal}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function LevelStep({ level, onChange }: { level: Difficulty | ''; onChange: (level: Difficulty) => void }) {
  return (
    <fieldset>
      <legend className="visually-hidden">Nivel de condición física</legend>
      <div className="onboarding-levels">
        {(Object.keys(DIFFICULTY_LABELS) as Difficulty[]).map((value) => (
          <label key={value} className={`onboarding-choice onboarding-choice--level ${level === value ? 'is-selected' : ''}`}>
            <input type="radio" name="fitnessLevel" value={value} checked={level === value} onChange={() => onChange(value)} />
            <span className="fw-semibold">{DIFFICULTY_LABELS[value]}</span>
            <span className="onboarding-choice__hint">{LEVEL_HINTS[value]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
