import { request } from 'undici';

/** Largest item the installer accepts; real items are a few kilobytes. */
export const MAX_ITEM_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

export class InstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstallError';
  }
}

export type FetchJson = (url: string) => Promise<unknown>;

/** GETs a JSON document over http(s), refusing redirects away, non-200 answers and bodies over the limit. */
export const fetchJson: FetchJson = async (url) => {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') throw new InstallError(`${url}: not an http or https URL`);
  let response;
  try {
    response = await request(url, { method: 'GET', headers: { accept: 'application/json' }, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  } catch (error) {
    throw new InstallError(`${url}: cannot be fetched (${(error as Error).message})`);
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new InstallError(`${url}: the registry answered ${response.statusCode}`);
  }
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > MAX_ITEM_BYTES) {
    await response.body.dump();
    throw new InstallError(`${url}: the item is over ${MAX_ITEM_BYTES} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_ITEM_BYTES) {
      response.body.destroy();
      throw new InstallError(`${url}: the item is over ${MAX_ITEM_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new InstallError(`${url}: the answer is not JSON`);
  }
};
