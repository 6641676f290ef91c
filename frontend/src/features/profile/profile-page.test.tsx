import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { HEART_RATE_NOTICE } from '../../shared/heart-rate/heart-rate-notice';
import { heartRateProfile } from '../../shared/testing/heart-rate-fixtures';
import { CONSENT_USES } from './heart-rate-consent-section';
import { ProfilePage } from './profile-page';

function setup(overrides: Record<string, FakeHandler> = {}) {
  let saved: object = fixtures.user;
  const backend = installFakeBackend({
    'GET /api/platform-users/profile': () => ({ body: { user: saved } }),
    'GET /api/progress/stats': { body: { stats: fixtures.stats } },
    'PUT /api/platform-users/profile': ({ body }) => {
      saved = { ...fixtures.user, profile: (body as { profile: object }).profile };
      return { body: { user: saved } };
    },
    ...overrides,
  });
  return { backend, ...renderMemberPage(<ProfilePage />, { path: '/training/profile' }) };
}

const withBody = (height: number, weight: number) => ({
  'GET /api/platform-users/profile': { body: { user: { ...fixtures.user, profile: { ...fixtures.user.profile, height, weight } } } },
});

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('profile page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T20:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the profile with age, BMI and the sidebar figures', async () => {
    setup();
    const basic = await screen.findByRole('region', { name: 'Datos Básicos' });
    expect(within(basic).getByText('María López')).toBeInTheDocument();
    expect(within(basic).getByText('15 de mayo de 1990 (36 años)')).toBeInTheDocument();
    const physical = screen.getByRole('region', { name: 'Información Física' });
    expect(within(physical).getByText('22.0')).toBeInTheDocument();
    expect(within(physical).getByText('Peso normal')).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Estadísticas' });
    await waitFor(() => expect(stats).toHaveTextContent('Este mes6'));
    const actions = screen.getByRole('region', { name: 'Accesos rápidos' });
    expect(within(actions).getByRole('link', { name: /Mi Progreso/ })).toHaveAttribute('href', '/training/progress');
    expect(within(actions).getByRole('link', { name: /Dashboard/ })).toHaveAttribute('href', '/training');
  });

  it.each([
    [170, 50, '17.3', 'Bajo peso'],
    [170, 72, '24.9', 'Peso normal'],
    [170, 80, '27.7', 'Sobrepeso'],
    [160, 90, '35.2', 'Obesidad'],
  ])('shows BMI and category for %i cm and %i kg', async (height, weight, bmi, category) => {
    setup(withBody(height, weight));
    const physical = await screen.findByRole('region', { name: 'Información Física' });
    expect(within(physical).getByText(bmi)).toBeInTheDocument();
    expect(within(physical).getByText(category)).toBeInTheDocument();
  });

  it("restores the loaded values on 'Cancelar'", async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    await user.click(await screen.findByRole('button', { name: /Editar/ }));
    expect(screen.queryByText('Peso normal')).not.toBeInTheDocument();
    const weight = screen.getByLabelText('Peso (kg)');
    await user.clear(weight);
    await user.type(weight, '90');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText('60 kg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Editar/ }));
    expect(screen.getByLabelText('Peso (kg)')).toHaveValue(60);
    expect(backend.calls('PUT /api/platform-users/profile')).toHaveLength(0);
  });

  it('saves numbers, the noon date or null, the six goals and completeOnboarding false', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    await user.click(await screen.findByRole('button', { name: /Editar/ }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    await user.clear(screen.getByLabelText('Fecha de nacimiento'));
    await user.selectOptions(screen.getByLabelText('Género'), 'other');
    await user.clear(screen.getByLabelText('Altura (cm)'));
    await user.type(screen.getByLabelText('Altura (cm)'), '170');
    await user.click(screen.getByLabelText('Salud general'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Editar/ })).toBeInTheDocument());
    expect(backend.calls('PUT /api/platform-users/profile')[0]?.body).toEqual({
      profile: { dateOfBirth: null, gender: 'other', height: 170, weight: 60, fitnessLevel: 'intermediate', goals: ['Perder peso', 'Salud general'] },
      completeOnboarding: false,
    });
    expect(await screen.findByText('170 cm')).toBeInTheDocument();
  });

  it('sends the date of birth as the date plus T12:00:00.000Z', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    await user.click(await screen.findByRole('button', { name: /Editar/ }));
    await user.clear(screen.getByLabelText('Fecha de nacimiento'));
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1992-01-31');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(backend.calls('PUT /api/platform-users/profile')).toHaveLength(1));
    expect(backend.calls('PUT /api/platform-users/profile')[0]?.body).toMatchObject({ profile: { dateOfBirth: '1992-01-31T12:00:00.000Z' } });
  });

  it("shows 'Error al actualizar el perfil' inline and stays in edit when the save fails", async () => {
    const nativeAlert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    setup({ 'PUT /api/platform-users/profile': { status: 400, body: { error: 'x', message: 'x' } } });
    await user.click(await screen.findByRole('button', { name: /Editar/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al actualizar el perfil');
    expect(nativeAlert).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeEnabled();
    expect(screen.getByLabelText('Peso (kg)')).toBeInTheDocument();
  });

  it('shows the heart-rate consent and withdraws it after a confirmation; the profile form is not submitted', async () => {
    const user = userEvent.setup({ delay: null });
    let consented = true;
    const { backend } = setup({
      'GET /api/heart-rate/profile': () => ({ body: heartRateProfile(consented) }),
      'PUT /api/heart-rate/consent': ({ body }) => {
        consented = (body as { granted: boolean }).granted;
        return { body: heartRateProfile(consented) };
      },
    });
    const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
    expect(await within(section).findByText(/Registramos tu frecuencia cardiaca/)).toHaveTextContent('desde el 24 de noviembre de 2026');
    expect(within(section).getByText('190 LPM')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Retirar consentimiento' }));
    await user.click(within(section).getByRole('button', { name: 'Cancelar' }));
    expect(backend.calls('PUT /api/heart-rate/consent')).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Retirar consentimiento' }));
    await user.click(within(section).getByRole('button', { name: 'Sí, retirar' }));
    expect(await within(section).findByText(/No registramos tu frecuencia cardiaca/)).toBeInTheDocument();
    const [put] = backend.calls('PUT /api/heart-rate/consent');
    expect(put.body).toMatchObject({ granted: false });
    expect(put.body).not.toHaveProperty('deleteData');
    expect(put.headers.get('idempotency-key')).toBeTruthy();
    expect(backend.calls('PUT /api/platform-users/profile')).toEqual([]);
  });
  describe('giving heart-rate consent on any browser (issue 37)', () => {
    function consentBackend(answer = heartRateProfile(false)) {
      let current = answer;
      return {
        'GET /api/heart-rate/profile': () => ({ body: current }),
        'PUT /api/heart-rate/consent': ({ body }: { body: unknown }) => {
          const { granted, noticeVersion } = body as { granted: boolean; noticeVersion: string };
          if (noticeVersion !== HEART_RATE_NOTICE.version)
            return { status: 409, body: { error: 'El aviso de frecuencia cardiaca cambió.', message: 'El aviso de frecuencia cardiaca cambió.' } };
          current = { ...heartRateProfile(granted), consent: { granted, noticeVersion: granted ? noticeVersion : null, at: '2026-11-22T20:00:00.000Z' } };
          return { body: current };
        },
      } satisfies Record<string, FakeHandler>;
    }

    it('reads the notice with its version and gives consent where the browser cannot pair a sensor', async () => {
      const user = userEvent.setup({ delay: null });
      expect('bluetooth' in navigator).toBe(false);
      const { backend } = setup(consentBackend());
      const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
      expect(await within(section).findByText('No registramos tu frecuencia cardiaca.')).toBeInTheDocument();
      expect(section).toHaveTextContent(CONSENT_USES.cannotPair);
      expect(section).not.toHaveTextContent('Te pediremos tu consentimiento');
      await user.click(within(section).getByRole('button', { name: 'Leer el aviso y dar mi consentimiento' }));
      const dialog = await screen.findByRole('dialog', { name: 'Frecuencia cardiaca' });
      for (const paragraph of HEART_RATE_NOTICE.paragraphs) expect(dialog).toHaveTextContent(paragraph);
      expect(dialog).toHaveTextContent(`Versión del aviso: ${HEART_RATE_NOTICE.version}`);
      await user.click(within(dialog).getByRole('button', { name: 'Acepto' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(backend.calls('PUT /api/heart-rate/consent')[0]?.body).toEqual({ granted: true, noticeVersion: HEART_RATE_NOTICE.version });
      expect(await within(section).findByTestId('heart-rate-notice-accepted')).toHaveTextContent(
        `Aceptaste el aviso versión ${HEART_RATE_NOTICE.version}. En el estudio, recepción te puede asignar una banda.`,
      );
      expect(within(section).getByText(/Registramos tu frecuencia cardiaca/)).toHaveTextContent('desde el 22 de noviembre de 2026');
      expect(within(section).getByRole('button', { name: 'Retirar consentimiento' })).toBeInTheDocument();
    });

    it('says pairing will not ask again where the browser can pair', async () => {
      const user = userEvent.setup({ delay: null });
      Object.defineProperty(navigator, 'bluetooth', { value: { requestDevice: () => Promise.reject(new Error('sin uso')) }, configurable: true });
      try {
        setup(consentBackend());
        const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
        expect(await within(section).findByText(CONSENT_USES.canPair)).toBeInTheDocument();
        await user.click(within(section).getByRole('button', { name: 'Leer el aviso y dar mi consentimiento' }));
        await user.click(within(await screen.findByRole('dialog', { name: 'Frecuencia cardiaca' })).getByRole('button', { name: 'Acepto' }));
        expect(await within(section).findByTestId('heart-rate-notice-accepted')).toHaveTextContent('Al conectar tu sensor no te lo volveremos a pedir.');
      } finally {
        delete (navigator as Navigator & { bluetooth?: unknown }).bluetooth;
      }
    });

    it('keeps the notice open with the server\'s words when consent is refused, and closes it on "Ahora no" without recording anything', async () => {
      const user = userEvent.setup({ delay: null });
      const { backend } = setup({
        ...consentBackend(),
        'PUT /api/heart-rate/consent': {
          status: 409,
          body: { error: 'El aviso de frecuencia cardiaca cambió.', message: 'El aviso de frecuencia cardiaca cambió.' },
        },
      });
      const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
      await user.click(await within(section).findByRole('button', { name: 'Leer el aviso y dar mi consentimiento' }));
      const dialog = await screen.findByRole('dialog', { name: 'Frecuencia cardiaca' });
      await user.click(within(dialog).getByRole('button', { name: 'Acepto' }));
      expect(await within(dialog).findByText('El aviso de frecuencia cardiaca cambió.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Ahora no' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(section).getByText('No registramos tu frecuencia cardiaca.')).toBeInTheDocument();
      expect(backend.calls('PUT /api/heart-rate/consent')).toHaveLength(1);
    });

    it('tells a member who withdrew when they did, and offers the notice again', async () => {
      setup(consentBackend({ ...heartRateProfile(false), consent: { granted: false, noticeVersion: null, at: '2026-11-21T20:00:00.000Z' } }));
      const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
      expect(
        await within(section).findByText('No registramos tu frecuencia cardiaca: retiraste tu consentimiento el 21 de noviembre de 2026.'),
      ).toBeInTheDocument();
      expect(within(section).getByRole('button', { name: 'Leer el aviso y dar mi consentimiento' })).toBeInTheDocument();
    });

    it('asks a member who accepted an older notice to read the new one, and still lets them withdraw', async () => {
      const user = userEvent.setup({ delay: null });
      const { backend } = setup(
        consentBackend({ ...heartRateProfile(true), consent: { granted: true, noticeVersion: '2026-11-24.2', at: '2026-11-21T20:00:00.000Z' } }),
      );
      const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
      expect(await within(section).findByTestId('heart-rate-notice-accepted')).toHaveTextContent(
        `Aceptaste el aviso versión 2026-11-24.2; el aviso cambió (versión ${HEART_RATE_NOTICE.version}).`,
      );
      expect(within(section).getByRole('button', { name: 'Retirar consentimiento' })).toBeInTheDocument();
      await user.click(within(section).getByRole('button', { name: 'Leer el aviso nuevo' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Frecuencia cardiaca' })).getByRole('button', { name: 'Acepto' }));
      await waitFor(() =>
        expect(within(section).getByTestId('heart-rate-notice-accepted')).toHaveTextContent(`Aceptaste el aviso versión ${HEART_RATE_NOTICE.version}.`),
      );
      expect(backend.calls('PUT /api/heart-rate/consent')[0]?.body).toEqual({ granted: true, noticeVersion: HEART_RATE_NOTICE.version });
    });
  });

  it('withdraws and deletes the data kept when the member ticks it in the same confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = heartRateProfile(true);
    const { backend } = setup({
      'GET /api/heart-rate/profile': () => ({ body: answer }),
      'PUT /api/heart-rate/consent': ({ body }) => {
        const { deleteData } = body as { deleteData?: boolean };
        answer = { ...heartRateProfile(false), dataDeletedAt: deleteData ? '2026-11-22T19:00:00.000Z' : null };
        return { body: answer };
      },
    });
    const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
    await user.click(await within(section).findByRole('button', { name: 'Retirar consentimiento' }));
    const choice = within(section).getByRole('checkbox', { name: /¿Eliminar también los datos de frecuencia cardiaca guardados\?/ });
    expect(choice).not.toBeChecked();
    await user.click(choice);
    await user.click(within(section).getByRole('button', { name: 'Sí, retirar y eliminar' }));
    expect(await within(section).findByTestId('heart-rate-data-deleted')).toHaveTextContent(
      'Eliminaste tus datos de frecuencia cardiaca guardados el 22 de noviembre de 2026.',
    );
    const [put] = backend.calls('PUT /api/heart-rate/consent');
    expect(put.body).toMatchObject({ granted: false, deleteData: true });
  });

  it('records a measured maximum after checking its range, shows it at once, and goes back to the estimate', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = heartRateProfile(true);
    const { backend } = setup({
      'GET /api/heart-rate/profile': () => ({ body: answer }),
      'PUT /api/heart-rate/max': ({ body }) => {
        const { maxHr } = body as { maxHr: number | null };
        answer = maxHr === null ? heartRateProfile(true) : { ...heartRateProfile(true), maxHr, maxHrSource: 'measured', measuredMaxHr: maxHr };
        return { body: answer };
      },
    });
    const section = await screen.findByRole('region', { name: 'Frecuencia cardiaca' });
    await user.click(await within(section).findByRole('button', { name: 'Registrar mi FC máxima medida' }));
    const input = within(section).getByLabelText('FC máxima medida (LPM)');
    // Its own form, not one inside the profile's: Enter here saves the maximum and nothing else.
    expect(screen.getByRole('form', { name: 'FC máxima medida' }).parentElement?.closest('form')).toBeNull();
    await user.type(input, '99');
    await user.click(within(section).getByRole('button', { name: 'Guardar' }));
    expect(within(section).getByText('Escribe tu FC máxima en LPM, un número entero entre 100 y 230.')).toBeInTheDocument();
    expect(backend.calls('PUT /api/heart-rate/max')).toEqual([]);

    await user.clear(input);
    await user.type(input, '196');
    await user.click(within(section).getByRole('button', { name: 'Guardar' }));
    expect(await within(section).findByText('196 LPM')).toBeInTheDocument();
    expect(within(section).getByText('(la que mediste)')).toBeInTheDocument();
    const [put] = backend.calls('PUT /api/heart-rate/max');
    expect(put.body).toEqual({ maxHr: 196 });
    expect(put.headers.get('idempotency-key')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Usar la estimada' }));
    expect(await within(section).findByText('190 LPM')).toBeInTheDocument();
    expect(backend.calls('PUT /api/heart-rate/max').at(-1)!.body).toEqual({ maxHr: null });
  });

  it('shows a switch per email topic and saves one with an idempotency key; a failure keeps it and says why', async () => {
    const user = userEvent.setup({ delay: null });
    let preferences = [
      { topic: 'performance-summary', label: 'Resumen de rendimiento después de cada entrenamiento', subscribed: true },
      { topic: 'workout-reminders', label: 'Recordatorios de entrenamiento', subscribed: true },
    ];
    let fail = false;
    const { backend } = setup({
      'GET /api/email-preferences': () => ({ body: { preferences } }),
      'PUT /api/email-preferences/performance-summary': ({ body }) => {
        if (fail) return { status: 503, body: { error: 'El servicio no está disponible.' } };
        preferences = preferences.map((p) => (p.topic === 'performance-summary' ? { ...p, subscribed: (body as { subscribed: boolean }).subscribed } : p));
        return { body: { preferences } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Correos' });
    const summary = await within(section).findByRole('switch', { name: 'Resumen de rendimiento después de cada entrenamiento' });
    expect(summary).toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Recordatorios de entrenamiento' })).toBeChecked();

    await user.click(summary);
    await waitFor(() => expect(within(section).getByRole('switch', { name: /Resumen de rendimiento/ })).not.toBeChecked());
    const [put] = backend.calls('PUT /api/email-preferences/performance-summary');
    expect(put.body).toEqual({ subscribed: false });
    expect(put.headers.get('idempotency-key')).toBeTruthy();
    expect(backend.calls('PUT /api/platform-users/profile')).toEqual([]);

    fail = true;
    await user.click(within(section).getByRole('switch', { name: /Resumen de rendimiento/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('El servicio no está disponible.');
    expect(within(section).getByRole('switch', { name: /Resumen de rendimiento/ })).not.toBeChecked();
  });

  it('shows the studio board switch off by default and saves the choice; a failure puts it back and says why', async () => {
    const user = userEvent.setup({ delay: null });
    let showName = false;
    let fail = false;
    const { backend } = setup({
      'GET /api/studio-class/board-name': () => ({ body: { showName } }),
      'PUT /api/studio-class/board-name': ({ body }) => {
        if (fail) return { status: 503, body: { error: 'El servicio no está disponible.' } };
        showName = (body as { showName: boolean }).showName;
        return { body: { showName } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Pantalla del estudio' });
    const toggle = await within(section).findByRole('switch', { name: 'Aparecer con mi nombre en la pantalla del estudio' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(backend.calls('PUT /api/studio-class/board-name')).toHaveLength(1));
    const [put] = backend.calls('PUT /api/studio-class/board-name');
    expect(put.body).toEqual({ showName: true });
    expect(put.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(within(section).getByRole('switch', { name: /pantalla del estudio/ })).toBeChecked());

    fail = true;
    await user.click(within(section).getByRole('switch', { name: /pantalla del estudio/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('El servicio no está disponible.');
    expect(within(section).getByRole('switch', { name: /pantalla del estudio/ })).toBeChecked();
  });

  it('keeps the studio board switch where it was put once saved: no refetch flicks it back to the old answer', async () => {
    const user = userEvent.setup({ delay: null });
    // Every GET answers the value the page first loaded; only the save's own answer says what was chosen.
    const { backend } = setup({
      'GET /api/studio-class/board-name': () => ({ body: { showName: false } }),
      'PUT /api/studio-class/board-name': ({ body }) => ({ body: { showName: (body as { showName: boolean }).showName } }),
    });
    const section = await screen.findByRole('region', { name: 'Pantalla del estudio' });
    const toggle = await within(section).findByRole('switch', { name: 'Aparecer con mi nombre en la pantalla del estudio' });
    await user.click(toggle);
    expect(within(section).getByRole('switch', { name: /pantalla del estudio/ })).toBeChecked();
    await waitFor(() => expect(backend.calls('PUT /api/studio-class/board-name')).toHaveLength(1));
    await waitFor(() => expect(within(section).getByRole('switch', { name: /pantalla del estudio/ })).toBeEnabled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(section).getByRole('switch', { name: /pantalla del estudio/ })).toBeChecked();
    expect(backend.calls('GET /api/studio-class/board-name')).toHaveLength(1);
  });
});
