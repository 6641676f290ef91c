import { GroupCommit } from './group-commit';

/** A run that records its groups and answers each item doubled, failing the odd ones it is told to. */
function recorder(options: { fail?: (item: number) => boolean } = {}) {
  const groups: number[][] = [];
  const releases: Array<() => void> = [];
  const run = async (items: number[]): Promise<Array<PromiseSettledResult<number>>> => {
    groups.push(items);
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map((item) => (options.fail?.(item) ? { status: 'rejected', reason: new Error(`item ${item}`) } : { status: 'fulfilled', value: item * 2 }));
  };
  return { groups, releases, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('starts an item at once and alone when nothing is in flight', async () => {
    const { groups, releases, run } = recorder();
    const queue = new GroupCommit(run, { maxGroup: 32, maxInFlight: 1 });
    const answer = queue.submit(1);
    expect(groups).toEqual([[1]]);
    releases[0]();
    await expect(answer).resolves.toBe(2);
  });

  it('sends what arrives while a group is in flight together as the next group, each with its own outcome', async () => {
    const { groups, releases, run } = recorder({ fail: (item) => item === 3 });
    const queue = new GroupCommit(run, { maxGroup: 32, maxInFlight: 1 });
    const first = queue.submit(1);
    const rest = [2, 3, 4].map((item) =>
      queue.submit(item).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    expect(groups).toEqual([[1]]);
    releases[0]();
    await first;
    await turn();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    releases[1]();
    expect(await Promise.all(rest)).toEqual([{ value: 4 }, { error: 'item 3' }, { value: 8 }]);
  });

  it('lets what the answered callers submit in the same turn join the waiting group', async () => {
    const { groups, releases, run } = recorder();
    const queue = new GroupCommit(run, { maxGroup: 32, maxInFlight: 1 });
    const writer = async (start: number) => {
      await queue.submit(start);
      await queue.submit(start + 10);
    };
    const writers = [writer(1), writer(2), writer(3)];
    releases[0]();
    await turn();
    await turn();
    // Writer 1's second item did not leave alone: it went with the items of writers 2 and 3.
    expect(groups).toEqual([[1], [2, 3, 11]]);
    releases[1]();
    await turn();
    await turn();
    expect(groups).toEqual([[1], [2, 3, 11], [12, 13]]);
    releases[2]();
    await Promise.all(writers);
  });

  it('caps a group and runs at most the groups in flight it is allowed', async () => {
    const { groups, releases, run } = recorder();
    const queue = new GroupCommit(run, { maxGroup: 2, maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((item) => queue.submit(item));
    expect(groups).toEqual([[1], [2]]);
    releases[0]();
    await turn();
    await turn();
    expect(groups).toEqual([[1], [2], [3, 4]]);
    releases[1]();
    releases[2]();
    await turn();
    await turn();
    expect(groups).toEqual([[1], [2], [3, 4], [5, 6]]);
    releases[3]();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it('rejects every item of a group whose run throws', async () => {
    const queue = new GroupCommit<number, number>(() => Promise.reject(new Error('down')), { maxGroup: 32, maxInFlight: 1 });
    await expect(queue.submit(1)).rejects.toThrow('down');
  });
});
