import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_PLANS, offerFor, type MembershipPlan } from './membership-plans';
import { MembershipsPage } from './memberships-page';
import { TEST_RUNTIME_CONFIG } from '../../shared/testing/test-runtime-config';

vi.mock('../../shared/config/runtime-config', async () => {
  const { TEST_RUNTIME_CONFIG: config } = await import('../../shared/testing/test-runtime-config');
  return { useRuntimeConfig: () => ({ config, isLoading: false, isError: false }) };
});

const card = (title: string) => screen.getByRole('article', { name: title });

describe('MembershipsPage', () => {
  it('lists the nine plans with the one-time prices of spec section 9 by default', () => {
    render(<MembershipsPage />);
    expect(screen.getAllByRole('article')).toHaveLength(9);
    const expected: Record<string, string> = {
      Elite: '$125',
      Athlete: '$96',
      Casual: '$68',
      '4 Classes': '$45',
      'One Class': '$12',
      'Athlete Couples': '$150',
      'Casual Couples': '$100',
      'Family Package (4 Personas)': '$325',
      'Family Package (3 Personas)': '$250',
    };
    for (const [title, price] of Object.entries(expected)) expect(within(card(title)).getByText(price)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Renovación automática' })).not.toBeChecked();
  });

  it('switches prices and payment links with automatic renewal, leaving fixed-price plans alone', async () => {
    const user = userEvent.setup();
    render(<MembershipsPage />);
    expect(within(card('Elite')).getByRole('link', { name: 'Comprar Elite' })).toHaveAttribute('href', 'https://pagos.pulso.sv/b/elite');
    await user.click(screen.getByRole('switch', { name: 'Renovación automática' }));
    expect(within(card('Elite')).getByText('$112')).toBeInTheDocument();
    expect(within(card('Elite')).getByRole('link', { name: 'Comprar Elite' })).toHaveAttribute('href', 'https://pagos.pulso.sv/b/elite-mensual');
    expect(within(card('Family Package (3 Personas)')).getByText('$235')).toBeInTheDocument();
    expect(within(card('4 Classes')).getByText('$45')).toBeInTheDocument();
    expect(within(card('4 Classes')).getByRole('link', { name: 'Comprar 4 Classes' })).toHaveAttribute('href', 'https://pagos.pulso.sv/b/4-clases');
    await user.click(screen.getByRole('switch', { name: 'Renovación automática' }));
    expect(within(card('Elite')).getByText('$125')).toBeInTheDocument();
  });

  it('sells the sensor at $65', () => {
    render(<MembershipsPage />);
    expect(screen.getByText('$65')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comprar Sensor' })).toHaveAttribute('href', 'https://pagos.pulso.sv/b/sensor');
  });

  it('opens the details of a plan and closes them on a click on the overlay', async () => {
    const user = userEvent.setup();
    render(<MembershipsPage />);
    await user.click(screen.getByRole('button', { name: 'Más Información: Elite' }));
    const dialog = screen.getByRole('dialog', { name: 'Elite' });
    expect(within(dialog).getByText('Seguimiento de datos biométricos')).toBeInTheDocument();
    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when a plan has no details', async () => {
    const user = userEvent.setup();
    const bare: MembershipPlan = { ...MEMBERSHIP_PLANS[3], key: 'bare', title: 'Sin detalles', details: [] };
    render(<MembershipsPage plans={[bare]} />);
    await user.click(screen.getByRole('button', { name: 'Más Información: Sin detalles' }));
    expect(screen.getByText('No details available for this membership.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no link to follow while the payment links are unknown', () => {
    expect(offerFor(MEMBERSHIP_PLANS[0], true, undefined)).toEqual({ price: 112 });
    expect(offerFor(MEMBERSHIP_PLANS[3], false, TEST_RUNTIME_CONFIG.paymentLinks)).toEqual({ price: 45, link: 'https://pagos.pulso.sv/b/4-clases' });
  });
});
