import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { scriptReply, type ScriptedReply } from './scripted-model.ts';

export const ALL_TOOLS = [
  'calculator',
  'get_current_time',
  'date_calc',
  'get_weather',
  'search_web',
  'todo',
  'save_note',
  'search_notes',
  'read_file',
  'run_javascript',
];

export function toolSpecs(names: string[] = ALL_TOOLS): ToolSpec[] {
  return names.map((name) => ({
    type: 'function',
    function: { name, description: `${name} tool`, parameters: { type: 'object', properties: {} } },
  }));
}

export type FakeTool = (args: Record<string, unknown>) => unknown;

/** Plays the agent loop against the scripted model: runs fake tools for each call until a final answer. */
export function converse(userText: string, tools: Record<string, FakeTool>, offered: string[] = ALL_TOOLS) {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'You are Glassbox.' },
    { role: 'user', content: userText },
  ];
  const steps: ScriptedReply[] = [];
  for (let step = 0; step < 6; step += 1) {
    const reply = scriptReply({ messages, tools: toolSpecs(offered) });
    steps.push(reply);
    if (!reply.toolCalls) return { answer: reply.content ?? '', steps, messages };
    const calls = reply.toolCalls.map((call, index) => ({
      id: `call_${step}_${index}`,
      type: 'function' as const,
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    }));
    messages.push({ role: 'assistant', content: null, tool_calls: calls });
    for (const [index, call] of reply.toolCalls.entries()) {
      const tool = tools[call.name];
      if (!tool) throw new Error(`unexpected tool ${call.name}`);
      const result = tool(call.arguments);
      messages.push({
        role: 'tool',
        tool_call_id: calls[index]?.id ?? '',
        content: typeof result === 'string' ? result : JSON.stringify(result),
      });
    }
  }
  throw new Error('the scripted model did not finish');
}

export const calculator: FakeTool = (args) => ({
  expression: args.expression,
  result: String(args.expression) === '(128+374)*2' ? 1004 : 5.5,
});
export const clock: FakeTool = () => ({
  iso: '2025-06-01T09:30:00+08:00',
  date: '2025-06-01',
  time: '09:30',
  weekday: 'Sunday',
  timezone: 'Asia/Shanghai',
});
export const dateCalc: FakeTool = (args) => ({
  date: args.date,
  add_days: args.add_days,
  result: '2025-09-09',
  weekday: 'Tuesday',
});
export const lateDecember: FakeTool = () => ({ date: '2025-12-27', time: '08:00' });
export const todoList: FakeTool = () => ({
  items: [
    { id: 1, text: '明天带伞', done: false },
    { id: 2, text: 'buy milk', done: true },
  ],
});
export const offline: FakeTool = () => ({ error: 'Failed to fetch (network unavailable)' });
