import type { ChatMessage, ToolCall, ToolSpec } from '../model/model.ts';
import { stringifyJson } from '../json/deep-json.ts';

/**
 * Token counts estimated without a vocabulary, calibrated on OpenAI's byte-pair encodings (cl100k_base,
 * o200k_base), which split text much like most current open-model tokenizers: an English word of up to eight
 * letters with its leading space is usually one token and longer ones split into pieces of about four letters,
 * digits go in groups of three, punctuation pairs up, and each Chinese, Japanese or Korean character costs about
 * one token.
 * Estimates lean slightly high, which is the safe side for budgeting a context window.
 */

/** Tokens every chat message costs besides its content: `<|start|>role\n … <|end|>\n`. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens every request costs once: the reply is primed with `<|start|>assistant<|message|>`. */
export const REQUEST_OVERHEAD_TOKENS = 3;
/** Tokens each tool call in an assistant message costs besides its name and arguments. */
export const TOOL_CALL_OVERHEAD_TOKENS = 7;
/** Tokens each tool definition costs besides its name, description and schema. */
export const TOOL_DEFINITION_OVERHEAD_TOKENS = 10;
/** Tokens the tool definitions cost together besides each tool (the namespace they are rendered into). */
export const TOOLS_OVERHEAD_TOKENS = 12;

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303f\\uff00-\\uffef';
const SEGMENT = new RegExp(
  [
    `('(?:s|t|re|ve|m|ll|d)(?![\\p{L}\\p{N}]))`, // English contractions: one token each
    `([${CJK}])`, // one CJK character (or CJK punctuation)
    `(\\p{N}+)`, // a run of digits
    `((?:(?![${CJK}])[\\p{L}\\p{M}])+)`, // a word in an alphabetic script
    `(\\s+)`, // whitespace
    `((?:(?![${CJK}])[^\\s\\p{L}\\p{N}\\p{M}])+)`, // punctuation and symbols
  ].join('|'),
  'giu',
);
const ASCII_WORD = /^[A-Za-z]+$/;
// `camelCase`, `PascalCase` and `HTTPServer` split where the case changes.
const CAMEL_CASE_BOUNDARY = /(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;
const LATIN_WORD = /^[\p{Script=Latin}\p{M}]+$/u;
const ALPHABETIC_WORD =
  /^[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Hebrew}\p{Script=Arabic}\p{M}]+$/u;

/**
 * Texts longer than this are estimated from {@link SAMPLES} evenly spaced samples of about {@link SAMPLE_CHARS}
 * characters, scaled to the whole length: a 2 MB answer read whole takes a third of a second of the main thread, its
 * samples (100,000 characters) a few milliseconds, and the figure stays within a few percent of the whole reading.
 */
export const SAMPLED_ABOVE_CHARS = 200_000;
const SAMPLES = 50;
const SAMPLE_CHARS = 2_000;

/** Estimated tokens of a plain text (of a very long one, from samples of it). */
export function estimateTokens(text: string): number {
  return text.length > SAMPLED_ABOVE_CHARS ? estimateFromSamples(text) : estimateWholeText(text);
}

/** Where a sample may start or end at or after `index`: the next whitespace (no word cut), else not inside a pair. */
function sampleBoundary(text: string, index: number): number {
  const space = text.slice(index, index + 200).search(/\s/);
  if (space >= 0) return index + space;
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index + 1 : index;
}

function estimateFromSamples(text: string): number {
  const stride = text.length / SAMPLES;
  let tokens = 0;
  let sampled = 0;
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const start = sampleBoundary(text, Math.floor(sample * stride));
    const end = Math.min(text.length, sampleBoundary(text, start + SAMPLE_CHARS));
    if (end <= start) continue;
    tokens += estimateWholeText(text.slice(start, end));
    sampled += end - start;
  }
  return Math.max(1, Math.round((tokens * text.length) / Math.max(1, sampled)));
}

function estimateWholeText(text: string): number {
  if (text === '') return 0;
  let tokens = 0;
  for (const match of text.matchAll(SEGMENT)) {
    const [, contraction, cjk, digits, word, space, symbols] = match;
    if (contraction !== undefined || cjk !== undefined) {
      tokens += 1;
    } else if (digits !== undefined) {
      tokens += Math.ceil(digits.length / 3);
    } else if (word !== undefined) {
      tokens += wordTokens(word);
    } else if (space !== undefined) {
      // A single space is carried by the next word; other whitespace (newlines, indentation) costs about a token per run.
      if (space !== ' ') tokens += 1 + Math.floor(space.length / 16);
      const next = text[(match.index ?? 0) + space.length];
      // Digits never take the space before them (tiktoken: "2 + 2" is `2`, ` +`, ` `, `2`).
      if (space === ' ' && next !== undefined && /\p{N}/u.test(next)) tokens += 1;
    } else if (symbols !== undefined) {
      const start = match.index ?? 0;
      tokens += symbolTokens(symbols, text[start - 1], text[start + symbols.length]);
    }
  }
  return Math.max(1, Math.round(tokens));
}

function wordTokens(word: string): number {
  const length = [...word].length;
  if (ASCII_WORD.test(word))
    return word.split(CAMEL_CASE_BOUNDARY).reduce((sum, part) => sum + asciiPieceTokens(part), 0);
  if (LATIN_WORD.test(word)) return Math.ceil(length / 3.5);
  if (ALPHABETIC_WORD.test(word)) return Math.ceil(length / 2.5);
  // Scripts with few merges in the vocabulary (Devanagari, Thai, …): close to a token per character.
  return Math.ceil(length / 1.25);
}

/** Common English words up to eight letters are single tokens; longer or rarer ones split into pieces of about four. */
function asciiPieceTokens(piece: string): number {
  if (piece.length >= 4 && piece === piece.toUpperCase()) return Math.ceil(piece.length / 3);
  return piece.length <= 8 ? 1 : 1 + Math.ceil((piece.length - 8) / 4);
}

function symbolTokens(symbols: string, previous: string | undefined, next: string | undefined): number {
  let tokens = 0;
  let plain = 0;
  for (const character of symbols) {
    // Emoji and other characters outside the basic plane take several bytes, and usually two tokens or more.
    if ((character.codePointAt(0) ?? 0) > 0xffff || /\p{Extended_Pictographic}/u.test(character)) tokens += 2;
    else plain += 1;
  }
  // A lone mark right before a word joins it (`-following`, `.com`, `_user`), unless a space came first (` "Paris`).
  const joinsWord =
    plain === 1 && symbols.length === 1 && next !== undefined && /\p{L}/u.test(next) && previous !== ' ';
  return joinsWord ? tokens : tokens + Math.ceil(plain / 2);
}

// Messages are immutable once in the history, so their estimates are cached per object (checked against the content).
const messageCache = new WeakMap<
  ChatMessage,
  { content: string | null; toolCalls: ToolCall[] | undefined; tokens: number }
>();

/** Estimated tokens of one chat message: its content, tool calls or tool-call id, and the per-message framing. */
export function estimateMessageTokens(message: ChatMessage): number {
  const toolCalls = message.role === 'assistant' ? message.tool_calls : undefined;
  const cached = messageCache.get(message);
  if (cached && cached.content === message.content && cached.toolCalls === toolCalls) return cached.tokens;
  let tokens = MESSAGE_OVERHEAD_TOKENS + estimateTokens(message.content ?? '');
  if (message.role === 'tool') tokens += estimateTokens(message.tool_call_id);
  for (const call of toolCalls ?? []) {
    tokens += TOOL_CALL_OVERHEAD_TOKENS + estimateTokens(call.function.name) + estimateTokens(call.function.arguments);
  }
  messageCache.set(message, { content: message.content, toolCalls, tokens });
  return tokens;
}

/** Estimated tokens of several messages, framing included (the request's own overhead is not). */
export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  let tokens = 0;
  for (const message of messages) tokens += estimateMessageTokens(message);
  return tokens;
}

/** Estimated tokens the tool definitions add to a request (rendered into the prompt by the endpoint). */
export function estimateToolsTokens(tools: readonly ToolSpec[]): number {
  if (tools.length === 0) return 0;
  let tokens = TOOLS_OVERHEAD_TOKENS;
  for (const tool of tools) {
    tokens +=
      TOOL_DEFINITION_OVERHEAD_TOKENS +
      estimateTokens(tool.function.name) +
      estimateTokens(tool.function.description) +
      estimateTokens(stringifyJson(tool.function.parameters) ?? '');
  }
  return tokens;
}

/** Estimated prompt tokens of a whole request: messages, tool definitions and the reply priming. */
export function estimateRequestTokens(messages: readonly ChatMessage[], tools: readonly ToolSpec[] = []): number {
  return estimateMessagesTokens(messages) + estimateToolsTokens(tools) + REQUEST_OVERHEAD_TOKENS;
}
