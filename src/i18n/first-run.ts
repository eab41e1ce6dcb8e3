import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** English strings of the first-run screen. */
const en = {
  title: 'Welcome to Glassbox',
  intro:
    'An AI agent that runs entirely in your browser and shows you everything it does: each model call, each tool call, their inputs, outputs, timings and tokens.',
  demoTitle: 'You are on the scripted demo model',
  demoBody:
    'It is not an LLM. It recognises a few kinds of request and answers through the same OpenAI-compatible path a real model uses, calling the real tools — so you can watch the loop, the trace and the storage work with no model and no network.',
  connectedTitle: 'Connected to {model}',
  connectedBody: 'Messages go straight from this page to {url}. Nothing passes through a Glassbox server.',
  watch:
    'Watch the Trace panel while it works: spans appear live; click one for its details. Sessions are saved in this browser.',
  try: 'Try one of these',
  connectTitle: 'Connect your own model',
  connectStep1:
    'Open Settings and pick a provider: OpenAI, DeepSeek, OpenRouter, Groq, Ollama, LM Studio, vLLM, llama.cpp, or Custom for any OpenAI-compatible URL.',
  connectStep2:
    'Enter the API key if the provider needs one (it stays in this browser), and type or load the model name.',
  connectStep3: 'Press Test connection: it says exactly what is wrong if something is.',
  connectButton: 'Connect a model',
  corsTitle: 'Local servers must allow this page to call them (CORS):',
  corsOllama: 'set OLLAMA_ORIGINS=* and restart `ollama serve`.',
  corsLmStudio: 'turn on “Enable CORS” in the server settings.',
  corsVllm: 'start it with --allowed-origins \'["*"]\'.',
  corsLlamaCpp: 'llama-server allows browser calls; start it with --jinja for tool calling.',
  sync: 'Sync: your sessions on every device, end-to-end encrypted, through your own CouchDB (`docker run -p 5984:5984 -e COUCHDB_USER=admin -e COUCHDB_PASSWORD=pw couchdb:3`, CORS on), then Settings → Sync.',
  tips: 'Type / for commands (/help lists them). Enter sends, Shift+Enter adds a line, Esc stops, Ctrl+K focuses the message box.',
};

/** A key of the first-run strings. */
export type FirstRunKey = keyof typeof en;

const zhCN: Record<FirstRunKey, string> = {
  title: '欢迎使用 Glassbox',
  intro:
    '一个完全在浏览器中运行的 AI 智能体，并把它做的一切展示给你：每次模型调用、每次工具调用，以及它们的输入、输出、耗时和令牌数。',
  demoTitle: '当前使用的是脚本演示模型',
  demoBody:
    '它不是大语言模型。它能识别几类请求，并通过与真实模型相同的 OpenAI 兼容路径作答、调用真实工具——无需模型和网络，就能看到循环、追踪和存储的工作过程。',
  connectedTitle: '已连接 {model}',
  connectedBody: '消息直接从本页面发送到 {url}，不经过任何 Glassbox 服务器。',
  watch: '运行时请留意「追踪」面板：跨度会实时出现，点击即可查看详情。会话保存在此浏览器中。',
  try: '试试这些',
  connectTitle: '连接你自己的模型',
  connectStep1:
    '打开设置并选择服务商：OpenAI、DeepSeek、OpenRouter、Groq、Ollama、LM Studio、vLLM、llama.cpp，或选择“自定义”填写任意兼容 OpenAI 的地址。',
  connectStep2: '如服务商需要，填写 API 密钥（只保存在此浏览器中），并输入或加载模型名称。',
  connectStep3: '点击“测试连接”：如有问题，它会明确告诉你哪里不对。',
  connectButton: '连接模型',
  corsTitle: '本地服务需要允许本页面访问（CORS）：',
  corsOllama: '设置 OLLAMA_ORIGINS=* 并重启 `ollama serve`。',
  corsLmStudio: '在服务器设置中打开 “Enable CORS”。',
  corsVllm: '启动时加上 --allowed-origins \'["*"]\'。',
  corsLlamaCpp: 'llama-server 允许浏览器访问；启动时加上 --jinja 以支持工具调用。',
  sync: '同步：通过你自己的 CouchDB 在每台设备上使用相同的会话，端到端加密（`docker run -p 5984:5984 -e COUCHDB_USER=admin -e COUCHDB_PASSWORD=pw couchdb:3`，开启 CORS），然后打开 设置 → 同步。',
  tips: '输入 / 查看命令（/help 列出全部）。Enter 发送，Shift+Enter 换行，Esc 停止，Ctrl+K 聚焦输入框。',
};

/** The strings of the first-run screen. */
export const firstRunDictionary = defineDictionary<FirstRunKey>('first-run', { en, 'zh-CN': zhCN });

/** Looks up a first-run string, filling `{name}` placeholders. */
export function firstRunText(language: Language, key: FirstRunKey, values?: TextValues): string {
  return createTranslate(firstRunDictionary, language)(key, values);
}
