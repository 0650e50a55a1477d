/**
 * Issue 34: the links the pages lead out by (privacy statement, terms of use, back-to-site, the
 * council's external receipt sites) are site content an officer changes in the console, not build
 * settings. Kept with the charity's home-page configuration as an object of link name to address
 * (`packages/domain/src/site-links.ts`); a name not stored reads as its default.
 */
export const siteLinks = `
alter table home_page_configuration
  add column site_links jsonb not null default '{}'::jsonb
    check (jsonb_typeof(site_links) = 'object');
`;
