// Rows grouped by a key in one pass, each group in the rows' order and the groups in the order their
// keys first appear (Node 20 has no Map.groupBy). Readers group query rows by thing, series or plant.

export function groupedBy<T, K, V = T>(items: Iterable<T>, keyOf: (item: T) => K, valueOf?: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const value = (valueOf ? valueOf(item) : item) as V;
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}
