import type { ChatMessage } from '../model/model.ts';
import { say } from './answers.ts';
import type { CannotTopic } from './intents.ts';
import { detectLanguage, truncate, type DemoLanguage } from './text.ts';

/** The fallback answer: says this is a scripted offline demo, what it can do, and how to connect a real model. */
export function helpText(language: DemoLanguage, greeting: boolean): string {
  if (language === 'zh') {
    return [
      `${greeting ? '你好！' : ''}我是 **Glassbox 离线演示模型**：一个写好脚本、结果确定的演示程序，**不是大语言模型**。我只认得几类请求，但每一类都会走真实的智能体循环、调用真实的工具，并在追踪面板里完整记录。可以试试：`,
      '',
      '- **计算**：“帮我算一下 (128+374)*2 等于多少”',
      '- **时间和日期**：“东京现在几点？”“100天后是几号？”',
      '- **待办**：“帮我记个待办：明天带伞”“我有哪些待办”',
      '- **记忆**：“记住：我的储物柜密码是 4312”“你还记得我的储物柜密码吗”',
      '- **天气**（需要联网）：“北京天气怎么样”“北京和上海温差多少”',
      '- **JavaScript**（运行前会请你批准）：“运行 JavaScript：[1,2,3].map(x => x * 2)”“用 JavaScript 计算 1 到 10 的平方和”',
      '- **表格**（先附加 CSV 文件）：“哪个产品卖得最多？”“按地区的平均价格”',
      '- **答案检查**（在 设置 → Agent 中勾选“完成前检查答案”）：“答案检查演示：1234 * 56 等于多少？”——演示会先写出一份粗心的草稿，让检查把它找出来',
      '',
      '要使用真正的模型，请打开 **设置 → Provider**，选择一个预设（OpenAI、DeepSeek、Ollama、LM Studio……）或 **Custom (OpenAI-compatible)**，再填写 Base URL、API key 和模型名称。',
    ].join('\n');
  }
  return [
    `${greeting ? 'Hi! ' : ''}I'm the **Glassbox offline demo** — a scripted, deterministic stand-in, **not an LLM**. I recognise only a few kinds of requests, but each one runs through the real agent loop with real tools, and the trace panel records every step. Try:`,
    '',
    '- **Arithmetic**: “What is (128+374)*2?”',
    '- **Time and dates**: “What time is it in Tokyo?”, “What is the date 100 days from today?”',
    '- **Todos**: “Remind me to buy milk”, “What are my todos?”',
    '- **Memory**: “Remember that my locker code is 4312”, “What do you remember about my locker code?”',
    '- **Weather** (needs network): “What is the weather in Paris?”, “What is the temperature difference between Beijing and Shanghai?”',
    '- **JavaScript** (asks for your approval first): “Run JavaScript: [1,2,3].map(x => x * 2)”, “Run JavaScript to sum the squares of 1 to 10”',
    '- **Tables** (attach a CSV first): “Which product sold the most?”, “average price by region”',
    '- **Answer check** (tick *Check answers before finishing* in Settings → Agent): “Answer check demo: what is 1234 * 56?” — the demo drafts a careless answer for the check to catch',
    '',
    'To talk to a real model, open **Settings → Provider** and pick a preset (OpenAI, DeepSeek, Ollama, LM Studio, …) or **Custom (OpenAI-compatible)**, then enter the base URL, API key and model.',
  ].join('\n');
}

const CANNOT: Record<CannotTopic, { en: string; zh: string }> = {
  javascript: {
    en: "The offline demo can't write a program for that. It runs code you give it (in backticks or a ``` block), and writes programs only for: sums and products of numbers, squares or cubes over a range (“sum the squares of 1 to 10”), a factorial (“factorial of 20”), Fibonacci numbers (“the first 15 Fibonacci numbers”) and primes (“primes between 10 and 50”).",
    zh: '离线演示写不出这个程序。它可以运行你给出的代码（放在反引号或 ``` 代码块里），自己只会写这几类程序：某个范围内数字、平方或立方的和与乘积（“用 JavaScript 计算 1 到 10 的平方和”）、阶乘（“20 的阶乘”）、斐波那契数（“斐波那契数列前15项”）和质数（“10 到 50 之间的质数”）。',
  },
  data: {
    en: "The offline demo can't answer that question about the table. It answers only: which <column> sold the most or fewest (“Which product sold the most?”), which <column> has the highest or lowest <number column>, and the total or average of a number column, optionally by a column (“average price by region”) — using column names from the attached file.",
    zh: '离线演示回答不了这个关于表格的问题。它只会回答：哪个<列>卖得最多或最少（“哪个产品卖得最多？”）、哪个<列>的<数值列>最高或最低，以及某个数值列的总和或平均值，可按某列分组（“按地区的平均价格”）——列名取自附加的文件。',
  },
  'earlier-date': {
    en: "I don't know which date you mean: there is no earlier date answer in this session. Give the date, e.g. “What day is 300 days after 2024-10-17?”",
    zh: '我不知道你指的是哪一天：这个会话里之前没有算过日期。请写出日期，例如“2024年10月17日之后300天是星期几？”',
  },
};

/** Says plainly that the demo cannot do this request as asked, and what it can do instead. */
export function cannotText(language: DemoLanguage, topic: CannotTopic): string {
  const text = CANNOT[topic];
  return [
    say(language, text.en, text.zh),
    say(
      language,
      '_This is the scripted demo, not an LLM: connect a real model in Settings → Provider to ask anything._',
      '_这是脚本演示模型，不是大语言模型：要自由提问，请在 设置 → Provider 里连接真实模型。_',
    ),
  ].join('\n\n');
}

/** Says that the tool a request needs is not offered (turned off in Settings, or no tools at all). */
export function toolUnavailableText(language: DemoLanguage, toolName: string): string {
  return say(
    language,
    `I'd need the \`${toolName}\` tool for that, but it isn't available in this conversation — it's probably turned off in Settings. As a scripted demo I only answer through tools, so turn \`${toolName}\` back on and ask again.`,
    `这需要用到 \`${toolName}\` 工具，但当前对话里没有提供它（可能在设置里被关闭了）。作为脚本演示，我只能通过工具作答，请在设置中重新启用 \`${toolName}\` 后再问一次。`,
  );
}

/** Asks which city, when a weather question names none the demo recognises. */
export function askForCityText(language: DemoLanguage): string {
  return say(
    language,
    'Which city? For example: “What is the weather in Paris?”',
    '想查哪个城市？例如：“北京天气怎么样？”',
  );
}

/** The reply when the user means "that city" but no weather lookup came earlier in the session. */
export function unknownEarlierCityText(language: DemoLanguage): string {
  return say(
    language,
    "I don't know which city you mean: there is no earlier weather lookup in this session. Which city? For example: “What is the weather in Paris?”",
    '我不知道你指的是哪个城市：这个会话里之前没有查过天气。想查哪个城市？例如：“北京天气怎么样？”',
  );
}

function contentLines(messages: ChatMessage[]): { role: string; text: string }[] {
  const lines: { role: string; text: string }[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const text = message.content ?? '';
    // A summarisation prompt often carries the transcript as "role: text" lines inside one message.
    const embedded = [
      ...text.matchAll(/^\s*(?:\[\d+\]\s*)?(user|assistant|tool)(?:\s*\([^)]*\))?\s*[:：]\s*(.+)$/gimu),
    ];
    if (embedded.length > 0) {
      for (const match of embedded) lines.push({ role: (match[1] ?? '').toLowerCase(), text: match[2] ?? '' });
      continue;
    }
    if (message.role === 'assistant' && message.tool_calls?.length) {
      lines.push({ role: 'tool-call', text: message.tool_calls.map((call) => call.function.name).join(', ') });
    }
    if (text.trim()) lines.push({ role: message.role, text });
  }
  return lines;
}

/** A deterministic summary of earlier messages, for the agent's context compaction when the demo model is asked to summarise. */
export function summaryText(messages: ChatMessage[]): string {
  const lines = contentLines(messages);
  // The last message is the summarisation instruction itself, not conversation content.
  const body =
    lines.length > 1 && lines.at(-1)?.role === 'user' && /summar|总结|摘要|概括/iu.test(lines.at(-1)?.text ?? '')
      ? lines.slice(0, -1)
      : lines;
  const language = detectLanguage(
    body
      .filter((line) => line.role === 'user')
      .map((line) => line.text)
      .join(' '),
  );
  const bullets = body.slice(-12).map((line) => {
    const text = truncate(line.text.replace(/\s+/gu, ' ').trim(), 120);
    switch (line.role) {
      case 'user':
        return say(language, `- The user said: “${text}”`, `- 用户说：“${text}”`);
      case 'assistant':
        return say(language, `- The assistant answered: “${text}”`, `- 助手回答：“${text}”`);
      case 'tool-call':
        return say(language, `- The assistant called: ${text}`, `- 助手调用了：${text}`);
      default:
        return say(language, `- A tool returned: “${text}”`, `- 工具返回：“${text}”`);
    }
  });
  const heading = say(
    language,
    'Summary of the earlier conversation (written by the scripted demo, not an LLM):',
    '之前对话的摘要（由脚本演示模型生成，不是大语言模型）：',
  );
  return bullets.length > 0
    ? `${heading}\n${bullets.join('\n')}`
    : say(language, 'Nothing to summarise yet.', '暂无可摘要的内容。');
}
