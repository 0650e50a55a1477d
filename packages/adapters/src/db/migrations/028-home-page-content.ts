/**
 * Home-page content blocks 4 to 16 (spec §9), read with the home-page configuration so officers change
 * them without a release: 4 to 14 are texts (`{title, text}`, each by language code), 15 and 16 the
 * donor wall's settings (`{value}`: shown, gifts per page). One row per charity and block.
 */
export const homePageContent = `
create table home_page_content (
  charity_id integer not null references charity (id),
  block_id integer not null check (block_id between 4 and 16),
  content jsonb not null check (jsonb_typeof(content) = 'object'),
  updated_at timestamptz not null default now(),
  primary key (charity_id, block_id)
);
`;
