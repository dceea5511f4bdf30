import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A consumer project as `shadcn add` expects it: components.json (with a tailwind section) and `@/` aliases through tsconfig paths. */
export const SHADCN_CONSUMER: Readonly<Record<string, unknown>> = {
  'package.json': { name: 'consumer', private: true, version: '1.0.0', dependencies: {} },
  'tsconfig.json': { compilerOptions: { baseUrl: '.', paths: { '@/*': ['./src/*'] } } },
  'components.json': {
    $schema: 'https://ui.shadcn.com/schema.json',
    style: 'new-york',
    rsc: false,
    tsx: true,
    tailwind: { config: '', css: 'src/index.css', baseColor: 'neutral', cssVariables: true },
    aliases: { components: '@/components', ui: '@/components/ui', lib: '@/lib', hooks: '@/hooks', utils: '@/lib/utils' },
  },
  'src/index.css': '',
};

// The base colour file shadcn fetches from REGISTRY_URL for a consumer with a tailwind section.
const NEUTRAL = JSON.stringify({ inlineColors: { light: {}, dark: {} }, cssVars: { light: {}, dark: {} }, cssVarsV4: { light: {}, dark: {} }, inlineColorsTemplate: '', cssVarsTemplate: '' });

/** Serves `/colors/neutral.json` on loopback; point `REGISTRY_URL` at its URL. */
export async function startColoursServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const ok = req.url === '/colors/neutral.json';
    res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' }).end(ok ? NEUTRAL : '{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
