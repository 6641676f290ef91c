import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hasher';

describe('password hasher', () => {
  it('verifies the right password only, with a fresh salt every time', async () => {
    const first = await hashPassword('Entrena-Fuerte-24');
    const second = await hashPassword('Entrena-Fuerte-24');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('Entrena-Fuerte-24', first)).resolves.toBe(true);
    await expect(verifyPassword('entrena-fuerte-24', first)).resolves.toBe(false);
  });

  it('never matches the dummy hash used for unknown accounts, nor garbage', async () => {
    await expect(verifyPassword('', DUMMY_PASSWORD_HASH)).resolves.toBe(false);
    await expect(verifyPassword('x', 'bcrypt$whatever')).resolves.toBe(false);
  });
});
