import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSource, type LiteralFinding } from './literal-scan.ts';
import { LANGUAGES, type Dictionary } from './translate.ts';

/** Every module of src/i18n; each exported dictionary is checked, so a new one is covered without listing it. */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./literal-scan.ts'], {
  eager: true,
});

function isDictionary(value: unknown): value is Dictionary<string> {
  return typeof value === 'object' && value !== null && 'name' in value && 'strings' in value;
}

const dictionaries = Object.values(modules).flatMap((exports) => Object.values(exports).filter(isDictionary));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Values that are rightly the same in Chinese: names, commands and technical words. Keep it short. */
const SAME_IN_CHINESE = new Set(['Glassbox', 'OTLP', 'JSON', 'LLM', 'OK', 'tok', 'ID', 'JavaScript', 'Span ID']);

describe('dictionaries', () => {
  it('are all found', () => {
    expect(dictionaries.map((dictionary) => dictionary.name).sort()).toEqual(
      expect.arrayContaining([
        'agent-notices',
        'app',
        'compaction-notices',
        'chat',
        'commands',
        'first-run',
        'memory',
        'messages',
        'attachments',
        'model-errors',
        'names',
        'storage',
        'tools',
        'trace',
      ]),
    );
  });

  it.each(dictionaries.map((dictionary) => [dictionary.name, dictionary] as const))(
    '%s: same keys in every language, no empty values, same placeholders',
    (_name, dictionary) => {
      const english = dictionary.strings.en;
      for (const language of LANGUAGES) {
        const table = dictionary.strings[language];
        expect(Object.keys(table).sort(), `${dictionary.name} ${language} keys`).toEqual(Object.keys(english).sort());
        for (const [key, value] of Object.entries(table)) {
          expect(value.trim(), `${dictionary.name} ${language} ${key} is empty`).not.toBe('');
          expect(placeholders(value), `${dictionary.name} ${language} ${key} placeholders`).toEqual(
            placeholders(english[key] ?? ''),
          );
        }
      }
    },
  );

  it.each(dictionaries.map((dictionary) => [dictionary.name, dictionary] as const))(
    '%s: Chinese is not English copied over',
    (_name, dictionary) => {
      const copied = Object.entries(dictionary.strings['zh-CN']).filter(
        ([key, value]) =>
          value === dictionary.strings.en[key] && /[A-Za-z]{3,}/.test(value) && !SAME_IN_CHINESE.has(value),
      );
      expect(copied).toEqual([]);
    },
  );
});

/** The accessible names of UI-CONTRACT.md: they stay English literals in every language. */
const CONTRACT_NAMES = new Set([
  'Sessions',
  'Evals',
  'Chat',
  'Trace',
  'Messages',
  'user message',
  'assistant message',
  'tool message',
  'Message',
  'Send',
  'Stop',
  'Resume',
  'Approve',
  'Deny',
  'Span tree',
  'Span details',
  'Expand all',
  'Export OTLP',
  'New session',
  'Session list',
  'Search sessions',
  'Export session',
  'Export all',
  'Import sessions',
  'Rename session',
  'Delete session',
  'Delete',
  'Settings',
  'Provider',
  'Base URL',
  'API key',
  'Model',
  'Context window',
  'Max steps',
  'Save',
  'Protocol',
  'System prompt',
  'Memory',
  'New note',
  'Add note',
  'Attach',
  'Choose files to attach',
  'Export Markdown',
  'Export HTML report',
  'Compare runs',
  'First run',
  'Second run',
  'Run comparison',
  'Fork from here',
  'Fork run',
  'Tool result',
  'Reuse recorded tool results',
  'Run fork',
  // Issue 19: the Settings search box.
  'Search settings',
  // Issue 19: per-session overrides of model and system prompt (the chat header's Session model and prompt).
  'Session model and prompt',
  'Model for this session',
  'System prompt for this session',
  'Clear session overrides',
  'Use the global model and prompt',
  'Agents',
  'Delegate to agents',
  'Max delegation depth',
  'Max delegations',
  'Add agent',
  'Agent name',
  'Enabled',
  // The roster's shared token budget (issue 13), named like its two sibling limits.
  'Token budget',
  // Issue 40: the Knowledge dialog (`Delete document <name>`: the literal part of a template).
  'Knowledge',
  'Add documents',
  'Documents',
  'Delete document',
  // Issue 40: the dialog a citation opens.
  'Passage',
  // `Delegation to <agent>`: the literal part of a template.
  'Delegation to',
  'New tool',
  'Tool editor',
  'Tool name',
  'Description',
  'Parameters (JSON Schema)',
  'Kind',
  'Code',
  'URL template',
  'Method',
  'Needs approval',
  'Save tool',
  'Edit tool',
  'Delete tool',
  'Add MCP server',
  'MCP server URL',
  'MCP headers',
  'Connect',
  'Plan',
  'Check answers before finishing',
  'Draft answer',
  'Insights',
  'Semantic recall',
  'Embedding model',
  'Input price',
  'Output price',
  // Sync (CouchDB, end-to-end encrypted)
  'Sync server URL',
  'Sync database',
  'Sync user',
  'Sync password',
  'Sync passphrase',
  'Live sync',
  'Sync now',
  'Sync progress',
  'Cancel sync',
  // Local model (in the browser)
  'Choose a GGUF model file',
  'Model URL',
  'Download model',
  'Model download',
  'Local models',
  'Delete model',
  // Issue 37: Share session and the sync doctor.
  'Share session',
  'Share link',
  'Import a copy',
  'Create database',
  // Not in the contract, but stable on purpose: the way back to English must be findable in any language.
  'Language',
  // Issue 38: datasets, scorers and feedback (UI-CONTRACT "Evals and feedback").
  'Datasets',
  'New dataset',
  'Dataset name',
  'Dataset items',
  'Add item',
  'Input',
  'Expected output',
  'Expected tools',
  'Save item',
  'Import dataset items',
  'Add to dataset',
  'Dataset',
  'Add',
  'Scorers',
  'Exact match',
  'Contains expected',
  'Regex',
  'Pattern',
  'JSON Schema',
  'Tool expectations',
  'JavaScript scorer',
  'Scorer code',
  'LLM judge',
  'Judge rubric',
  'Good answer',
  'Bad answer',
  'Feedback note',
  // A dataset item's files (not in the contract yet; stable names for the e2e).
  'Item files',
  'Files of the item',
  'Include attached files',
  // `Remove <file name>`: the literal part of a template.
  'Remove',
]);

/**
 * Literals another engineer is rewriting right now (issue 12): listed exactly, so nothing new slips in and the list
 * can only shrink. Remove an entry when its file goes through the dictionaries.
 */
const PENDING: Record<string, readonly string[]> = {};

/** Findings that are right as they are, with the reason. Keep it tiny. */
const ALLOWED: Record<string, readonly string[]> = {
  // Example prompts for the demo model, chosen per language (different lists, not translations of each other).
  'src/ui/chat/first-run.tsx': ['en + zh-CN'],
  // The Kind options are contract names (UI-CONTRACT.md: options `JavaScript`, `HTTP request`) and stay English; the
  // placeholders are examples of what to type (header and JSON template syntax), not prose.
  'src/ui/settings/tool-editor-fields.tsx': [
    'JavaScript',
    'HTTP request',
    'Authorization: Bearer …',
    '{"query": "{query}"}',
  ],
  // The tool list names a tool's kind with the same words as the Kind options (`JavaScript`, `HTTP GET`).
  'src/ui/settings/custom-tools-section.tsx': ['JavaScript', 'HTTP'],
  // A header example as placeholder (syntax, not prose).
  'src/ui/settings/mcp-servers-section.tsx': ['Authorization: Bearer …'],
  // A field's problem after its path (`messages.4.id: duplicate message id m1`): technical detail in the words of
  // zod's own issues, which are English; the import alert's sentence around it is translated (src/i18n/import-errors.ts).
  'src/db/session-file-schema.ts': [
    'duplicate message id',
    'seq must increase from message to message',
    'duplicate span id',
    'duplicate key',
  ],
  'src/db/chatgpt-message-text.ts': ['expected array'],
  // Recorded on spans (trace data, exported as is), not a UI string.
  'src/store/actions/session-actions.ts': ['The page was closed or reloaded while this was running.'],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests and the helpers only tests import (*-test-helpers, *-fixtures) show nothing to people.
    return /\.tsx?$/.test(entry.name) && !/(\.test|-test-helpers|-fixtures)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function scanAll(): LiteralFinding[] {
  const files = [
    ...sourceFiles('src/ui'),
    ...sourceFiles('src/store'),
    ...sourceFiles('src/db'),
    ...sourceFiles('src/config'),
  ];
  return files.flatMap((file) =>
    scanSource(file, readFileSync(file, 'utf8'), { contractNames: CONTRACT_NAMES, messageFields: true }),
  );
}

describe('no user-visible literal outside the dictionaries', () => {
  it('finds none in src/ui, src/store, src/db and src/config beyond the pending list', () => {
    const findings = scanAll();
    const unexpected = findings.filter(
      (finding) => !PENDING[finding.file]?.includes(finding.text) && !ALLOWED[finding.file]?.includes(finding.text),
    );
    expect(unexpected.map((finding) => `${finding.file}:${finding.line} ${finding.where} “${finding.text}”`)).toEqual(
      [],
    );
  });

  it('keeps the pending and allowed lists exact', () => {
    const findings = scanAll();
    const stale = [...Object.entries(PENDING), ...Object.entries(ALLOWED)].flatMap(([file, texts]) =>
      texts
        .filter((text) => !findings.some((finding) => finding.file === file && finding.text === text))
        .map((text) => `${file}: ${text}`),
    );
    expect(stale).toEqual([]);
  });
});

describe('the literal scanner', () => {
  const scan = (source: string, file = 'snippet.tsx') =>
    scanSource(file, source, { contractNames: CONTRACT_NAMES, messageFields: true }).map(
      (finding) => `${finding.where} ${finding.text}`,
    );

  it('catches text written into JSX', () => {
    expect(scan('export const A = () => <p>Hello</p>;')).toEqual(['jsx-text Hello']);
    expect(scan("export const A = () => <p>{ok ? 'Saved' : 'Not saved'}</p>;")).toEqual([
      'jsx-text Saved',
      'jsx-text Not saved',
    ]);
    expect(scan('export const A = () => <p>你好</p>;')).toEqual(['jsx-text 你好']);
  });

  it('catches visible props and message fields', () => {
    expect(scan('export const A = () => <input placeholder="Type here" title={`Hi ${name}`} />;')).toEqual([
      'prop:placeholder Type here',
      'prop:title Hi',
    ]);
    expect(scan("setUi({ appAlert: 'Sending failed' }); alert('Oops');", 'snippet.ts')).toEqual([
      'field:appAlert Sending failed',
      'call:alert Oops',
    ]);
  });

  it('allows contract names, translated text and code-like strings', () => {
    expect(
      scan(
        'export const A = () => <button aria-label="Send" className="px-2 text-sm" data-testid="run-status">{t("send")}</button>;',
      ),
    ).toEqual([]);
    expect(scan('export const A = () => <a href="https://example.com/x" title={t("x")}>{name}</a>;')).toEqual([]);
    expect(scan("const x = { error: 'runStatusError', title: 'settings.title' };", 'snippet.ts')).toEqual([]);
  });

  it('flags a dictionary written in place of the factory', () => {
    expect(scan("const hints = { a: { en: 'Hi', 'zh-CN': '你好' } };", 'snippet.ts')).toEqual([
      'inline-dictionary en + zh-CN',
    ]);
  });

  it('flags an accessible name that is not in the contract', () => {
    expect(scan('export const A = () => <button aria-label="Frobnicate" />;')).toEqual(['prop:aria-label Frobnicate']);
  });
});
