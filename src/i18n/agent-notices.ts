import { agentTextEnglish, type AgentText, type AgentTextKey } from '../agent/notice-text.ts';
import { defineDictionary, renderMessages, type Language } from './translate.ts';

/** 简体中文 wording of the loop's notices; the English table is the agent's own. */
const zhCN: Record<AgentTextKey, string> = {
  'cut-off': '回答被截断（cut off）：已达到模型的输出上限。',
  'content-filter': '接口的内容过滤器中止了这个回答。',
  refusal: '模型拒绝回答这个请求。',
  'protocol-switched':
    '此接口不接受工具定义，因此智能体为这个模型切换到了文本 ReAct（Thought / Action / Observation）。',
  'partial-after-error': '回答因错误而中断；已收到的部分保留了下来。',
  'context-retry': '接口表示对话超出了模型的上下文窗口，因此较早的消息已被压缩，请求已重新发送。',
  'retry-wait': '模型调用失败（{cause}）；{delay} 后重试（第 {attempt} 次）。',
  'option-dropped': '接口不接受选项 “{option}”，已将其省略：{reason}',
  'stop.max-steps': '已停止：达到步数上限（{limit}）。',
  'stop.max-tool-calls': '已停止：达到工具调用上限（{limit}）。',
  'tool-calls-dropped':
    '模型一次请求了 {requested} 个工具调用。工具调用上限（{limit}）：运行 {kept} 个，丢弃 {dropped} 个。',
  'stop.deadline': '已停止：达到时间上限（{duration}）。',
  'stop.no-progress': '已停止：没有进展 — {tool} 连续 {times} 次以相同参数被调用。',
  'stop.plan-unstable': '已停止：没有进展 — 计划连续改变了 {times} 次，期间没有调用工具，也没有给出答案。',
  'stop.decision-invalid': '已停止：即使在纠正之后，模型也没有回复有效的 JSON 决策（{problem}）。',
  'decision-correction': '回复不是有效的 JSON 决策（{problem}），因此已请模型更正一次。',
  'response-format-fallback': '此接口拒绝了 response_format {from}，因此智能体此后改用 {to}：{reason}',
  'stop.aborted': '已被用户停止。',
  'answer-check-unreadable': '答案检查没有给出结论（{problem}）；答案保持不变。',
  'answer-check-no-room': '答案检查发现了没有依据的说法（{claims}），但已没有剩余步数来修改。',
  'stop.token-budget': '已停止：令牌预算（所有智能体合计 {limit} 个令牌）已用完（已用 {used} 个）。',
};

/** The loop's notices in every language. */
export const agentNoticeDictionary = defineDictionary<AgentTextKey>('agent-notices', {
  en: agentTextEnglish,
  'zh-CN': zhCN,
});

/** Notices of the loop in a UI language, one sentence after another. */
export function agentNoticeIn(language: Language, text: AgentText | readonly AgentText[]): string {
  return renderMessages(agentNoticeDictionary, language, text);
}
