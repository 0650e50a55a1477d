/**
 * Encoded answers kept in this process, each with the version of the data it was made from (issue 21:
 * a donor's list of 100 is 60 KB of JSON made from a 100-row join, and the same donor asks for the same
 * page again and again). The caller reads the current version from the database on every request and
 * gets an answer back only when it was kept at exactly that version, so nothing is ever answered from
 * data that changed since, on this instance or any other. One answer per key (a newer version
 * replaces it); the least recently used go first once the kept bytes pass `maxBytes`.
 */
export interface KeptAnswers {
  readonly get: (key: string, version: string) => Uint8Array<ArrayBuffer> | undefined;
  readonly keep: (key: string, version: string, body: Uint8Array<ArrayBuffer>) => void;
}

/** 32 MB: about 550 lists of 100 records. */
const MOST_BYTES = 32 * 1024 * 1024;

export function keptAnswers(maxBytes = MOST_BYTES): KeptAnswers {
  const kept = new Map<
    string,
    { readonly version: string; readonly body: Uint8Array<ArrayBuffer> }
  >();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.body.byteLength;
  };
  return {
    get: (key, version) => {
      const entry = kept.get(key);
      if (!entry || entry.version !== version) return undefined;
      // Most recently used last: the Map keeps insertion order.
      kept.delete(key);
      kept.set(key, entry);
      return entry.body;
    },
    keep: (key, version, body) => {
      drop(key);
      if (body.byteLength > maxBytes) return;
      kept.set(key, { version, body });
      bytes += body.byteLength;
      for (const oldest of kept.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
