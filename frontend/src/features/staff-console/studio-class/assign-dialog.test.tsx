import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudioClassStateDto, StudioPeopleDto } from '../../../shared/api/generated-api';
import { HEART_RATE_NOTICE } from '../../../shared/heart-rate/heart-rate-notice';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../../shared/testing/fake-members-backend';
import { AssignDialog } from './assign-dialog';
import { ClassBoard } from './class-board';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

const SESSION = '6f1c2b9e-2f4e-4c1a-9a55-0c9d3c1f7a10';

function people(consented: boolean): StudioPeopleDto {
  return { members: [{ userId: 'u-beto', fullName: 'Beto Ramírez', email: 'beto@example.com', consented }], guests: [] };
}

function renderDialog(routes: Record<string, FakeHandler>) {
  const onClose = vi.fn();
  const backend = installFakeBackend({ 'GET /api/staff/studio-class/people': { body: people(false) }, ...routes });
  renderMemberPage(<AssignDialog sessionId={SESSION} sensorId="Polar H10 Recepción" guestNoticeVersion="2026-11-24.class-1" onClose={onClose} />, {
    path: '/staff/clase',
  });
  return { backend, onClose };
}

async function findMember(name: string) {
  const list = await screen.findByRole('list', { name: 'Miembros encontrados' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name))!;
}

describe('the desk gives a strap to a member without heart-rate consent (issue 37)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the notice instead of a dead end, records the member\'s "Acepto" with its version, then assigns the strap', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, onClose } = renderDialog({
      'PUT /api/staff/members/u-beto/heart-rate-consent': {
        body: { userId: 'u-beto', granted: true, noticeVersion: HEART_RATE_NOTICE.version, at: '2026-11-24T18:00:00.000Z', recordedAtDesk: true },
      },
      'PUT /api/staff/studio-class/assignments': { body: {} },
    });
    const row = await findMember('Beto Ramírez');
    expect(row).toHaveTextContent('Sin consentimiento de frecuencia cardiaca: puede leer el aviso y aceptarlo aquí.');
    expect(within(row).queryByRole('button', { name: 'Asignar a Beto Ramírez' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Mostrar el aviso a Beto Ramírez' }));

    const consent = await screen.findByRole('dialog', { name: 'Aviso de frecuencia cardiaca' });
    for (const paragraph of HEART_RATE_NOTICE.paragraphs) expect(consent).toHaveTextContent(paragraph);
    expect(consent).toHaveTextContent(`Versión del aviso: ${HEART_RATE_NOTICE.version}`);
    expect(consent).toHaveTextContent('Beto Ramírez, lee este aviso. Si estás de acuerdo, pulsa «Acepto» y te damos la banda Polar H10 Recepción.');
    await user.click(within(consent).getByRole('button', { name: 'Acepto' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [recorded] = backend.calls('PUT /api/staff/members/u-beto/heart-rate-consent');
    expect(recorded!.body).toEqual({ noticeVersion: HEART_RATE_NOTICE.version, memberAccepted: true });
    expect(recorded!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(backend.calls('PUT /api/staff/studio-class/assignments')[0]!.body).toEqual({
      sessionId: SESSION,
      sensorId: 'Polar H10 Recepción',
      userId: 'u-beto',
    });
  });

  it('goes back to the list when the member does not accept, recording nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, onClose } = renderDialog({});
    await user.click(within(await findMember('Beto Ramírez')).getByRole('button', { name: 'Mostrar el aviso a Beto Ramírez' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Aviso de frecuencia cardiaca' })).getByRole('button', { name: 'No acepta' }));
    expect(await screen.findByRole('dialog', { name: 'Asignar Polar H10 Recepción' })).toBeInTheDocument();
    expect(backend.requests.filter((request) => request.method === 'PUT')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("keeps the notice on screen with the server's words when recording fails, and assigns nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'El aviso de frecuencia cardiaca cambió. Lee la versión actual antes de dar tu consentimiento.';
    const { backend, onClose } = renderDialog({ 'PUT /api/staff/members/u-beto/heart-rate-consent': { status: 409, body: { error: message, message } } });
    await user.click(within(await findMember('Beto Ramírez')).getByRole('button', { name: 'Mostrar el aviso a Beto Ramírez' }));
    const consent = await screen.findByRole('dialog', { name: 'Aviso de frecuencia cardiaca' });
    await user.click(within(consent).getByRole('button', { name: 'Acepto' }));
    expect(await within(consent).findByText(message)).toBeInTheDocument();
    expect(backend.calls('PUT /api/staff/studio-class/assignments')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('assigns at once a member who already consented', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, onClose } = renderDialog({
      'GET /api/staff/studio-class/people': { body: people(true) },
      'PUT /api/staff/studio-class/assignments': { body: {} },
    });
    await user.click(within(await findMember('Beto Ramírez')).getByRole('button', { name: 'Asignar a Beto Ramírez' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(backend.calls('PUT /api/staff/members/u-beto/heart-rate-consent')).toEqual([]);
  });
});

describe("the board's notice of a strap nobody wears (issue 37)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function state(unassignedSensors: StudioClassStateDto['unassignedSensors']): StudioClassStateDto {
    return {
      today: { date: '2026-11-24', className: 'Box and Burn', slots: ['6:00-7:00 pm'], suggestedSlot: '6:00-7:00 pm', classes: [], suggestedSlotId: null },
      session: {
        id: SESSION,
        className: 'Box and Burn',
        slot: '6:00-7:00 pm',
        slotId: null,
        classDate: '2026-11-24',
        startedAt: '2026-11-24T23:55:00.000Z',
        endedAt: null,
      },
      participants: [],
      unassignedSensors,
      zones: [{ zone: 4, name: 'Intensa', color: '#f97316' }],
      guestNoticeVersion: '2026-11-24.class-1',
      serverTime: '2026-11-25T00:00:00.000Z',
    };
  }

  it('names the strap with its last reading and opens the assignment from "Asignar"', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T00:00:05.000Z'));
    const user = userEvent.setup({ delay: null });
    installFakeBackend({
      'GET /api/staff/studio-class': { body: state([{ sensorId: 'Polar H10 Clase 3', bpm: 148, lastReadingAt: '2026-11-25T00:00:04.000Z' }]) },
      'GET /api/staff/studio-class/people': { body: people(false) },
    });
    renderMemberPage(<ClassBoard />, { path: '/staff/clase/pantalla' });
    const notice = await screen.findByRole('status', { name: 'Llegan lecturas de una banda sin asignar' });
    expect(notice).toHaveTextContent('Polar H10 Clase 3 · 148 lpm');
    await user.click(within(notice).getByRole('button', { name: 'Asignar Polar H10 Clase 3' }));
    expect(await screen.findByRole('dialog', { name: 'Asignar Polar H10 Clase 3' })).toBeInTheDocument();
  });

  it('says nothing when every strap with readings is worn, or a loose one has been silent for long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T00:05:00.000Z'));
    installFakeBackend({
      'GET /api/staff/studio-class': { body: state([{ sensorId: 'Banda olvidada', bpm: 90, lastReadingAt: '2026-11-25T00:00:04.000Z' }]) },
    });
    renderMemberPage(<ClassBoard />, { path: '/staff/clase/pantalla' });
    expect(await screen.findByRole('heading', { name: 'Box and Burn' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /sin asignar/ })).not.toBeInTheDocument();
  });
});
