/**
 * "Manage this gift" links (issue 22, item 4). A recurring gift is changed or stopped only by its
 * signed-in owner or through the link e-mailed with each of its receipts: a token of its own (256
 * random bits, only its SHA-256 kept here), for one plan, until `expires_at` (the portal's clock).
 * The receipt token no longer controls a plan.
 *
 * `donation.lang` is the language the donor gave in (the checkout page's), so the plan's e-mails
 * and the link's page are in that language; renewals copy it from the first payment. Unknown for
 * donations made before this migration or by callers that do not say: English.
 */
export const manageLinks = `
alter table donation add column lang text check (lang in ('en', 'ms'));

create table recurring_manage_token (
  token_hash bytea primary key,
  plan_id uuid not null references recurring_plan (id),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index recurring_manage_token_plan on recurring_manage_token (plan_id);
create index recurring_manage_token_expiry on recurring_manage_token (expires_at);
`;
