// The demo's sample Knowledge document: a short handbook for a made-up community garden, written for Glassbox (no
// third-party text), in English and Chinese. The first-run screen adds it to the library and asks the sample
// question; the demo model answers it with search_knowledge and cites the passage it used.
import type { KnowledgeDocument, Passage } from '../knowledge/knowledge-types.ts';

/** One language's sample: the file name, its sections (heading, text) and the question asked about it. */
export interface SampleDocument {
  name: string;
  sections: ReadonlyArray<readonly [heading: string, text: string]>;
  question: string;
}

export const SAMPLE_DOCUMENTS: Readonly<Record<'en' | 'zh-CN', SampleDocument>> = {
  en: {
    name: 'riverside-garden-handbook.md',
    sections: [
      [
        'Welcome',
        'The Riverside Community Garden has 40 plots beside the old mill race. Plots are given out each March to members who have paid the yearly fee of 25 euros.',
      ],
      [
        'Watering',
        'Water your plot before 9 in the morning or after 6 in the evening, never at midday. The rain barrels by the shed are for everyone; the mains tap is for the seedling house only.',
      ],
      [
        'Compost',
        'Put raw plant waste in the left compost bay and turn it every second Saturday. Cooked food, meat and diseased plants go in the green bin, not the compost.',
      ],
      [
        'Tools and the shed',
        'The shed code changes on the first of each month and is posted in the members chat. Clean and return tools the same day; a broken tool goes on the repair shelf with a note.',
      ],
    ],
    question: 'According to the sample document, when should I water my plot?',
  },
  'zh-CN': {
    name: '河畔花园手册.md',
    sections: [
      ['欢迎', '河畔社区花园在旧磨坊水渠旁，共有 40 块地块。每年三月把地块分给已缴纳 25 欧元年费的会员。'],
      [
        '浇水',
        '请在早上 9 点以前或傍晚 6 点以后给地块浇水，中午不要浇水。工具棚旁的雨水桶大家都可以用；自来水龙头只供育苗房使用。',
      ],
      [
        '堆肥',
        '生的植物残渣放进左边的堆肥格，每隔一个星期六翻一次。熟食、肉类和生病的植物放进绿色垃圾桶，不要放进堆肥。',
      ],
      [
        '工具与工具棚',
        '工具棚的密码每月一号更换，并发布在会员群里。工具当天清洗归还；坏了的工具放到维修架上并附上说明。',
      ],
    ],
    question: '根据示例文档，什么时候给地块浇水？',
  },
};

/** The sample as a library document with its passages (one per section, headed by the section). */
export function sampleLibraryDocument(
  language: 'en' | 'zh-CN',
  id: string,
  addedAt: number,
): { document: KnowledgeDocument; passages: Passage[]; original: Blob } {
  const sample = SAMPLE_DOCUMENTS[language];
  const markdown = sample.sections.map(([heading, text]) => `## ${heading}\n\n${text}\n`).join('\n');
  const original = new Blob([markdown], { type: 'text/markdown' });
  const passages = sample.sections.map(([heading, text], ordinal): Passage => ({
    id: `${id}:${ordinal}`,
    documentId: id,
    ordinal,
    headings: [heading],
    text,
  }));
  return {
    document: {
      id,
      name: sample.name,
      format: 'markdown',
      bytes: original.size,
      passages: passages.length,
      addedAt,
    },
    passages,
    original,
  };
}
