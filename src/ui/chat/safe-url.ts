// The protocols micromark and GitHub keep as links: none of them runs anything in the page.
const LINK_PROTOCOLS = new Set(['http', 'https', 'mailto', 'irc', 'ircs', 'xmpp']);
const IMAGE_PROTOCOLS = new Set(['http', 'https']);

// Browsers drop these before parsing a URL, so `\tjava\nscript:` still runs script.
// eslint-disable-next-line no-control-regex
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u009f]/g;

/** The scheme of a URL as a browser would read it, lower-cased; `null` for a relative URL. */
export function urlScheme(url: string): string | null {
  const cleaned = url.replace(IGNORED_BY_BROWSERS, '');
  const colon = cleaned.indexOf(':');
  if (colon === -1) return null;
  // A colon after `/`, `?` or `#` belongs to the path, query or fragment of a relative URL.
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return null;
  return cleaned.slice(0, colon).toLowerCase();
}

/** A link target from untrusted text: http(s), mailto, irc(s), xmpp and relative links pass; anything else becomes `''`. */
export function safeLinkUrl(url: string): string {
  const scheme = urlScheme(url);
  if (scheme === null) return url.trim();
  return LINK_PROTOCOLS.has(scheme) ? url.trim() : '';
}

/** An image source from untrusted text: only absolute http(s) URLs pass; anything else becomes `''`. */
export function safeImageUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  const scheme = urlScheme(trimmed);
  return scheme !== null && IMAGE_PROTOCOLS.has(scheme) ? trimmed : '';
}

/** The `urlTransform` for react-markdown: neutralises `javascript:`, `data:`, `vbscript:` and friends. */
export function markdownUrlTransform(url: string, key: string): string {
  return key === 'src' ? safeImageUrl(url) : safeLinkUrl(url);
}

/** The host name of an absolute URL, or `null`. */
export function urlHost(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}
