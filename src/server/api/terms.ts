import { TERMS_VERSION } from "@portal/domain";
import { RequestError } from "./envelope";

/** An agreement to the terms as it is kept: the version ticked and when (spec §5 iAgree). */
export interface Agreement {
  readonly version: string;
  readonly agreedAt: string;
}

/**
 * The agreement a form sends with the Singpass enrolment and the NRIC step of a sign-up: the current
 * terms (`TERMS_VERSION`), or 422 `terms.required`, which the pages show in the donor's language.
 */
export function requiredTerms(version: string | undefined): Agreement {
  if (version !== TERMS_VERSION) {
    throw new RequestError(422, "Please agree to our terms and conditions.", "terms.required");
  }
  return { version, agreedAt: new Date().toISOString() };
}
