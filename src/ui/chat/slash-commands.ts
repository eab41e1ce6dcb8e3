import type { ChatTranslate } from '../../i18n/chat.ts';

/** A command typed in the message box as `/name [argument]`. */
export interface SlashCommand {
  /** Lower-case name without the slash, e.g. `switch`. */
  name: string;
  description: string;
  /** The command's argument, shown as a hint (`/switch <title or id>`). */
  argument?: { label: string; required: boolean };
  /** Completions for the argument as typed so far (e.g. matching session titles). */
  suggestArguments?: (partial: string) => string[];
}

/** The names of the built-in commands. */
export const BUILTIN_SLASH_COMMAND_NAMES = ['new', 'sessions', 'switch', 'trace', 'state', 'export', 'help'] as const;

/** A built-in command's name. */
export type BuiltinSlashCommandName = (typeof BUILTIN_SLASH_COMMAND_NAMES)[number];

/** The built-in commands with translated descriptions; `suggestSessions` completes `/switch`. */
export function builtinSlashCommands(
  t: ChatTranslate,
  suggestSessions?: (partial: string) => string[],
): SlashCommand[] {
  return [
    { name: 'new', description: t('commandNewDescription') },
    { name: 'sessions', description: t('commandSessionsDescription') },
    {
      name: 'switch',
      description: t('commandSwitchDescription'),
      argument: { label: t('commandSwitchArgument'), required: true },
      ...(suggestSessions ? { suggestArguments: suggestSessions } : {}),
    },
    { name: 'trace', description: t('commandTraceDescription') },
    { name: 'state', description: t('commandStateDescription') },
    { name: 'export', description: t('commandExportDescription') },
    { name: 'help', description: t('commandHelpDescription') },
  ];
}

/** What the message box holds when the user presses Enter. */
export type SlashInput =
  | { kind: 'empty' }
  | { kind: 'message'; text: string }
  | { kind: 'command'; name: string; argument: string }
  | { kind: 'missing-argument'; command: SlashCommand };

const COMMAND_PATTERN = /^\/([^\s/]+)(?:\s+([\s\S]*))?$/;

/**
 * Reads the message box: a known `/command` (its argument trimmed), or a message. Unknown commands
 * are sent as text (a path like `/usr/bin` is a message); `//text` sends `/text` literally.
 */
export function parseSlashInput(input: string, commands: readonly SlashCommand[]): SlashInput {
  const text = input.trim();
  if (!text) return { kind: 'empty' };
  if (text.startsWith('//')) return { kind: 'message', text: text.slice(1) };
  const match = COMMAND_PATTERN.exec(text);
  const name = match?.[1]?.toLowerCase();
  const command = name ? commands.find((candidate) => candidate.name === name) : undefined;
  if (!command) return { kind: 'message', text };
  const argument = (match?.[2] ?? '').trim();
  if (command.argument?.required && !argument) return { kind: 'missing-argument', command };
  return { kind: 'command', name: command.name, argument };
}

/** One entry of the completion list: picking it puts `value` in the message box. */
export interface SlashCompletion {
  /** Stable id for the option element. */
  id: string;
  value: string;
  label: string;
  description: string;
}

/**
 * Completions for what is typed so far: command names while the first word is typed (prefix
 * matches first, then other matches), argument suggestions after a command and a space.
 */
export function slashCompletions(input: string, commands: readonly SlashCommand[], limit = 8): SlashCompletion[] {
  if (!input.startsWith('/') || input.startsWith('//') || input.includes('\n')) return [];
  const space = input.search(/\s/);
  if (space === -1) {
    const typed = input.slice(1).toLowerCase();
    const byPrefix = commands.filter((command) => command.name.startsWith(typed));
    const byContains = commands.filter((command) => !command.name.startsWith(typed) && command.name.includes(typed));
    return [...byPrefix, ...byContains].slice(0, limit).map((command) => ({
      id: `command-${command.name}`,
      value: `/${command.name}${command.argument ? ' ' : ''}`,
      label: `/${command.name}${command.argument ? ` <${command.argument.label}>` : ''}`,
      description: command.description,
    }));
  }
  const name = input.slice(1, space).toLowerCase();
  const command = commands.find((candidate) => candidate.name === name);
  if (!command?.suggestArguments) return [];
  const partial = input.slice(space).trimStart();
  return command
    .suggestArguments(partial)
    .slice(0, limit)
    .map((suggestion, index) => ({
      id: `argument-${index}`,
      value: `/${command.name} ${suggestion}`,
      label: suggestion,
      description: `/${command.name}`,
    }));
}
