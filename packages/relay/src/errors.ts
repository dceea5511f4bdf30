import { defineErrors } from '@quartet/common';

/**
 * Every refusal of the relay (spec part A, "Errors", plus the contract's
 * `unauthorized`). The key is the Problem `code`.
 */
export const relayErrors = defineErrors({
  bad_request: { status: 400, message: 'The request is malformed.' },
  unauthorized: { status: 401, message: 'A valid bearer token is required.' },
  stream_not_found: { status: 404, message: 'No stream has this name.' },
  not_found: { status: 404, message: 'The relay does not serve this path.' },
  method_not_allowed: { status: 405, message: 'This path does not accept that method.' },
  stream_replaced: { status: 409, message: 'The stream has another identity than the one given.' },
  cursor_ahead: { status: 409, message: 'The cursor is past the end of the stream.' },
  cursor_diverged: { status: 409, message: 'The stream does not have this link at the cursor position.' },
  epoch_behind: { status: 409, message: 'The batch epoch is below the stream epoch.' },
  too_large: { status: 413, message: 'The request body is over the limit.' },
  unsupported_media_type: { status: 415, message: 'A batch must be sent as application/cbor.' },
  internal: { status: 500, message: 'Something failed on the relay side.' },
});

export type RelayErrorCode = Exclude<keyof typeof relayErrors, 'specs'>;
