// Draws the content blocks an officer set (spec §9, blocks 4 to 14) into each `[data-home-content]`
// section, as plain text: a block's words never become markup.
import { homeContentOf, inLanguage } from "@portal/domain";
import { homePageConfigurationData } from "../../lib/home-config";
import { isRecord } from "../../stores/session-storage";

for (const section of document.querySelectorAll<HTMLElement>("[data-home-content]")) {
  const charityId = Number(section.dataset["charity"]);
  const lang = section.dataset["lang"] ?? "en";
  if (!Number.isSafeInteger(charityId)) continue;
  void homePageConfigurationData(charityId)
    .then((data) => {
      const { texts } = homeContentOf(isRecord(data) ? data["homePageContent"] : undefined);
      const blocks = texts.flatMap((block) => {
        const title = inLanguage(block.title, lang);
        const text = inLanguage(block.text, lang);
        if (title === undefined && text === undefined) return [];
        const article = document.createElement("article");
        article.className = "home-block";
        article.dataset["block"] = String(block.id);
        if (title !== undefined) {
          const heading = document.createElement("h2");
          heading.textContent = title;
          article.append(heading);
        }
        if (text !== undefined) {
          for (const paragraph of text.split(/\n{2,}/)) {
            const p = document.createElement("p");
            p.textContent = paragraph;
            article.append(p);
          }
        }
        return [article];
      });
      section.replaceChildren(...blocks);
      section.hidden = blocks.length === 0;
    })
    .catch(() => undefined);
}
