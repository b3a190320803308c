import { setAtMost } from './bounded-map';

describe('setAtMost', () => {
  it('keeps the newest entries up to the limit, dropping the oldest first', () => {
    const map = new Map<number, string>();
    for (let i = 1; i <= 4; i++) setAtMost(map, i, `v${i}`, 3);
    expect([...map.entries()]).toEqual([
      [2, 'v2'],
      [3, 'v3'],
      [4, 'v4'],
    ]);
    // Setting a key already there changes its value, not the count.
    setAtMost(map, 3, 'again', 3);
    expect(map.size).toBe(3);
    expect(map.get(3)).toBe('again');
  });
});
