/** A provider preset: fills the base URL and sensible defaults in Settings. */
export interface ProviderPreset {
  id: string;
  label: string;
  baseUrl: string;
  defaultModel: string;
  contextWindow: number;
  /** Whether the endpoint needs an API key. */
  needsKey: boolean;
  /** Shown under the base URL field. */
  hint?: string;
}

/** Presets offered in the Provider select, the demo first (the default). */
export const providerPresets: ProviderPreset[] = [
  { id: 'demo', label: 'Demo (offline)', baseUrl: '', defaultModel: 'glassbox-demo', contextWindow: 32768, needsKey: false, hint: 'A scripted model built into the page. Not an LLM.' },
  { id: 'custom', label: 'Custom (OpenAI-compatible)', baseUrl: '', defaultModel: '', contextWindow: 32768, needsKey: false },
  { id: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-4o-mini', contextWindow: 128000, needsKey: true },
  { id: 'deepseek', label: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', defaultModel: 'deepseek-chat', contextWindow: 65536, needsKey: true },
  { id: 'openrouter', label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', defaultModel: 'openai/gpt-4o-mini', contextWindow: 128000, needsKey: true },
  { id: 'groq', label: 'Groq', baseUrl: 'https://api.groq.com/openai/v1', defaultModel: 'llama-3.3-70b-versatile', contextWindow: 131072, needsKey: true },
  { id: 'ollama', label: 'Ollama', baseUrl: 'http://localhost:11434/v1', defaultModel: 'qwen2.5:7b', contextWindow: 8192, needsKey: false, hint: 'Start Ollama with OLLAMA_ORIGINS=* so the browser may call it.' },
  { id: 'lmstudio', label: 'LM Studio', baseUrl: 'http://localhost:1234/v1', defaultModel: '', contextWindow: 8192, needsKey: false, hint: 'Turn on "Enable CORS" in LM Studio\'s server settings.' },
  { id: 'vllm', label: 'vLLM', baseUrl: 'http://localhost:8000/v1', defaultModel: '', contextWindow: 32768, needsKey: false, hint: 'Start vLLM with --allowed-origins \'["*"]\' and --enable-auto-tool-choice.' },
  { id: 'llamacpp', label: 'llama.cpp server', baseUrl: 'http://localhost:8080/v1', defaultModel: '', contextWindow: 8192, needsKey: false, hint: 'Start llama-server with --jinja for tool calling.' },
];

/** The preset with this id, or the Custom preset. */
export function findPreset(id: string): ProviderPreset {
  return providerPresets.find((preset) => preset.id === id) ?? (providerPresets[1] as ProviderPreset);
}

/** Context windows of common models, used when the user picks a model. */
export const knownContextWindows: Array<[RegExp, number]> = [
  [/^gpt-4o|^gpt-4\.1|^o[134]/, 128000],
  [/^gpt-3\.5/, 16385],
  [/deepseek/, 65536],
  [/llama-3\.[13]|llama3\.[13]/, 131072],
  [/qwen2\.5|qwen3/, 32768],
  [/mistral|mixtral/, 32768],
  [/gemma/, 8192],
];
