import {
  describeModelErrorText,
  modelErrorEnglish,
  renderErrorDescription,
  type ErrorContext,
  type ErrorDescription,
  type ModelErrorTextKey,
} from '../model/describe-error.ts';
import type { ModelError } from '../model/model-error.ts';
import { defineDictionary, SENTENCE_SEPARATOR, type Language } from './translate.ts';

/** 简体中文 wording of model failures; the English table is the model layer's own. */
const zhCN: Record<ModelErrorTextKey, string> = {
  said: '接口返回：“{message}”',
  'wait.second': '1 秒',
  'wait.seconds': '{count} 秒',
  'wait.minutes': '{count} 分钟',
  'wait.hour': '约 1 小时',
  'wait.hours': '约 {count} 小时',
  'models.offered': '此接口提供的模型：{models}。',
  'models.offeredMore': '此接口提供的模型：{models}，以及另外 {more} 个。',
  'auth.denied.title': '接口拒绝访问',
  'auth.denied.advice': 'API 密钥有效，但无权在 {baseUrl} 使用“{model}”。请检查密钥的权限、项目或组织，或换一个模型。',
  'auth.title': 'API 密钥被拒绝',
  'auth.advice': '请在设置中检查 API 密钥：它可能缺失、输错、已被撤销，或属于 {baseUrl} 以外的服务商。',
  'notFound.title': '找不到模型“{model}”或接口',
  'notFound.advice':
    '{baseUrl} 上的接口不认识模型“{model}”，或者接口地址有误（通常以 /v1 结尾）。请在设置中检查这两项。',
  'notFound.pull': '如果模型还没有下载，请运行 `ollama pull {model}`。',
  'contextLength.title': '对话太长，超出模型的处理范围',
  'contextLength.advice':
    '消息已经放不进模型的上下文窗口。请压缩对话或新建会话。如果模型支持更大的上下文，请在服务器和设置中调大。',
  'toolsUnsupported.title': '此模型或服务器不能使用工具',
  'toolsUnsupported.advice':
    '请在设置中把协议改为文本（ReAct），或选择支持工具的模型。llama.cpp 需要 `llama-server --jinja`；vLLM 需要 `--enable-auto-tool-choice --tool-call-parser …`。',
  'rateLimit.title': '已达到速率限制',
  'rateLimit.wait': '接口要求等待{wait}后再发送请求。请在那之后重试。',
  'rateLimit.advice': '当前请求过多。请稍等片刻再试。',
  'quota.title': '已达到配额或账单上限',
  'quota.tooLarge': '这个请求超出了账户允许的上限，等待也无济于事。请压缩对话、新建会话，或使用额度更高的套餐。',
  'quota.advice': '等待无济于事：账户的配额或余额已用完。请向服务商查看套餐和账单。',
  'badRequest.title': '接口拒绝了请求',
  'badRequest.advice': '请检查模型名称和请求设置（例如温度）。',
  'server.brokenTitle': '模型服务器返回了损坏的回答',
  'server.title': '模型服务器出错（HTTP {status}）',
  'server.advice': '问题出在 {baseUrl} 的服务器一侧。请稍后重试；如果一直失败，请查看服务器日志或状态页。',
  'server.wait': '问题出在 {baseUrl} 的服务器一侧。它要求等待{wait}后再试；如果一直失败，请查看服务器日志或状态页。',
  'network.title': '无法连接接口',
  'network.advice':
    '浏览器没能从 {baseUrl} 得到回应。请确认服务器正在运行、接口地址正确。如果服务器在运行，很可能是它不允许本页面的跨域（CORS）请求，浏览器因此拦截了访问。',
  'network.ollama':
    'Ollama：为 Ollama 服务器设置环境变量 OLLAMA_ORIGINS=*（或本页面的来源），然后重启 `ollama serve`（或 Ollama 应用）。',
  'network.lmStudio': 'LM Studio：在服务器设置（Developer 标签页）中打开 “Enable CORS”，然后重启服务器。',
  'network.others': '其他服务器需要在 CORS 设置中加入本页面的来源。',
  'network.mixedContent': '注意：通过 https 打开的页面不能访问 localhost 以外的 http 地址。',
  'timeout.title': '模型回答超时',
  'timeout.advice':
    '在请求超时之前没有收到回答。本地模型加载或生成可能较慢：请在设置中调大请求超时、换用更小的模型，或检查服务器是否卡住。',
  'stream.title': '接口在回答中途报错',
  'stream.toolUseFailed': '模型生成的工具调用没有通过服务器校验。请重试，或换用更擅长工具调用的模型。',
  'stream.advice': '回答因服务器错误而中断。请重试；如果反复出现，请缩短对话或换一个模型。',
  'localModel.title': '浏览器中的模型无法运行',
  'localModel.advice': '请在设置中检查模型文件（完整下载的 .gguf 文件），或换用更小的模型。',
  'aborted.title': '已停止',
  'aborted.advice': '请求在模型完成之前被停止了。',
};

/** How model failures read, in every language. */
export const modelErrorDictionary = defineDictionary<ModelErrorTextKey>('model-errors', {
  en: modelErrorEnglish,
  'zh-CN': zhCN,
});

/** A model failure's title and advice in a UI language (for the chat's alert and the Settings check). */
export function describeModelErrorIn(language: Language, error: ModelError, context: ErrorContext): ErrorDescription {
  return renderErrorDescription(
    describeModelErrorText(error, context),
    modelErrorDictionary.strings[language],
    SENTENCE_SEPARATOR[language],
  );
}
