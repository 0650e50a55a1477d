// Spec §3's card-brand and payment-method images, drawn here as small inline SVGs: plain word-marks in
// the brands' colours (no copied logos), or an outlined card for a card of no known brand.
import type { CardImage, PaymentMethodImage } from "@portal/domain";

type BadgeImage = Exclude<CardImage | PaymentMethodImage, "DefaultCard" | "default">;

/** Word-marks: background, word, word colour. */
const MARKS: Readonly<Record<BadgeImage, readonly [string, string, string]>> = {
  Visa: ["#1a1f71", "VISA", "#ffffff"],
  MasterCard: ["#252525", "Mastercard", "#ffb600"],
  AmericanExpress: ["#006fcf", "AMEX", "#ffffff"],
  DinersClub: ["#0a4f8c", "Diners", "#ffffff"],
  JCB: ["#0e4c96", "JCB", "#ffffff"],
  UnionPay: ["#b3001b", "UnionPay", "#ffffff"],
  googlepay: ["#ffffff", "G Pay", "#3c4043"],
  applepay: ["#000000", "Apple Pay", "#ffffff"],
  alipay: ["#1677ff", "Alipay", "#ffffff"],
  grabpay: ["#00b14f", "GrabPay", "#ffffff"],
  paynow: ["#7c1a78", "PayNow", "#ffffff"],
  nets: ["#004996", "NETS", "#ffffff"],
  cash: ["#2e7d32", "$", "#ffffff"],
  cheque: ["#5d4037", "CHQ", "#ffffff"],
  banktransfer: ["#37474f", "BANK", "#ffffff"],
};

/**
 * A card brand's or payment method's image, 48 × 30: the word-mark, or an outlined card for a card of
 * no known brand. With `name` it is an image of that name; without, it sits beside its visible name
 * and is hidden from screen readers.
 */
export function PaymentImage(props: {
  readonly image: CardImage | PaymentMethodImage;
  readonly name?: string;
  readonly testId?: string;
}) {
  const mark = props.image in MARKS ? MARKS[props.image as BadgeImage] : undefined;
  const named =
    props.name === undefined
      ? ({ "aria-hidden": true } as const)
      : ({ role: "img", "aria-label": props.name } as const);
  return (
    <svg
      className="payment-image"
      viewBox="0 0 48 30"
      width="48"
      height="30"
      focusable="false"
      data-image={props.image}
      data-testid={props.testId}
      {...named}
    >
      {props.name === undefined ? null : <title>{props.name}</title>}
      {mark ? (
        <>
          <rect x=".5" y=".5" width="47" height="29" rx="4" fill={mark[0]} stroke="#8a9490" />
          <text
            x="24"
            y="19.5"
            fill={mark[2]}
            fontFamily="Arial,Helvetica,sans-serif"
            fontSize={mark[1].length > 6 ? 9 : 12}
            {...(mark[1].length > 6
              ? { textLength: 40, lengthAdjust: "spacingAndGlyphs" as const }
              : {})}
            fontWeight="700"
            fontStyle={props.image === "Visa" ? "italic" : undefined}
            textAnchor="middle"
          >
            {mark[1]}
          </text>
        </>
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="5" y="4" width="38" height="22" rx="3" />
          <path d="M5 11h38M10 20h8" />
        </g>
      )}
    </svg>
  );
}
