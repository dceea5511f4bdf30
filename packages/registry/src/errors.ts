import { defineErrors } from '@quartet/common';

/** Refusals of the registry server (JSON bodies `{error, message}`). */
export const registryErrors = defineErrors({
  not_found: { status: 404, message: 'No registry file is served at this path.' },
  method_not_allowed: { status: 405, message: 'The registry is read-only: only GET and HEAD are served.' },
  internal: { status: 500, message: 'Something failed on the registry side.' },
});
