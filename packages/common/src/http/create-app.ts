import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../logger.ts';
import { httpErrors, ServiceError } from '../service-error.ts';
import { clientErrorHandler, encodeJsonError, type EncodeError } from './client-errors.ts';

/** How a service writes a refusal: JSON `{error, message}` for most, CBOR for the relay. */
export type SendError = (reply: FastifyReply, error: ServiceError) => FastifyReply;

export interface HttpAppOptions {
  readonly logger: Logger;
  /** Largest accepted request body in bytes. */
  readonly bodyLimit?: number;
  readonly sendError?: SendError;
  /** The error body of answers to bytes that are not HTTP (JSON unless given). */
  readonly encodeError?: EncodeError;
}

export const sendJsonError: SendError = (reply, error) => {
  const { contentType, body } = encodeJsonError(error);
  return reply.code(error.status).headers(error.headers).type(contentType).send(Buffer.from(body));
};

/**
 * A Fastify app with the conventions every service shares: one JSON log line
 * per request, coded error bodies, 404 for unknown paths, and internals
 * (stack traces, SQL, paths) never reaching a client.
 */
export function createHttpApp(options: HttpAppOptions): FastifyInstance {
  const sendError = options.sendError ?? sendJsonError;
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // One line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    // A child logger per request only pays off when its request line is written.
    childLoggerFactory: (logger, bindings, childOptions) => ((logger as Logger).isLevelEnabled('info') ? logger.child(bindings, childOptions) : logger),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Long names must reach the handler to be refused with a clear code, not a 404.
    routerOptions: { maxParamLength: 4096 },
    return503OnClosing: false,
    // Node would refuse a request without Host with an empty 400; the hook below gives it the error body.
    http: { requireHostHeader: false },
    clientErrorHandler: clientErrorHandler(options.encodeError ?? encodeJsonError),
  });

  if (options.logger.isLevelEnabled('info')) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, path: request.url.split('?')[0], status: reply.statusCode, duration_ms: Math.round(reply.elapsedTime * 100) / 100 },
        'request',
      );
      done();
    });
  }

  app.addHook('onRequest', (request, _reply, done) => {
    done(request.raw.httpVersion === '1.1' && request.headers.host === undefined ? httpErrors.bad_request('An HTTP/1.1 request needs a Host header.') : undefined);
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, httpErrors.not_found()));
  app.setErrorHandler((error, request, reply) => sendError(reply, toServiceError(error, request)));
  return app;
}

/** Maps anything thrown while answering to a coded refusal; unexpected failures are logged and hidden. */
export function toServiceError(error: unknown, request: FastifyRequest): ServiceError {
  if (error instanceof ServiceError) return error;
  const code = (error as { code?: unknown }).code;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return httpErrors.too_large();
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return httpErrors.unsupported_media_type();
  if ((error as { validation?: unknown }).validation !== undefined) {
    return httpErrors.bad_request(`Invalid ${(error as { validationContext?: string }).validationContext ?? 'request'}: ${(error as Error).message}`);
  }
  if (typeof status === 'number' && status >= 400 && status < 500) return httpErrors.bad_request();
  request.log.error({ err: error }, 'request failed');
  return httpErrors.internal();
}
