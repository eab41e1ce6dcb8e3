import { Fragment } from 'react';

/** Paragraphs of plain prose (see plainParagraphs) in the parser's markup: a `<p>` each, a line break between. */
export function PlainParagraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return paragraphs.map((paragraph, index) => (
    // Index keys are stable: the paragraphs of one text.
    <Fragment key={index}>
      {index > 0 ? '\n' : null}
      <p>{paragraph}</p>
    </Fragment>
  ));
}
