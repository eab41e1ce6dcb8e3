import type { RecallReason } from '../context/fused-recall.ts';
import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** The candidate notes of a memory span's details, and what the user can do to each (pin, edit, forget). */
const en = {
  heading: 'Candidate notes',
  listLabel: 'Candidate notes',
  scores: 'full-text {fullText} · cosine {cosine} · rank {rank}',
  noScore: 'none',
  'reason.pinned': 'kept: pinned notes are always recalled',
  'reason.shares-words': 'kept: shares words with the message',
  'reason.similar-meaning': 'kept: similar in meaning',
  'reason.shares-words-and-meaning': 'kept: shares words and is similar in meaning',
  'reason.no-shared-term': 'cut: matched the search but shares no topical word with the message',
  'reason.below-score': 'cut: full-text score below the threshold',
  'reason.not-similar-enough': 'cut: cosine similarity below the threshold',
  'reason.over-limit': 'cut: beyond the most notes recalled',
  pinnedBadge: 'pinned',
  forgotten: 'Forgotten: the note and its embedding are deleted. This span keeps what was recalled then.',
  pin: 'Pin',
  unpin: 'Unpin',
  edit: 'Edit',
  forget: 'Forget',
  pinNote: 'Pin note',
  unpinNote: 'Unpin note',
  editNote: 'Edit note',
  forgetNote: 'Forget note',
  confirmForget: 'Forget this note? It is deleted with its embedding, and no later run recalls it.',
  confirmForgetGroup: 'Confirm forgetting',
  keepNote: 'Keep note',
  forgetYes: 'Forget',
  cancel: 'Cancel',
  pinned: 'Pinned: every run recalls this note from now on.',
  unpinned: 'Unpinned: it is recalled only when it matches.',
  saved: 'Saved.',
  savedNotEmbedded: 'Saved, but its new embedding failed ({reason}); the next recall tries again.',
  failed: 'The note could not be changed: {error}',
  loading: 'Reading the notes…',
} as const;

/** A key of the memory span strings. */
export type MemorySpanStringKey = keyof typeof en;

const zhCN: Record<MemorySpanStringKey, string> = {
  heading: '候选笔记',
  listLabel: '候选笔记',
  scores: '全文 {fullText} · 余弦 {cosine} · 排名 {rank}',
  noScore: '无',
  'reason.pinned': '保留：置顶的笔记总会被回忆',
  'reason.shares-words': '保留：与消息有共同的词',
  'reason.similar-meaning': '保留：含义相近',
  'reason.shares-words-and-meaning': '保留：有共同的词且含义相近',
  'reason.no-shared-term': '舍弃：搜索命中，但与消息没有共同的主题词',
  'reason.below-score': '舍弃：全文得分低于阈值',
  'reason.not-similar-enough': '舍弃：余弦相似度低于阈值',
  'reason.over-limit': '舍弃：超出回忆笔记的上限',
  pinnedBadge: '已置顶',
  forgotten: '已忘记：笔记及其向量已删除。此 span 仍保留当时回忆的内容。',
  pin: '置顶',
  unpin: '取消置顶',
  edit: '编辑',
  forget: '忘记',
  pinNote: '置顶笔记',
  unpinNote: '取消置顶笔记',
  editNote: '编辑笔记',
  forgetNote: '忘记笔记',
  confirmForget: '忘记这条笔记？它会连同向量一起删除，之后的运行不会再回忆它。',
  confirmForgetGroup: '确认忘记',
  keepNote: '保留笔记',
  forgetYes: '忘记',
  cancel: '取消',
  pinned: '已置顶：从现在起每次运行都会回忆这条笔记。',
  unpinned: '已取消置顶：只有匹配时才会回忆。',
  saved: '已保存。',
  savedNotEmbedded: '已保存，但重新计算向量失败（{reason}）；下次回忆时会再试。',
  failed: '无法修改笔记：{error}',
  loading: '正在读取笔记…',
};

/** The memory span strings in every language. */
export const memorySpanDictionary = defineDictionary<MemorySpanStringKey>('memory-span', { en, 'zh-CN': zhCN });

/** The memory span strings in one language. */
export function createMemorySpanTranslate(language: Language): Translate<MemorySpanStringKey> {
  return createTranslate(memorySpanDictionary, language);
}

/** The key of a recall reason's wording. */
export function reasonKey(reason: RecallReason): MemorySpanStringKey {
  return `reason.${reason}`;
}
