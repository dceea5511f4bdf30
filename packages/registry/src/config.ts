// Only the light configuration module: the CLI loads it for every command.
import { boolean, listenSettings, nonEmptyText, setting } from '@quartet/common/config';

export const DEFAULT_DIR = './public';

export const serveSettings = Object.freeze({
  ...listenSettings('REGISTRY_', 8083),
  dir: setting({ env: 'REGISTRY_DIR', flag: 'dir', default: DEFAULT_DIR, describe: 'the built registry tree to serve', parse: nonEmptyText }),
  fastPath: setting({ env: 'REGISTRY_FAST_PATH', flag: 'fast-path', default: true, describe: 'false sends every request through Fastify', parse: boolean }),
});

export const buildSettings = Object.freeze({
  manifest: setting({ env: 'REGISTRY_MANIFEST', flag: 'manifest', default: './registry.json', describe: 'the registry manifest', parse: nonEmptyText }),
  out: setting({ env: 'REGISTRY_OUT', flag: 'out', default: DEFAULT_DIR, describe: 'where the tree is written', parse: nonEmptyText }),
  baseUrl: setting({ env: 'REGISTRY_BASE_URL', flag: 'base-url', default: 'http://127.0.0.1:8083', describe: 'the URL the tree is served at', parse: httpUrl }),
});

function httpUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('expected an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('expected an http:// or https:// URL');
  if (url.search || url.hash) throw new Error('expected a URL without query or fragment');
  return raw.replace(/\/+$/, '');
}
