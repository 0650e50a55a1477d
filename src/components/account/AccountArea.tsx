import { useCallback, useEffect, useState } from "react";
import { fill } from "../../i18n/fill";
import type { Language } from "../../i18n/paths";
import type { CountryOption } from "../address/countries";
import type { DialCodeRegions, DialCountry } from "../enrolment/dial-code";
import { accountBridge, type AccountBridge } from "../auth/bridge";
import { callsOver, type Call } from "./api";
import { HistorySection } from "./HistorySection";
import { HouseholdMembersSection } from "./HouseholdMembersSection";
import { InstalmentsSection } from "./InstalmentsSection";
import { MissedFastsSection } from "./MissedFastsSection";
import { PlansSection } from "./PlansSection";
import { ProfileSection, type UserData } from "./ProfileSection";
import { RemindersSection } from "./RemindersSection";
import { StatementSection } from "./StatementSection";
import { CloseAccount } from "./CloseAccount";

export type Label = (key: string, values?: Readonly<Record<string, string>>) => string;

export interface AccountProps {
  readonly lang: Language;
  readonly labels: Readonly<Record<string, string>>;
  readonly countries: ReadonlyArray<CountryOption>;
  /** The mobile number's dial-code list and the main country of each shared code (built into the page). */
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly dialRegions: DialCodeRegions;
}

type State =
  | { readonly kind: "loading" }
  | { readonly kind: "off" }
  | { readonly kind: "signedOut"; readonly bridge: AccountBridge }
  | { readonly kind: "notRegistered" }
  | { readonly kind: "failed" }
  | { readonly kind: "closed" }
  | {
      readonly kind: "ready";
      readonly call: Call;
      readonly bridge: AccountBridge;
      readonly user: UserData;
    };

/**
 * The signed-in donor's account area (spec §2 /profile and its per-flow twins; §6 what a signed-in donor
 * may do): profile, giving history, recurring plans and saved cards, statements. Everything it shows comes
 * from the donor's own calls; a signed-out visitor is asked to sign in.
 */
export default function AccountArea(props: AccountProps) {
  const t: Label = useCallback(
    (key, values = {}) => fill(props.labels[key] ?? key, values),
    [props.labels],
  );
  const [state, setState] = useState<State>({ kind: "loading" });
  // Plans and history change together (a cancelled plan, a tax registration): bump to reload both.
  const [version, setVersion] = useState(0);
  const [years, setYears] = useState<ReadonlyArray<number>>([]);

  const load = useCallback(async () => {
    const bridge = await accountBridge();
    if (!bridge.enabled) return setState({ kind: "off" });
    if (!(await bridge.signedIn())) return setState({ kind: "signedOut", bridge });
    const call = callsOver(bridge);
    try {
      const details = await call<{ data: UserData | null }>("getSignInUserDetails");
      if (!details.data) return setState({ kind: "notRegistered" });
      setState({ kind: "ready", call, bridge, user: details.data });
    } catch (error) {
      const status = (error as { httpStatus?: number }).httpStatus;
      setState(status === 404 || status === 401 ? { kind: "notRegistered" } : { kind: "failed" });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === "loading") {
    return (
      <p className="account-note" role="status">
        {t("account_loading")}
      </p>
    );
  }
  if (state.kind === "off") return <p className="account-note">{t("account_off")}</p>;
  if (state.kind === "failed") {
    return (
      <p className="account-note" role="alert">
        {t("account_error_generic")}
      </p>
    );
  }
  if (state.kind === "closed") {
    return (
      <p className="account-note" role="status">
        {t("account_close_done")}
      </p>
    );
  }
  if (state.kind === "notRegistered") {
    return <p className="account-note">{t("account_not_registered")}</p>;
  }
  if (state.kind === "signedOut") {
    return (
      <section className="account-signed-out" aria-labelledby="account-sign-in-heading">
        <h2 id="account-sign-in-heading">{t("account_sign_in_heading")}</h2>
        <p>{t("account_sign_in_text")}</p>
        <button type="button" className="button" onClick={() => state.bridge.open("LOGIN")}>
          {t("account_sign_in_button")}
        </button>
      </section>
    );
  }
  const common = { call: state.call, t };
  return (
    <div className="account-area">
      <nav className="account-nav" aria-label={t("account_sections")} data-scroll-nav>
        <ul>
          <li>
            <a href="#account-profile">{t("account_profile_heading")}</a>
          </li>
          <li>
            <a href="#account-history">{t("account_history_heading")}</a>
          </li>
          <li>
            <a href="#account-plans">{t("account_plans_heading")}</a>
          </li>
          <li>
            <a href="#account-household">{t("account_household_heading")}</a>
          </li>
          <li>
            <a href="#account-fasts">{t("account_fasts_heading")}</a>
          </li>
          <li>
            <a href="#account-statements">{t("account_statements_heading")}</a>
          </li>
          <li>
            <a href="#account-instalments">{t("instal_title")}</a>
          </li>
          <li>
            <a href="#account-reminders">{t("reminders_title")}</a>
          </li>
          <li>
            <a href="#account-close">{t("account_close_heading")}</a>
          </li>
        </ul>
      </nav>
      <ProfileSection
        {...common}
        user={state.user}
        bridge={state.bridge}
        countries={props.countries}
        dialCountries={props.dialCountries}
        dialRegions={props.dialRegions}
        onChanged={(user) => setState({ ...state, user })}
      />
      <HistorySection {...common} lang={props.lang} version={version} onYears={setYears} />
      <PlansSection
        {...common}
        lang={props.lang}
        version={version}
        onChanged={() => setVersion((v) => v + 1)}
      />
      <InstalmentsSection {...common} lang={props.lang} />
      <HouseholdMembersSection {...common} />
      <MissedFastsSection {...common} lang={props.lang} />
      <StatementSection {...common} lang={props.lang} years={years} />
      <RemindersSection {...common} lang={props.lang} />
      <CloseAccount
        {...common}
        bridge={state.bridge}
        onClosed={() => setState({ kind: "closed" })}
      />
    </div>
  );
}
