import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage } from '../../shared/testing/fake-members-backend';
import type { MemberChallengeDto, MemberChallengesDto } from '../../shared/api/generated-api';
import { MonthlyChallengeCard } from './monthly-challenge-card';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

const challenge = {
  challengeId: 'c1',
  name: 'Doce en noviembre',
  month: '2026-11',
  goalType: 'workouts' as const,
  target: 12,
  createdAt: '2026-11-01T12:00:00.000Z',
  archivedAt: null,
};
const entry = (patch: Partial<MemberChallengeDto> = {}): MemberChallengeDto => ({
  challenge,
  joined: false,
  progress: 3,
  finishedOn: null,
  daysLeft: 7,
  ...patch,
});
const answer = (current: MemberChallengeDto | null, patch: Partial<MemberChallengesDto> = {}): MemberChallengesDto => ({
  today: '2026-11-24',
  current,
  upcoming: [],
  achievements: [],
  leaderboard: { visible: false, showName: false, label: 'M. L.' },
  ...patch,
});

describe('Reto del mes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says there is no challenge this month, or names the next one', async () => {
    installFakeBackend({ 'GET /api/challenges': { body: answer(null) } });
    renderMemberPage(<MonthlyChallengeCard />, { path: '/training' });
    expect(await screen.findByText('Este mes no hay reto todavía. El estudio publicará el próximo pronto.')).toBeInTheDocument();
  });

  it('shows the month already counted before joining, then joins with an idempotency key', async () => {
    let joined = false;
    const backend = installFakeBackend({
      'GET /api/challenges': () => ({ body: answer(entry(joined ? { joined: true } : {})) }),
      'POST /api/challenges/c1/join': () => {
        joined = true;
        return { body: entry({ joined: true }) };
      },
    });
    renderMemberPage(<MonthlyChallengeCard />, { path: '/training' });
    expect(await screen.findByText('3 / 12 entrenamientos')).toBeInTheDocument();
    expect(screen.getByText('Cuenta todo el mes, también lo que ya entrenaste')).toBeInTheDocument();
    expect(screen.getByText('Quedan 7 días')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avance del reto' })).toHaveAttribute('aria-valuenow', '25');
    await userEvent.click(screen.getByRole('button', { name: 'Unirme al reto' }));
    expect(await screen.findByText('Estás participando')).toBeInTheDocument();
    expect(screen.getByText('Te faltan 9 entrenamientos')).toBeInTheDocument();
    expect(backend.calls('POST /api/challenges/c1/join')[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('explains a refused join inside the card', async () => {
    installFakeBackend({
      'GET /api/challenges': { body: answer(entry()) },
      'POST /api/challenges/c1/join': { status: 409, body: { error: 'Este reto ya no está disponible.' } },
    });
    renderMemberPage(<MonthlyChallengeCard />, { path: '/training' });
    await userEvent.click(await screen.findByRole('button', { name: 'Unirme al reto' }));
    expect(await screen.findByText('Este reto ya no está disponible.')).toBeInTheDocument();
  });

  it('shows the finish with its date', async () => {
    installFakeBackend({ 'GET /api/challenges': { body: answer(entry({ joined: true, progress: 12, finishedOn: '2026-11-20' })) } });
    renderMemberPage(<MonthlyChallengeCard />, { path: '/training' });
    expect(await screen.findByText('Reto completado: Doce en noviembre · el 20 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('¡Lo lograste!')).toBeInTheDocument();
  });
});
