import { Fragment, memo, useMemo } from 'react';
import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';
import { fencedCode, finishedBlocks, splitMarkdownBlocks } from './markdown-blocks.ts';
import { plainParagraphs } from './markdown-segments.ts';
import { ChatTranslateContext } from './translate-context.ts';
import { useLazyValue } from '../components/use-lazy-value.ts';

type Renderer = typeof import('./markdown-renderer.tsx');

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

/** Paragraphs of plain prose (see plainParagraphs) in the parser's markup: a `<p>` each, a line break between. */
function PlainParagraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return paragraphs.map((paragraph, index) => (
    // Index keys are stable: the paragraphs of one text. The parser puts a line break between blocks; so does this.
    <Fragment key={index}>
      {index > 0 ? '\n' : null}
      <p>{paragraph}</p>
    </Fragment>
  ));
}

/** One block of a message: plain prose and a lone fenced code block as the parser would render them, without it. */
const Block = memo(function Block({
  text,
  growing,
  renderer: loaded,
}: {
  text: string;
  growing: boolean;
  renderer: Renderer;
}) {
  const plain = useMemo(() => plainParagraphs(text), [text]);
  const fence = useMemo(() => (plain ? null : fencedCode(text)), [plain, text]);
  if (plain) {
    return (
      <div>
        <PlainParagraphs paragraphs={plain} />
      </div>
    );
  }
  if (fence) {
    return (
      <div>
        <loaded.CodeGrowingContext value={growing}>
          <loaded.CodeBlock code={fence.code} language={fence.language} />
        </loaded.CodeGrowingContext>
      </div>
    );
  }
  return <loaded.MarkdownBlock text={text} growing={growing} />;
});

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
 * Until the parser's chunk has loaded the text shows as plain text (React escapes it).
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
  t = defaultChatTranslate,
  className,
}: MarkdownProps) {
  const loaded = useMarkdownRenderer();
  // Plain prose (no character that could start Markdown syntax) renders as the parser would, without it.
  const plain = useMemo(() => plainParagraphs(text), [text]);
  const blocks = useMemo(
    () => (plain ? [] : streaming ? splitMarkdownBlocks(text) : finishedBlocks(text)),
    [plain, text, streaming],
  );
  return (
    <ChatTranslateContext value={t}>
      <div className={className ? `${PROSE_CLASSES} ${className}` : PROSE_CLASSES}>
        {plain ? (
          <div>
            <PlainParagraphs paragraphs={plain} />
          </div>
        ) : loaded ? (
          blocks.map((block, index) => (
            // Index keys are stable: while streaming, blocks are only appended or the last one grows.
            <Block key={index} text={block} growing={streaming && index === blocks.length - 1} renderer={loaded} />
          ))
        ) : (
          <div>
            <p className="whitespace-pre-wrap">{text}</p>
          </div>
        )}
      </div>
    </ChatTranslateContext>
  );
});
