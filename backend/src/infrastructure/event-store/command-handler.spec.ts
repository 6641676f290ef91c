import { deriveEventId } from './command-handler';

describe('deriveEventId', () => {
  it('gives each event of a command a stable, distinct UUID', () => {
    const commandId = '5f0c6a53-2f0e-4a53-9a52-0c5d1d2b9c11';
    const ids = [0, 1, 2].map((index) => deriveEventId(commandId, index));
    expect(ids).toEqual([0, 1, 2].map((index) => deriveEventId(commandId, index)));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveEventId('another-command', 0)).not.toBe(ids[0]);
  });
});
