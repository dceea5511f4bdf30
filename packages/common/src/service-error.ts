/**
 * A refusal with a stable code. Every service keeps its own table of codes
 * (`errors.ts`); the HTTP layer turns one of these into the service's error
 * body, so handlers never pick statuses or messages ad hoc.
 */
export class ServiceError extends Error {
  readonly code: string;
  readonly status: number;
  /** Extra fields some protocols carry with a refusal (for example the relay's `head`). */
  readonly details: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: string,
    status: number,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = status;
    this.details = Object.freeze({ ...options.details });
    this.headers = Object.freeze({ ...options.headers });
  }
}

export interface ErrorSpec {
  readonly status: number;
  readonly message: string;
}

export type ErrorFactory = (
  message?: string,
  options?: { details?: Record<string, unknown>; headers?: Record<string, string> },
) => ServiceError;

/**
 * Builds a frozen table of error factories from `{code: {status, message}}`.
 * The key is the code, so a code can only be thrown if it is in the table.
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(
  table: T,
): Readonly<{ [K in keyof T]: ErrorFactory }> & { readonly specs: T } {
  const factories: Record<string, ErrorFactory> = {};
  for (const [code, spec] of Object.entries(table)) {
    factories[code] = (message, options) => new ServiceError(code, spec.status, message ?? spec.message, options);
  }
  return Object.freeze({ ...factories, specs: table }) as Readonly<{ [K in keyof T]: ErrorFactory }> & { readonly specs: T };
}

/** The codes every HTTP service shares (general contract). */
export const httpErrors = defineErrors({
  bad_request: { status: 400, message: 'The request is malformed.' },
  unauthorized: { status: 401, message: 'Authentication is required.' },
  forbidden: { status: 403, message: 'This account may not do that.' },
  not_found: { status: 404, message: 'Nothing is served at this path.' },
  method_not_allowed: { status: 405, message: 'This path does not accept that method.' },
  too_large: { status: 413, message: 'The request body is over the limit.' },
  unsupported_media_type: { status: 415, message: 'The request body has an unsupported content type.' },
  too_many_requests: { status: 429, message: 'Too many requests; try again later.' },
  internal: { status: 500, message: 'Something failed on the server side.' },
});
