import { eventIdFromKey } from './event-ids';

describe('eventIdFromKey', () => {
  it('derives the same RFC 4122 v5 id for the same scope, key and index', () => {
    const id = eventIdFromKey('user-7:approve', 'key-1', 0);
    expect(id).toBe(eventIdFromKey('user-7:approve', 'key-1', 0));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differs by scope, key and index', () => {
    const ids = new Set([
      eventIdFromKey('user-7:approve', 'key-1', 0),
      eventIdFromKey('user-8:approve', 'key-1', 0),
      eventIdFromKey('user-7:approve', 'key-2', 0),
      eventIdFromKey('user-7:approve', 'key-1', 1),
    ]);
    expect(ids.size).toBe(4);
  });
});
