import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('defaults to the embedded mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.eventStore.kind).toBe('postgres');
    expect(config.auth.provider).toBe('local');
    expect(config.mail.transport).toBe('outbox');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('names the variable and what it accepts when a value is bad', () => {
    const attempt = () => loadConfig({ PORT: 'abc', EVENT_STORE: 'mongo' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT debe ser un número de puerto/m);
      expect(problems).toMatch(/^EVENT_STORE debe ser uno de: postgres, esdb \(recibido: "mongo"\)/m);
    }
  });

  it('requires the settings each production choice depends on', () => {
    expect(() => loadConfig({ EVENT_STORE: 'esdb' })).toThrow(/EVENTSTORE_URL/);
    expect(() => loadConfig({ AUTH_PROVIDER: 'clerk' })).toThrow(/CLERK_ISSUER[\s\S]*CLERK_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });

  it('accepts the production shape', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://pulso:secret@db:5432/pulso',
      EVENT_STORE: 'esdb',
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      AUTH_PROVIDER: 'clerk',
      CLERK_ISSUER: 'https://clerk.pulso.sv',
      CLERK_PUBLISHABLE_KEY: 'pk_live_Y2xlcmsucHVsc28uc3Yk',
      STAFF_EMAILS: 'Ana@Pulso.sv, luis@pulso.sv',
    });
    expect(config.database.url).toBe('postgres://pulso:secret@db:5432/pulso');
    expect(config.auth.clerkJwksUrl).toBe('https://clerk.pulso.sv/.well-known/jwks.json');
    expect(config.auth.staffEmails).toEqual(['ana@pulso.sv', 'luis@pulso.sv']);
  });

  it('rejects payment links that are not JSON', () => {
    expect(() => loadConfig({ PAYMENT_LINKS: '{nope' })).toThrow(/PAYMENT_LINKS debe ser un objeto JSON/);
    const config = loadConfig({ PAYMENT_LINKS: '{"sensor":"https://pay.example.com/s"}' });
    expect(config.studio.paymentLinks).toEqual({ sensor: 'https://pay.example.com/s' });
  });

  it('believes X-Forwarded-For from loopback only unless TRUST_PROXY names the proxies', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '172.30.80.10, 10.0.0.0/8,fd00::/8, loopback' }).trustProxy).toEqual([
      '172.30.80.10',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    // A hop count or `true` would believe any client that sends the header; a typo would believe no one.
    for (const value of ['true', '1', '10.0.0.0/33', '10.0.0.300', 'loopbak', 'fd00::/129', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^\s*- TRUST_PROXY debe ser una lista separada por comas de direcciones IP, redes CIDR o loopback/m,
      );
    }
  });
});
