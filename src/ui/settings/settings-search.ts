/**
 * What the Settings search box finds: one entry per setting, with the tab it lives in and the words it is found
 * by — its English accessible name and its label in every UI language, so "max steps" and "最大步数" both find it
 * whichever language the UI shows. A control joins the search by being wrapped in `<SettingItem id=…>` with an
 * entry here; a control without an entry is not filtered (it stays visible in its tab while searching).
 */
import { LANGUAGES, translate, type AppStringKey, type Language } from '../../i18n/index.ts';
import { settingsTabsText } from '../../i18n/settings-tabs.ts';
import { createConsolidationTranslate } from '../../i18n/consolidation.ts';
import { createInsightsTranslate } from '../../i18n/insights.ts';
import { createPlanTranslate } from '../../i18n/plan.ts';
import { storageText } from '../../i18n/storage.ts';
import { createSemanticRecallTranslate, type SemanticRecallStringKey } from '../../i18n/semantic-recall.ts';
import { builtinTools } from '../../tools/registry.ts';
import type { SettingsTabId } from './settings-tabs.tsx';

export interface SettingEntry {
  id: string;
  tab: SettingsTabId;
  /** The English accessible name of the control (UI-CONTRACT.md), found in every language. */
  name: string;
  /** App strings that label or describe it, searched in every language. */
  keys: readonly AppStringKey[];
  /** More words it is found by, per language (other dictionaries, tool names). */
  more?: (language: Language) => readonly string[];
}

export const SETTING_ENTRIES: readonly SettingEntry[] = [
  { id: 'provider', tab: 'Model', name: 'Provider', keys: ['settings.provider', 'settings.section.endpoint'] },
  { id: 'baseUrl', tab: 'Model', name: 'Base URL', keys: ['settings.baseUrl', 'settings.section.endpoint'] },
  { id: 'apiKey', tab: 'Model', name: 'API key', keys: ['settings.apiKey', 'settings.storeApiKey'] },
  { id: 'model', tab: 'Model', name: 'Model', keys: ['settings.model', 'settings.loadModels'] },
  { id: 'connection', tab: 'Model', name: 'Test connection', keys: ['settings.testConnection', 'settings.loadModels'] },
  { id: 'contextWindow', tab: 'Model', name: 'Context window', keys: ['settings.contextWindow'] },
  { id: 'temperature', tab: 'Model', name: 'Temperature', keys: ['settings.temperature'] },
  { id: 'stream', tab: 'Model', name: 'Stream responses', keys: ['settings.stream'] },
  {
    id: 'prices',
    tab: 'Model',
    name: 'Input price',
    keys: [],
    more: (language) => {
      const t = createInsightsTranslate(language);
      return [
        'Output price',
        t('settingsTitle'),
        t('inputPrice'),
        t('cachedInputPrice'),
        t('outputPrice'),
        t('stuckStepsLabel'),
      ];
    },
  },
  { id: 'maxSteps', tab: 'Agent', name: 'Max steps', keys: ['settings.maxSteps'] },
  { id: 'maxToolCalls', tab: 'Agent', name: 'Max tool calls', keys: ['settings.maxToolCalls'] },
  { id: 'deadline', tab: 'Agent', name: 'Time limit', keys: ['settings.deadline'] },
  {
    id: 'protocol',
    tab: 'Agent',
    name: 'Protocol',
    keys: ['settings.protocol', 'settings.protocol.react', 'settings.protocol.tools'],
  },
  { id: 'systemPrompt', tab: 'Agent', name: 'System prompt', keys: ['settings.systemPrompt'] },
  {
    id: 'answerCheck',
    tab: 'Agent',
    name: 'Check answers before finishing',
    keys: [],
    more: (language) => [
      createPlanTranslate(language)('answerCheck'),
      createPlanTranslate(language)('answerCheckHint'),
    ],
  },
  {
    id: 'builtinTools',
    tab: 'Tools',
    name: 'Enabled tools',
    keys: ['settings.tools', 'settings.toolNeedsApproval'],
    more: () => builtinTools.map((tool) => tool.name),
  },
  { id: 'customTools', tab: 'Tools', name: 'New tool', keys: ['tools.custom.title', 'tools.custom.new'] },
  { id: 'mcpServers', tab: 'Tools', name: 'Add MCP server', keys: ['tools.mcp.title', 'tools.mcp.add'] },
  { id: 'memoryRecall', tab: 'Memory', name: 'Recall notes', keys: ['settings.memoryRecall'] },
  {
    id: 'semanticRecall',
    tab: 'Memory',
    name: 'Semantic recall',
    keys: [],
    more: (language) => semanticRecallWords(language, ['semanticRecall', 'semanticRecallHint', 'searchWords']),
  },
  {
    id: 'embeddingModel',
    tab: 'Memory',
    name: 'Embedding model',
    keys: [],
    more: (language) =>
      semanticRecallWords(language, ['embeddingModel', 'testEmbeddings', 'demoEmbedder', 'searchWords']),
  },
  {
    id: 'compactionShare',
    tab: 'Memory',
    name: 'Compaction share',
    keys: ['settings.compactionShare'],
    more: (language) => [settingsTabsText(language, 'compactionWords')],
  },
  {
    id: 'consolidateCompactions',
    tab: 'Memory',
    name: 'Save compacted history as a note',
    keys: [],
    more: (language) => {
      const t = createConsolidationTranslate(language);
      return [t('setting'), t('searchWords')];
    },
  },
  {
    id: 'otlpEndpoint',
    tab: 'Tracing',
    name: 'OTLP endpoint',
    keys: ['settings.otlpEndpoint', 'settings.section.export'],
  },
  {
    id: 'otlpHeaders',
    tab: 'Tracing',
    name: 'OTLP headers',
    keys: ['settings.otlpHeaders', 'settings.section.export'],
  },
  {
    id: 'storage',
    tab: 'Data',
    name: 'Storage',
    keys: [],
    more: (language) => [storageText(language, 'heading'), settingsTabsText(language, 'storageWords')],
  },
  { id: 'language', tab: 'Appearance', name: 'Language', keys: ['app.language'] },
  { id: 'theme', tab: 'Appearance', name: 'Theme', keys: ['app.theme', 'app.theme.dark', 'app.theme.light'] },
];

function semanticRecallWords(language: Language, keys: readonly SemanticRecallStringKey[]): string[] {
  const t = createSemanticRecallTranslate(language);
  return keys.map((key) => t(key));
}

const haystacks = new Map<string, string>();

/** Every word an entry is found by, lowercased, in one string (built once per entry). */
function haystack(entry: SettingEntry): string {
  let text = haystacks.get(entry.id);
  if (text === undefined) {
    const words = [
      entry.name,
      ...LANGUAGES.flatMap((language) => [
        ...entry.keys.map((key) => translate(language, key)),
        ...(entry.more?.(language) ?? []),
      ]),
    ];
    text = words.join('\n').toLowerCase();
    haystacks.set(entry.id, text);
  }
  return text;
}

/** The query's terms: lowercased, split on spaces (a Chinese query is usually one term). */
export function searchTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/u)
    .filter((term) => term !== '');
}

/** Whether the entry matches every term (an empty query matches everything). */
export function entryMatches(entry: SettingEntry, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const text = haystack(entry);
  return terms.every((term) => text.includes(term));
}

/** The ids of the entries matching the query, and how many match in each tab. */
export function searchSettings(query: string): {
  ids: ReadonlySet<string>;
  perTab: ReadonlyMap<SettingsTabId, number>;
} {
  const terms = searchTerms(query);
  const ids = new Set<string>();
  const perTab = new Map<SettingsTabId, number>();
  for (const entry of SETTING_ENTRIES) {
    if (!entryMatches(entry, terms)) continue;
    ids.add(entry.id);
    perTab.set(entry.tab, (perTab.get(entry.tab) ?? 0) + 1);
  }
  return { ids, perTab };
}
