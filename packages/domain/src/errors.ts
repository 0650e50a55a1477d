/**
 * Errors of the domain are plain tagged values with a stable `code`. The code is what callers branch on
 * and what translation files key on; HTTP status is chosen only at the edge.
 */
export interface DomainError<Tag extends string = string, Code extends string = string> {
  readonly _tag: Tag;
  readonly code: Code;
  readonly message: string;
}

/** Builds a tagged error value. */
export const domainError = <Tag extends string, Code extends string>(
  tag: Tag,
  code: Code,
  message: string,
): DomainError<Tag, Code> => ({ _tag: tag, code, message });
