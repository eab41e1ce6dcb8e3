import { describe, expect, it } from 'vitest';
import { stepCountIs } from '../agent/stop-conditions.ts';
import { finishNotice, joinNotices } from '../agent/transcript-entries.ts';
import { describeModelError } from '../model/describe-error.ts';
import { ModelError } from '../model/model-error.ts';
import { assistantNotices } from '../ui/chat/assistant-message-view.tsx';
import { agentNoticeIn } from './agent-notices.ts';
import { createChatTranslate } from './chat.ts';
import { describeModelErrorIn } from './model-errors.ts';

const ollama = { baseUrl: 'http://localhost:11434/v1', provider: 'ollama', model: 'qwen3' };

describe('runtime messages in the UI language', () => {
  it('renders a stop condition and a finish notice in Chinese, and in the English the runtime records', () => {
    const end = stepCountIs(2)({
      steps: [
        { step: 1, kind: 'model', toolCalls: [] },
        { step: 2, kind: 'model', toolCalls: [] },
      ] as never,
      startedAt: 0,
      now: 0,
    });
    expect(end?.text).toEqual({ key: 'stop.max-steps', values: { limit: 2 } });
    expect(agentNoticeIn('zh-CN', end!.text!)).toBe('已停止：达到步数上限（2）。');
    expect(agentNoticeIn('en', end!.text!)).toBe(end!.message);
    const cutOff = finishNotice({ finishReason: 'length' })!;
    expect(agentNoticeIn('zh-CN', [cutOff.text, end!.text!])).toBe(
      '回答被截断（cut off）：已达到模型的输出上限。已停止：达到步数上限（2）。',
    );
  });

  it('shows a saved entry’s notices in the current language, and older English-only notices as saved', () => {
    const meta = { finishReason: 'length', ...joinNotices([finishNotice({ finishReason: 'length' })]) };
    const entry = {
      id: 'msg_1',
      sessionId: 's',
      runId: 'r',
      createdAt: 0,
      message: { role: 'assistant' as const, content: 'x' },
      meta,
    };
    const t = createChatTranslate('zh-CN');
    expect(assistantNotices(entry, t, 'zh-CN')).toEqual(['回答被截断（cut off）：已达到模型的输出上限。']);
    expect(assistantNotices(entry, t, 'en')).toEqual([
      "The answer was cut off because it reached the model's output limit.",
    ]);
    expect(assistantNotices({ ...entry, meta: { notice: 'Old English notice.' } }, t, 'zh-CN')).toEqual([
      'Old English notice.',
    ]);
  });

  it('explains a model failure in Chinese with the same facts as in English', () => {
    const error = new ModelError('rate-limit', 'slow down', { retryAfterMs: 7_200_000 });
    const english = describeModelErrorIn('en', error, ollama);
    expect(english).toEqual(describeModelError(error, ollama));
    const chinese = describeModelErrorIn('zh-CN', error, ollama);
    expect(chinese.title).toBe('已达到速率限制');
    expect(chinese.advice).toBe('接口要求等待约 2 小时后再发送请求。请在那之后重试。接口返回：“slow down”');
    const network = describeModelErrorIn('zh-CN', new ModelError('network', 'Failed to fetch'), ollama);
    expect(network.advice).toContain('OLLAMA_ORIGINS=*');
    expect(network.advice).not.toMatch(/The browser|Check that/);
  });
});

describe('compaction notices', () => {
  it('read the same facts in Chinese as the English the context layer records', async () => {
    const { counted, compactionEnglish } = await import('../context/compaction-text.ts');
    const { compactionNoticeIn } = await import('./compaction-notices.ts');
    const text = [counted('summarised', 3), counted('shortened', 1)];
    expect(compactionEnglish(text)).toBe(
      "3 earlier messages were summarised to fit the model's context window; the originals stay in the chat. 1 long message did not fit the context window and was shortened for the model (beginning and end kept).",
    );
    expect(compactionNoticeIn('zh-CN', text)).toBe(
      '为适应模型的上下文窗口，已摘要之前的 3 条消息；原始消息仍保留在聊天中。有 1 条过长的消息放不进上下文窗口，已为模型截短（保留开头和结尾）。',
    );
  });
});
