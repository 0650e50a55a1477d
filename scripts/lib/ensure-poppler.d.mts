/** Debian's poppler-utils (pdftoppm, pdftotext, pdfinfo, pdfimages), installed with apt-get when missing. */
export function ensurePoppler(): { ok: true } | { ok: false; message: string };
