import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/**
 * What an import says about a note's embedding it could not read (the note itself is imported). Its own dictionary:
 * it is needed only by the parsers' chunk, not by the first load. The field's problem inside it stays zod's English.
 */
const en = {
  noteVectorDropped:
    '{file}: note {index} was imported without its stored embedding ({reason}); it is embedded again when semantic recall needs it.',
} as const;

/** A key of the note-vector import strings. */
export type NoteVectorImportKey = keyof typeof en;

const zhCN: Record<NoteVectorImportKey, string> = {
  noteVectorDropped: '{file}：第 {index} 条笔记已导入，但没有带上它保存的向量（{reason}）；语义回忆需要时会重新计算。',
};

/** The note-vector import strings in every language. */
export const noteVectorImportDictionary = defineDictionary<NoteVectorImportKey>('note-vector-import', {
  en,
  'zh-CN': zhCN,
});

/** A note-vector import string in a language. */
export function noteVectorImportText(language: Language, key: NoteVectorImportKey, values?: TextValues): string {
  return createTranslate(noteVectorImportDictionary, language)(key, values);
}
