/**
 * The funds as a table, so the database holds every donation and plan to a known fund without a list
 * written into a CHECK: `seed` writes one row per entry of the fund registry (packages/domain/src/funds)
 * at every start, so a new fund needs no migration. This migration adds the funds that existed when it
 * was written, for the rows already stored, and swaps the two CHECK lists for foreign keys.
 */
export const fundTable = `
insert into receipt_series (series, next_serial) values ('ZK', 1), ('WK', 1) on conflict (series) do nothing;

create table fund (
  flow text primary key check (flow ~ '^[A-Z][A-Z0-9_]{0,30}$'),
  name text not null,
  receipt_series text not null references receipt_series (series)
);
insert into fund (flow, name, receipt_series) values
  ('ZAKAT', 'Zakat', 'ZK'),
  ('FIDYAH', 'Fidyah', 'ZK'),
  ('KAFFARAH', 'Kaffarah', 'ZK'),
  ('ILMU', 'Wakaf Ilmu', 'WK'),
  ('WMS', 'Wakaf Masyarakat Singapura', 'WK');

alter table donation drop constraint donation_flow_check,
  add constraint donation_flow_fund foreign key (flow) references fund (flow);
alter table recurring_plan drop constraint recurring_plan_flow_check,
  add constraint recurring_plan_flow_fund foreign key (flow) references fund (flow);
`;
