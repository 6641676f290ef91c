import { loadConfig } from '../../config/app-config';
import { JwtStrategy } from './jwt.strategy';
import { LocalSigningKeys } from './local-signing-keys';

describe('JwtStrategy.validate', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_PROVIDER: 'clerk',
    CLERK_ISSUER: 'https://pulso.clerk.accounts.dev',
    CLERK_PUBLISHABLE_KEY: 'pk_test_cHVsc28uY2xlcmsuYWNjb3VudHMuZGV2JA',
    PUBLIC_URL: 'https://pulso.sv',
    CORS_ORIGINS: 'https://app.pulso.sv',
    STAFF_EMAILS: 'jefa@pulso.sv',
  });
  const strategy = new JwtStrategy(config, { issuer: 'unused' } as LocalSigningKeys);
  const claims = { sub: 'user_2abc', email: 'ana@example.com', first_name: 'Ana', last_name: 'Martínez' };

  it('accepts a Clerk session used from the product itself or an allowed origin', () => {
    expect(strategy.validate({ ...claims, azp: 'https://pulso.sv' })).toMatchObject({ userId: 'user_2abc', role: 'member' });
    expect(strategy.validate({ ...claims, azp: 'https://app.pulso.sv' })).toMatchObject({ userId: 'user_2abc' });
    expect(strategy.validate(claims)).toMatchObject({ userId: 'user_2abc' });
  });

  it('refuses a session minted for another origin, and a token without subject', () => {
    expect(strategy.validate({ ...claims, azp: 'https://otro-sitio.example' })).toBe(false);
    expect(strategy.validate({ ...claims, sub: '' })).toBe(false);
  });

  it('applies STAFF_EMAILS to Clerk users too', () => {
    expect(strategy.validate({ ...claims, email: 'Jefa@Pulso.sv' })).toMatchObject({ role: 'staff' });
  });
});
