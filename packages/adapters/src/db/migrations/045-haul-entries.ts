/**
 * Issue 33: the haul tracker. `haul_entry` holds the lines a signed-in donor records for each wealth
 * they keep a haul for (savings, shares, insurance, the CPF Ordinary Account): a balance on a date, or
 * "I paid zakat on this wealth on that date". Each row belongs to its donor and is read, changed and
 * deleted only with the donor's id in the statement; the repository caps the lines per donor
 * (`HAUL_ENTRY_LIMIT`) under a lock on the donor's row. The domain checks the dates and cents again;
 * the database keeps the shape: a known wealth and kind, whole non-negative cents for a balance and
 * none for a payment, a date from 2000.
 */
export const haulEntries = `
create table haul_entry (
  id uuid primary key,
  donor_id uuid not null references donor (id) on delete cascade,
  wealth text not null check (wealth in ('savings', 'shares', 'insurance', 'cpf')),
  kind text not null check (kind in ('balance', 'payment')),
  on_date date not null check (on_date >= date '2000-01-01'),
  balance_cents bigint check (balance_cents between 0 and 999999999999),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'balance') = (balance_cents is not null))
);
create index haul_entry_donor on haul_entry (donor_id, wealth, on_date);
`;
