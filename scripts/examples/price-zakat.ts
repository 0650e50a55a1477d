// A developer's script over the domain, run by plain Node 24 (`node scripts/examples/price-zakat.ts`):
// Node strips the types itself, so @portal/domain is imported as the source it is, with no build and no
// loader. scripts/domain-purity.test.mjs runs it and checks what it prints.
import {
  calculateZakat,
  dollarsToCents,
  formatMoney,
  initialZakatState,
  reduceZakat,
  seedRates,
  type ZakatAction,
} from "@portal/domain";

// Two accounts: $10,000 with $200 of interest (not zakatable) and $1,500. Net $11,300, above the nisab.
const actions: ZakatAction[] = [
  {
    type: "savings/update",
    index: 0,
    patch: { amount: dollarsToCents(10_000), interest: dollarsToCents(200) },
  },
  { type: "savings/add" },
  { type: "savings/update", index: 1, patch: { amount: dollarsToCents(1_500) } },
];
const state = actions.reduce((s, action) => reduceZakat(s, action, seedRates), initialZakatState);
const { savings, hartaTotal } = calculateZakat(state, seedRates);

console.log(
  JSON.stringify({
    net: savings.net,
    nisab: seedRates.nisabValue,
    zakat: savings.zakat,
    hartaTotal,
    shown: formatMoney(savings.zakat),
  }),
);
