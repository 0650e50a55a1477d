// Server-only: the embedded mailer writes files; the SMTP mailer opens sockets.
export * from "./outbox";
export * from "./smtp";
