import type { TodoItem } from '../../tools/tool-context.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { exportActiveSession } from './file-actions.ts';
import { newSession, switchSession } from './session-actions.ts';

/** Something a command shows in the chat. */
export interface CommandOutput {
  title: string;
  lines: string[];
}

const help: CommandOutput = {
  title: 'Commands',
  lines: [
    '/new — start a new session',
    '/sessions — show the session list',
    '/switch <title or id> — open a session',
    '/trace — show the trace panel',
    '/state — show this session\'s tool state (todos)',
    '/export — download this session as JSON',
    '/help — this list',
    'Keys: Enter sends, Shift+Enter adds a line, Esc stops, Alt+N new session, Ctrl+K focuses the message box.',
  ],
};

/** Runs a slash command typed in the message box; returns what to show, if anything. */
export async function runSlashCommand(name: string, argument: string): Promise<CommandOutput | undefined> {
  const state = useAppStore.getState();
  switch (name) {
    case 'new':
      await newSession();
      return undefined;
    case 'sessions':
      state.setUi({ sidebarOpen: true, mobilePane: 'sessions' });
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[aria-label="Search sessions"]')?.focus());
      return undefined;
    case 'switch': {
      const query = argument.trim().toLowerCase();
      const target =
        state.sessions.find((session) => session.id === argument.trim()) ??
        state.sessions.find((session) => session.title.toLowerCase() === query) ??
        state.sessions.find((session) => session.title.toLowerCase().includes(query));
      if (!target) return { title: `No session matches "${argument.trim()}".`, lines: state.sessions.slice(0, 10).map((session) => session.title) };
      await switchSession(target.id);
      return undefined;
    }
    case 'trace':
      state.setUi({ traceOpen: true, mobilePane: 'trace' });
      return undefined;
    case 'state': {
      const sessionId = state.activeSessionId;
      if (!sessionId) return undefined;
      const todos = (await services().persistence.toolState.get<TodoItem[]>(sessionId, 'todos')) ?? [];
      return {
        title: 'Tool state of this session',
        lines: todos.length === 0 ? ['Todos: none'] : todos.map((todo) => `#${todo.id} ${todo.done ? '☑' : '☐'} ${todo.text}`),
      };
    }
    case 'export':
      await exportActiveSession();
      return undefined;
    case 'help':
      return help;
    default:
      return { title: `Unknown command /${name}.`, lines: help.lines };
  }
}
