import { useState } from "react";

/**
 * Stable React keys for a list of rows, so removing a row keeps what the donor typed in the others. When
 * the count changes from outside (a restored snapshot, a reset), the keys are rebuilt.
 */
export function useRowKeys(count: number) {
  const [state, setState] = useState(() => ({
    keys: Array.from({ length: count }, (_, i) => i),
    next: count,
  }));
  let { keys, next } = state;
  if (keys.length !== count) {
    keys = Array.from({ length: count }, (_, i) => next + i);
    next += count;
    setState({ keys, next });
  }
  return {
    keys,
    add: () => setState((s) => ({ keys: [...s.keys, s.next], next: s.next + 1 })),
    remove: (index: number) =>
      setState((s) => ({ keys: s.keys.filter((_, i) => i !== index), next: s.next })),
  };
}
