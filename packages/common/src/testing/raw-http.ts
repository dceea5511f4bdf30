import { once } from 'node:events';
import { connect } from 'node:net';

/**
 * Sends bytes exactly as given (malformed HTTP included, which no HTTP client
 * would send) and resolves with everything the server wrote until it closed
 * the connection, as latin1 text; fails if it stays open for `timeoutMs`.
 */
export async function sendRawHttp(baseUrl: string, bytes: string | Buffer, timeoutMs = 5000): Promise<string> {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = once(socket, 'close');
  const timer = setTimeout(() => socket.destroy(new Error(`${baseUrl} kept the connection open for ${timeoutMs} ms`)), timeoutMs);
  socket.write(bytes);
  try {
    await closed;
  } finally {
    clearTimeout(timer);
  }
  if (socket.errored) throw socket.errored;
  return Buffer.concat(chunks).toString('latin1');
}
