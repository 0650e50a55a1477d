import { useState } from "react";
import type { Call } from "./api";
import type { Label } from "./AccountArea";
import { Outcome, useOutcome } from "./Outcome";
import type { UserData } from "./ProfileSection";

/** Every personal field the portal holds, with its label key and value as shown (PDPA access). */
const heldRows = (user: UserData): ReadonlyArray<readonly [field: string, value: string]> => {
  const a = user.address;
  const unit =
    a.floorNo || a.unitNo
      ? `#${[a.floorNo, a.unitNo?.replace(/^#/, "")].filter(Boolean).join("-")}`
      : "";
  const address = [a.blockNumber, a.streetName, unit, a.buildingName, a.country, a.postalCode]
    .filter(Boolean)
    .join(" ");
  return [
    ["name", user.name],
    ...(user.donorType === "corporate"
      ? ([
          ["companyName", user.companyName],
          ["uen", user.uen],
        ] as const)
      : ([["nric", user.nric]] as const)),
    ["dateOfBirth", user.dateofbirth],
    ["sex", user.sex],
    ["race", user.race],
    ["nationality", user.nationality],
    ["countryOfBirth", user.countryofbirth],
    ["dialect", user.dialect],
    ["representative", user.aliasname],
    ["address", address || user.registeredAddress],
    ["countryCode", user.countryCode],
    ["mobile", user.mobile],
    ["email", user.email],
  ];
};

/** The test ids the journeys read the name and NRIC by. */
const TEST_IDS: Readonly<Record<string, string>> = { name: "account-name", nric: "account-nric" };

/**
 * The donor's own data (PDPA access): every field the portal holds about them and where it came from
 * (Singpass / Myinfo, or typed by the donor), and the whole of it as a JSON file (getMyData: profile,
 * gifts, receipts, plans, IRAS inclusion; the NRIC masked, as on screen).
 */
export function MyData({ call, t, user }: { call: Call; t: Label; user: UserData }) {
  const { outcome, busy, run } = useOutcome(t);
  const [href, setHref] = useState<string>();
  const fromSingpass = new Set(user.singpassFields);
  const download = () =>
    run(async () => {
      const answer = await call<{ data: unknown }>("getMyData");
      const file = new Blob([JSON.stringify(answer.data, null, 2)], { type: "application/json" });
      if (href) URL.revokeObjectURL(href);
      const url = URL.createObjectURL(file);
      setHref(url);
      const link = document.createElement("a");
      link.href = url;
      link.download = "my-data.json";
      link.click();
      return t("account_data_ready");
    });
  return (
    <div className="account-form account-held">
      <h3>{t("account_data_heading")}</h3>
      <p>{t("account_data_text")}</p>
      <dl className="account-facts" data-testid="account-held">
        {heldRows(user).map(([field, value]) => (
          <div key={field}>
            <dt>{t(`account_field_${field}`)}</dt>
            <dd data-field={field}>
              <span data-testid={TEST_IDS[field]}>{value || t("account_field_none")}</span>
              {value ? (
                <span className="account-source">
                  {fromSingpass.has(field)
                    ? t("account_source_singpass")
                    : t("account_source_typed")}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {fromSingpass.size > 0 ? <p className="account-note">{t("account_singpass_why")}</p> : null}
      <p>{t("account_data_file_text")}</p>
      <div className="account-buttons">
        <button type="button" className="button" disabled={busy} onClick={() => void download()}>
          {t("account_data_download")}
        </button>
        {href ? (
          <a href={href} download="my-data.json">
            {t("account_data_again")}
          </a>
        ) : null}
      </div>
      <Outcome {...outcome} />
    </div>
  );
}
