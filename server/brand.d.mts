// Types of brand.mjs for the TypeScript tests that use it.
export function splitLanguage(urlPath: string): { prefix: string; rest: string };
export function productRouteOf(value: string | undefined): string;
export function onWakafHost(host: string | undefined, productRoute: string): boolean;
export function notFoundPagePath(
  urlPath: string,
  host: string | undefined,
  productRoute: string,
  wakafHost?: boolean,
): string;
export function brandedPagePath(
  urlPath: string,
  searchParams: URLSearchParams,
  host: string | undefined,
  productRoute: string,
  wakafFlows?: ReadonlySet<string>,
  wakafHost?: boolean,
): string;
