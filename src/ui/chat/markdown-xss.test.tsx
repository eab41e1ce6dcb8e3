// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../../testing/shared-data.ts';
import { Markdown } from './markdown.tsx';

// Payloads and harmless look-alikes from the test suites of markdown-it, commonmark.js, micromark, react-markdown
// and DOMPurify (see ../shared/real-data/SOURCES.md), read in place.
interface Vector {
  id: string;
  format: 'markdown' | 'html';
  payload: string;
  upstream_expected: string;
}

function vectors(name: string): Vector[] {
  return JSON.parse(readFileSync(sharedPath('real-data', name), 'utf8')) as Vector[];
}

// Read when a test runs, so that without ../shared the tagged tests are skipped rather than the file failing.
const payloads = () => vectors('xss-payloads.json');
const controls = () => vectors('xss-controls.json');

const URL_ATTRIBUTES = [
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'srcset',
  'poster',
  'background',
  'data',
  'ping',
];
// (The app's own icons are inline <svg>; their attributes are checked like any other element's.)
const DANGEROUS_ELEMENTS = 'script, iframe, frame, object, embed, base, meta, link, form, style';

/** A URL as a browser reads it: control characters and spaces dropped, lower case. */
function browserReading(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
}

/** Everything in the rendered DOM that could run script; empty when the render is safe. */
function liveScript(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll(DANGEROUS_ELEMENTS))
    found.push(`<${element.tagName.toLowerCase()}>`);
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${element.tagName.toLowerCase()}[${name}]`);
      if (name === 'style' && /expression|javascript|url\(/i.test(attribute.value))
        found.push(`${element.tagName.toLowerCase()}[style]`);
      if (URL_ATTRIBUTES.includes(name)) {
        const url = browserReading(attribute.value);
        if (/^(javascript|vbscript|livescript):|^data:text\/html|^data:image\/svg/.test(url))
          found.push(`${element.tagName.toLowerCase()}[${name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

/** Renders as an assistant answer does, then asks for every image the user could load. */
function renderAnswer(text: string, streaming: boolean): HTMLElement {
  const { container } = render(<Markdown text={text} streaming={streaming} />);
  for (const button of container.querySelectorAll<HTMLButtonElement>('button[aria-label^="Load image"]'))
    fireEvent.click(button);
  return container;
}

afterEach(cleanup);

describe('Markdown against real XSS payloads', () => {
  it('holds 111 payloads and 36 controls', { tags: [SHARED_DATA_TAG] }, () => {
    expect(payloads()).toHaveLength(111);
    expect(controls()).toHaveLength(36);
  });

  for (const streaming of [false, true]) {
    it(
      `runs no script from any payload (${streaming ? 'streamed' : 'finished'} answer)`,
      { tags: [SHARED_DATA_TAG] },
      () => {
        const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
        const failures: string[] = [];
        for (const vector of payloads()) {
          const container = renderAnswer(vector.payload, streaming);
          const found = liveScript(container);
          if (found.length > 0) failures.push(`${vector.id}: ${found.join(', ')}`);
          cleanup();
        }
        expect(failures).toEqual([]);
        expect(alert).not.toHaveBeenCalled();
        alert.mockRestore();
      },
    );
  }

  it('detects live script when it is there (the check is not vacuous)', () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<a href=" java\tscript:alert(1)">x</a><img src="x" onerror="alert(1)"><script></script><iframe src="data:text/html,x"></iframe>';
    expect(liveScript(container)).toEqual([
      '<script>',
      '<iframe>',
      'a[href= java\tscript:alert(1)]',
      'img[onerror]',
      'iframe[src=data:text/html,x]',
    ]);
  });
});

/** The link or image URL upstream renders for a control, as the DOM attribute reads. */
function expectedUrl(vector: Vector): { kind: 'a' | 'img'; url: string } {
  const match = /<(a) href="([^"]*)"|<(img) src="([^"]*)"/.exec(vector.upstream_expected);
  if (!match) throw new Error(`${vector.id}: no link or image in ${vector.upstream_expected}`);
  const url = (match[2] ?? match[4] ?? '').replace(/&amp;/g, '&');
  return { kind: match[1] ? 'a' : 'img', url };
}

// Images load only from absolute http(s) URLs, and only when asked: a relative URL would be fetched from
// Glassbox's own origin, and data: images are refused with the rest of data:. These controls show the
// "image removed" placeholder instead — a decision about images, not a link that stopped working.
const IMAGES_NOT_LOADED = new Set([
  'markdown-it-02',
  'commonmark.js-01', // data:image/…;base64
  'micromark-07',
  'micromark-08',
  'micromark-09',
  'micromark-10',
  'micromark-11',
  'micromark-12',
  'micromark-13',
  'micromark-14', // relative
]);

describe('Markdown keeps the harmless look-alikes working', () => {
  it(
    'renders every link control as a link to the same URL, and the http(s) images as loadable images',
    { tags: [SHARED_DATA_TAG] },
    () => {
      const failures: string[] = [];
      for (const vector of controls()) {
        const { kind, url } = expectedUrl(vector);
        const container = renderAnswer(vector.payload, false);
        if (kind === 'a') {
          const link = container.querySelector('a');
          if (link?.getAttribute('href') !== url)
            failures.push(`${vector.id}: expected a link to ${url}, got ${link?.outerHTML ?? container.innerHTML}`);
          else if (!url.startsWith('#') && !(link.getAttribute('rel') ?? '').includes('noopener'))
            failures.push(`${vector.id}: no noopener`);
        } else if (IMAGES_NOT_LOADED.has(vector.id)) {
          if (container.querySelector('img') || !/Image removed/i.test(container.textContent ?? ''))
            failures.push(`${vector.id}: expected the image-removed placeholder`);
        } else {
          const image = container.querySelector('img');
          if (image?.getAttribute('src') !== url)
            failures.push(`${vector.id}: expected an image from ${url}, got ${container.innerHTML}`);
        }
        cleanup();
      }
      expect(failures).toEqual([]);
    },
  );
});
