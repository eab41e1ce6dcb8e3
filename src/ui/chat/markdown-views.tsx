import { Fragment, memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { fencedCode } from './markdown-blocks.ts';
import { groupSections, plainChunks } from './markdown-chunks.ts';
import { plainParagraphs } from './markdown-segments.ts';

/** The Markdown parser and its renderers (a chunk of their own). */
export type Renderer = typeof import('./markdown-renderer.tsx');

/** Paragraphs of plain prose (see plainParagraphs) in the parser's markup: a `<p>` each, a line break between. */
export function PlainParagraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return paragraphs.map((paragraph, index) => (
    // Index keys are stable: the paragraphs of one text. The parser puts a line break between blocks; so does this.
    <Fragment key={index}>
      {index > 0 ? '\n' : null}
      <p>{paragraph}</p>
    </Fragment>
  ));
}

/**
 * One block of a message: plain prose and a lone fenced code block as the parser would render them, without it.
 * Memoised by its text: a finished block renders once, however long the answer keeps growing after it.
 */
export const Block = memo(function Block({
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

/** The blocks of a message, each memoised by its text; only the last grows while streaming. */
export function BlockList({
  blocks,
  streaming,
  renderer,
}: {
  blocks: readonly string[];
  streaming: boolean;
  renderer: Renderer;
}) {
  return blocks.map((block, index) => (
    // Index keys are stable: while streaming, blocks are only appended or the last one grows.
    <Block key={index} text={block} growing={streaming && index === blocks.length - 1} renderer={renderer} />
  ));
}

/** Pixels to assume for text not rendered yet: about 90 characters a line of 24 px. */
function estimatedHeight(characters: number): number {
  return Math.ceil(characters / 90) * 24;
}

/**
 * Whether the element has come within a screen or so of the viewport (and stays true from then on). Without
 * IntersectionObserver (tests, old browsers) everything counts as seen.
 */
function useSeen(): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '1000px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

/** A section of a long answer: a placeholder of about its height until it is scrolled near, then its blocks. */
const LazySection = memo(function LazySection({
  blocks,
  streaming,
  renderer,
}: {
  blocks: readonly string[];
  streaming: boolean;
  renderer: Renderer;
}) {
  const [ref, seen] = useSeen();
  if (seen) return <BlockList blocks={blocks} streaming={streaming} renderer={renderer} />;
  const characters = blocks.reduce((total, block) => total + block.length + 1, 0);
  return <div ref={ref} data-testid="markdown-pending" style={{ height: estimatedHeight(characters) }} />;
}, sameSection);

function sameSection(
  before: { blocks: readonly string[]; streaming: boolean; renderer: Renderer },
  after: { blocks: readonly string[]; streaming: boolean; renderer: Renderer },
): boolean {
  return (
    before.streaming === after.streaming &&
    before.renderer === after.renderer &&
    before.blocks.length === after.blocks.length &&
    before.blocks.every((block, index) => block === after.blocks[index])
  );
}

/**
 * A long answer's blocks in sections of about 16 K characters, each rendered only once scrolled near. The last
 * section (where a streamed answer grows) renders at once.
 */
export function SectionedBlocks({
  blocks,
  streaming,
  renderer,
}: {
  blocks: readonly string[];
  streaming: boolean;
  renderer: Renderer;
}) {
  const sections = useMemo(() => groupSections(blocks), [blocks]);
  return sections.map((section, index) =>
    index === sections.length - 1 ? (
      <BlockList key={index} blocks={section} streaming={streaming} renderer={renderer} />
    ) : (
      // A finished section never grows: it is not streaming.
      <LazySection key={index} blocks={section} streaming={false} renderer={renderer} />
    ),
  );
}

const PlainChunk = memo(function PlainChunk({ text }: { text: string }) {
  // The browser skips layout and paint of chunks off screen; their height is remembered once rendered.
  return <div style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 600px' }}>{text}</div>;
});

/**
 * The text exactly as written, in chunks memoised by their text: while an answer streams only the last chunk
 * changes. React escapes the text: nothing in it is markup.
 */
export function PlainTextView({ text }: { text: string }) {
  const chunks = useMemo(() => plainChunks(text), [text]);
  return (
    <div data-testid="plain-text-view" className="whitespace-pre-wrap">
      {chunks.map((chunk, index) => (
        // Index keys are stable: chunks are cut where only the text before decides.
        <PlainChunk key={index} text={chunk} />
      ))}
    </div>
  );
}
