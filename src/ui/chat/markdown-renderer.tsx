import { Fragment, memo, useMemo, type ReactNode } from 'react';
import type { Options as MarkdownOptions } from 'react-markdown';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CitationMark, rehypeCitationMarks } from './citation-mark.tsx';
import { CodeBlock, CodeGrowingContext } from './code-block.tsx';
import { splitParagraphSegments } from './markdown-paragraph-cuts.ts';
import { useMath, type MathPlugins } from './math.ts';
import { normaliseMath } from './math-normalise.ts';
import { RemoteImage } from './remote-image.tsx';
import { markdownUrlTransform } from './safe-url.ts';
import { useChatTranslate } from './translate-context.ts';

// The Markdown parser and its renderers: a chunk of its own, loaded on first need by markdown.tsx.

// A lone fenced code block is rendered by markdown.tsx without the parser, with the same component.
export { CodeBlock, CodeGrowingContext };

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
    <span
      title={t('unsafeLink')}
      data-unsafe-link=""
      className="text-zinc-500 underline decoration-dotted dark:text-zinc-400"
    >
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
    const codeElement = node?.children.find(
      (child): child is HastElement => child.type === 'element' && child.tagName === 'code',
    );
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
      <th
        style={style}
        className="border border-zinc-300 bg-zinc-50 px-2 py-1 text-left font-semibold dark:border-zinc-600 dark:bg-zinc-800"
      >
        {children}
      </th>
    );
  },
  cite({ node }) {
    // Only rehypeCitationMarks makes a `cite` (raw HTML is never rendered): a possible citation `[n]`.
    return <CitationMark label={String(node?.properties.dataCitation ?? '')} />;
  },
  td({ children, style }) {
    return (
      <td style={style} className="border border-zinc-300 px-2 py-1 align-top dark:border-zinc-600">
        {children}
      </td>
    );
  },
};

// A segment of a paragraph renders its inline content only: the paragraph element is the caller's.
const segmentComponents: Components = { ...components, p: ({ children }) => <>{children}</> };

type PluggableList = NonNullable<MarkdownOptions['remarkPlugins']>;

const remarkPlugins: PluggableList = [remarkGfm];
const plainRehypePlugins: PluggableList = [rehypeCitationMarks];

interface Plugins {
  remark: PluggableList;
  rehype: PluggableList;
}

const PLAIN_PLUGINS: Plugins = { remark: remarkPlugins, rehype: plainRehypePlugins };
const mathPluginsOf = (math: MathPlugins): Plugins => ({
  remark: [remarkGfm, math.remarkMathPlugin],
  rehype: [math.rehypeKatexPlugin, rehypeCitationMarks],
});

/**
 * The block's text with its math normalised, and the plugins to parse it with: with math (KaTeX, loaded on first
 * need) when it holds a formula, without until KaTeX has loaded or while a growing block has a `$$` still open.
 */
function useBlockSource(text: string, growing: boolean): { source: string; plugins: Plugins } {
  const normalised = useMemo(() => normaliseMath(text), [text]);
  const wantsMath = normalised.math && !(growing && normalised.unclosed);
  const math = useMath(wantsMath);
  // The same plugin objects on every render (the module is loaded once), so memoised blocks stay memoised.
  const withMath = useMemo(() => (math ? mathPluginsOf(math) : null), [math]);
  if (!withMath) return { source: text, plugins: PLAIN_PLUGINS };
  return { source: normalised.text, plugins: withMath };
}

const ParagraphSegment = memo(function ParagraphSegment({ text, plugins }: { text: string; plugins: Plugins }) {
  return (
    <ReactMarkdown
      remarkPlugins={plugins.remark}
      rehypePlugins={plugins.rehype}
      components={segmentComponents}
      urlTransform={markdownUrlTransform}
    >
      {text}
    </ReactMarkdown>
  );
});

/** Props of {@link MarkdownBlock}. */
export interface MarkdownBlockProps {
  /** One top-level block of untrusted Markdown (see splitMarkdownBlocks). */
  text: string;
  /** The block is still growing (the tail of a streamed answer): long paragraphs re-parse only their end. */
  growing?: boolean;
}

/** One block of Markdown, parsed safely: GFM, math, no raw HTML, unsafe URLs neutralised, remote images on request. */
export const MarkdownBlock = memo(function MarkdownBlock({ text, growing = false }: MarkdownBlockProps) {
  const { source, plugins } = useBlockSource(text, growing);
  const segments = growing ? splitParagraphSegments(source) : [source];
  if (segments.length > 1) {
    return (
      <div>
        <p>
          {segments.map((segment, index) => (
            // Index keys are stable: segments are only appended, or the last one grows. The parser drops the space
            // a segment ends with at a cut; it is put back after it.
            <Fragment key={index}>
              <ParagraphSegment text={segment} plugins={plugins} />
              {index < segments.length - 1 && segment.endsWith(' ') ? ' ' : null}
            </Fragment>
          ))}
        </p>
      </div>
    );
  }
  return (
    <div>
      <CodeGrowingContext value={growing}>
        <ReactMarkdown
          remarkPlugins={plugins.remark}
          rehypePlugins={plugins.rehype}
          components={components}
          urlTransform={markdownUrlTransform}
        >
          {source}
        </ReactMarkdown>
      </CodeGrowingContext>
    </div>
  );
});

const WARM_UP_SAMPLE = [
  '# Heading',
  '',
  'Some **bold**, *emphasis*, `code`, ~~struck~~, a [link](https://example.com) and https://example.org.',
  '',
  '- item one',
  '- [x] done',
  '',
  '1. first',
  '',
  '> quoted',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '```ts',
  'const answer = 42;',
  '```',
].join('\n');

/**
 * Runs the parser once on a sample covering the common constructs, when the app is idle: the engine compiles the
 * parser's code then, not during the first real message (which would otherwise take several times longer).
 */
export function warmUpMarkdown(): void {
  ReactMarkdown({ children: WARM_UP_SAMPLE, remarkPlugins, components, urlTransform: markdownUrlTransform });
}
