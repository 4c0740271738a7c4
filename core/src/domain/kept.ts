/**
 * Sets `key` to `value` as the newest entry of `map`, then forgets its oldest entries (a Map keeps
 * insertion order) until at most `max` are left: the bounded memories of a process (wall clocks by
 * minute, rows kept while a counter stands, availability answers, cookie signatures).
 */
export const keepNewest = <K, V>(map: Map<K, V>, key: K, value: V, max: number): void => {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
};
