import { authenticator } from 'otplib';
import { newRecoveryCode, normaliseRecoveryCode, totpStep } from './totp-factors';

describe('TOTP codes', () => {
  const secret = authenticator.generateSecret(20);
  const at = (ms: number) => authenticator.clone({ epoch: ms }).generate(secret);

  it('accepts the current code and one step of drift either side, with the step it belongs to', () => {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    expect(totpStep(at(now), secret, now)).toBe(step);
    expect(totpStep(at(now + 30_000), secret, now)).toBe(step + 1);
    expect(totpStep(at(now - 30_000), secret, now)).toBe(step - 1);
  });

  it('refuses a code two steps away and a code of another secret', () => {
    const now = Date.now();
    const old = at(now - 90_000);
    if (![at(now), at(now - 30_000), at(now + 30_000)].includes(old)) expect(totpStep(old, secret, now)).toBeNull();
    const other = authenticator.generate(authenticator.generateSecret(20));
    if (other !== at(now) && other !== at(now - 30_000) && other !== at(now + 30_000)) expect(totpStep(other, secret, now)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten unambiguous characters in two groups, different every time', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(50);
  });

  it('are compared without case, spaces or dashes', () => {
    expect(normaliseRecoveryCode(' K7M2P - X9DQA ')).toBe('k7m2px9dqa');
  });
});
