import { useEffect, useRef, useState } from "react";
import { sessionBridge } from "../auth/bridge";
import type { DialCodeRegions, DialCountry } from "../enrolment/dial-code";
import { emptyDonor, type DonorEntry } from "./DonorFields";
import { keptOwner } from "./kept-donor";
import { ownerOf } from "./owner";
import type { SignedInState } from "./signed-in";

/**
 * The donor signed in in this tab (the same test as the header's, so a guest never waits): the
 * account's details fill the fields still empty, its saved cards are offered (the first chosen) and
 * its people are offered to the household form. Split from state.ts; `signed-in.ts` stays lazy.
 */
export function useSignedInDonor(options: {
  readonly setDonor: (next: (typed: DonorEntry) => DonorEntry) => void;
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly dialRegions: DialCodeRegions;
}) {
  const { setDonor, dialCountries, dialRegions } = options;
  const [signedIn, setSignedIn] = useState<SignedInState | null>(null);
  const [prefilled, setPrefilled] = useState(false);
  /** A saved card's id, or "new". */
  const [cardChoice, setCardChoice] = useState("new");
  // Whose details these are: "guest" until the tab's sign-in is known.
  const donorOwner = useRef("guest");
  useEffect(() => {
    let live = true;
    void (async () => {
      const bridge = await sessionBridge();
      if (!bridge) return;
      const [{ signedInDonor, prefillDonor }, owner] = await Promise.all([
        import("./signed-in"),
        bridge.authorization().then(ownerOf),
      ]);
      const found = owner.key === "guest" ? null : await signedInDonor(bridge, new Date());
      if (!live || !found) return;
      setSignedIn({ owner: owner.key, cards: found.cards, household: found.household });
      setCardChoice(found.cards[0]?.id ?? "new");
      // Details kept from before this sign-in (a guest's) give way to the account's.
      const theirs = keptOwner() === owner.key;
      donorOwner.current = owner.key;
      setDonor((typed) =>
        prefillDonor(theirs ? typed : emptyDonor, found.details, dialCountries, dialRegions),
      );
      setPrefilled(true);
    })().catch(() => {
      // Without the account the donor types their details; paying says what failed, if anything.
    });
    return () => {
      live = false;
    };
  }, []);
  return { signedIn, setSignedIn, prefilled, cardChoice, setCardChoice, donorOwner };
}
