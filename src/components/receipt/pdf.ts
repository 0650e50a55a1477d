import { winAnsi } from "../../lib/win-ansi";
import { grayPng } from "./gray-png";

/**
 * The receipt as a PDF (spec §4, §9): after a 200 ms start delay, the element is drawn to a canvas at
 * scale 2.5 (receipt) or 2 (official receipt) and placed on a page half the element's size. jspdf and
 * html2canvas-pro (which reads modern CSS colours such as oklch) are loaded only when a donor asks for a PDF. The image goes in as a
 * 4-shade grayscale PNG with 'FAST' compression (see gray-png.ts: a receipt stays under 100 KB), and the receipt's text is laid under it as
 * invisible text so the PDF can be searched, copied and read aloud.
 */
export const PDF_START_DELAY_MS = 200;
export const RECEIPT_SCALE = 2.5;
export const OFFICIAL_SCALE = 2;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function renderPdf(element: HTMLElement, scale: number, title: string) {
  await delay(PDF_START_DELAY_MS);
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([
    import("html2canvas-pro"),
    import("jspdf"),
  ]);
  const canvas = await html2canvas(element, {
    scale,
    backgroundColor: "#ffffff",
    logging: false,
    useCORS: false,
  });
  const width = element.offsetWidth / 2;
  const height = element.offsetHeight / 2;
  const pdf = new jsPDF({
    orientation: width > height ? "landscape" : "portrait",
    unit: "pt",
    format: [width, height],
    compress: true,
  });
  const lines = element.innerText
    .split("\n")
    .map((line) => winAnsi(line).trim())
    .filter((line) => line !== "");
  pdf.setFontSize(4);
  pdf.text(lines, 4, 8, { renderingMode: "invisible", maxWidth: width - 8 });
  const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height);
  if (!pixels) throw new Error("The receipt could not be drawn");
  const png = await grayPng(pixels.data, canvas.width, canvas.height);
  pdf.addImage(png, "PNG", 0, 0, width, height, undefined, "FAST");
  pdf.setProperties({ title, subject: title, creator: "Giving portal" });
  return pdf;
}

/** Download the receipt as `<receiptNo>.pdf`. */
export async function downloadPdf(
  element: HTMLElement,
  scale: number,
  title: string,
  fileName: string,
) {
  const pdf = await renderPdf(element, scale, title);
  pdf.save(fileName);
}

/**
 * Print the receipt: the document title becomes `<receiptNo> <transactionNo>` (what the print dialog
 * and a "save as PDF" name the file after) for the print, then returns; the print stylesheet leaves
 * only the receipt on the page.
 */
export async function printReceipt(title: string) {
  await delay(PDF_START_DELAY_MS);
  const before = document.title;
  document.title = title;
  const restore = () => {
    document.title = before;
    window.removeEventListener("afterprint", restore);
  };
  window.addEventListener("afterprint", restore);
  window.print();
}
