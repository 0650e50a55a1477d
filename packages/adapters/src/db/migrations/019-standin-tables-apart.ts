/**
 * The stand-ins' tables leave the portal's schema. Migrations 005, 008, 009 and 010 once also made the
 * tables of the embedded stand-ins (the sandbox gateway's payments and cards; the identity stand-in's
 * codes, temporary passwords, e-mail changes and challenges); those parts now live in `@portal/standins`,
 * whose own migrations (`standin_migration`) make them only where a stand-in runs. A database migrated
 * before keeps what it holds: each group of tables (a table and those that refer to it) is dropped here
 * only while all of it is empty (so a production database, where no stand-in ever ran, loses them), and
 * a development database's rows stay for the stand-in, whose migrations take the tables over as they are.
 */
export const standinTablesApart = `
do $$
declare
  members text[];
  member text;
  holds boolean;
begin
  foreach members slice 1 in array array[
    array['sandbox_payment', 'sandbox_payment_method'],
    array['identity_code', null],
    array['identity_temporary_password', null],
    array['identity_pending_email', null],
    array['identity_challenge', null]
  ] loop
    members := array_remove(members, null);
    continue when to_regclass(members[1]) is null;
    holds := false;
    foreach member in array members loop
      execute format('select exists (select 1 from %I)', member) into holds;
      exit when holds;
    end loop;
    if not holds then
      execute 'drop table ' || array_to_string(members, ', ');
    end if;
  end loop;
end
$$;
`;
