/**
 * Security review of the console (issue 18): a sign-in in progress belongs to the browser that started
 * it. The hash of a random value kept in that browser's short-lived sign-in cookie is stored with it,
 * and the directory's answer is taken only with that cookie (no login CSRF). Sign-ins in progress
 * live ten minutes, so those begun before this change are simply dropped.
 */
export const consoleLoginBrowser = `
delete from console_login;
alter table console_login add column browser_hash bytea not null;
`;
