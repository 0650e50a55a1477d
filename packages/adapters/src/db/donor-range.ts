/**
 * The key range the given donors span (lowest and highest id). The reminder job asks for a batch of
 * donors in id order, so reading by range walks an index once instead of probing it once per donor
 * (and spares a scan of a small table per batch); rows of donors in the range but not asked about
 * are dropped (`only`).
 */
export const donorRange = (donorIds: ReadonlyArray<string>) => {
  const ids = donorIds.map((id) => id.toLowerCase());
  let low = ids[0]!;
  let high = ids[0]!;
  for (const id of ids) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  const asked = new Set(ids);
  return { low, high, only: (id: string) => asked.has(id) };
};
