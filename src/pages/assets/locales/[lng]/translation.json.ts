import type { APIRoute, GetStaticPaths } from "astro";
import { languages, resources, type Language } from "../../../../i18n";

/** The translation files, prerendered to /assets/locales/{lng}/translation.json as the spec says. */
export const getStaticPaths = (() =>
  languages.map((lng) => ({ params: { lng } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  Response.json(resources[params["lng"] as Language].translation);
