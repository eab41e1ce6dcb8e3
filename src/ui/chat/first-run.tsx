import { DEMO_PROVIDER } from '../../config/settings.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useLanguage, useT } from '../use-t.ts';

const examples = {
  en: [
    'What is (128+374)*2?',
    'What day of the week is 100 days from today?',
    'Remind me to buy milk tomorrow',
    'What are my todos?',
    'Remember that my favourite colour is teal',
    'What is the temperature difference between Paris and Berlin?',
    'Run JavaScript to sum the squares of 1 to 10',
  ],
  'zh-CN': ['帮我算一下 (128+374)*2 等于多少', '100天后是星期几？', '帮我记个待办：明天带伞', '我有哪些待办', '记住我最喜欢的颜色是青色', '北京和上海的温差是多少？'],
};

/** The first-run screen: what the demo model is, prompts to try, how to connect a real endpoint. */
export function FirstRun(props: { onTry(text: string): void }) {
  const t = useT();
  const language = useLanguage();
  const isDemo = useAppStore((state) => state.settings.provider === DEMO_PROVIDER);
  const setUi = useAppStore((state) => state.setUi);
  return (
    <section aria-label="Welcome" className="mx-auto max-w-2xl space-y-4 px-6 py-10 text-sm">
      <h2 className="text-xl font-semibold">{t('firstRun.title')}</h2>
      {isDemo ? <p className="text-slate-600 dark:text-slate-300">{t('firstRun.body')}</p> : null}
      <div>
        <p className="mb-2 font-medium">{t('firstRun.try')}</p>
        <ul className="flex flex-wrap gap-2">
          {examples[language].map((example) => (
            <li key={example}>
              <button
                type="button"
                className="rounded-full border border-slate-300 px-3 py-1 text-left hover:border-sky-500 hover:bg-sky-50 dark:border-slate-700 dark:hover:bg-sky-950"
                onClick={() => props.onTry(example)}
              >
                {example}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-slate-600 dark:text-slate-300">
        {t('firstRun.connect')}{' '}
        <button type="button" aria-label="Connect a model" className="text-sky-700 underline dark:text-sky-400" onClick={() => setUi({ settingsOpen: true })}>
          {t('settings.open')}
        </button>
      </p>
      <p className="text-xs text-slate-500">{t('firstRun.cors')}</p>
    </section>
  );
}
