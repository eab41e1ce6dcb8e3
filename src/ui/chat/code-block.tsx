import { createContext, memo, useContext, useMemo } from 'react';
import { CopyButton } from '../components/copy-button.tsx';
import { highlightToHtml, useHighlighter } from './highlight.ts';
import { useChatTranslate } from './translate-context.ts';
import { useNames } from '../use-t.ts';

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  code: string;
  /** The fence's info string language (`ts`, `python`…), if any. */
  language?: string;
}

// Token colours for highlight.js classes, light and dark, without a global stylesheet.
const TOKEN_CLASSES = [
  '[&_.hljs-keyword]:text-fuchsia-700 [&_.hljs-selector-tag]:text-fuchsia-700 [&_.hljs-doctag]:text-fuchsia-700',
  '[&_.hljs-type]:text-amber-700 [&_.hljs-built_in]:text-amber-700',
  '[&_.hljs-string]:text-emerald-700 [&_.hljs-regexp]:text-emerald-700 [&_.hljs-char]:text-emerald-700',
  '[&_.hljs-number]:text-sky-700 [&_.hljs-literal]:text-sky-700 [&_.hljs-symbol]:text-sky-700 [&_.hljs-bullet]:text-sky-700',
  '[&_.hljs-title]:text-indigo-700 [&_.hljs-section]:text-indigo-700 [&_.hljs-name]:text-indigo-700',
  '[&_.hljs-attr]:text-cyan-700 [&_.hljs-attribute]:text-cyan-700 [&_.hljs-variable]:text-cyan-700 [&_.hljs-property]:text-cyan-700 [&_.hljs-params]:text-zinc-700',
  '[&_.hljs-comment]:text-zinc-500 [&_.hljs-comment]:italic [&_.hljs-quote]:text-zinc-500 [&_.hljs-meta]:text-zinc-500',
  '[&_.hljs-addition]:bg-emerald-100 [&_.hljs-deletion]:bg-red-100',
  'dark:[&_.hljs-keyword]:text-fuchsia-300 dark:[&_.hljs-selector-tag]:text-fuchsia-300 dark:[&_.hljs-doctag]:text-fuchsia-300',
  'dark:[&_.hljs-type]:text-amber-300 dark:[&_.hljs-built_in]:text-amber-300',
  'dark:[&_.hljs-string]:text-emerald-300 dark:[&_.hljs-regexp]:text-emerald-300 dark:[&_.hljs-char]:text-emerald-300',
  'dark:[&_.hljs-number]:text-sky-300 dark:[&_.hljs-literal]:text-sky-300 dark:[&_.hljs-symbol]:text-sky-300 dark:[&_.hljs-bullet]:text-sky-300',
  'dark:[&_.hljs-title]:text-indigo-300 dark:[&_.hljs-section]:text-indigo-300 dark:[&_.hljs-name]:text-indigo-300',
  'dark:[&_.hljs-attr]:text-cyan-300 dark:[&_.hljs-attribute]:text-cyan-300 dark:[&_.hljs-variable]:text-cyan-300 dark:[&_.hljs-property]:text-cyan-300 dark:[&_.hljs-params]:text-zinc-300',
  'dark:[&_.hljs-comment]:text-zinc-400 dark:[&_.hljs-quote]:text-zinc-400 dark:[&_.hljs-meta]:text-zinc-400',
  'dark:[&_.hljs-addition]:bg-emerald-950 dark:[&_.hljs-deletion]:bg-red-950',
].join(' ');

/** True inside a Markdown block that is still streaming: its code shows plain until the block is finished. */
export const CodeGrowingContext = createContext(false);

/** A fenced code block: language label, Copy button, syntax colours once highlight.js has loaded. */
export const CodeBlock = memo(function CodeBlock({ code, language }: CodeBlockProps) {
  const names = useNames();
  const t = useChatTranslate();
  const hljs = useHighlighter();
  // Re-highlighting a growing block on every token costs a pass over all of it; it is coloured once finished.
  const growing = useContext(CodeGrowingContext);
  const html = useMemo(
    () => (hljs && !growing ? highlightToHtml(hljs, code, language) : null),
    [hljs, growing, code, language],
  );
  const codeClass = `block min-w-max font-mono ${language ? `language-${language}` : ''}`;

  return (
    <div
      className="my-3 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950"
      data-testid="code-block"
      data-language={language ?? ''}
    >
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 py-0.5 pr-1 pl-3 text-xs text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
        <span className="font-mono">{language || t('plainText')}</span>
        <CopyButton
          text={code}
          label={names('Copy code')}
          title={t('copyCode')}
          copiedText={t('copied')}
          failedText={t('copyFailed')}
        />
      </div>
      <pre
        className={`overflow-x-auto p-3 text-[13px] leading-relaxed text-zinc-800 dark:text-zinc-100 ${TOKEN_CLASSES}`}
      >
        {html === null ? (
          <code className={codeClass}>{code}</code>
        ) : (
          // Safe: `html` comes only from highlightToHtml, and highlight.js escapes all of the source
          // text; the only markup in it is highlight.js's own <span class="hljs-…"> elements.
          // eslint-disable-next-line react/no-danger -- the one sanctioned innerHTML, see above
          <code className={`hljs ${codeClass}`} data-highlighted="" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  );
});
