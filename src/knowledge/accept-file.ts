// Which files the library takes, and the size limit, checked before a byte is read.
import type { KnowledgeFormat } from './knowledge-types.ts';

/** Files over this are refused before they are read (the limit is in the message). */
export const MAX_KNOWLEDGE_BYTES = 200 * 1024 * 1024;
/** The limit as people read it (binary megabytes, as file managers count). */
export const MAX_KNOWLEDGE_LABEL = '200 MB';

const BY_EXTENSION: Record<string, KnowledgeFormat> = {
  pdf: 'pdf',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  text: 'text',
  html: 'html',
  htm: 'html',
  docx: 'docx',
};

const BY_TYPE: Record<string, KnowledgeFormat> = {
  'application/pdf': 'pdf',
  'text/markdown': 'markdown',
  'text/plain': 'text',
  'text/html': 'html',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** The file input's `accept`: the extensions and types above. */
export const KNOWLEDGE_ACCEPT = [
  ...Object.keys(BY_EXTENSION).map((extension) => `.${extension}`),
  ...Object.keys(BY_TYPE),
].join(',');

/** The formats accepted, as listed in the refusal of another type. */
export const ACCEPTED_FORMATS = 'PDF, Markdown (.md), text (.txt), HTML, DOCX';

/** A file's format by its extension, else its type; undefined for anything else. */
export function knowledgeFormatOf(name: string, type: string): KnowledgeFormat | undefined {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || BY_TYPE[type.split(';')[0]!.trim().toLowerCase()];
}
