/**
 * Card rules 7 and 8 on single URLs (pure): which listen service a URL
 * belongs to, and which uploads playlist a video link gives.
 */
const UPLOADS = /^\/channel\/UC([A-Za-z0-9_-]{22})$/;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Rule 8: `/channel/UC<22>` on youtube.com or a subdomain gives `UU<22>`; other forms carry no id. */
export function uploadsPlaylist(url: string): string | undefined {
  const host = hostOf(url);
  if (host === undefined || (host !== 'youtube.com' && !host.endsWith('.youtube.com'))) return undefined;
  const match = UPLOADS.exec(new URL(url).pathname);
  return match ? `UU${match[1]}` : undefined;
}

export function isVideoLink(url: string): boolean {
  const host = hostOf(url);
  return host !== undefined && (host === 'youtube.com' || host.endsWith('.youtube.com'));
}
