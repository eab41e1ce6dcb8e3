import type { HLJSApi } from 'highlight.js';
import { useLazyValue } from '../components/use-lazy-value.ts';

let highlighter: HLJSApi | null = null;
let loading: Promise<HLJSApi> | null = null;

/** Loads highlight.js (its common languages) once, as a separate chunk, on first need. */
export function loadHighlighter(): Promise<HLJSApi> {
  if (highlighter) return Promise.resolve(highlighter);
  loading ??= import('highlight.js/lib/common').then(
    (module) => {
      highlighter = module.default;
      return highlighter;
    },
    (error: unknown) => {
      loading = null; // let a later code block try again (e.g. after going back online)
      throw error;
    },
  );
  return loading;
}

/** The highlighter once loaded (immediately if another block loaded it already), `null` until then. */
export function useHighlighter(): HLJSApi | null {
  return useLazyValue(highlighter, loadHighlighter);
}

/**
 * Highlights `code` as HTML, or returns `null` for an unknown or missing language. The HTML is safe
 * to insert: highlight.js escapes every character of the source (`&`, `<`, `>`, `"`, `'`) and adds
 * only its own `<span class="hljs-…">` wrappers.
 */
export function highlightToHtml(hljs: HLJSApi, code: string, language: string | undefined): string | null {
  if (!language || !hljs.getLanguage(language)) return null;
  try {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
