/**
 * The offline demo's dataset (PRODUCT.md §15): the seed dialogues as items with expected answers and the
 * `Contains expected` and `Tool expectations` scorers, in English and Chinese; always listed, so an experiment runs with nothing configured.
 */
import type { Dataset, DatasetItem } from './eval-types.ts';
import type { ExperimentVariant } from './experiment-types.ts';

export const DEMO_DATASET_ID = 'dataset_demo';

/**
 * Two items allow fewer steps than text ReAct needs: native tool calls make independent calls in one step, text ReAct
 * takes one action per step. The two-dates weekday question (2 steps: both date_calc calls, then the answer) shows
 * it offline; the weather question (3 steps: both cities, the difference, the answer) needs the network (Open-Meteo).
 */
const ITEMS: Record<'en' | 'zh-CN', { input: string; expected: string; tools?: string[]; maxSteps?: number }[]> = {
  en: [
    { input: 'What is (128+374)*2?', expected: '1004', tools: ['calculator'] },
    { input: 'What day of the week is 150 days after 2024-05-20?', expected: 'Thursday', tools: ['date_calc'] },
    { input: 'Remind me to buy milk', expected: 'buy milk', tools: ['todo'] },
    {
      input: 'What is the temperature difference between Beijing and Shanghai?',
      expected: '°C',
      tools: ['get_weather'],
      maxSteps: 3,
    },
    { input: 'Research the boiling point of water at 3,000 m and have it reviewed', expected: '90' },
    {
      input: 'On what day of the week do 2024-05-20 and 2024-12-25 fall?',
      expected: 'Wednesday',
      tools: ['date_calc'],
      maxSteps: 2,
    },
  ],
  'zh-CN': [
    { input: '帮我算一下 (128+374)*2 等于多少', expected: '1004', tools: ['calculator'] },
    { input: '2024年5月20日之后150天是星期几？', expected: '星期四', tools: ['date_calc'] },
    { input: '帮我记个待办：明天带伞', expected: '明天带伞', tools: ['todo'] },
    { input: '北京和上海温差多少', expected: '°C', tools: ['get_weather'], maxSteps: 3 },
    { input: '帮我调研海拔3000米处水的沸点，并让审核员检查', expected: '90' },
    { input: '2024年5月20日和2024年12月25日分别是星期几？', expected: '星期三', tools: ['date_calc'], maxSteps: 2 },
  ],
};

/** The demo dataset in the language shown. */
export function demoDataset(language: 'en' | 'zh-CN'): { dataset: Dataset; items: DatasetItem[] } {
  const dataset: Dataset = {
    id: DEMO_DATASET_ID,
    name: language === 'zh-CN' ? '演示数据集' : 'Demo dataset',
    scorers: [
      { kind: 'contains', enabled: true },
      { kind: 'tools', enabled: true },
    ],
    createdAt: 0,
    updatedAt: 0,
  };
  const items = ITEMS[language].map((item, index) => ({
    id: `demo_item_${index + 1}`,
    datasetId: DEMO_DATASET_ID,
    input: item.input,
    expected: item.expected,
    ...(item.tools ? { tools: { called: item.tools, ...(item.maxSteps ? { maxSteps: item.maxSteps } : {}) } } : {}),
    createdAt: 0,
  }));
  return { dataset, items };
}

/** The demo's two variants: native tool calls against text ReAct, the rest as in Settings. */
export function demoVariants(base: ExperimentVariant): ExperimentVariant[] {
  return [
    { ...base, protocol: 'tools', delegation: true },
    { ...base, protocol: 'react', delegation: true },
  ];
}
