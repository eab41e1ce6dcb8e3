import { memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';
import { CodeBlock } from './code-block.tsx';
import { splitMarkdownBlocks } from './markdown-blocks.ts';
import { RemoteImage } from './remote-image.tsx';
import { markdownUrlTransform } from './safe-url.ts';
import { ChatTranslateContext, useChatTranslate } from './translate-context.ts';

type HastElement = NonNullable<ExtraProps['node']>;
type HastChild = HastElement['children'][number];

function hastText(node: HastChild | HastElement): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(hastText).join('');
  return '';
}

function languageOf(codeElement: HastElement): string | undefined {
  const className: unknown = codeElement.properties.className;
  const classes: string[] = Array.isArray(className)
    ? className.map(String)
    : typeof className === 'string'
      ? className.split(' ')
      : [];
  const language = classes.find((name) => name.startsWith('language-'))?.slice('language-'.length);
  return language || undefined;
}

function UnsafeLink({ children }: { children: ReactNode }) {
  const t = useChatTranslate();
  return (
    <span title={t('unsafeLink')} data-unsafe-link="" className="text-zinc-500 underline decoration-dotted dark:text-zinc-400">
      {children}
    </span>
  );
}

// Module-level so react-markdown sees the same objects on every render.
const components: Components = {
  a({ href, title, children }) {
    if (!href) return <UnsafeLink>{children}</UnsafeLink>;
    // In-page anchors (GFM footnotes) stay in the tab; every other link opens a new one.
    const external = !href.startsWith('#');
    return (
      <a
        href={href}
        title={title}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700 dark:hover:decoration-indigo-300"
      >
        {children}
      </a>
    );
  },
  img({ src, alt, title }) {
    return <RemoteImage src={typeof src === 'string' ? src : ''} alt={alt ?? ''} title={title} />;
  },
  pre({ node, children }) {
    const codeElement = node?.children.find((child): child is HastElement => child.type === 'element' && child.tagName === 'code');
    if (!codeElement) return <pre className="overflow-x-auto">{children}</pre>;
    return <CodeBlock code={hastText(codeElement).replace(/\n$/, '')} language={languageOf(codeElement)} />;
  },
  code({ children }) {
    // Only inline code reaches here: block code is rendered whole by `pre`.
    return (
      <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.9em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
        {children}
      </code>
    );
  },
  table({ children }) {
    return (
      <div className="my-3 overflow-x-auto">
        <table className="min-w-full border-collapse text-sm">{children}</table>
      </div>
    );
  },
  th({ children, style }) {
    return (
      <th style={style} className="border border-zinc-300 bg-zinc-50 px-2 py-1 text-left font-semibold dark:border-zinc-600 dark:bg-zinc-800">
        {children}
      </th>
    );
  },
  td({ children, style }) {
    return (
      <td style={style} className="border border-zinc-300 px-2 py-1 align-top dark:border-zinc-600">
        {children}
      </td>
    );
  },
};

const remarkPlugins = [remarkGfm];

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

const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <div>
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components} urlTransform={markdownUrlTransform}>
        {text}
      </ReactMarkdown>
    </div>
  );
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
 */
export const Markdown = memo(function Markdown({ text, streaming = false, t = defaultChatTranslate, className }: MarkdownProps) {
  const blocks = useMemo(() => (streaming ? splitMarkdownBlocks(text) : [text]), [text, streaming]);
  return (
    <ChatTranslateContext value={t}>
      <div className={className ? `${PROSE_CLASSES} ${className}` : PROSE_CLASSES}>
        {blocks.map((block, index) => (
          // Index keys are stable: while streaming, blocks are only appended or the last one grows.
          <MarkdownBlock key={index} text={block} />
        ))}
      </div>
    </ChatTranslateContext>
  );
});
