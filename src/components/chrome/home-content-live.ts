// Draws the content blocks an officer set (spec §9, blocks 4 to 14) into each `[data-home-content]`
// section, as plain text: a block's words never become markup. Issue 34: as the domain's
// `homeParagraphs` reads a text (HomeContent.astro draws it so when the page is built), a paragraph of
// "- " lines is a list, and the values a text names in braces (HOME_FILLS: the rates in force, the
// days left to pay fitrah) come worked out by the server in the page's language (`homeFills`, every
// name, "" for one it cannot give: that line is left out; a name it does not send stays as typed).
// Written out here rather than imported: the home page's JavaScript budget is 10 KB.
import { homeContentOf, inLanguage } from "@portal/domain";
import { homePageConfigurationData } from "../../lib/home-config";
import { isRecord } from "../../stores/session-storage";

const add = (parent: HTMLElement, tag: string, text?: string): HTMLElement => {
  const element = document.createElement(tag);
  if (text !== undefined) element.textContent = text;
  parent.append(element);
  return element;
};

for (const section of document.querySelectorAll<HTMLElement>("[data-home-content]")) {
  const charityId = Number(section.dataset["charity"]);
  const lang = section.dataset["lang"] ?? "en";
  if (!Number.isSafeInteger(charityId)) continue;
  void homePageConfigurationData(charityId)
    .then((data) => {
      if (!isRecord(data)) return;
      // Read only as text below: anything else in it is passed over.
      const values =
        (data["homeFills"] as Record<string, Record<string, unknown>> | null)?.[lang] ?? {};
      const blocks = homeContentOf(data["homePageContent"]).texts.flatMap((block) => {
        const title = inLanguage(block.title, lang);
        const text = inLanguage(block.text, lang);
        if (title === undefined && text === undefined) return [];
        const article = document.createElement("article");
        article.className = "home-block";
        if (title !== undefined) add(article, "h2", title);
        for (const paragraph of (text ?? "").split(/\n{2,}/)) {
          const lines = paragraph.split("\n").filter((line) => line.trim());
          const list = lines.every((line) => line.startsWith("- "));
          const shown = lines.flatMap((line) => {
            let given = true;
            const filled = (list ? line.slice(2) : line).replace(
              /\{([A-Za-z]+)\}/g,
              (braced, name: string) => {
                const value = values[name];
                if (typeof value !== "string") return braced;
                given &&= value !== "";
                return value;
              },
            );
            return given ? [filled] : [];
          });
          if (shown.length === 0) continue;
          if (list) {
            const items = add(article, "ul");
            for (const line of shown) add(items, "li", line);
          } else add(article, "p", shown.join(" "));
        }
        return [article];
      });
      section.replaceChildren(...blocks);
      section.hidden = blocks.length === 0;
    })
    .catch(() => undefined);
}
