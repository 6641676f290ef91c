import { userFromClaims } from './auth-user';

describe('userFromClaims', () => {
  const base = { sub: 'user_2abc', email: 'Ana@Example.com', first_name: 'Ana', last_name: 'Martínez' };

  it('reads a member from the session-token claims', () => {
    expect(userFromClaims(base, [])).toEqual({
      userId: 'user_2abc',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Martínez',
      role: 'member',
      secondFactor: false,
    });
  });

  it.each([
    ['Clerk session token v1', { org_role: 'org:admin' }],
    ['Clerk session token v2', { o: { rol: 'admin' } }],
  ])('makes organisation admins staff (%s)', (_name, extra) => {
    expect(userFromClaims({ ...base, ...extra }, []).role).toBe('staff');
  });

  it('does not make other organisation roles staff', () => {
    expect(userFromClaims({ ...base, org_role: 'org:member' }, []).role).toBe('member');
    expect(userFromClaims({ ...base, o: { rol: 'basic_member' } }, []).role).toBe('member');
  });

  it('makes STAFF_EMAILS staff, case-insensitively', () => {
    expect(userFromClaims(base, ['ana@example.com']).role).toBe('staff');
  });

  it('tolerates missing optional claims', () => {
    expect(userFromClaims({ sub: 'x' }, ['ana@example.com'])).toEqual({
      userId: 'x',
      email: '',
      firstName: '',
      lastName: '',
      role: 'member',
      secondFactor: false,
    });
  });

  it.each([
    ['the local provider after a TOTP code', { amr: ['pwd', 'otp'] }, true],
    ['an mfa method', { amr: ['mfa'] }, true],
    ['a password alone', { amr: ['pwd'] }, false],
    ['Clerk with the second factor verified 3 minutes ago', { fva: [12, 3] }, true],
    ['Clerk without a second factor', { fva: [7, -1] }, false],
    ['a malformed fva', { fva: '7,3' }, false],
    ['no claim at all', {}, false],
  ])('reads the second factor from %s', (_name, extra, expected) => {
    expect(userFromClaims({ ...base, ...extra }, []).secondFactor).toBe(expected);
  });

  it('reads the session from `sid`, in either provider, and ignores anything but a non-empty text', () => {
    expect(userFromClaims({ ...base, sid: 'sess_2xyz' }, []).sessionId).toBe('sess_2xyz');
    expect(userFromClaims({ ...base, sid: 7 }, [])).not.toHaveProperty('sessionId');
    expect(userFromClaims({ ...base, sid: '' }, [])).not.toHaveProperty('sessionId');
  });
});
