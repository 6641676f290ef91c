import { GetClassOfTheDay, GetClassOfTheDayHandler } from './get-class-of-the-day.query';

describe('the class of the day for the class board', () => {
  const at = (instant: string) => new GetClassOfTheDayHandler().execute(new GetClassOfTheDay(new Date(instant)));

  it('gives the studio day, its class, every slot and the one under way or about to start', async () => {
    // Tuesday 24 November 2026 in San Salvador (UTC-6).
    const evening = await at('2026-11-25T00:05:00.000Z'); // 18:05
    expect(evening).toMatchObject({ date: '2026-11-24', className: 'Upper Body and Abs', suggestedSlot: '6:00-7:00 pm' });
    expect(evening.slots).toHaveLength(9);
    expect((await at('2026-11-24T23:45:00.000Z')).suggestedSlot).toBe('6:00-7:00 pm'); // 17:45, starting soon
    expect((await at('2026-11-24T23:30:00.000Z')).suggestedSlot).toBe('4:00-5:00 pm'); // 17:30
    expect((await at('2026-11-24T10:00:00.000Z')).suggestedSlot).toBe('5:15-6:15 am'); // 04:00, before the first
  });

  it('has no slot on a Sunday', async () => {
    expect(await at('2026-11-22T18:00:00.000Z')).toMatchObject({ date: '2026-11-22', slots: [], suggestedSlot: null });
  });
});
