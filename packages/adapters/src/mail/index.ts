// Server-only: the embedded mailer writes files.
export * from "./outbox";
