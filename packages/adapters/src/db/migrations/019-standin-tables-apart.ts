/**
 * The stand-ins' tables leave the portal's schema. Migrations 005, 008, 009 and 010 once also made the
 * tables of the embedded stand-ins (the sandbox gateway's payments and cards; the identity stand-in's
 * codes, temporary passwords, e-mail changes and challenges); those parts now live in `@portal/standins`,
 * whose own migrations (`standin_migration`) make them only where a stand-in runs. A database migrated
 * before keeps what it holds: each group of tables is dropped here only while it is empty (so a
 * production database, where no stand-in ever ran, loses them), and a development database's rows
 * stay for the stand-in, whose migrations take the tables over as they are.
 */
export const standinTablesApart = `
do $$
begin
  if to_regclass('sandbox_payment') is not null then
    if not exists (select 1 from sandbox_payment)
       and not exists (select 1 from sandbox_payment_method) then
      drop table sandbox_payment;
      drop table sandbox_payment_method;
    end if;
  end if;
  if to_regclass('identity_code') is not null then
    if not exists (select 1 from identity_code) then
      drop table identity_code;
    end if;
  end if;
  if to_regclass('identity_temporary_password') is not null then
    if not exists (select 1 from identity_temporary_password) then
      drop table identity_temporary_password;
    end if;
  end if;
  if to_regclass('identity_pending_email') is not null then
    if not exists (select 1 from identity_pending_email) then
      drop table identity_pending_email;
    end if;
  end if;
  if to_regclass('identity_challenge') is not null then
    if not exists (select 1 from identity_challenge) then
      drop table identity_challenge;
    end if;
  end if;
end
$$;
`;
