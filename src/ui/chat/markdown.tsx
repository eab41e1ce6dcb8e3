import { memo, useMemo, useState } from 'react';
import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';
import { finishedBlocks } from './markdown-blocks.ts';
import { createBlockSplitter, LARGE_TEXT_CHARS } from './markdown-chunks.ts';
import { BlockList, PlainParagraphs, PlainTextView, SectionedBlocks, type Renderer } from './markdown-views.tsx';
import { plainParagraphs } from './markdown-segments.ts';
import { ChatTranslateContext } from './translate-context.ts';
import { useLazyValue } from '../components/use-lazy-value.ts';

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** Loads the Markdown parser and renderers (a chunk of their own) once; later calls share the same load. */
export function loadMarkdownRenderer(): Promise<Renderer> {
  if (renderer) return Promise.resolve(renderer);
  loading ??= import('./markdown-renderer.tsx').then(
    (module) => {
      renderer = module;
      return module;
    },
    (error: unknown) => {
      loading = null; // a later message may try again (e.g. back online)
      throw error;
    },
  );
  return loading;
}

// Tests render synchronously: there the parser is loaded before the first render, as an idle app would have it.
if (import.meta.env.MODE === 'test') await loadMarkdownRenderer();

/** The renderer once loaded (at once if it already is), `null` until then. */
function useMarkdownRenderer(): Renderer | null {
  return useLazyValue(renderer, loadMarkdownRenderer);
}

// Element styling without a typography plugin: descendant selectors on the wrapper.
const PROSE_CLASSES = [
  'min-w-0 break-words text-[15px] leading-relaxed',
  '[&_p]:my-2 [&>div:first-child>:first-child]:mt-0 [&>div:last-child>:last-child]:mb-0',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5',
  '[&_ul.contains-task-list]:list-none [&_ul.contains-task-list]:pl-1 [&_input[type=checkbox]]:mr-1.5 [&_input[type=checkbox]]:align-middle',
  '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600',
  'dark:[&_blockquote]:border-zinc-600 dark:[&_blockquote]:text-zinc-300',
  '[&_hr]:my-4 [&_hr]:border-zinc-200 dark:[&_hr]:border-zinc-700 [&_del]:text-zinc-500',
].join(' ');

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  /** Untrusted Markdown (model output). */
  text: string;
  /** While true, finished blocks are parsed once and only the growing tail re-parses per token. */
  streaming?: boolean;
  t?: ChatTranslate;
  className?: string;
}

/**
 * Renders untrusted Markdown safely: GFM, no raw HTML (shown as text), unsafe link schemes
 * neutralised, links in a new tab with `noopener`, remote images only on request, lazy highlighting.
 * Until the parser's chunk has loaded the text shows as plain text (React escapes it). A text past
 * LARGE_TEXT_CHARS opens as plain text with a switch to the formatted view, which then renders in sections,
 * each once scrolled near (link references across its blocks are not resolved there).
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
  t = defaultChatTranslate,
  className,
}: MarkdownProps) {
  const loaded = useMarkdownRenderer();
  const large = text.length > LARGE_TEXT_CHARS;
  const [choice, setChoice] = useState<'plain' | 'formatted' | null>(null);
  const view = choice ?? (large ? 'plain' : 'formatted');
  const blocks = useBlocks(text, streaming, large && view === 'formatted');
  return (
    <ChatTranslateContext value={t}>
      {large ? (
        <button
          type="button"
          aria-pressed={view === 'plain'}
          onClick={() => setChoice(view === 'plain' ? 'formatted' : 'plain')}
          className="mb-1 rounded border border-zinc-300 px-2 py-0.5 text-xs text-zinc-700 hover:bg-zinc-50 dark:border-zinc-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          {view === 'plain' ? t('showFormatted') : t('showPlainText')}
        </button>
      ) : null}
      <div className={className ? `${PROSE_CLASSES} ${className}` : PROSE_CLASSES}>
        {blocks.plain ? (
          <div>
            <PlainParagraphs paragraphs={blocks.plain} />
          </div>
        ) : view === 'plain' || !loaded ? (
          <PlainTextView text={text} />
        ) : large ? (
          <SectionedBlocks blocks={blocks.list} streaming={streaming} renderer={loaded} />
        ) : (
          <BlockList blocks={blocks.list} streaming={streaming} renderer={loaded} />
        )}
      </div>
    </ChatTranslateContext>
  );
});

/**
 * What the formatted view renders: plain prose as paragraphs (no parser needed), else its blocks. A large text is
 * split the same way streaming or finished, incrementally, so its end re-renders nothing.
 */
function useBlocks(text: string, streaming: boolean, large: boolean): { plain: string[] | null; list: string[] } {
  // The splitter belongs to this view; it keeps the blocks of the text before and starts over on any other text.
  const [splitter] = useState(createBlockSplitter);
  const plain = useMemo(() => (text.length > LARGE_TEXT_CHARS ? null : plainParagraphs(text)), [text]);
  const list = useMemo(() => {
    if (plain) return [];
    if (large || streaming) return splitter(text);
    return finishedBlocks(text);
  }, [plain, text, streaming, large, splitter]);
  return { plain, list };
}
