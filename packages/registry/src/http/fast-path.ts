import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { clientErrorOf, encodeJsonError, rawErrorAnswer, type Logger } from '@quartet/common';
import { answerOf } from './file-answers.ts';
import { matchesIfNoneMatch, type ItemFiles, type ServedFile } from './item-files.ts';
import { readSimpleRequest, type SimpleRequest } from './request-head.ts';
import { treeFileOfPath } from './tree-paths.ts';

type ConnectionListener = (this: Server, socket: Socket) => void;

/**
 * Answering a small file from memory through Node's HTTP stack (llhttp, the
 * request and response objects, routing) costs about twice what the answer
 * itself does. So the fast path takes every new connection first and answers
 * on the socket itself the requests that `readSimpleRequest` recognises and
 * whose file is in memory: byte for byte what Fastify would send (the tests
 * compare both). At the first request it does not answer (unknown file, other
 * method or shape, anything unusual) it hands the connection, that request's
 * bytes included, to Node's HTTP server for good.
 */
export class FastPath {
  readonly #server: Server;
  readonly #files: ItemFiles;
  readonly #logger: Logger;
  readonly #fullServer: ConnectionListener[];
  readonly #connections = new Set<FastConnection>();
  #closing = false;
  #lastReqId = 0;

  constructor(server: Server, files: ItemFiles, logger: Logger) {
    this.#server = server;
    this.#files = files;
    this.#logger = logger;
    this.#fullServer = server.listeners('connection') as ConnectionListener[];
    server.removeAllListeners('connection');
    server.on('connection', (socket: Socket) => this.#accept(socket));
  }

  /** Server shutdown: idle connections close now, the others once their answer is written. */
  close(): void {
    this.#closing = true;
    for (const connection of this.#connections) connection.closeWhenIdle();
  }

  get closing(): boolean {
    return this.#closing;
  }

  get files(): ItemFiles {
    return this.#files;
  }

  get keepAliveMs(): number {
    return this.#server.keepAliveTimeout;
  }

  get headersTimeoutMs(): number {
    return this.#server.headersTimeout;
  }

  #accept(socket: Socket): void {
    if (this.#closing) {
      this.handOver(socket);
      return;
    }
    this.#connections.add(new FastConnection(socket, this));
  }

  forget(connection: FastConnection): void {
    this.#connections.delete(connection);
  }

  handOver(socket: Socket): void {
    for (const listener of this.#fullServer) listener.call(this.#server, socket);
  }

  /** The request log line Fastify writes at `info`, with ids of their own (`fast-N`). */
  logAnswer(request: SimpleRequest, status: number, startedAt: number): void {
    if (!this.#logger.isLevelEnabled('info')) return;
    const duration_ms = Math.round((performance.now() - startedAt) * 100) / 100;
    this.#logger.info({ reqId: `fast-${++this.#lastReqId}`, method: request.method, path: request.path, status, duration_ms }, 'request');
  }
}

class FastConnection {
  readonly #socket: Socket;
  readonly #path: FastPath;
  /** Bytes received and not yet answered or handed over. */
  #unread: Buffer | undefined;
  /** Reading a file, or waiting for the client to read its answers: the socket is paused. */
  #waiting = false;
  #ended = false;
  #done = false;
  #answered = false;
  #receivedAt = 0;

  constructor(socket: Socket, path: FastPath) {
    this.#socket = socket;
    this.#path = path;
    // As the full server: the first request must come within the headers timeout, later ones within the keep-alive timeout.
    socket.setTimeout(path.headersTimeoutMs);
    socket.on('data', this.#onData);
    socket.on('end', this.#onEnd);
    socket.on('timeout', this.#onTimeout);
    socket.on('error', this.#onError);
    socket.on('close', this.#onClose);
  }

  closeWhenIdle(): void {
    if (!this.#waiting) this.#finish();
  }

  readonly #onData = (chunk: Buffer): void => {
    if (this.#done) return;
    this.#receivedAt = performance.now();
    this.#unread = this.#unread === undefined ? chunk : Buffer.concat([this.#unread, chunk]);
    this.#serve();
  };

  readonly #onEnd = (): void => {
    this.#ended = true;
    if (!this.#waiting) this.#serve();
  };

  readonly #onTimeout = (): void => {
    if (this.#answered) this.#socket.destroy();
    else {
      this.#done = true;
      this.#socket.end(REQUEST_TIMEOUT);
      this.#socket.destroySoon();
    }
  };

  readonly #onError = (): void => {
    this.#socket.destroy();
  };

  readonly #onClose = (): void => {
    this.#path.forget(this);
  };

  #serve(): void {
    while (this.#unread !== undefined && !this.#waiting && !this.#done) {
      const request = readSimpleRequest(this.#unread);
      const treeFile = request && treeFileOfPath(request.path);
      if (request === undefined || treeFile === undefined) return this.#handOver();
      const file = this.#path.files.recent(treeFile.path);
      if (file !== undefined) this.#answer(request, file, treeFile.cacheControl);
      else {
        const read = this.#path.files.get(treeFile.path);
        return this.#wait(read.then((found) => (found === undefined ? this.#handOver() : this.#answer(request, found, treeFile.cacheControl))));
      }
    }
    if (this.#done) return;
    if (this.#socket.writableNeedDrain) return this.#wait(once(this.#socket, 'drain'));
    if (this.#ended || this.#path.closing) this.#finish();
  }

  #answer(request: SimpleRequest, file: ServedFile, cacheControl: string): void {
    const notModified = matchesIfNoneMatch(request.ifNoneMatch, file.etag);
    const answer = answerOf(file, cacheControl, { notModified, head: request.method === 'HEAD', close: request.close }, this.#path.keepAliveMs);
    if (answer.body === undefined) this.#socket.write(answer.bytes);
    else {
      this.#socket.cork();
      this.#socket.write(answer.bytes);
      this.#socket.write(answer.body);
      this.#socket.uncork();
    }
    this.#path.logAnswer(request, notModified ? 304 : 200, this.#receivedAt);
    if (!this.#answered) {
      this.#answered = true;
      this.#socket.setTimeout(this.#path.keepAliveMs);
    }
    this.#unread = request.end < this.#unread!.length ? this.#unread!.subarray(request.end) : undefined;
    if (request.close) this.#finish();
  }

  /** Pauses reading until `until` settles, then goes on (or gives up the connection if it failed). */
  #wait(until: Promise<unknown>): void {
    this.#waiting = true;
    this.#socket.pause();
    until.then(
      () => {
        this.#waiting = false;
        if (this.#done) return;
        this.#socket.resume();
        this.#serve();
      },
      () => this.#socket.destroy(),
    );
  }

  /** Writes what is queued, then closes; later bytes from the client are ignored. */
  #finish(): void {
    this.#done = true;
    this.#unread = undefined;
    this.#socket.destroySoon();
  }

  /**
   * Gives the socket to Node's HTTP server as if it had just connected, then
   * replays the unanswered bytes (and the client's end, if it came already).
   */
  #handOver(): void {
    const socket = this.#socket;
    const unread = this.#unread;
    this.#done = true;
    this.#unread = undefined;
    socket.setTimeout(0);
    socket.off('data', this.#onData).off('end', this.#onEnd).off('timeout', this.#onTimeout).off('error', this.#onError).off('close', this.#onClose);
    this.#path.forget(this);
    socket.resume();
    this.#path.handOver(socket);
    if (unread !== undefined) socket.emit('data', unread);
    if (this.#ended) socket.emit('end');
  }
}

/** What the full server writes when no request came within the headers timeout. */
const REQUEST_TIMEOUT = rawErrorAnswer(clientErrorOf('ERR_HTTP_REQUEST_TIMEOUT'), encodeJsonError);
