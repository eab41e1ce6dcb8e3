import { DEMO_PROVIDER } from '../../config/settings.ts';
import { TEAM_EXAMPLE } from '../../demo/team-example.ts';
import { createAgentsTranslate } from '../../i18n/agents.ts';
import { createDataTranslate } from '../../i18n/data.ts';
import { attachSampleData } from '../../store/actions/sample-data-actions.ts';
import { updateSetting } from '../../store/actions/settings-actions.ts';
import { firstRunText, type FirstRunKey } from '../../i18n/first-run.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useLanguage, useNames } from '../use-t.ts';

interface Example {
  prompt: string;
  /** The tool the demo model calls for it. */
  tool: string;
  /** A team example: it needs `Delegate to agents`, switched on (with a notice) when it is off. */
  team?: boolean;
}

const examples: Record<'en' | 'zh-CN', Example[]> = {
  en: [
    { prompt: 'What is (128+374)*2?', tool: 'calculator' },
    { prompt: 'What day of the week is 100 days from today?', tool: 'date_calc' },
    { prompt: 'Remind me to buy milk tomorrow', tool: 'todo' },
    { prompt: 'What are my todos?', tool: 'todo' },
    { prompt: 'Remember that my favourite colour is teal', tool: 'save_note' },
    { prompt: 'What is the temperature difference between Paris and Berlin?', tool: 'get_weather' },
    { prompt: 'Run JavaScript to sum the squares of 1 to 10', tool: 'run_javascript' },
    { prompt: TEAM_EXAMPLE.en, tool: 'delegate_researcher → delegate_reviewer', team: true },
  ],
  'zh-CN': [
    { prompt: '帮我算一下 (128+374)*2 等于多少', tool: 'calculator' },
    { prompt: '100天后是星期几？', tool: 'date_calc' },
    { prompt: '帮我记个待办：明天带伞', tool: 'todo' },
    { prompt: '我有哪些待办', tool: 'todo' },
    { prompt: '记住我最喜欢的颜色是青色', tool: 'save_note' },
    { prompt: '北京和上海的温差是多少？', tool: 'get_weather' },
    { prompt: TEAM_EXAMPLE.zh, tool: 'delegate_researcher → delegate_reviewer', team: true },
  ],
};

const corsServers: Array<[string, FirstRunKey]> = [
  ['Ollama', 'corsOllama'],
  ['LM Studio', 'corsLmStudio'],
  ['vLLM', 'corsVllm'],
  ['llama.cpp', 'corsLlamaCpp'],
];

/** The sample data set: attaching it and asking the sample question about it. */
function SampleDataSection({ onTry }: { onTry(text: string): void }) {
  const data = createDataTranslate(useLanguage());
  const trySampleData = async () => {
    await attachSampleData();
    onTry(data('sampleQuestion'));
  };
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{data('sampleTitle')}</h3>
      <p>{data('sampleBody')}</p>
      <button
        type="button"
        className="flex w-full flex-col items-start gap-0.5 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-left text-zinc-900 hover:border-indigo-400 hover:bg-indigo-50 sm:w-1/2 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:border-indigo-400 dark:hover:bg-indigo-950/50"
        onClick={() => void trySampleData()}
      >
        <span>{data('sampleButton')}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{data('sampleQuestion')}</span>
        <code aria-hidden="true" className="text-xs text-zinc-500 dark:text-zinc-400">
          query_data
        </code>
      </button>
    </div>
  );
}

/** How to connect a real endpoint: the steps, the button opening Settings, and the CORS setting of common servers. */
function ConnectSection() {
  const names = useNames();
  const language = useLanguage();
  const text = (key: FirstRunKey) => firstRunText(language, key);
  const setUi = useAppStore((state) => state.setUi);
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{text('connectTitle')}</h3>
      <ol className="list-decimal space-y-1 pl-5">
        <li>{text('connectStep1')}</li>
        <li>{text('connectStep2')}</li>
        <li>{text('connectStep3')}</li>
      </ol>
      <button
        type="button"
        aria-label={names('Connect a model')}
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 dark:bg-indigo-600 dark:hover:bg-indigo-500"
        onClick={() => setUi({ settingsOpen: true })}
      >
        {text('connectButton')}
      </button>
      <p className="pt-1">{text('corsTitle')}</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {corsServers.map(([name, key]) => (
          <li key={name}>
            <strong className="font-medium text-zinc-900 dark:text-zinc-100">{name}</strong>: {text(key)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The first-run screen: what the demo model is, prompts to try, how to connect a real endpoint (CORS included). */
export function FirstRun(props: { onTry(text: string): void }) {
  const language = useLanguage();
  const text = (key: FirstRunKey, values?: Record<string, string>) => firstRunText(language, key, values);
  const isDemo = useAppStore((state) => state.settings.provider === DEMO_PROVIDER);
  const model = useAppStore((state) => state.settings.model);
  const baseUrl = useAppStore((state) => state.settings.baseUrl);
  const setUi = useAppStore((state) => state.setUi);
  const delegation = useAppStore((state) => state.settings.delegation);
  const tryExample = async (example: Example) => {
    if (example.team && !delegation) {
      await updateSetting('delegation', true);
      setUi({ toast: createAgentsTranslate(language)('firstRunNotice') });
    }
    props.onTry(example.prompt);
  };
  return (
    <section
      aria-labelledby="first-run-title"
      className="mx-auto w-full max-w-2xl space-y-5 px-2 py-2 text-left text-sm text-zinc-700 dark:text-zinc-300"
    >
      <div className="space-y-2">
        <h2 id="first-run-title" className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">
          {text('title')}
        </h2>
        <p>{text('intro')}</p>
      </div>

      <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50">
        <h3 className="font-semibold">{isDemo ? text('demoTitle') : text('connectedTitle', { model })}</h3>
        <p className="mt-1">{isDemo ? text('demoBody') : text('connectedBody', { url: baseUrl })}</p>
        <p className="mt-1">{text('watch')}</p>
      </div>

      <div>
        <h3 className="mb-2 font-semibold text-zinc-900 dark:text-zinc-50">{text('try')}</h3>
        <ul className="grid gap-2 sm:grid-cols-2">
          {examples[language].map((example) => (
            <li key={example.prompt} className="flex">
              <button
                type="button"
                className="flex w-full flex-col items-start gap-0.5 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-left text-zinc-900 hover:border-indigo-400 hover:bg-indigo-50 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:border-indigo-400 dark:hover:bg-indigo-950/50"
                onClick={() => void tryExample(example)}
              >
                <span>{example.prompt}</span>
                <code aria-hidden="true" className="text-xs text-zinc-500 dark:text-zinc-400">
                  {example.tool}
                </code>
              </button>
            </li>
          ))}
        </ul>
      </div>

      <SampleDataSection onTry={props.onTry} />

      <ConnectSection />

      <p className="text-xs text-zinc-600 dark:text-zinc-400">{text('sync')}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{text('tips')}</p>
    </section>
  );
}
