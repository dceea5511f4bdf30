import { defineErrors } from '@quartet/common';

/**
 * Every refusal of the activity server. The key is the `error` code of the
 * JSON body `{error, message}`; `login_failed` is the one exception, answered
 * with the spec's fixed body `{"error":"wrong email or password"}`.
 * Retired codes are never reused.
 */
export const activityErrors = defineErrors({
  bad_request: { status: 400, message: 'The request is malformed.' },
  unauthorized: { status: 401, message: 'Sign in first: no session, or the session has ended.' },
  login_failed: { status: 401, message: 'wrong email or password' },
  forbidden: { status: 403, message: 'This account may not do that.' },
  not_found: { status: 404, message: 'Nothing is served at this path.' },
  alert_not_found: { status: 404, message: 'No alert has this id.' },
  destination_not_found: { status: 404, message: 'No webhook destination has this name.' },
  method_not_allowed: { status: 405, message: 'This path does not accept that method.' },
  alert_resolved: { status: 409, message: 'The alert is resolved; there is nothing left to acknowledge.' },
  too_large: { status: 413, message: 'The request body is over the limit.' },
  unsupported_media_type: { status: 415, message: 'The request body must be JSON.' },
  too_many_requests: { status: 429, message: 'Too many failed sign-ins; try again later.' },
  internal: { status: 500, message: 'Something failed on the server side.' },
});

export type ActivityErrorCode = Exclude<keyof typeof activityErrors, 'specs'>;

/** The body the spec fixes for every login failure. */
export const LOGIN_FAILED_BODY = Object.freeze({ error: 'wrong email or password' });
