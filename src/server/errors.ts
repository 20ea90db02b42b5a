/**
 * Domain errors (D60): what a service (or a route) throws when a request cannot be done. Each says
 * what went wrong in words safe to show; none knows about HTTP. The error plugin
 * (plugins/errors.ts) maps each class to its status code and JSON body in one place.
 */
export abstract class DomainError extends Error {
  /** A machine-readable reason a client may act on (e.g. "quota"), sent as `code` beside the message. */
  readonly code?: string;
}

/** The request's values are not acceptable (400). */
export class Invalid extends DomainError {}

/** No session, or the credentials are wrong (401). */
export class Unauthorized extends DomainError {}

/** Signed in, but not allowed to do this (403). */
export class Forbidden extends DomainError {}

/** The thing asked for does not exist (404). */
export class NotFound extends DomainError {}

/** The request clashes with what is stored (409). */
export class Conflict extends DomainError {}

/** A file or a part of the request is larger than allowed (413). */
export class TooLarge extends DomainError {}

/** A file or a body of a kind that is not accepted (415). */
export class UnsupportedType extends DomainError {}

/** Too many requests; the client may try again after `retryAfterSeconds` (429 + Retry-After). */
export class TooMany extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
