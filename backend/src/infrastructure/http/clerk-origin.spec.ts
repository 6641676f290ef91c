import { clerkFrontendApiOrigin } from './clerk-origin';

const keyFor = (prefix: string, host: string) => `${prefix}${Buffer.from(`${host}$`).toString('base64')}`;

describe('clerkFrontendApiOrigin', () => {
  it('decodes the frontend API host of production and development keys', () => {
    expect(clerkFrontendApiOrigin(keyFor('pk_live_', 'clerk.pulso.sv'))).toBe('https://clerk.pulso.sv');
    expect(clerkFrontendApiOrigin(keyFor('pk_test_', 'fitting-oyster-12.clerk.accounts.dev'))).toBe('https://fitting-oyster-12.clerk.accounts.dev');
  });

  it('adds nothing for a missing, malformed or hostile key', () => {
    expect(clerkFrontendApiOrigin(undefined)).toBeUndefined();
    expect(clerkFrontendApiOrigin('sk_live_abc')).toBeUndefined();
    expect(clerkFrontendApiOrigin(keyFor('pk_live_', "evil.example 'unsafe-inline'"))).toBeUndefined();
    expect(clerkFrontendApiOrigin(keyFor('pk_live_', 'a.example; script-src *'))).toBeUndefined();
  });
});
