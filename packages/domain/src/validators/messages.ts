/**
 * Every translation key a validator can return, with its English text. Texts quoted from spec §5 are
 * reproduced exactly, typos included ('Maxmium', 'NIRC'); the others (marked "ours") are not in the spec
 * and were written for this package. The app builds its translation files from this table.
 */
export const validationMessages = {
  "validation.nric.required": "Please Enter NRIC/FIN",
  "validation.nric.invalid": "Enter Valid NRIC/FIN",
  "validation.signupNric.required": "Please enter NIRC/FIN",
  "validation.signupNric.invalid": "Please enter valid NIRC/FIN",
  "validation.email.required": "Enter email address",
  "validation.email.blank": "Email can't be blank",
  "validation.email.invalid": "Please enter valid email address",
  "validation.mobile.invalid": "Please enter the valid mobile number",
  "validation.mobile.min": "Minimum 8 numbers",
  "validation.mobile.max": "Maxmium 16 numbers",
  "validation.mobile.exists":
    "The mobile number already exists, please enter another mobile number",
  "validation.contactPerson.required": "Contact person name can't be blank",
  "validation.contactPerson.invalid": "Please enter valid contact person name",
  "validation.uen.required": "Please enter UEN",
  "validation.uen.pattern": "Invalid UEN Number",
  "validation.uen.invalid": "Please enter valid UEN number",
  "validation.fullName.required": "Full Name can't be blank",
  "validation.fullName.invalid": "Please enter valid full name",
  "validation.fullName.enter": "Enter full name",
  "validation.firstName.invalid": "Enter Valid First Name",
  "validation.onBehalfOf.invalid": "Enter valid on behalf of name",
  "validation.registeredAddress.required": "Please enter registered address",
  "validation.terms.required": "Please Agree to our terms and conditions",
  "validation.option.required": "Please select any one option",
  "validation.dateOfBirth.required": "Please select date of birth",
  "consent.zakatUpdates":
    "Do you wish to receive information and updates on your Zakat contribution?",
  // ours
  "validation.password.length": "Password must be at least 7 characters",
  "validation.password.uppercase": "Password must contain an uppercase letter",
  "validation.password.lowercase": "Password must contain a lowercase letter",
  "validation.password.digit": "Password must contain a number",
  "validation.password.symbol": "Password must contain a special character",
  "validation.password.spaces": "Password must not contain spaces",
  "validation.companyName.required": "Please enter company name",
  "validation.companyName.invalid": "Please enter valid company name",
  "validation.date.invalid": "Please enter a valid date (dd/mm/yyyy)",
  "validation.date.future": "Date cannot be in the future",
  "validation.length.max": "Too many characters",
  "validation.name.tooLong": "A name can be at most 66 characters",
  "validation.contactPerson.tooLong": "A contact person's name can be at most 49 characters",
  "validation.card.characters": "Card number may contain only digits, spaces and hyphens",
  "validation.card.invalid": "Please enter a valid card number",
  "validation.url.invalid": "Please enter a valid URL",
  "validation.amount.min": "Amount is below the minimum of {{limit}}",
  "validation.amount.max": "Amount is above the maximum of {{limit}}",
  "validation.amount.ceiling": "Amount is too large",
  "validation.kaffarah.quantity": "Quantity must be a whole number up to 9999",
  "validation.kaffarah.minAmount": "Minimum amount is $5",
  "validation.postalCode.required": "Please enter a postal code",
  "validation.postalCode.invalid": "Please enter a 6-digit postal code",
} as const;

/** A translation key returned by a validator. */
export type ValidationKey = keyof typeof validationMessages;

/** Result of a validator: `null` when valid, otherwise the key of the message to show. */
export type Validation = ValidationKey | null;
