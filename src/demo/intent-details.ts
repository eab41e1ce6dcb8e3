import { writeProgram, type WrittenProgram } from './javascript-task.ts';
import { cleanPhrase } from './text.ts';

/** What the user asked of the todo list. */
export type TodoRequest =
  | { action: 'add'; text: string }
  | { action: 'list' }
  | { action: 'done'; id: number }
  | { action: 'remove'; id: number };

const TODO_WORD = /todo|to-do|待办|提醒我|remind me|task list|my tasks/iu;

/** Reads a todo request (add / list / done / remove) from English or Chinese text, if it is one. */
export function readTodoRequest(text: string): TodoRequest | undefined {
  if (!TODO_WORD.test(text)) return undefined;
  const done =
    /(?:mark|complete|finish|check off|tick off)\s+(?:todo|to-do|task|item)?\s*(?:number\s*|#)?(\d+)/iu.exec(text) ??
    /(?:todo|to-do|task|item)\s*(?:number\s*|#)?(\d+)\s+(?:is\s+|as\s+)?(?:done|complete|completed|finished)/iu.exec(
      text,
    ) ??
    /(?:完成|做完|勾掉|标记)了?(?:待办|第)?\s*#?(\d+)/u.exec(text) ??
    /待办\s*#?(\d+)\s*(?:号|条)?.{0,3}(?:完成|做完|搞定)/u.exec(text);
  if (done?.[1]) return { action: 'done', id: Number(done[1]) };
  const remove =
    /(?:delete|remove|drop)\s+(?:todo|to-do|task|item)?\s*(?:number\s*|#)?(\d+)/iu.exec(text) ??
    /(?:删除|删掉|移除|去掉)(?:待办|第)?\s*#?(\d+)/u.exec(text) ??
    /待办\s*#?(\d+)\s*(?:号|条)?.{0,3}(?:删除|删掉|移除)/u.exec(text);
  if (remove?.[1]) return { action: 'remove', id: Number(remove[1]) };
  const add =
    /remind me to\s+(.+)/iu.exec(text) ??
    /remind me (?:about|of)\s+(.+)/iu.exec(text) ??
    /add\s+["“'‘](.+?)["”'’]\s+to\s+(?:my\s+)?(?:todo|to-do|task)/iu.exec(text) ??
    /add\s+(?:a\s+|an\s+|new\s+)*(?:todo|to-do|task)(?:\s+item)?\s*(?::|-|to\s+)?\s*(.+)/iu.exec(text) ??
    /(?:todo|to-do)\s*[:：]\s*(.+)/iu.exec(text) ??
    /提醒我\s*[:：,，]?\s*(.+)/u.exec(text) ??
    /(?:记|加|添加|新建|新增|建|写)(?:一)?(?:个|条)?待办(?:事项)?\s*[:：,，]?\s*(.+)/u.exec(text) ??
    /待办(?:事项)?\s*[:：]\s*(.+)/u.exec(text);
  const addText = add?.[1] ? cleanPhrase(add[1]) : '';
  const asksForList =
    /(?:what are|what's on|what is on|show|list|see|view|display|read)\b.{0,12}\b(?:todos?|to-dos?|tasks?|todo list)/iu.test(
      text,
    ) ||
    /(?:哪些|什么|列出|看看|查看|显示|列一下|看一下).{0,4}待办|待办.{0,6}(?:有哪些|有什么|列表|清单|还有)/u.test(
      text,
    ) ||
    /^\s*(?:my\s+)?(?:todos?|to-dos?|todo list)\s*\??\s*$/iu.test(text);
  if (addText.length > 0 && !asksForList) return { action: 'add', text: addText };
  if (asksForList || addText.length === 0) return { action: 'list' };
  return undefined;
}

/** Reads "remember that …" / "记住…" as the content of a note to save. */
export function readNoteToSave(text: string): string | undefined {
  const match =
    /(?:^|\b)(?:please\s+)?(?:remember|memori[sz]e|note down|make a note|save (?:a|this|the)?\s*note|take a note|keep in mind)(?:\s+(?:that|this|of this))?\s*[:：,]?\s*(.+)/iu.exec(
      text,
    ) ??
    /(?:请|帮我)?(?:记住|记下来?|记一下|记着|保存(?:一条|一个)?笔记|存(?:一条|一个|个)笔记)\s*[:：,，]?\s*(.+)/u.exec(
      text,
    );
  const content = match?.[1] ? cleanPhrase(match[1]) : '';
  return content.length > 0 ? content : undefined;
}

const RECALL_PATTERNS: readonly RegExp[] = [
  /what do you (?:remember|know|recall) about\s*(.*)/iu,
  /what did i (?:tell|say to|ask) you (?:about|regarding)\s*(.*)/iu,
  /do you (?:remember|recall)\s*(.*)/iu,
  /(?:search|look up|check|find)\s+(?:in\s+)?(?:my\s+|the\s+)?notes?\s*(?:for|about|on)?\s*(.*)/iu,
  /what (?:notes|did i save|have i saved)\s*(?:about|on)?\s*(.*)/iu,
  /\brecall\s+(.*)/iu,
  /(?:你)?(?:还)?记得(.*)/u,
  /(?:搜索|查找|查一下|找一下|搜一下|看看)(?:我的)?(?:笔记|记忆)(?:里|中)?(?:关于|有没有)?(.*)/u,
  /(?:我)?(?:之前|以前|上次)?(?:告诉过你|说过|记过|保存过|存过)(?:的)?(.*)/u,
];

/** Reads a request to look something up in saved notes; returns the search query. */
export function readNoteQuery(text: string): string | undefined {
  for (const pattern of RECALL_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const query = cleanPhrase(
      (match[1] ?? '')
        .replace(/\b(?:what|which|is|was|are|my|the|about|me|that|i said|i told you)\b/giu, ' ')
        .replace(/(?:吗|么|嘛|是什么|是多少|是啥|有哪些|什么|关于|我的|我|的)/gu, ' ')
        .replace(/\s+/gu, ' '),
    );
    return query.length > 0 ? query : cleanPhrase(text);
  }
  return undefined;
}

/** JavaScript the user asked to run: their own code when they gave some, else a program the demo can write for the task. */
export function readJavaScript(
  text: string,
): { code: string; written: boolean; task?: WrittenProgram['task'] } | undefined {
  const fenced = /```[ \t]*(?:javascript|js|typescript|ts)?[ \t]*\n?([\s\S]*?)```/iu.exec(text);
  if (fenced?.[1]?.trim()) return { code: fenced[1].trim(), written: true };
  const inline = /`([^`\n]+)`/u.exec(text);
  if (inline?.[1]?.trim()) return { code: inline[1].trim(), written: true };
  const afterColon = /(?:javascript|js|code|代码|脚本)[^:：\n]{0,20}[:：]\s*([\s\S]+)/iu.exec(text);
  if (afterColon?.[1] && /[()=;[\]{}+*]/u.test(afterColon[1])) return { code: afterColon[1].trim(), written: true };
  const program = writeProgram(text);
  return program ? { code: program.code, written: false, task: program.task } : undefined;
}

/** Reads an encyclopedia/web search request; returns the query. */
export function readWebSearch(text: string): string | undefined {
  const match =
    /(?:search|look up|google|find)\s+(?:the\s+web|online|the\s+internet|wikipedia)\s+(?:for|about)\s+(.+)/iu.exec(
      text,
    ) ??
    /(?:search|look up)\s+(.+?)\s+(?:on|in)\s+(?:wikipedia|the web)/iu.exec(text) ??
    /(?:wikipedia|look up)\s*[:：]?\s+(.+)/iu.exec(text) ??
    /^\s*(?:who|what)\s+(?:is|was|are|were)\s+([A-Z][\p{L}\s.'-]+)\??$/u.exec(text) ??
    /(?:搜索|搜一下|搜搜|百科|维基百科|网上查一?下|上网查一?下)\s*[:：]?\s*(.+)/u.exec(text) ??
    /^\s*(.+?)是谁[?？]?\s*$/u.exec(text) ??
    /^\s*谁是(.+?)[?？]?\s*$/u.exec(text);
  const query = match?.[1] ? cleanPhrase(match[1]) : '';
  return query.length > 0 ? query : undefined;
}

/** Reads a request to read an attached file; `name` is absent when the user gave none. */
export function readFileRequest(text: string): { name?: string } | undefined {
  const extensions = 'txt|md|markdown|csv|tsv|json|jsonl|js|mjs|ts|tsx|py|html|xml|log|ya?ml|ini|toml|sql|srt';
  const quoted = new RegExp(`["“'‘「]([^"”'’」\\n]+\\.(?:${extensions}))["”'’」]`, 'iu').exec(text)?.[1];
  // Unquoted names are Latin-script only, so a Chinese sentence glued to the name is not swallowed.
  const bare = new RegExp(
    `([\\w\\u00c0-\\u024f()[\\]-][\\w\\u00c0-\\u024f()[\\].-]*\\.(?:${extensions}))(?![\\p{L}\\p{N}])`,
    'iu',
  ).exec(text)?.[1];
  const name = (quoted ?? bare)?.trim();
  const asksToRead =
    /\b(?:read|open|summari[sz]e|what(?:'s| is) in|look at|show)\b|读|打开|总结|概括|看看|看一下|内容/iu.test(text);
  const mentionsFile = /\b(?:file|attachment|attached|document)\b|文件|附件|文档/iu.test(text);
  if (name && (asksToRead || mentionsFile)) return { name };
  if (asksToRead && mentionsFile) return {};
  return undefined;
}
