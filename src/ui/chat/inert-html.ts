import type { Element, ElementContent, Root } from 'hast';
import { fromDom } from 'hast-util-from-dom';

const PARKED = 'data-katex-style';
const PARKED_PROPERTY = 'dataKatexStyle';
let parser: DOMParser | undefined;

/** Puts each parked style back as the element's `style` property, which React sets through the CSSOM. */
function restoreStyles(nodes: ElementContent[]): void {
  const stack = [...nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type !== 'element') continue;
    const parked = node.properties[PARKED_PROPERTY];
    if (typeof parked === 'string') {
      node.properties.style = parked;
      delete node.properties[PARKED_PROPERTY];
    }
    stack.push(...node.children);
  }
}

/**
 * rehype-katex's HTML parser in the browser (vite.config.ts aliases `hast-util-from-html-isomorphic` to this file).
 * KaTeX writes dozens of `style="…"` attributes per formula, and parsing markup that holds them, in the page or in
 * a DOMParser document (which inherits the page's policy), is an inline style the policy refuses (style-src 'self'):
 * one CSP violation each. So the styles are parked in a data attribute while parsing (KaTeX escapes `"` in text, so
 * ` style="` only ever starts an attribute) and put back on the tree, where React sets them through the CSSOM.
 */
export function fromHtmlIsomorphic(value: string, options?: { fragment?: boolean }): Root {
  parser ??= new DOMParser();
  const document = parser.parseFromString(value.replaceAll(' style="', ` ${PARKED}="`), 'text/html');
  const root: Root = options?.fragment
    ? { type: 'root', children: (fromDom(document.body) as Element).children }
    : (fromDom(document) as Root);
  restoreStyles(root.children as ElementContent[]);
  return root;
}
