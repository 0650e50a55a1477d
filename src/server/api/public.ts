import { Schema } from "effect";
import {
  fundOfCharity,
  giftItemOf,
  isWakafFlow,
  MAIN_CHARITY_ID,
  payPartners,
  fundsOfBrand,
  type FlowType,
} from "@portal/domain";
import { charityIdOf } from "./configuration";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/** The spec's page size (§9) is also the most a page may hold. */
export const PAGE_SIZE = 100;

const PageNumber = Schema.NumberFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 1, maximum: 1_000_000 }),
);

/** `pageNumber`/`pageSize` of a query, defaulting to the first page of 100; anything else is a 400. */
const pageOf = (query: URLSearchParams, number = "pageNumber") => {
  const read = (name: string, fallback: number) => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    try {
      return Schema.decodeUnknownSync(PageNumber)(raw);
    } catch {
      throw new RequestError(400, `${name} must be a whole number from 1`);
    }
  };
  return { pageNo: read(number, 1), pageSize: Math.min(read("pageSize", PAGE_SIZE), PAGE_SIZE) };
};

/** The wakaf fund a charity id names (the fund registry's), with its gift's item key, or a 404. */
const fundOf = (charityId: number): { flow: FlowType; key: string } => {
  const fund = fundOfCharity(charityId);
  const flow = fund?.flow as FlowType | undefined;
  const key = flow && isWakafFlow(flow) ? giftItemOf(flow) : undefined;
  if (flow === undefined || key === undefined) throw new RequestError(404, "Unknown wakaf fund");
  return { flow, key };
};

const publicRead = { "cache-control": "public, max-age=5" };

/** Recent gifts to a wakaf fund; donors who gave anonymously show as 'Hamba Allah' (§6). */
const donorWall =
  ({ services }: HandlerServices): Handler =>
  async ({ query }) => {
    const { flow } = fundOf(charityIdOf(query));
    const page = pageOf(query);
    const result = await (await services.records.history()).donorWall(flow, page);
    return success(
      { data: result.records, totalRecords: result.totalRecords, pageNumber: page.pageNo },
      publicRead,
    );
  };

/** How a donor can pay (§9 payment icons): the domain's list, which the wakaf pages also show. */
const getPayPartners: Handler = async ({ query }) => {
  const charityId = charityIdOf(query);
  if (charityId !== MAIN_CHARITY_ID) fundOf(charityId);
  return success({ data: payPartners }, publicRead);
};

/** The donation widget of each wakaf fund (§3 donation widget state), amount limits in cents. */
const widgets: Record<string, unknown> = Object.fromEntries(
  fundsOfBrand("wakaf").flatMap((fund) => {
    const key = giftItemOf(fund.flow);
    if (key === undefined) return [];
    const ids = { charityId: fund.charityId, donationTypeId: fund.donationTypeId };
    return [
      [
        key,
        {
          id: `${fund.charityId}`,
          ...ids,
          causes: [{ key, ...ids }],
          minAmount: fund.limits.min,
          maxAmount: fund.limits.max,
          frequencies: ["one time", "daily", "weekly", "monthly", "quarterly", "annually"],
          donationAmount: 0,
          frequency: "one time",
        },
      ],
    ];
  }),
);

const donationWidget: Handler = async ({ query }) =>
  success({ data: widgets[fundOf(charityIdOf(query)).key] }, publicRead);

/** The public reads, which CDNs and browsers may cache. */
export const PUBLIC_CALLS = ["donorWall", "getPayPartners", "donationWidget"] as const;

export const publicHandlers = (given: HandlerServices) =>
  ({ donorWall: donorWall(given), getPayPartners, donationWidget }) satisfies Record<
    (typeof PUBLIC_CALLS)[number],
    Handler
  >;
