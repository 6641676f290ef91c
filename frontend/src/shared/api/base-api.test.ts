import { installFakeBackend, makeTestStore } from '../testing/fake-members-backend';
import { api } from './api';
import { MAX_READ_RETRIES, isRetriableReadError, readBackoffMs } from './base-api';

const PROFILE = 'GET /api/platform-users/profile';

describe('read retries', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('retries only failures a retry can cure', () => {
    expect(isRetriableReadError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
    expect(isRetriableReadError({ status: 503, data: {} })).toBe(true);
    expect(isRetriableReadError({ status: 429, data: {} })).toBe(true);
    expect(isRetriableReadError({ status: 404, data: {} })).toBe(false);
    expect(isRetriableReadError({ status: 400, data: {} })).toBe(false);
    expect(isRetriableReadError({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: '' })).toBe(false);
  });

  it('backs off exponentially and never beyond 30 s', () => {
    expect(readBackoffMs(1, () => 1)).toBe(1000);
    expect(readBackoffMs(3, () => 1)).toBe(4000);
    expect(readBackoffMs(3, () => 0)).toBe(2000);
    expect(readBackoffMs(11, () => 1)).toBe(30_000);
  });

  it('gives a read three retries, then reports its error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const backend = installFakeBackend({ [PROFILE]: { status: 500, body: {} } });
    const read = makeTestStore().dispatch(api.endpoints.getMemberProfile.initiate());
    await vi.runAllTimersAsync();
    const result = await read;
    expect(backend.calls(PROFILE)).toHaveLength(1 + MAX_READ_RETRIES);
    expect(result.isError).toBe(true);
  });

  it('does not retry a 404', async () => {
    const backend = installFakeBackend({ [PROFILE]: { status: 404, body: {} } });
    const result = await makeTestStore().dispatch(api.endpoints.getMemberProfile.initiate());
    expect(backend.calls(PROFILE)).toHaveLength(1);
    expect(result.isError).toBe(true);
  });
});
