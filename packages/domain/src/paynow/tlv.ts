/**
 * EMVCo QR data objects: a two-digit id, a two-digit length, then that many characters of value.
 * Lengths count characters, so values are kept to ASCII (see `isQrText`).
 */
export interface DataObject {
  readonly id: string;
  readonly value: string;
}

/** Printable ASCII, the character set PayNow payloads are built from. */
export const isQrText = (text: string): boolean => /^[\x20-\x7E]*$/.test(text);

/** One data object as text. The caller keeps `value` within 99 characters. */
export const tlv = (id: string, value: string): string =>
  `${id}${String(value.length).padStart(2, "0")}${value}`;

/** The data objects of `text` in order, or `null` when the text is not a well-formed sequence. */
export const parseTlv = (text: string): ReadonlyArray<DataObject> | null => {
  const objects: Array<DataObject> = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) return null;
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    objects.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return objects;
};
