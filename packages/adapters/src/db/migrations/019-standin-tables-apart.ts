/**
 * The stand-ins' tables leave the portal's schema. Migrations 005, 008, 009, 010 and 021 once also
 * made the tables of the embedded stand-ins (the sandbox gateway's payments, cards and refunds; the
 * identity stand-in's codes, temporary passwords, e-mail changes and challenges); those parts now live
 * in `@portal/standins`,
 * whose own migrations (`standin_migration`) make them only where a stand-in runs. A database migrated
 * before keeps what it holds: each group of tables (a table and those that refer to it) is dropped here
 * only while all of it is empty (so a production database, where no stand-in ever ran, loses them), and
 * a development database's rows stay for the stand-in, whose migrations take the tables over as they are.
 */
export const standinTablesApart = `
do $$
declare
  members text[];
  present text[];
  member text;
  holds boolean;
begin
  foreach members slice 1 in array array[
    array['sandbox_refund', 'sandbox_payment', 'sandbox_payment_method'],
    array['identity_code', null, null],
    array['identity_temporary_password', null, null],
    array['identity_pending_email', null, null],
    array['identity_challenge', null, null]
  ] loop
    present := array(select m from unnest(members) m where to_regclass(m) is not null);
    continue when cardinality(present) = 0;
    holds := false;
    foreach member in array present loop
      execute format('select exists (select 1 from %I)', member) into holds;
      exit when holds;
    end loop;
    if not holds then
      execute 'drop table ' || array_to_string(present, ', ');
    end if;
  end loop;
end
$$;
`;
