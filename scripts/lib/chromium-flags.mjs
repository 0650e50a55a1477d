// The flags Debian's Chromium runs with here, for the browser tests and for Lighthouse: no sandbox (root
// in a container), no GPU, and nothing that reaches the network on its own.
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
