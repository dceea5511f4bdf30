import { sendJsonError, type SendError } from '@quartet/common';
import { LOGIN_FAILED_BODY } from '../errors.ts';

/** Refusals are `{error, message}`; a login failure answers the spec's fixed body instead. */
export const sendActivityError: SendError = (reply, error) => {
  if (error.code === 'login_failed') return reply.code(error.status).type('application/json; charset=utf-8').send(LOGIN_FAILED_BODY);
  return sendJsonError(reply, error);
};
