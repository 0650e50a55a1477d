/**
 * Saves the PayNow QR as a PNG, for a payer whose phone shows the code and so cannot scan it: banking
 * apps' PayNow scanners open an image from the phone's photos. The code is drawn from the SVG's own
 * path (the `qrcode` package draws the dark modules as one stroked path in module units), so no image
 * is loaded and no other origin is involved.
 */
const SCALE = 10;

export const saveQrImage = (svg: string, reference: string): void => {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const size = Number(doc.documentElement.getAttribute("viewBox")?.split(/\s+/)[2] ?? 0);
  const dark = [...doc.querySelectorAll("path")].find((p) => p.getAttribute("stroke") !== null);
  const canvas = document.createElement("canvas");
  canvas.width = size * SCALE;
  canvas.height = size * SCALE;
  const ctx = canvas.getContext("2d");
  if (!ctx || !dark || size === 0) return;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(SCALE, SCALE);
  ctx.strokeStyle = "#000";
  ctx.lineWidth = 1;
  ctx.stroke(new Path2D(dark.getAttribute("d") ?? ""));
  canvas.toBlob((blob) => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `PayNow-${reference}.png`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }, "image/png");
};
