import { useStore } from "@nanostores/react";
import type { LoginPopup } from "@portal/domain";
import { $authPopup } from "../../stores/auth-popup";
import { $notRegistered } from "../../stores/not-registered";
import { useMaskedPage, usePopupMark } from "./page-mask";
import type { AuthContext } from "./context";
import { Modal } from "./Modal";
import { MobileTaken, Notice, NotRegistered, NricOnlyStep } from "./Notices";
import {
  ForgotPasswordForm,
  NewPasswordForm,
  ResetPasswordForm,
  SignInForm,
  VerifyPendingForm,
} from "./SignInForms";
import { SignUpForm } from "./SignUpForm";

const titles: Record<LoginPopup["kind"], string> = {
  LOGIN: "auth_login_title",
  SIGN_UP: "auth_signup_title",
  FORGOT_PASSWORD: "auth_forgot_title",
  RESET_PASSWORD: "auth_reset_title",
  VERIFY_PENDING: "auth_verify_title",
  NEW_PASSWORD: "auth_new_password_title",
  CHANGE_PASSWORD: "auth_change_password_title",
  NIRC_UNIQUE: "auth_nric_title",
  ALREADY_HAVE_ACCOUNT: "auth_have_account_title",
  NOT_REGISTERED: "auth_not_registered_title",
  MOBILE_TAKEN: "auth_mobile_taken_title",
  UNAUTHORISED: "auth_unauthorised_title",
  PRE_REGISTERED: "auth_pre_registered_title",
  LOGOUT_CONFIRM: "auth_logout_title",
};

function Body({ popup, context }: { readonly popup: LoginPopup; readonly context: AuthContext }) {
  const close = () => $authPopup.set(null);
  switch (popup.kind) {
    case "LOGIN":
      return <SignInForm context={context} notice={popup.notice} email={popup.email} />;
    case "SIGN_UP":
      return <SignUpForm context={context} />;
    case "FORGOT_PASSWORD":
      return <ForgotPasswordForm context={context} />;
    case "RESET_PASSWORD":
      return <ResetPasswordForm context={context} email={popup.email} />;
    case "VERIFY_PENDING":
      return <VerifyPendingForm context={context} email={popup.email} />;
    case "NEW_PASSWORD":
      return <NewPasswordForm context={context} change={false} />;
    case "CHANGE_PASSWORD":
      return <NewPasswordForm context={context} change />;
    case "NIRC_UNIQUE":
      return <NricOnlyStep context={context} provider={popup.provider} taken={popup.taken} />;
    case "ALREADY_HAVE_ACCOUNT":
      return (
        <Notice
          text={context.t("auth_have_account_text", { email: popup.email })}
          primary={{
            label: context.t("auth_login_submit"),
            onClick: () => $authPopup.set({ kind: "LOGIN" }),
          }}
          secondary={{ label: context.t("auth_cancel"), onClick: close }}
        />
      );
    case "NOT_REGISTERED":
      return <NotRegistered context={context} uenTaken={popup.uenTaken === true} />;
    case "UNAUTHORISED":
      return <NotRegistered context={context} />;
    case "MOBILE_TAKEN":
      return <MobileTaken context={context} />;
    case "PRE_REGISTERED":
      return (
        <Notice
          text={context.t("auth_pre_registered_text")}
          primary={{
            label: context.t("auth_login_submit"),
            onClick: () => $authPopup.set({ kind: "LOGIN" }),
          }}
        />
      );
    case "LOGOUT_CONFIRM":
      return (
        <Notice
          text={context.t("auth_logout_text")}
          primary={{
            label: context.t("auth_logout_confirm"),
            onClick: () => void context.signOut(true),
          }}
          secondary={{ label: context.t("auth_cancel"), onClick: close }}
        />
      );
  }
}

/**
 * Every login popup of §2, one at a time, as `$authPopup` says. While the account is not registered
 * (`$notRegistered`), the page behind is blank and masked (useMaskedPage) and the not-registered popup
 * cannot be closed: closing any other popup (the sign-up it leads to) comes back to it.
 */
export default function AuthPopups({ context }: { readonly context: AuthContext }) {
  const shown = useStore($authPopup);
  const notRegistered = useStore($notRegistered);
  const popup: LoginPopup | null =
    shown ?? (notRegistered ? { kind: "NOT_REGISTERED", from: "LOGIN" } : null);
  useMaskedPage(notRegistered);
  usePopupMark(popup?.kind);
  if (!popup) return null;
  const locked = notRegistered && popup.kind === "NOT_REGISTERED";
  return (
    <Modal
      key={popup.kind}
      title={context.t(titles[popup.kind])}
      closeLabel={context.t("auth_close")}
      onClose={() => $authPopup.set(null)}
      dismissible={!locked}
    >
      <Body popup={popup} context={context} />
    </Modal>
  );
}
