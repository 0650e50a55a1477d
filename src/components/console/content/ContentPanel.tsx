import { useCallback, useEffect, useId, useState } from "react";
import { MAIN_CHARITY_ID, type SiteContent, type SiteContentChange } from "@portal/domain";
import { Gated, Outcome, operate, translate, useOutcome, type Labels } from "../operations/kit";
import {
  BlocksCard,
  ContactCard,
  DonorWallCard,
  LinksCard,
  LinksElsewhere,
  SocialCard,
  type Wrong,
} from "./ContentCards";

interface Loaded {
  readonly charities: ReadonlyArray<{ readonly id: number; readonly name: string }>;
  readonly content: SiteContent;
}

const FIELD_MESSAGES: Record<string, string> = {
  "content.required": "consolecontent_field_required",
  "content.both_languages": "consolecontent_field_both",
};

/**
 * The content page (issue 23): pick whose pages, then change their contact details, social links,
 * home-page blocks 4 to 14 and donor-wall settings, each card saved on its own. The server checks and
 * cleans every field; a refused one is marked, named and focused.
 */
function Content({ labels }: { labels: Labels }) {
  const t = translate(labels);
  const charityLabel = useId();
  const [charityId, setCharityId] = useState<number | undefined>();
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [failed, setFailed] = useState(false);
  // Each load or save gives the cards a new key, so their entries start again from what is stored.
  const [generation, setGeneration] = useState(0);
  const [wrong, setWrong] = useState<Wrong | undefined>();
  const [busy, setBusy] = useState(false);
  const [blockId, setBlockId] = useState(4);
  // The card whose save the outcome is of: it is said just below that card's button.
  const [savedBy, setSavedBy] = useState<string | undefined>();
  const [outcome, setOutcome] = useOutcome();

  const load = useCallback(async (id?: number) => {
    const reply = await operate<Loaded>(
      `/console/api/content${id === undefined ? "" : `?charityId=${id}`}`,
    );
    if (!reply.ok || !reply.data) {
      setFailed(true);
      return;
    }
    setLoaded(reply.data);
    setCharityId(reply.data.content.charityId);
    setGeneration((n) => n + 1);
  }, []);
  useEffect(() => void load(), [load]);

  useEffect(() => {
    if (wrong) document.querySelector<HTMLElement>(`[name="${CSS.escape(wrong.field)}"]`)?.focus();
  }, [wrong]);

  const save = async (part: SiteContentChange): Promise<boolean> => {
    setBusy(true);
    setOutcome({ text: "", error: false });
    setSavedBy(Object.keys(part)[0]);
    setWrong(undefined);
    const reply = (await operate<{ content: SiteContent }>("/console/api/content", {
      charityId,
      ...part,
    })) as Awaited<ReturnType<typeof operate<{ content: SiteContent }>>> & { field?: string };
    setBusy(false);
    if (reply.ok && reply.data && loaded) {
      setLoaded({ ...loaded, content: reply.data.content });
      setGeneration((n) => n + 1);
      setOutcome({ text: t("consolecontent_saved"), error: false });
      return true;
    }
    if (reply.field) {
      setWrong({
        field: reply.field,
        message: t(FIELD_MESSAGES[reply.code ?? ""] ?? "consolecontent_field_wrong"),
      });
      setOutcome({ text: t("consolecontent_not_saved"), error: true });
    } else {
      setOutcome({
        text: t(reply.code === "console.forbidden" ? "console_forbidden" : "console_error"),
        error: true,
      });
    }
    return false;
  };

  if (failed) return <p role="alert">{t("console_error")}</p>;
  if (!loaded) return <p>{t("console_loading")}</p>;
  const cards = { t, busy, wrong, save, content: loaded.content };
  return (
    <>
      <p>{t("consolecontent_intro")}</p>
      <div className="console-field console-field--charity">
        <label id={charityLabel} htmlFor={`${charityLabel}-select`}>
          {t("consolecontent_charity")}
        </label>
        <select
          id={`${charityLabel}-select`}
          value={charityId}
          disabled={busy}
          onChange={(event) => {
            setSavedBy(undefined);
            setWrong(undefined);
            void load(Number(event.target.value));
          }}
        >
          {loaded.charities.map((charity) => (
            <option key={charity.id} value={charity.id}>
              {charity.name}
            </option>
          ))}
        </select>
      </div>
      {(
        [
          ["contact", <ContactCard key={`contact-${generation}`} {...cards} />],
          ["socialMediaIcons", <SocialCard key={`social-${generation}`} {...cards} />],
          [
            "blocks",
            <BlocksCard
              key={`blocks-${generation}`}
              {...cards}
              blockId={blockId}
              choose={setBlockId}
            />,
          ],
          ["donorWall", <DonorWallCard key={`wall-${generation}`} {...cards} />],
          loaded.content.charityId === MAIN_CHARITY_ID
            ? (["links", <LinksCard key={`links-${generation}`} {...cards} />] as const)
            : ([
                "links",
                <LinksElsewhere
                  key="links-elsewhere"
                  t={t}
                  site={
                    loaded.charities.find((charity) => charity.id === MAIN_CHARITY_ID)?.name ?? ""
                  }
                />,
              ] as const),
        ] as const
      ).map(([part, card]) => (
        <div key={part} className="console-content-part">
          {card}
          {/* Outside the card, which starts again after a save: the region stays and is heard. */}
          <div aria-live="polite">{savedBy === part ? <Outcome {...outcome} /> : null}</div>
        </div>
      ))}
    </>
  );
}

export default function ContentPanel({ labels }: { labels: Labels }) {
  return (
    <Gated action="content.edit" t={translate(labels)}>
      <Content labels={labels} />
    </Gated>
  );
}
