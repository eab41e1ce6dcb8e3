import { answerToolFailed, say } from './answers.ts';
import type { Observation } from './observation.ts';
import type { DemoLanguage } from './text.ts';

interface FoundPassage {
  label: string;
  document: string;
  page?: number;
  heading?: string;
  text: string;
}

function passagesOf(value: unknown): FoundPassage[] {
  const list = typeof value === 'object' && value !== null ? (value as { passages?: unknown }).passages : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is FoundPassage =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FoundPassage).label === 'string' &&
      typeof (item as FoundPassage).document === 'string' &&
      typeof (item as FoundPassage).text === 'string',
  );
}

/** The passage's first sentence or two (up to about 240 characters), as the demo quotes it. */
function firstSentences(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const sentences = flat.match(/[^.!?。！？]+[.!?。！？]?/gu) ?? [flat];
  let quoted = '';
  for (const sentence of sentences) {
    if (quoted && quoted.length + sentence.length > 240) break;
    quoted += sentence;
  }
  return quoted.trim();
}

/**
 * The scripted answer after search_knowledge: the best passage's words, cited as its label ([1]), with where it is;
 * what went wrong, or that nothing matched. Labelled as the demo's: it quotes, it does not understand.
 */
export function answerKnowledge(language: DemoLanguage, observation: Observation): string {
  if (!observation.ok) return answerToolFailed(language, 'search_knowledge', observation);
  const [best] = passagesOf(observation.value);
  if (!best)
    return say(
      language,
      'I searched the Knowledge library but found no passage about that. Try other words, or add the document that has the answer.',
      '我在知识库里搜索了，但没有找到相关的段落。换个说法试试，或把含有答案的文档加入知识库。',
    );
  const where =
    best.page !== undefined ? say(language, `page ${best.page}`, `第 ${best.page} 页`) : (best.heading ?? '');
  const source = where ? `${best.document} › ${where}` : best.document;
  return say(
    language,
    `From **${source}**: ${firstSentences(best.text)} ${best.label}\n\n_(The demo quotes the best passage search_knowledge returned; a real model would answer in its own words and cite the same way.)_`,
    `来自 **${source}**：${firstSentences(best.text)}${best.label}\n\n_（演示模型引用了 search_knowledge 返回的最佳段落；真正的模型会用自己的话回答，并以同样的方式引用。）_`,
  );
}
