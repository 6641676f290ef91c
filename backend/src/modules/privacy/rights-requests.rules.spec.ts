import { DomainError } from '../../shared/domain-error';
import { checkTransition, RIGHTS_REQUEST_MESSAGES } from './rights-requests.rules';

describe('rights-request status transitions (ADR 0192)', () => {
  it('moves an open request forward', () => {
    expect(checkTransition('received', 'in-progress', false)).toBe(true);
    expect(checkTransition('in-progress', 'answered', false)).toBe(true);
    expect(checkTransition('received', 'rejected', false)).toBe(true);
    expect(checkTransition('extended', 'answered', true)).toBe(true);
  });

  it('extends once', () => {
    expect(checkTransition('in-progress', 'extended', false)).toBe(true);
    expect(() => checkTransition('in-progress', 'extended', true)).toThrow(new DomainError('conflict', RIGHTS_REQUEST_MESSAGES.alreadyExtended));
  });

  it('never reopens a closed request nor goes back to received', () => {
    expect(() => checkTransition('answered', 'in-progress', false)).toThrow(RIGHTS_REQUEST_MESSAGES.closed);
    expect(() => checkTransition('rejected', 'extended', false)).toThrow(RIGHTS_REQUEST_MESSAGES.closed);
    expect(() => checkTransition('in-progress', 'received', false)).toThrow(RIGHTS_REQUEST_MESSAGES.backToReceived);
  });

  it('setting the same status changes nothing', () => {
    expect(checkTransition('in-progress', 'in-progress', false)).toBe(false);
    expect(checkTransition('answered', 'answered', false)).toBe(false);
  });
});
