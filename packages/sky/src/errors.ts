import { defineErrors } from '@quartet/common';

/** Refusals of the sky API (JSON `{error, message}`), spec "Errors" and the contract's additions. */
export const skyErrors = defineErrors({
  bad_request: { status: 400, message: 'The request is malformed.' },
  not_found: { status: 404, message: 'Nothing is served at this path.' },
  method_not_allowed: { status: 405, message: 'This path does not accept that method.' },
  unavailable: { status: 503, message: 'No canon is being served yet; import one with `sky import`.' },
  internal: { status: 500, message: 'Something failed on the server side.' },
});
