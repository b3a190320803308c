/**
 * Sets `key` in `map`, then forgets the entries set longest ago until at most `limit` remain: the
 * processes' small caches (sessions, folded streams, names, version ids, author roles) stay bounded.
 * A Map iterates in insertion order, so the first key is the oldest; a caller that wants "least
 * recently used" deletes a key before setting it again.
 */
export function setAtMost<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value!);
}
