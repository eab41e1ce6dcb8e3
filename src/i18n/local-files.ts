import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** The in-browser model's files in Settings: adding, downloading, the list, threads, and what can go wrong. */
const en = {
  heading: 'Model files in this browser',
  intro:
    'The model runs in this page (llama.cpp in WebAssembly): no endpoint, no key, nothing leaves the machine. Files are kept in the browser’s private storage.',
  chooseFile: 'Add a GGUF file from disk',
  modelUrl: 'Or download one from a URL',
  modelUrlHint:
    'A link to a .gguf file, e.g. a Hugging Face “resolve” link: https://huggingface.co/<repo>/resolve/main/<file>.gguf',
  urlPlaceholder: 'https://huggingface.co/…/resolve/main/….gguf',
  download: 'Download model',
  cancel: 'Cancel',
  cancelDownload: 'Cancel download',
  resume: 'Resume download',
  use: 'Use',
  inUse: 'In use',
  delete: 'Delete',
  localModels: 'Local models',
  none: 'No model files yet: add one from disk or download one.',
  copying: 'Copying {name}: {received} of {total}',
  downloading: 'Downloading {name}: {received} of {total}',
  sizeUnknown: 'unknown size',
  added: '{name} is stored and chosen as the model.',
  copyCancelled: 'Copy cancelled: nothing was stored.',
  downloadCancelled: 'Download paused at {received}. What was received is kept: Resume download continues from there.',
  partial: 'Download paused at {received} of {total}',
  details: '{quantisation} · {parameters} parameters · context {context}',
  splitPart: 'part {index} of {count}',
  unknown: 'unknown',
  unreadable: 'Cannot be read: {problem}',
  threadsIsolated:
    'Runs on {threads} threads: the page is cross-origin isolated, so the model uses every core the page reports ({cores}).',
  threadsSingle:
    'Runs on 1 thread: the page is not cross-origin isolated (its host does not send the COOP/COEP headers and the service worker has not added them yet; reloading once it is installed usually fixes this), so threads cannot share memory. The page reports {cores} cores.',
  'problem.not-gguf-name': '“{name}” is not a .gguf file.',
  'problem.bad-url': 'This is not an http(s) link to a file: {url}',
  'problem.too-big':
    'This file is {size}; the in-browser runtime loads at most {limit} per file. Split it with `llama-gguf-split --split-max-size 512M` and add every part (…-00001-of-0000N.gguf).',
  'problem.no-space': 'Not enough storage: the file needs {size} and this browser gives the app {free} more.',
  'problem.not-gguf': 'This is not a GGUF model file, so nothing was stored. ({detail})',
  'problem.truncated': 'The file is truncated (an interrupted download?), so nothing was stored. ({detail})',
  'problem.unsupported': 'This GGUF file cannot be read, so nothing was stored. ({detail})',
  'problem.corrupt': 'This GGUF file is damaged, so nothing was stored. ({detail})',
  'problem.http': 'The server answered HTTP {status}: check the URL (a Hugging Face link needs /resolve/, not /blob/).',
  'problem.network':
    'The download stopped at {received} of {total} ({detail}). What was received is kept: Resume download continues from there.',
  'problem.no-range': 'The server sent another part of the file than the one asked for: try again.',
  'problem.storage': 'Storing the file failed: {detail}',
  'problem.exists': 'A model named “{name}” is already stored: delete it first to add it again.',
};

export type LocalFilesKey = keyof typeof en;

const zhCN: Record<LocalFilesKey, string> = {
  heading: '浏览器中的模型文件',
  intro:
    '模型在此页面中运行（WebAssembly 版 llama.cpp）：无需端点和密钥，数据不离开本机。文件保存在浏览器的私有存储中。',
  chooseFile: '从磁盘添加 GGUF 文件',
  modelUrl: '或从网址下载',
  modelUrlHint:
    '指向 .gguf 文件的链接，例如 Hugging Face 的 “resolve” 链接：https://huggingface.co/<仓库>/resolve/main/<文件>.gguf',
  urlPlaceholder: 'https://huggingface.co/<仓库>/resolve/main/<文件>.gguf',
  download: '下载模型',
  cancel: '取消',
  cancelDownload: '取消下载',
  resume: '继续下载',
  use: '使用',
  inUse: '使用中',
  delete: '删除',
  localModels: '本地模型',
  none: '还没有模型文件：从磁盘添加或下载一个。',
  copying: '正在复制 {name}：{received} / {total}',
  downloading: '正在下载 {name}：{received} / {total}',
  sizeUnknown: '大小未知',
  added: '{name} 已保存并选为模型。',
  copyCancelled: '已取消复制：未保存任何内容。',
  downloadCancelled: '下载已暂停于 {received}。已接收的部分会保留，“继续下载”将从那里接着下载。',
  partial: '下载暂停于 {received} / {total}',
  details: '{quantisation} · {parameters} 参数 · 上下文 {context}',
  splitPart: '第 {index} 部分，共 {count} 部分',
  unknown: '未知',
  unreadable: '无法读取：{problem}',
  threadsIsolated: '使用 {threads} 个线程（thread）：页面已跨源隔离，模型使用页面报告的全部核心（{cores} 个）。',
  threadsSingle:
    '使用 1 个线程（thread）：页面未跨源隔离（托管方未发送 COOP/COEP 标头，Service Worker 也尚未补上；安装后重新加载一次通常即可），线程之间无法共享内存。页面报告 {cores} 个核心。',
  'problem.not-gguf-name': '“{name}”不是 .gguf 文件。',
  'problem.bad-url': '这不是指向文件的 http(s) 链接：{url}',
  'problem.too-big':
    '此文件大小为 {size}；浏览器内运行时每个文件最多加载 {limit}。请用 `llama-gguf-split --split-max-size 512M` 拆分，并添加所有部分（…-00001-of-0000N.gguf）。',
  'problem.no-space': '存储空间不足：文件需要 {size}，而浏览器只能再给本应用 {free}。',
  'problem.not-gguf': '这不是 GGUF 模型文件，未保存任何内容。（{detail}）',
  'problem.truncated': '文件不完整（下载中断？），未保存任何内容。（{detail}）',
  'problem.unsupported': '无法读取此 GGUF 文件，未保存任何内容。（{detail}）',
  'problem.corrupt': '此 GGUF 文件已损坏，未保存任何内容。（{detail}）',
  'problem.http': '服务器返回 HTTP {status}：请检查网址（Hugging Face 链接应使用 /resolve/，而不是 /blob/）。',
  'problem.network': '下载在 {received} / {total} 处中断（{detail}）。已接收的部分会保留，“继续下载”将从那里接着下载。',
  'problem.no-range': '服务器发送的不是所请求的文件部分：请重试。',
  'problem.storage': '保存文件失败：{detail}',
  'problem.exists': '已存在名为“{name}”的模型：请先删除再添加。',
};

/** The model files' strings in every supported language. */
export const localFilesDictionary = defineDictionary<LocalFilesKey>('local-files', { en, 'zh-CN': zhCN });

/** The model files' translate function for a language. */
export function createLocalFilesTranslate(language: Language): Translate<LocalFilesKey> {
  return createTranslate(localFilesDictionary, language);
}
