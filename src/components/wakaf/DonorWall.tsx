import { useEffect, useId, useRef, useState } from "react";
import {
  cents,
  DEFAULT_DONOR_WALL,
  DONOR_WALL_NAME_MAX,
  formatDate,
  formatMoney,
  homeContentOf,
  type DateLanguage,
  type DonorWallSettings,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { homePageConfigurationData } from "../../lib/home-config";
import { Truncated } from "../ui/Truncated";
import type { DonorWallLabels } from "./labels";

export interface DonorWallProps {
  readonly charityId: number;
  readonly fundName: string;
  readonly labels: DonorWallLabels;
  readonly lang: DateLanguage;
}

/**
 * The wall's settings (content blocks 15 and 16, spec §9) from the fund's served configuration: whether
 * it shows and its page size. Unreadable, the wall shows with the defaults.
 */
const readSettings = (charityId: number): Promise<DonorWallSettings> =>
  homePageConfigurationData(charityId).then(
    (data) =>
      homeContentOf(
        typeof data === "object" && data !== null
          ? (data as Record<string, unknown>)["homePageContent"]
          : undefined,
      ).donorWall,
    () => DEFAULT_DONOR_WALL,
  );

/** One gift as the server returns it: the name ('Hamba Allah' when anonymous), cents, ISO time. */
interface Gift {
  readonly donorName: string;
  readonly donationAmount: number;
  readonly donationTimeStamp: string;
}

type Wall =
  | { readonly kind: "loading" }
  | { readonly kind: "failed" }
  | { readonly kind: "ready"; readonly gifts: ReadonlyArray<Gift>; readonly total: number };

const isGift = (value: unknown): value is Gift => {
  if (typeof value !== "object" || value === null) return false;
  const gift = value as Record<string, unknown>;
  return (
    typeof gift["donorName"] === "string" &&
    Number.isSafeInteger(gift["donationAmount"]) &&
    typeof gift["donationTimeStamp"] === "string" &&
    !Number.isNaN(Date.parse(gift["donationTimeStamp"]))
  );
};

const readPage = async (charityId: number, pageNumber: number, pageSize: number) => {
  const query = `charityId=${charityId}&pageNumber=${pageNumber}&pageSize=${pageSize}`;
  const response = await fetch(`/svc/main/v1/Donation/donorWall?${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
  });
  if (!response.ok) throw new Error(`donorWall ${response.status}`);
  const body = (await response.json()) as { data?: unknown; totalRecords?: unknown };
  const gifts = Array.isArray(body.data) ? body.data.filter(isGift) : [];
  const total = typeof body.totalRecords === "number" ? body.totalRecords : gifts.length;
  return { gifts, total };
};

/**
 * The fund's donor wall (§7 donorWall): recent gifts, newest first, a page at a time. It shows only what
 * the server returns (a name, or 'Hamba Allah' for anonymous givers; the amount; the day). A failure
 * only says the wall cannot be shown: the donation widget beside it keeps working (§8).
 */
export default function DonorWall({ charityId, fundName, labels: l, lang }: DonorWallProps) {
  const [page, setPage] = useState(1);
  const [wall, setWall] = useState<Wall>({ kind: "loading" });
  // The last known count keeps the page buttons (and the focus on them) while the next page loads.
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState(true);
  const headingId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const [settings, setSettings] = useState<DonorWallSettings | undefined>(undefined);

  useEffect(() => {
    let current = true;
    void readSettings(charityId).then((read) => {
      if (current) setSettings(read);
    });
    return () => {
      current = false;
    };
  }, [charityId]);

  useEffect(() => {
    if (settings === undefined || !settings.shown) return;
    let current = true;
    // The page shown stays (marked busy) until the next one arrives: no jump, nothing to re-read.
    setBusy(true);
    readPage(charityId, page, settings.pageSize).then(
      (read) => {
        if (!current) return;
        setWall({ kind: "ready", ...read });
        setTotal(read.total);
        setBusy(false);
      },
      () => {
        if (!current) return;
        setWall({ kind: "failed" });
        setBusy(false);
      },
    );
    return () => {
      current = false;
    };
  }, [charityId, page, settings]);

  // After the donor moves to another page, its table is where reading goes on.
  useEffect(() => {
    if (wall.kind === "ready" && !busy && moved.current) {
      moved.current = false;
      tableRef.current?.focus();
    }
  }, [wall, busy]);

  // Setting 15 off: no wall, and its link in the page's section nav goes too.
  useEffect(() => {
    if (settings?.shown !== false) return;
    for (const link of document.querySelectorAll<HTMLElement>("[data-donor-wall-link]"))
      link.hidden = true;
  }, [settings]);

  if (settings?.shown === false) return null;
  const pageSize = settings?.pageSize ?? DEFAULT_DONOR_WALL.pageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (next: number) => {
    if (next < 1 || next > pages || next === page) return;
    moved.current = true;
    setPage(next);
  };
  const pageText = fill(l.wakaf_wall_page, { page: String(page), pages: String(pages) });

  return (
    <section className="donor-wall" id="donor-wall" aria-labelledby={headingId}>
      <h2 id={headingId}>{l.wakaf_wall_heading}</h2>
      <p className="calc-hint">{fill(l.wakaf_wall_intro, { fund: fundName })}</p>
      <div aria-live="polite" aria-busy={busy}>
        {wall.kind === "loading" ? <p className="calc-hint">{l.wakaf_wall_loading}</p> : null}
        {wall.kind === "failed" ? <p className="calc-hint">{l.wakaf_wall_failed}</p> : null}
        {wall.kind === "ready" && wall.gifts.length === 0 ? (
          <p className="calc-hint">{l.wakaf_wall_empty}</p>
        ) : null}
        {wall.kind === "ready" && wall.gifts.length > 0 ? (
          <table className="donor-wall-table" ref={tableRef} tabIndex={-1} data-testid="donor-wall">
            <caption className="visually-hidden">
              {l.wakaf_wall_heading}, {pageText}
            </caption>
            <thead>
              <tr>
                <th scope="col">{l.wakaf_wall_donor}</th>
                <th scope="col">{l.wakaf_wall_amount}</th>
                <th scope="col">{l.wakaf_wall_date}</th>
              </tr>
            </thead>
            <tbody>
              {wall.gifts.map((gift, i) => {
                const at = Date.parse(gift.donationTimeStamp);
                return (
                  <tr key={`${page}-${i}`}>
                    <td>
                      <Truncated text={gift.donorName} max={DONOR_WALL_NAME_MAX} />
                    </td>
                    <td className="donor-wall-amount">{formatMoney(cents(gift.donationAmount))}</td>
                    <td>
                      <time dateTime={gift.donationTimeStamp}>{formatDate(at, lang)}</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </div>
      {pages > 1 ? (
        <nav className="donor-wall-pages" aria-label={l.wakaf_wall_pages}>
          {/* aria-disabled, not disabled: a button that disables itself would drop keyboard focus. */}
          <button
            type="button"
            className="calc-add"
            aria-disabled={page === 1}
            onClick={() => go(page - 1)}
          >
            {l.wakaf_wall_previous}
          </button>
          <p data-testid="donor-wall-page">{pageText}</p>
          <button
            type="button"
            className="calc-add"
            aria-disabled={page === pages}
            onClick={() => go(page + 1)}
          >
            {l.wakaf_wall_next}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
