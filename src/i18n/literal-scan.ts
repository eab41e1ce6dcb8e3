/**
 * Test-only: finds user-visible English (or any other language) written straight into source files instead of
 * going through a dictionary. Used by i18n.test.ts; it parses with Vite's own parser (oxc, via `parseSync`), so the
 * app never imports it. (The installed `typescript` is the native TypeScript 7, which has no JavaScript compiler API.)
 */
import { parseSync } from 'vite';

/** One string that reaches the UI without a dictionary. */
export interface LiteralFinding {
  file: string;
  line: number;
  /** `jsx-text`, `prop:<name>`, `field:<name>`, `call:<name>` or `inline-dictionary`. */
  where: string;
  text: string;
}

/** Props whose value people read (or hear, for the aria ones that are not names). */
const VISIBLE_PROP =
  /^(title|placeholder|alt|label|text|message|notice|description|hint|tooltip|heading|caption|summary|advice|detail|aria-description|aria-placeholder|aria-roledescription|aria-valuetext)$|(Text|Title|Message|Hint|Description)$/;

/** Object fields that end up in alerts, notices and toasts. */
const MESSAGE_FIELD = /^(alert|appAlert|toast|notice|notices|message|advice|title|hint|error)$/;

/** Strings that are the same in every language: the product name and a few technical words. Keep it tiny. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Glassbox', 'JSON', 'OTLP', 'English', '简体中文']);

/** Props that hold an accessible name: a literal is allowed only when it is a contract name. */
const NAME_PROP = /^(aria-label|label|name|\w+Label)$/;

/** Text with a letter in it that is not a key, class list, id, URL, CSS value or other code-like string. */
export function isWords(text: string): boolean {
  const trimmed = text.replace(/&[a-z]+;|&#\d+;/gi, ' ').trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  if (SAME_IN_EVERY_LANGUAGE.has(trimmed)) return false;
  if (/^(https?:|mailto:|data:|\/|#|\.)/.test(trimmed)) return false;
  // camelCase or dotted keys: `runStatusError`, `settings.title`.
  if (/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)*$/.test(trimmed)) return false;
  // Keys, ids, class lists and CSS: lowercase tokens joined by - _ . : / and spaces between such tokens.
  if (
    /^[a-z0-9[\]()%#!@&*+=,<>~|'".:/_-]+( [a-z0-9[\]()%#!@&*+=,<>~|'".:/_-]+)*$/.test(trimmed) &&
    /[-_.:/[]|^[a-z]+$/.test(trimmed)
  ) {
    return false;
  }
  return true;
}

/** An ESTree node as the parser gives it: a `type` and whatever fields that type has. */
interface AstNode {
  type: string;
  start: number;
  [field: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function child(node: AstNode, field: string): AstNode | undefined {
  const value = node[field];
  return isNode(value) ? value : undefined;
}

/** The static text of a string-valued expression (literal, template, conditional, `??`, `+`), or nothing. */
function staticTexts(node: AstNode | undefined): string[] {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [node.value] : [];
    case 'TemplateLiteral':
      return (node.quasis as { value: { cooked: string | null } }[])
        .map((quasi) => quasi.value.cooked ?? '')
        .filter((part) => part.trim() !== '');
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'JSXExpressionContainer':
      return staticTexts(child(node, 'expression'));
    case 'ConditionalExpression':
      return [...staticTexts(child(node, 'consequent')), ...staticTexts(child(node, 'alternate'))];
    case 'LogicalExpression':
      return node.operator === '&&'
        ? staticTexts(child(node, 'right'))
        : [...staticTexts(child(node, 'left')), ...staticTexts(child(node, 'right'))];
    case 'BinaryExpression':
      return node.operator === '+' ? [...staticTexts(child(node, 'left')), ...staticTexts(child(node, 'right'))] : [];
    default:
      return [];
  }
}

function attributeName(node: AstNode): string {
  const name = child(node, 'name');
  if (!name) return '';
  if (name.type === 'JSXIdentifier') return String(name.name);
  if (name.type === 'JSXNamespacedName')
    return `${String(child(name, 'namespace')?.name)}:${String(child(name, 'name')?.name)}`;
  return '';
}

function keyName(node: AstNode): string {
  const key = child(node, 'key');
  if (!key || node.computed === true) return '';
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'Literal') return String(key.value);
  return '';
}

/** Options of a scan. */
export interface ScanOptions {
  /** Accessible names of UI-CONTRACT.md: allowed as literal `aria-label`s because they stay English on purpose. */
  contractNames: ReadonlySet<string>;
  /** Also flag message fields (`alert`, `notice`, `message`…) of object literals; for store and UI code. */
  messageFields: boolean;
}

/** Every user-visible literal in one source file. Throws when the file does not parse. */
export function scanSource(file: string, source: string, options: ScanOptions): LiteralFinding[] {
  const lang = file.endsWith('.tsx') ? 'tsx' : 'ts';
  const parsed = parseSync(file, source, { lang, sourceType: 'module' });
  if (parsed.errors.length > 0)
    throw new Error(`${file} does not parse: ${parsed.errors.map((error) => error.message).join('; ')}`);
  const lineStarts = [0];
  for (let index = 0; index < source.length; index += 1) if (source[index] === '\n') lineStarts.push(index + 1);
  const lineOf = (offset: number) => lineStarts.findLastIndex((start) => start <= offset) + 1;
  const findings: LiteralFinding[] = [];
  const report = (
    node: AstNode,
    where: string,
    texts: readonly string[],
    allowed: (text: string) => boolean = () => false,
  ) => {
    for (const text of texts) {
      if (isWords(text) && !allowed(text.trim()))
        findings.push({ file, line: lineOf(node.start), where, text: text.trim() });
    }
  };
  const visit = (node: AstNode, parent: AstNode | undefined): void => {
    switch (node.type) {
      case 'JSXText':
        report(node, 'jsx-text', [String(node.value)]);
        break;
      case 'JSXExpressionContainer':
        if (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')
          report(node, 'jsx-text', staticTexts(child(node, 'expression')));
        break;
      case 'JSXAttribute': {
        const name = attributeName(node);
        const value = child(node, 'value');
        if (NAME_PROP.test(name))
          report(node, `prop:${name}`, staticTexts(value), (text) => options.contractNames.has(text));
        else if (VISIBLE_PROP.test(name)) report(node, `prop:${name}`, staticTexts(value));
        break;
      }
      case 'ObjectExpression': {
        // `{ en: '…', 'zh-CN': '…' }` written in place: a second dictionary mechanism.
        const keys = new Set(
          (node.properties as AstNode[]).filter((property) => property.type === 'Property').map(keyName),
        );
        if (keys.has('en') && keys.has('zh-CN'))
          findings.push({ file, line: lineOf(node.start), where: 'inline-dictionary', text: 'en + zh-CN' });
        break;
      }
      case 'Property':
        if (options.messageFields && MESSAGE_FIELD.test(keyName(node)))
          report(node, `field:${keyName(node)}`, staticTexts(child(node, 'value')));
        break;
      case 'CallExpression': {
        const callee = child(node, 'callee');
        if (callee?.type === 'Identifier' && (callee.name === 'alert' || callee.name === 'confirm')) {
          report(
            node,
            `call:${String(callee.name)}`,
            (node.arguments as AstNode[]).flatMap((argument) => staticTexts(argument)),
          );
        }
        break;
      }
    }
    for (const [field, value] of Object.entries(node)) {
      if (field === 'type') continue;
      if (Array.isArray(value))
        for (const item of value) {
          if (isNode(item)) visit(item, node);
        }
      else if (isNode(value)) visit(value, node);
    }
  };
  visit(parsed.program as unknown as AstNode, undefined);
  return findings;
}
