// The social networks' marks, drawn inline rather than fetched so the footer needs no image requests.
// Shared by the footer as built (SocialIcons.astro) and as refreshed from the served configuration
// (contacts-live.ts).
const marks: Readonly<Record<string, string>> = {
  facebook:
    "M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21z",
  instagram:
    "M12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 7.4a2.9 2.9 0 1 1 0-5.8 2.9 2.9 0 0 1 0 5.8zM16.8 6.1a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM7.6 3h8.8A4.6 4.6 0 0 1 21 7.6v8.8a4.6 4.6 0 0 1-4.6 4.6H7.6A4.6 4.6 0 0 1 3 16.4V7.6A4.6 4.6 0 0 1 7.6 3zm0 1.6a3 3 0 0 0-3 3v8.8a3 3 0 0 0 3 3h8.8a3 3 0 0 0 3-3V7.6a3 3 0 0 0-3-3z",
  youtube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z",
};
// A link's mark for a network without its own.
const fallback =
  "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1m2 5a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1";

/** The mark's path for a network's name (`facebook`, ...). */
export const socialMark = (name: string): string => marks[name.toLowerCase()] ?? fallback;

/** The network's name as a link names it (`Facebook`). */
export const socialTitle = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** A telephone link for a number as written (`+65 6359 1199` → `tel:+6563591199`). */
export const telLink = (number: string): string => `tel:${number.replace(/[^\d+]/g, "")}`;
