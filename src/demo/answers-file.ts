import { answerToolFailed, say } from './answers.ts';
import { findField, findString, type Observation } from './observation.ts';
import { truncate, type DemoLanguage } from './text.ts';

/** The kinds of file the scripted demo outlines differently. */
type FileKind = 'markdown' | 'csv' | 'json' | 'text';

const TRUNCATION_MARKER = /\n\[… \d+ characters omitted …\]\n/u;

function kindOf(name: string, mimeType: string | undefined): FileKind {
  const extension = /\.([a-z0-9]+)$/iu.exec(name)?.[1]?.toLowerCase() ?? '';
  if (['md', 'markdown'].includes(extension) || mimeType === 'text/markdown') return 'markdown';
  if (['csv', 'tsv'].includes(extension) || mimeType === 'text/csv' || mimeType === 'text/tab-separated-values')
    return 'csv';
  if (['json', 'jsonl'].includes(extension) || mimeType === 'application/json') return 'json';
  return 'text';
}

/** Splits one CSV line, honouring double-quoted fields. */
function splitCsvLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      fields.push(field.trim());
      field = '';
    } else field += character;
  }
  fields.push(field.trim());
  return fields;
}

function countWords(text: string): number {
  const latin =
    text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.filter((word) => !/[\u3400-\u9fff]/u.test(word)).length ?? 0;
  const cjk = text.match(/[\u3400-\u9fff]/gu)?.length ?? 0;
  return latin + cjk;
}

function quote(text: string, maxLines: number): string {
  return truncate(text, 400)
    .split('\n')
    .slice(0, maxLines)
    .map((line) => `> ${line}`)
    .join('\n');
}

function outlineMarkdown(language: DemoLanguage, text: string): string[] {
  const headings = text.split('\n').filter((line) => /^#{1,6}\s+\S/u.test(line));
  const firstParagraph = text
    .split(/\n\s*\n/u)
    .map((block) => block.trim())
    .find((block) => block.length > 0 && !block.startsWith('#'));
  const parts = [
    say(
      language,
      `${countWords(text)} words, ${headings.length} heading${headings.length === 1 ? '' : 's'}.`,
      `约 ${countWords(text)} 个词，${headings.length} 个标题。`,
    ),
  ];
  if (headings.length > 0) {
    const list = headings.slice(0, 10).map((heading) => {
      const level = /^#+/u.exec(heading)?.[0].length ?? 1;
      return `${'  '.repeat(level - 1)}- ${heading.replace(/^#+\s*/u, '')}`;
    });
    parts.push(`${say(language, 'Sections:', '章节：')}\n${list.join('\n')}${headings.length > 10 ? '\n- …' : ''}`);
  }
  if (firstParagraph) parts.push(`${say(language, 'It opens with:', '开头是：')}\n${quote(firstParagraph, 4)}`);
  return parts;
}

function outlineCsv(language: DemoLanguage, name: string, text: string): string[] {
  const separator = name.toLowerCase().endsWith('.tsv') || (text.split('\n')[0] ?? '').includes('\t') ? '\t' : ',';
  const lines = text.split(/\r?\n/u).filter((line) => line.trim().length > 0);
  const [headerLine, ...rows] = lines;
  if (headerLine === undefined) return [say(language, 'The table is empty.', '表格是空的。')];
  const columns = splitCsvLine(headerLine, separator);
  const parsed = rows.map((row) => splitCsvLine(row, separator));
  const parts = [
    say(
      language,
      `A table with ${rows.length} row${rows.length === 1 ? '' : 's'} and ${columns.length} column${columns.length === 1 ? '' : 's'}: ${columns.map((column) => `\`${column}\``).join(', ')}.`,
      `一张 ${rows.length} 行、${columns.length} 列的表格：${columns.map((column) => `\`${column}\``).join('、')}。`,
    ),
  ];
  const ranges = columns.flatMap((column, index) => {
    const values = parsed.map((row) => row[index] ?? '').filter((value) => value !== '');
    const numbers = values.map(Number);
    if (values.length === 0 || numbers.some((value) => !Number.isFinite(value))) return [];
    const total = numbers.reduce((sum, value) => sum + value, 0);
    const round = (value: number) => String(Math.round(value * 100) / 100);
    return [
      say(
        language,
        `- \`${column}\`: ${round(Math.min(...numbers))} to ${round(Math.max(...numbers))}, total ${round(total)}`,
        `- \`${column}\`：${round(Math.min(...numbers))} 到 ${round(Math.max(...numbers))}，合计 ${round(total)}`,
      ),
    ];
  });
  if (ranges.length > 0)
    parts.push(`${say(language, 'Numeric columns:', '数值列：')}\n${ranges.slice(0, 6).join('\n')}`);
  return parts;
}

function outlineJson(language: DemoLanguage, text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [
      say(
        language,
        `It is not valid JSON (${reason}); it has ${text.split('\n').length} lines.`,
        `它不是有效的 JSON（${reason}），共 ${text.split('\n').length} 行。`,
      ),
    ];
  }
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    const keys = typeof first === 'object' && first !== null && !Array.isArray(first) ? Object.keys(first) : [];
    return [
      say(
        language,
        `A JSON array of ${value.length} item${value.length === 1 ? '' : 's'}.`,
        `一个包含 ${value.length} 项的 JSON 数组。`,
      ),
      ...(keys.length > 0
        ? [
            say(
              language,
              `Each item has fields like ${keys
                .slice(0, 10)
                .map((key) => `\`${key}\``)
                .join(', ')}.`,
              `每一项包含 ${keys
                .slice(0, 10)
                .map((key) => `\`${key}\``)
                .join('、')} 等字段。`,
            ),
          ]
        : []),
    ];
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    const described = entries.slice(0, 12).map(([key, item]) => {
      const type = Array.isArray(item)
        ? say(language, `list of ${item.length}`, `${item.length} 项的列表`)
        : item === null
          ? 'null'
          : typeof item === 'object'
            ? say(language, 'object', '对象')
            : truncate(JSON.stringify(item), 60);
      return `- \`${key}\`: ${type}`;
    });
    return [
      `${say(language, `A JSON object with ${entries.length} key${entries.length === 1 ? '' : 's'}:`, `一个有 ${entries.length} 个键的 JSON 对象：`)}\n${described.join('\n')}${entries.length > 12 ? '\n- …' : ''}`,
    ];
  }
  return [
    say(
      language,
      `A single JSON value: \`${truncate(JSON.stringify(value), 80)}\`.`,
      `单个 JSON 值：\`${truncate(JSON.stringify(value), 80)}\`。`,
    ),
  ];
}

function outlineText(language: DemoLanguage, text: string): string[] {
  const lines = text.split('\n').length;
  return [
    say(
      language,
      `${lines} line${lines === 1 ? '' : 's'}, about ${countWords(text)} words.`,
      `共 ${lines} 行，约 ${countWords(text)} 个词。`,
    ),
    `${say(language, 'It begins:', '开头是：')}\n${quote(text, 8)}`,
  ];
}

/** The file's text from a read_file result; a result cut short for the context still yields what is visible. */
function readContent(
  observation: Observation,
): { name?: string; mimeType?: string; content: string; partial: boolean } | undefined {
  const { value } = observation;
  const content = findField(value, /^(?:content|text|data|body)$/iu, (candidate) => typeof candidate === 'string');
  if (typeof content === 'string') {
    const name = findString(value, /^(?:name|file_?name)$/iu);
    const mimeType = findString(value, /^mime_?type$/iu);
    const partial = findField(value, /^range$/iu) !== undefined;
    return { ...(name ? { name } : {}), ...(mimeType ? { mimeType } : {}), content, partial };
  }
  if (typeof value !== 'string') return undefined;
  // A long result is shortened (head and tail) before the model sees it, so it no longer parses as JSON.
  const start = /"content"\s*:\s*"/u.exec(value);
  if (!start) return { content: value, partial: TRUNCATION_MARKER.test(value) };
  const name = /"name"\s*:\s*"((?:[^"\\]|\\.)*)"/u.exec(value)?.[1];
  const raw = value.slice((start.index ?? 0) + start[0].length).split(TRUNCATION_MARKER)[0] ?? '';
  const unescaped = raw
    .replace(/"\s*\}\s*$/u, '')
    .replace(/\\n/gu, '\n')
    .replace(/\\t/gu, '\t')
    .replace(/\\"/gu, '"')
    .replace(/\\\\/gu, '\\');
  return { ...(name ? { name } : {}), content: unescaped, partial: true };
}

/** Names from a read_file listing (called without a name while several files are attached). */
function readListing(observation: Observation): string[] | undefined {
  const files = findField(observation.value, /^(?:attached_?files|files)$/iu, Array.isArray);
  if (!Array.isArray(files)) return undefined;
  return files.map((file) => findString(file, /^name$/iu) ?? (typeof file === 'string' ? file : '')).filter(Boolean);
}

/** The scripted answer after read_file: an outline of the file's structure, labelled as the demo's, or what went wrong. */
export function answerFile(
  language: DemoLanguage,
  requestedName: string | undefined,
  observation: Observation,
): string {
  if (!observation.ok) {
    if (observation.denied) return answerToolFailed(language, 'read_file', observation);
    const error = observation.error ?? observation.text;
    const what = requestedName ? `**${requestedName}**` : say(language, 'the file', '文件');
    return say(
      language,
      `I couldn't read ${what}: ${error}\n\nAttach files to this session with the **Attach files** button above the message box, or drop them onto the chat, then ask again.`,
      `没能读取${what}：${error}\n\n请用输入框上方的 **附加文件** 按钮，或直接把文件拖到聊天区，把文件附加到本会话后再问一次。`,
    );
  }
  const listing = readListing(observation);
  if (listing) {
    const names = listing.map((name) => `**${name}**`).join(say(language, ', ', '、'));
    const example = listing[0] ?? 'notes.md';
    return say(
      language,
      `Several files are attached: ${names}. Which one should I read? For example: “Summarise ${example}”.`,
      `本会话附加了多个文件：${names}。要读哪一个？例如：“总结一下 ${example}”。`,
    );
  }
  const file = readContent(observation);
  if (!file) return say(language, 'read_file returned nothing I could read.', 'read_file 没有返回可读的内容。');
  const name = file.name ?? requestedName ?? say(language, 'the file', '该文件');
  const kind = kindOf(name, file.mimeType);
  const outline =
    kind === 'markdown'
      ? outlineMarkdown(language, file.content)
      : kind === 'csv'
        ? outlineCsv(language, name, file.content)
        : kind === 'json'
          ? outlineJson(language, file.content)
          : outlineText(language, file.content);
  const heading = say(
    language,
    `Here is an outline of **${name}** (${Array.from(file.content).length} characters${file.partial ? ', only part of it was shown to me' : ''}):`,
    `**${name}** 的概要（${Array.from(file.content).length} 个字符${file.partial ? '，只看到了其中一部分' : ''}）：`,
  );
  const label = say(
    language,
    "_This outline of the file's structure comes from the scripted demo, not from an LLM: it does not understand the text. Connect a real model in Settings for a real summary._",
    '_这份结构概要来自脚本演示模型，不是大语言模型，它并不理解文字内容。要得到真正的摘要，请在设置里连接真实模型。_',
  );
  return [heading, ...outline, label].join('\n\n');
}
