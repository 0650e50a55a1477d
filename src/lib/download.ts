/**
 * Files the server builds (the year-end statement PDF, the zakat due-date calendar file) arrive in a
 * call's JSON answer; these save them under the given name through a temporary object URL, without
 * another request (the call needs the donor's token, which a plain link could not send).
 */

/** Base64 text as bytes. */
export const base64Bytes = (base64: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Save a Blob as `fileName` (the browser's download, as a link with `download` would). */
export const downloadBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

/** Save base64 content (getTaxYearStatement's `pdfBase64`) as a file of that type. */
export const downloadBase64 = (base64: string, fileName: string, type: string): void =>
  downloadBlob(new Blob([base64Bytes(base64)], { type }), fileName);

/** Save text content (getZakatDueCalendar's `ics`) as a file of that type. */
export const downloadText = (text: string, fileName: string, type: string): void =>
  downloadBlob(new Blob([text], { type }), fileName);
