import { useEffect, useState } from 'react';
import type { HLJSApi } from 'highlight.js';

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
  const [current, setCurrent] = useState<HLJSApi | null>(highlighter);
  useEffect(() => {
    if (current) return;
    let live = true;
    loadHighlighter().then(
      (loaded) => {
        if (live) setCurrent(loaded);
      },
      () => {
        // Highlighting is a nicety: the code stays readable as plain text.
      },
    );
    return () => {
      live = false;
    };
  }, [current]);
  return current;
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
