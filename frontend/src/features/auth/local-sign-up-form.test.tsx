import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LocalIdentityClient } from '../../shared/identity/local-identity-client';
import { LocalIdentityProvider } from '../../shared/identity/local-identity-provider';
import { LocalSignUpForm } from './local-sign-up-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderForm(routes: Record<string, (body: Record<string, string>) => Response>) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = routes[String(input)];
    return route ? route(JSON.parse(String(init?.body ?? '{}'))) : new Response(null, { status: 204 });
  }) as unknown as typeof fetch;
  const client = new LocalIdentityClient(fetchImpl);
  const router = createMemoryRouter(
    [
      { path: '/platform-register', element: <LocalSignUpForm /> },
      { path: '/onboarding', element: <h1>Onboarding</h1> },
    ],
    { initialEntries: ['/platform-register'] },
  );
  render(
    <LocalIdentityProvider client={client}>
      <RouterProvider router={router} />
    </LocalIdentityProvider>,
  );
  return { router, fetchImpl };
}

async function fill(values: Partial<Record<'Nombre' | 'Apellido' | 'Correo electrónico' | 'Contraseña', string>>) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
}

describe('LocalSignUpForm', () => {
  it('reports empty fields in the provider wording without calling the server', async () => {
    const { fetchImpl } = renderForm({});
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(screen.getByText('Nombre es requerido.')).toBeInTheDocument();
    expect(screen.getByText('Contraseña es requerida.')).toBeInTheDocument();
    expect(fetchImpl).not.toHaveBeenCalledWith('/api/identity/sign-up', expect.anything());
  });

  it('puts a server refusal next to the field it names', async () => {
    renderForm({
      '/api/identity/sign-up': () =>
        json(
          { error: 'Este correo electrónico ya está en uso. Por favor, prueba con otro.', details: { reason: 'form_identifier_exists', field: 'email' } },
          409,
        ),
    });
    await fill({ Nombre: 'Ana', Apellido: 'Martínez', 'Correo electrónico': 'ana@example.com', Contraseña: 'Entrena-Fuerte-24' });
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const message = await screen.findByText('Este correo electrónico ya está en uso. Por favor, prueba con otro.');
    expect(message).toHaveClass('invalid-feedback');
    expect(screen.getByLabelText('Correo electrónico')).toHaveClass('is-invalid');
  });

  it('asks for the mailed code, then goes to /onboarding', async () => {
    const { router } = renderForm({
      '/api/identity/sign-up': (body) => json({ email: body.email }),
      '/api/identity/verify-email': (body) =>
        body.code === '042917'
          ? json({ accessToken: 't', expiresIn: 600, user: { userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'M', role: 'member' } })
          : json({ error: 'El código es incorrecto.', details: { reason: 'form_code_incorrect', field: 'code' } }, 400),
    });
    await fill({ Nombre: 'Ana', Apellido: 'Martínez', 'Correo electrónico': 'ana@example.com', Contraseña: 'Entrena-Fuerte-24' });
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('heading', { name: 'Verifica tu correo' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Código de verificación'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código es incorrecto.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Código de verificación'));
    await userEvent.type(screen.getByLabelText('Código de verificación'), '04-29 17');
    expect(screen.getByLabelText('Código de verificación')).toHaveValue('042917');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });
});
