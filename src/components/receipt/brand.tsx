import { useEffect } from "react";
import { brandOf, type Brand } from "@portal/domain";
import type { Label, Receipt } from "./parts";

// Issue 34: the official receipt and the certificate wear the brand of the gift's fund (spec §1: the
// zakat brand for zakat, fidyah and kaffarah; the wakaf brand for the wakaf funds): its title,
// description and icon on the sheet (so in the PDF and the print too), and the page's title,
// description and icon once the receipt is read. The pages are built once for every fund, so this is
// decided from the receipt, not from the address.

/** The brands' icons, as the site's favicons (public/favicon.svg, public/favicon-wakaf.svg). */
const ICONS: Record<
  Brand,
  { readonly colour: string; readonly path: string; readonly file: string }
> = {
  zakat: {
    colour: "#0b3d2e",
    path: "M16 6a10 10 0 1 0 7.5 16.6A8 8 0 1 1 16 6z",
    file: "/favicon.svg",
  },
  wakaf: {
    colour: "#7a4a0e",
    path: "M16 5c-5 4-7 8-7 11a7 7 0 0 0 6 6.9V27h2v-4.1A7 7 0 0 0 23 16c0-3-2-7-7-11z",
    file: "/favicon-wakaf.svg",
  },
};

const wordsOf = (brand: Brand, t: Label) => ({
  title: t(brand === "wakaf" ? "site_title_wakaf" : "site_title_zakat"),
  description: t(brand === "wakaf" ? "site_description_wakaf" : "site_description_zakat"),
});

/** The brand's title, description and icon at the top of the sheet. */
export const ReceiptBrand = ({ receipt, t }: { receipt: Receipt; t: Label }) => {
  const brand = brandOf(receipt.flow);
  const icon = ICONS[brand];
  const { title, description } = wordsOf(brand, t);
  return (
    <div className="receipt-brand" data-brand={brand}>
      <svg viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill={icon.colour} />
        <path d={icon.path} fill="#fff" />
      </svg>
      <div>
        <p className="receipt-brand-title">{title}</p>
        <p className="receipt-brand-description">{description}</p>
      </div>
    </div>
  );
};

/** The page's title, description and icon follow the receipt's brand once it is read. */
export const useReceiptHead = (receipt: Receipt | undefined, pageTitle: string, t: Label) => {
  useEffect(() => {
    if (!receipt) return;
    const brand = brandOf(receipt.flow);
    const { title, description } = wordsOf(brand, t);
    document.title = `${pageTitle} | ${title}`;
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    document.querySelector('link[rel="icon"]')?.setAttribute("href", ICONS[brand].file);
  }, [receipt]);
};
