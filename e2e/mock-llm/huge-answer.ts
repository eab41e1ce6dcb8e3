/** The last words of every huge answer: a test that finds them knows the whole answer arrived. */
export const HUGE_ANSWER_END = 'HUGE-ANSWER-END-2048';

/**
 * A Markdown answer of about `chars` characters, made of sections like a model's long answer: a heading, prose with
 * emphasis and links, a list, a table and a fenced code block each; the last line is {@link HUGE_ANSWER_END}.
 */
export function hugeMarkdownAnswer(chars: number): string {
  const sections: string[] = [];
  let length = 0;
  for (let index = 0; length < chars; index += 1) {
    const section = [
      `## Section ${index}`,
      '',
      `Section ${index} explains **one more part** of the answer, with a [link](https://example.com/${index}) and \`code\`. `.repeat(
        6,
      ),
      '',
      `- point ${index}.1 with *emphasis*`,
      `- point ${index}.2`,
      '',
      '| key | value |',
      '|---|---|',
      `| ${index} | ${index * 2} |`,
      '',
      '```js',
      `const value${index} = ${index};`,
      `console.log(value${index});`,
      '```',
      '',
    ].join('\n');
    sections.push(section);
    length += section.length + 1;
  }
  return `${sections.join('\n')}\n${HUGE_ANSWER_END}`;
}

/** An OpenAI-style SSE stream that sends `text` as the content of chunks of `chunkChars`, then finishes. */
export function contentSse(text: string, chunkChars = 2048): string {
  const chunk = (delta: object, finishReason: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-huge', object: 'chat.completion.chunk', created: 1, model: 'glassbox-demo', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
  const events = [chunk({ role: 'assistant', content: '' })];
  for (let start = 0; start < text.length; start += chunkChars) {
    events.push(chunk({ content: text.slice(start, start + chunkChars) }));
  }
  events.push(chunk({}, 'stop'), 'data: [DONE]\n\n');
  return events.join('');
}
