import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentDto } from '../../shared/api/generated-api';
import { HEART_RATE_NOTICE } from '../../shared/heart-rate/heart-rate-notice';
import { fixtures, installFakeBackend, renderMemberPage } from '../../shared/testing/fake-members-backend';
import { ProfilePage } from './profile-page';

const consent = (patch: Partial<ConsentDto> & Pick<ConsentDto, 'kind' | 'label'>): ConsentDto => ({
  purpose: `Para qué: ${patch.label}`,
  onWithdraw: `Qué pasa al retirar: ${patch.label}`,
  withdrawable: true,
  granted: true,
  recorded: true,
  noticeVersion: '2026-11-24',
  currentNoticeVersion: '2026-11-24',
  decidedAt: '2026-11-20T15:00:00.000Z',
  recordedBy: 'member',
  ...patch,
});

const REGISTRY: ConsentDto[] = [
  consent({ kind: 'terms-privacy', label: 'Términos y aviso de privacidad', withdrawable: false }),
  consent({ kind: 'health-data', label: 'Datos de salud' }),
  consent({
    kind: 'heart-rate',
    label: 'Frecuencia cardiaca',
    granted: false,
    recorded: false,
    noticeVersion: null,
    decidedAt: null,
    recordedBy: null,
    currentNoticeVersion: '2026-11-24.3',
  }),
  consent({
    kind: 'email-workout-reminders',
    label: 'Correos: Recordatorios',
    recorded: false,
    noticeVersion: null,
    decidedAt: null,
    recordedBy: null,
    currentNoticeVersion: null,
  }),
];

function setup(consents: ConsentDto[] = REGISTRY) {
  let registry = consents;
  const backend = installFakeBackend({
    'GET /api/platform-users/profile': { body: { user: fixtures.user } },
    'GET /api/progress/stats': { body: { stats: fixtures.stats } },
    'GET /api/privacy/consents': () => ({ body: { consents: registry } }),
    'PUT /api/privacy/consents/health-data': ({ body }) => {
      const granted = (body as { granted: boolean }).granted;
      registry = registry.map((item) =>
        item.kind === 'health-data' ? { ...item, granted, noticeVersion: granted ? '2026-11-24' : null, decidedAt: '2026-11-22T20:00:00.000Z' } : item,
      );
      return { body: { consents: registry } };
    },
    'PUT /api/privacy/consents/heart-rate': ({ body }) => {
      const { granted, noticeVersion = null } = body as { granted: boolean; noticeVersion?: string };
      registry = registry.map((item) =>
        item.kind === 'heart-rate'
          ? { ...item, granted, recorded: true, noticeVersion: granted ? noticeVersion : null, decidedAt: '2026-11-22T20:00:00.000Z', recordedBy: 'member' }
          : item,
      );
      return { body: { consents: registry } };
    },
    'PUT /api/privacy/consents/terms-privacy': ({ body }) => {
      registry = registry.map((item) =>
        item.kind === 'terms-privacy' ? { ...item, granted: true, recorded: true, noticeVersion: (body as { noticeVersion: string }).noticeVersion } : item,
      );
      return { body: { consents: registry } };
    },
    'GET /api/privacy/requests': { body: { requests: [] } },
    'POST /api/privacy/requests': ({ body }) => ({
      status: 201,
      body: {
        id: 'r1',
        right: (body as { right: string }).right,
        rightLabel: 'Portabilidad',
        details: null,
        status: 'received',
        statusLabel: 'Recibida',
        receivedOn: '2026-11-22',
        dueOn: '2026-12-21',
        extended: false,
        updatedAt: '2026-11-22T20:00:00.000Z',
      },
    }),
  });
  return { backend, ...renderMemberPage(<ProfilePage />, { path: '/training/profile' }) };
}

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('Privacidad y consentimientos', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T20:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each consent with its version and date, and withdraws one after saying what stops', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    const card = await screen.findByRole('region', { name: 'Privacidad y consentimientos' });
    const list = await within(card).findByRole('list', { name: 'Consentimientos' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-consent'))).toEqual(['terms-privacy', 'health-data', 'heart-rate', 'email-workout-reminders']);
    expect(items[0]).toHaveTextContent('Aceptado el 20 de noviembre de 2026 · aviso 2026-11-24');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('No lo has dado');
    expect(items[2]).not.toHaveTextContent('actívalo');
    expect(items[3]).toHaveTextContent('Activo (predeterminado)');

    await user.click(within(items[1]!).getByRole('button', { name: 'Retirar consentimiento: Datos de salud' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Retirar tu consentimiento?' });
    expect(dialog).toHaveTextContent('Qué pasa al retirar: Datos de salud');
    await user.click(within(dialog).getByRole('button', { name: 'Retirar consentimiento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls('PUT /api/privacy/consents/health-data')[0]?.body).toEqual({ granted: false });
    await waitFor(() => expect(within(card).getByText('Retirado el 22 de noviembre de 2026')).toBeInTheDocument());
  });

  it('gives heart-rate consent from the registry after showing the notice itself and its version', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    const card = await screen.findByRole('region', { name: 'Privacidad y consentimientos' });
    const row = (await within(card).findAllByRole('listitem')).find((item) => item.getAttribute('data-consent') === 'heart-rate')!;
    await user.click(within(row).getByRole('button', { name: 'Dar consentimiento: Frecuencia cardiaca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar tu consentimiento' });
    expect(dialog).toHaveTextContent(HEART_RATE_NOTICE.paragraphs[0]);
    expect(dialog).toHaveTextContent(`Versión del aviso: ${HEART_RATE_NOTICE.version}`);
    await user.click(within(dialog).getByRole('button', { name: 'Acepto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls('PUT /api/privacy/consents/heart-rate')[0]?.body).toEqual({ granted: true, noticeVersion: HEART_RATE_NOTICE.version });
    await waitFor(() => expect(row).toHaveTextContent(`Aceptado el 22 de noviembre de 2026 · aviso ${HEART_RATE_NOTICE.version}`));
  });

  it('says a consent was given at the front desk, and withdraws it like any other', async () => {
    const user = userEvent.setup({ delay: null });
    const atDesk = REGISTRY.map((item) =>
      item.kind === 'heart-rate'
        ? { ...item, granted: true, recorded: true, noticeVersion: '2026-11-24.3', decidedAt: '2026-11-20T15:00:00.000Z', recordedBy: 'desk' as const }
        : item,
    );
    const { backend } = setup(atDesk);
    const card = await screen.findByRole('region', { name: 'Privacidad y consentimientos' });
    const row = (await within(card).findAllByRole('listitem')).find((item) => item.getAttribute('data-consent') === 'heart-rate')!;
    expect(row).toHaveTextContent('Aceptado en recepción el 20 de noviembre de 2026 · aviso 2026-11-24.3');
    await user.click(within(row).getByRole('button', { name: 'Retirar consentimiento: Frecuencia cardiaca' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Retirar tu consentimiento?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirar consentimiento' }));
    await waitFor(() => expect(row).toHaveTextContent('Retirado el 22 de noviembre de 2026'));
    expect(backend.calls('PUT /api/privacy/consents/heart-rate')[0]?.body).toEqual({ granted: false });
  });

  it('asks a member without a recorded notice to accept it, once, without blocking the page', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup(
      REGISTRY.map((item) => (item.kind === 'terms-privacy' ? { ...item, granted: false, recorded: false, noticeVersion: null, decidedAt: null } : item)),
    );
    const banner = await screen.findByRole('region', { name: 'Aviso de privacidad' });
    expect(screen.getByRole('region', { name: 'Datos Básicos' })).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Acepto el aviso' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Aviso de privacidad' })).not.toBeInTheDocument());
    expect(backend.calls('PUT /api/privacy/consents/terms-privacy')[0]?.body).toEqual({ granted: true, noticeVersion: '2026-11-24' });
  });

  it('files a rights request and says by when it will be answered', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    const card = await screen.findByRole('region', { name: 'Privacidad y consentimientos' });
    expect(await within(card).findByText('Aún no has enviado solicitudes.')).toBeInTheDocument();
    await user.selectOptions(within(card).getByLabelText('Derecho'), 'portability');
    await user.click(within(card).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Recibimos tu solicitud de portabilidad. Te responderemos a más tardar el 21 de diciembre de 2026.',
    );
    expect(backend.calls('POST /api/privacy/requests')[0]?.body).toEqual({ right: 'portability' });
  });
});
