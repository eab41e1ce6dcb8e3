import { describe, expect, it } from 'vitest';
import { defaultChatTranslate } from '../../i18n/chat.ts';
import {
  BUILTIN_SLASH_COMMAND_NAMES,
  builtinSlashCommands,
  parseSlashInput,
  slashCompletions,
} from './slash-commands.ts';

const sessions = ['Weather in Paris', 'Todo planning', 'Paris trip'];
const commands = builtinSlashCommands(defaultChatTranslate, (partial) =>
  sessions.filter((title) => title.toLowerCase().includes(partial.toLowerCase())),
);

describe('builtinSlashCommands', () => {
  it('offers every built-in command with a description', () => {
    expect(commands.map((command) => command.name)).toEqual([...BUILTIN_SLASH_COMMAND_NAMES]);
    expect(commands.every((command) => command.description.length > 0)).toBe(true);
  });
});

describe('parseSlashInput', () => {
  it('recognises commands, case-insensitively, with a trimmed argument', () => {
    expect(parseSlashInput('/new', commands)).toEqual({ kind: 'command', name: 'new', argument: '' });
    expect(parseSlashInput('  /HELP  ', commands)).toEqual({ kind: 'command', name: 'help', argument: '' });
    expect(parseSlashInput('/switch   Paris trip ', commands)).toEqual({
      kind: 'command',
      name: 'switch',
      argument: 'Paris trip',
    });
    expect(parseSlashInput('/switch sess_01H', commands)).toEqual({
      kind: 'command',
      name: 'switch',
      argument: 'sess_01H',
    });
  });

  it('asks for the argument of /switch', () => {
    const parsed = parseSlashInput('/switch ', commands);
    expect(parsed.kind).toBe('missing-argument');
    expect(parsed.kind === 'missing-argument' && parsed.command.name).toBe('switch');
  });

  it('sends everything else as a message', () => {
    expect(parseSlashInput('What is 2+2?', commands)).toEqual({ kind: 'message', text: 'What is 2+2?' });
    expect(parseSlashInput('/usr/bin is a folder', commands)).toEqual({
      kind: 'message',
      text: '/usr/bin is a folder',
    });
    expect(parseSlashInput('/unknown thing', commands)).toEqual({ kind: 'message', text: '/unknown thing' });
    expect(parseSlashInput('//help me', commands)).toEqual({ kind: 'message', text: '/help me' });
    expect(parseSlashInput('  \n ', commands)).toEqual({ kind: 'empty' });
  });
});

describe('slashCompletions', () => {
  it('lists all commands for a bare slash and narrows by prefix, then by substring', () => {
    expect(slashCompletions('/', commands)).toHaveLength(7);
    expect(slashCompletions('/s', commands).map((option) => option.value)).toEqual(['/sessions', '/switch ', '/state']);
    expect(slashCompletions('/t', commands).map((option) => option.value)).toEqual([
      '/trace',
      '/switch ',
      '/state',
      '/export',
    ]);
    expect(slashCompletions('/sw', commands).map((option) => option.label)).toEqual(['/switch <title or id>']);
    expect(slashCompletions('/zzz', commands)).toEqual([]);
  });

  it('suggests arguments after a command and a space', () => {
    expect(slashCompletions('/switch par', commands).map((option) => option.value)).toEqual([
      '/switch Weather in Paris',
      '/switch Paris trip',
    ]);
    expect(slashCompletions('/help ', commands)).toEqual([]);
  });

  it('stays quiet for ordinary text and escaped slashes', () => {
    expect(slashCompletions('hello', commands)).toEqual([]);
    expect(slashCompletions('//new', commands)).toEqual([]);
    expect(slashCompletions('/new\nmore', commands)).toEqual([]);
  });
});
