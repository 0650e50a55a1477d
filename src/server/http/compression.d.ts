// The few types of the `compression` middleware the web server uses (the package ships none).
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface CompressionOptions {
    /** Answers smaller than this (bytes) are sent as they are. */
    readonly threshold?: number | string;
    /** Whether to compress this answer (default: by its content type). */
    readonly filter?: (req: IncomingMessage, res: ServerResponse) => boolean;
  }

  type Middleware = (
    req: IncomingMessage,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ) => void;

  export default function compression(options?: CompressionOptions): Middleware;
}
