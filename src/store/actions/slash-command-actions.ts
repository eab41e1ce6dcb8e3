import { commandText, type CommandStringKey } from '../../i18n/commands.ts';
import type { TodoItem } from '../../tools/tool-context.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';
import { exportActiveSession } from './file-actions.ts';
import { newSession, switchSession } from './session-actions.ts';

/** Something a command shows in the chat. */
export interface CommandOutput {
  title: string;
  lines: string[];
}

const SUMMARY_PREVIEW_CHARS = 400;

function helpOutput(text: (key: CommandStringKey) => string): CommandOutput {
  const keys: CommandStringKey[] = [
    'helpNew',
    'helpSessions',
    'helpSwitch',
    'helpTrace',
    'helpState',
    'helpExport',
    'helpHelp',
    'helpKeys',
  ];
  return { title: text('helpTitle'), lines: keys.map(text) };
}

async function stateOutput(
  sessionId: string,
  text: (key: CommandStringKey, values?: Record<string, string | number>) => string,
): Promise<CommandOutput> {
  const { persistence } = services();
  const [todos, files, notes, session] = await Promise.all([
    persistence.toolState.get<TodoItem[]>(sessionId, 'todos'),
    persistence.attachments.list(sessionId),
    persistence.notes.list(),
    persistence.getSession(sessionId),
  ]);
  const lines: string[] = [];
  const todoList = todos ?? [];
  if (todoList.length === 0) lines.push(text('todosNone'));
  else {
    lines.push(text('todosHeading', { count: todoList.length }));
    for (const todo of todoList) lines.push(`  #${todo.id} ${todo.done ? '☑' : '☐'} ${todo.text}`);
  }
  if (files.length === 0) lines.push(text('filesNone'));
  else lines.push(`${text('filesHeading', { count: files.length })} ${files.map((file) => file.name).join(', ')}`);
  const summary = session?.summary?.text.trim();
  if (!summary) lines.push(text('summaryNone'));
  else {
    const preview = summary.length > SUMMARY_PREVIEW_CHARS ? `${summary.slice(0, SUMMARY_PREVIEW_CHARS)}…` : summary;
    lines.push(text('summaryHeading', { text: preview }));
  }
  lines.push(text('notesHeading', { count: notes.length }));
  return { title: text('stateTitle'), lines };
}

/** Runs a slash command typed in the message box; returns what to show, if anything. */
export async function runSlashCommand(name: string, argument: string): Promise<CommandOutput | undefined> {
  const state = useAppStore.getState();
  const language = currentLanguage();
  const text = (key: CommandStringKey, values?: Record<string, string | number>) => commandText(language, key, values);
  switch (name) {
    case 'new':
      await newSession();
      return undefined;
    case 'sessions':
      state.setUi({ sidebarOpen: true, mobilePane: 'sessions' });
      requestAnimationFrame(() =>
        document.querySelector<HTMLInputElement>('input[aria-label="Search sessions"]')?.focus(),
      );
      return undefined;
    case 'switch': {
      const wanted = argument.trim();
      const query = wanted.toLowerCase();
      const target =
        state.sessions.find((session) => session.id === wanted) ??
        state.sessions.find((session) => session.title.toLowerCase() === query) ??
        state.sessions.find((session) => session.title.toLowerCase().includes(query));
      if (!target)
        return {
          title: text('noSessionMatches', { query: wanted }),
          lines: state.sessions.slice(0, 10).map((session) => session.title),
        };
      await switchSession(target.id);
      return undefined;
    }
    case 'trace':
      state.setUi({ traceOpen: true, mobilePane: 'trace' });
      return undefined;
    case 'state': {
      const sessionId = state.activeSessionId;
      return sessionId ? stateOutput(sessionId, text) : undefined;
    }
    case 'export':
      await exportActiveSession();
      return undefined;
    case 'help':
      return helpOutput(text);
    default:
      return { ...helpOutput(text), title: text('unknownCommand', { name }) };
  }
}
