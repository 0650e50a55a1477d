/**
 * The council console (issue 18): officers' sessions and sign-ins in progress, the append-only audit
 * log, and rate drafts with their approval. `console_audit` refuses update, delete and truncate in the
 * database itself, so no code path (nor a mistaken SQL session) can rewrite what was done.
 */
export const consoleCore = `
create table console_login (
  state_hash bytea primary key,
  code_verifier text not null,
  nonce text not null,
  return_to text not null,
  created_at timestamptz not null
);

create table console_session (
  token_hash bytea primary key,
  officer_id text not null,
  officer_name text not null,
  roles text[] not null,
  csrf_token text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  ended_at timestamptz
);
create index console_session_last_seen on console_session (last_seen_at);

create table console_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  officer_id text not null,
  officer_name text not null,
  roles text[] not null,
  action text not null,
  entity text not null default '',
  entity_id text not null default '',
  before jsonb,
  after jsonb,
  ip text not null default ''
);
create index console_audit_at on console_audit (at desc);
create index console_audit_action on console_audit (action, at desc);
create index console_audit_officer on console_audit (officer_id, at desc);

create function console_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'console_audit is append-only (% refused)', tg_op;
end
$$;
create trigger console_audit_no_change before update or delete on console_audit
  for each row execute function console_audit_append_only();
create trigger console_audit_no_truncate before truncate on console_audit
  for each statement execute function console_audit_append_only();

create table console_rate_draft (
  id bigserial primary key,
  charity_id integer not null,
  changes jsonb not null,
  effective_at timestamptz not null,
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'published', 'withdrawn')),
  drafted_by text not null,
  drafted_by_name text not null,
  drafted_at timestamptz not null,
  approved_by text,
  approved_by_name text,
  approved_at timestamptz,
  published_at timestamptz,
  published_version integer,
  withdrawn_by text,
  withdrawn_at timestamptz,
  check (approved_by is null or approved_by <> drafted_by)
);
create index console_rate_draft_due on console_rate_draft (status, effective_at);
`;
