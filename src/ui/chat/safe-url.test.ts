/* eslint-disable no-script-url -- these tests feed hostile URLs on purpose */
import { describe, expect, it } from 'vitest';
import { markdownUrlTransform, safeImageUrl, safeLinkUrl, urlHost, urlScheme } from './safe-url.ts';

describe('safeLinkUrl', () => {
  it('keeps web, mail and relative links', () => {
    expect(safeLinkUrl('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(safeLinkUrl('http://example.com')).toBe('http://example.com');
    expect(safeLinkUrl('mailto:someone@example.com')).toBe('mailto:someone@example.com');
    expect(safeLinkUrl('/docs/page')).toBe('/docs/page');
    expect(safeLinkUrl('#section')).toBe('#section');
    expect(safeLinkUrl('page?at=12:30')).toBe('page?at=12:30');
  });

  it('neutralises script and data schemes, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(safeLinkUrl(url), url).toBe('');
    }
  });
});

describe('safeImageUrl', () => {
  it('accepts only absolute http(s) sources', () => {
    expect(safeImageUrl('https://img.example.com/cat.png')).toBe('https://img.example.com/cat.png');
    expect(safeImageUrl('//img.example.com/cat.png')).toBe('https://img.example.com/cat.png');
    expect(safeImageUrl('data:image/svg+xml;base64,AAAA')).toBe('');
    expect(safeImageUrl('javascript:alert(1)')).toBe('');
    expect(safeImageUrl('cat.png')).toBe('');
  });
});

describe('markdownUrlTransform', () => {
  it('applies the image rule to src and the link rule to everything else', () => {
    expect(markdownUrlTransform('/relative.png', 'src')).toBe('');
    expect(markdownUrlTransform('/relative', 'href')).toBe('/relative');
  });
});

describe('urlScheme and urlHost', () => {
  it('reads the scheme like a browser and the host of absolute URLs', () => {
    expect(urlScheme('HTTPS://x.y')).toBe('https');
    expect(urlScheme('a/b:c')).toBeNull();
    expect(urlHost('https://img.example.com:8443/x.png')).toBe('img.example.com:8443');
    expect(urlHost('not a url')).toBeNull();
  });
});
