import type { AppStringKey } from '../i18n/en.ts';

/** A provider preset: fills the base URL and sensible defaults in Settings. */
export interface ProviderPreset {
  id: string;
  label: string;
  baseUrl: string;
  defaultModel: string;
  contextWindow: number;
  /** Whether the endpoint needs an API key. */
  needsKey: boolean;
  /** Shown under the base URL field (an app dictionary key). */
  hint?: AppStringKey;
}

/** Presets offered in the Provider select, the demo first (the default). */
export const providerPresets: ProviderPreset[] = [
  {
    id: 'demo',
    label: 'Demo (offline)',
    baseUrl: '',
    defaultModel: 'glassbox-demo',
    contextWindow: 32768,
    needsKey: false,
    hint: 'settings.hint.demo',
  },
  {
    id: 'custom',
    label: 'Custom (OpenAI-compatible)',
    baseUrl: '',
    defaultModel: '',
    contextWindow: 32768,
    needsKey: false,
  },
  // The model runs in the page (llama.cpp in WebAssembly, src/model/local/): no endpoint, no key. `Model` is the
  // name of a GGUF file stored in the browser (Settings adds and downloads them).
  {
    id: 'local',
    label: 'In this browser (GGUF)',
    baseUrl: '',
    defaultModel: '',
    contextWindow: 4096,
    needsKey: false,
  },
  {
    id: 'openai',
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    contextWindow: 128000,
    needsKey: true,
  },
  {
    id: 'deepseek',
    label: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com/v1',
    defaultModel: 'deepseek-chat',
    contextWindow: 65536,
    needsKey: true,
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    defaultModel: 'openai/gpt-4o-mini',
    contextWindow: 128000,
    needsKey: true,
  },
  {
    id: 'groq',
    label: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    defaultModel: 'llama-3.3-70b-versatile',
    contextWindow: 131072,
    needsKey: true,
  },
  {
    id: 'dashscope',
    label: 'Alibaba DashScope (Qwen)',
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    defaultModel: 'qwen-plus',
    contextWindow: 131072,
    needsKey: true,
    hint: 'settings.hint.dashscope',
  },
  {
    id: 'dashscope-intl',
    label: 'Alibaba DashScope (international)',
    baseUrl: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
    defaultModel: 'qwen-plus',
    contextWindow: 131072,
    needsKey: true,
    hint: 'settings.hint.dashscopeIntl',
  },
  {
    id: 'moonshot',
    label: 'Moonshot (Kimi)',
    baseUrl: 'https://api.moonshot.cn/v1',
    defaultModel: 'kimi-k2-0905-preview',
    contextWindow: 262144,
    needsKey: true,
  },
  {
    id: 'zhipu',
    label: 'Zhipu (GLM)',
    baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    defaultModel: 'glm-4.5',
    contextWindow: 131072,
    needsKey: true,
  },
  {
    id: 'siliconflow',
    label: 'SiliconFlow',
    baseUrl: 'https://api.siliconflow.cn/v1',
    defaultModel: 'Qwen/Qwen2.5-72B-Instruct',
    contextWindow: 32768,
    needsKey: true,
  },
  {
    id: 'mistral',
    label: 'Mistral',
    baseUrl: 'https://api.mistral.ai/v1',
    defaultModel: 'mistral-small-latest',
    contextWindow: 131072,
    needsKey: true,
  },
  {
    id: 'gemini',
    label: 'Google Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    defaultModel: 'gemini-2.5-flash',
    contextWindow: 1048576,
    needsKey: true,
    hint: 'settings.hint.gemini',
  },
  {
    id: 'xai',
    label: 'xAI (Grok)',
    baseUrl: 'https://api.x.ai/v1',
    defaultModel: 'grok-3-mini',
    contextWindow: 131072,
    needsKey: true,
  },
  {
    id: 'together',
    label: 'Together AI',
    baseUrl: 'https://api.together.xyz/v1',
    defaultModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
    contextWindow: 131072,
    needsKey: true,
  },
  {
    id: 'ollama',
    label: 'Ollama',
    baseUrl: 'http://localhost:11434/v1',
    defaultModel: 'qwen2.5:7b',
    contextWindow: 8192,
    needsKey: false,
    hint: 'settings.hint.ollama',
  },
  {
    id: 'lmstudio',
    label: 'LM Studio',
    baseUrl: 'http://localhost:1234/v1',
    defaultModel: '',
    contextWindow: 8192,
    needsKey: false,
    hint: 'settings.hint.lmstudio',
  },
  {
    id: 'vllm',
    label: 'vLLM',
    baseUrl: 'http://localhost:8000/v1',
    defaultModel: '',
    contextWindow: 32768,
    needsKey: false,
    hint: 'settings.hint.vllm',
  },
  {
    id: 'llamacpp',
    label: 'llama.cpp server',
    baseUrl: 'http://localhost:8080/v1',
    defaultModel: '',
    contextWindow: 8192,
    needsKey: false,
    hint: 'settings.hint.llamacpp',
  },
];

/** The preset with this id, or the Custom preset. */
export function findPreset(id: string): ProviderPreset {
  return providerPresets.find((preset) => preset.id === id) ?? (providerPresets[1] as ProviderPreset);
}

/**
 * Context windows (tokens) of common models, used when the user picks a model; the first match wins. Ids may carry
 * a router prefix (`openai/gpt-4o-mini` on OpenRouter), so patterns match after `/` too.
 */
export const knownContextWindows: Array<[RegExp, number]> = [
  [/(?:^|\/)gpt-5/, 400000],
  [/(?:^|\/)gpt-4\.1/, 1047576],
  [/(?:^|\/)gpt-4o|(?:^|\/)chatgpt-4o|(?:^|\/)gpt-4-turbo|(?:^|\/)gpt-4-\d{4}-preview/, 128000],
  [/(?:^|\/)gpt-4-32k/, 32768],
  [/(?:^|\/)gpt-4(?:-0314|-0613)?$/, 8192],
  [/(?:^|\/)o1-(?:mini|preview)/, 128000],
  [/(?:^|\/)o[134](?:-|$)/, 200000],
  [/(?:^|\/)gpt-3\.5/, 16385],
  [/claude/, 200000],
  [/gemini-(?:1\.5|2\.\d|3)/, 1048576],
  [/deepseek/, 65536],
  [/llama-?3\.[1-3]|llama-?4/, 131072],
  [/llama-?3(?![.\d])/, 8192],
  [/qwen-(?:plus|max|turbo|flash)|qwen3-(?:max|coder)/, 131072],
  [/qwen2\.5|qwen3/, 32768],
  [/kimi-k2-(?:0905|turbo)|kimi-latest/, 262144],
  [/kimi-k2/, 131072],
  [/moonshot-v1-128k/, 131072],
  [/moonshot-v1-32k/, 32768],
  [/moonshot-v1-8k/, 8192],
  [/glm-4\.6/, 202752],
  [/glm-4\.5|glm-4-(?:plus|air|flash)/, 131072],
  [/grok-4/, 256000],
  [/grok/, 131072],
  [/(?:mistral|magistral|devstral)-(?:small|medium|large)|codestral|ministral/, 131072],
  [/mistral|mixtral/, 32768],
  [/gemma-?3/, 131072],
  [/gemma/, 8192],
  [/phi-?4/, 16384],
];

/** The known context window of a model id, if any. */
export function knownContextWindow(model: string): number | undefined {
  const id = model.trim().toLowerCase();
  return knownContextWindows.find(([pattern]) => pattern.test(id))?.[1];
}
