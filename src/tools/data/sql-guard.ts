/** The outcome of checking a query: the statement to run, or why it is refused. */
export type SqlCheck = { ok: true; sql: string } | { ok: false; reason: string };

/** Keywords that change data, schema, connections or settings; none may appear in a `query_data` statement. */
const FORBIDDEN = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'upsert',
  'merge',
  'create',
  'drop',
  'alter',
  'truncate',
  'attach',
  'detach',
  'pragma',
  'vacuum',
  'reindex',
  'analyze',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'end',
  'into',
]);
/** Functions that reach outside the query (extensions, files). */
const FORBIDDEN_FUNCTIONS = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer']);

interface Token {
  kind: 'word' | 'symbol' | 'literal';
  text: string;
}

/** Splits SQL into words, symbols and literals; comments are dropped. Throws on an unterminated comment or literal. */
function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < sql.length) {
    const character = sql[index] ?? '';
    if (/\s/u.test(character)) {
      index += 1;
    } else if (sql.startsWith('--', index)) {
      const end = sql.indexOf('\n', index);
      index = end === -1 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', index)) {
      const end = sql.indexOf('*/', index + 2);
      if (end === -1) throw new SyntaxError('a /* comment is never closed');
      index = end + 2;
    } else if (character === "'" || character === '"' || character === '`' || character === '[') {
      const close = character === '[' ? ']' : character;
      let end = index + 1;
      for (;;) {
        end = sql.indexOf(close, end);
        if (end === -1) throw new SyntaxError(`a ${character} quote is never closed`);
        if (close !== ']' && sql[end + 1] === close) {
          end += 2;
          continue;
        }
        break;
      }
      // A quoted identifier is still a name, but never a keyword; a string literal is neither.
      tokens.push({ kind: 'literal', text: sql.slice(index, end + 1) });
      index = end + 1;
    } else if (/[\p{L}\p{N}_$]/u.test(character)) {
      let end = index + 1;
      while (end < sql.length && /[\p{L}\p{N}_$]/u.test(sql[end] ?? '')) end += 1;
      tokens.push({ kind: 'word', text: sql.slice(index, end).toLowerCase() });
      index = end;
    } else {
      tokens.push({ kind: 'symbol', text: character });
      index += 1;
    }
  }
  return tokens;
}

/**
 * Accepts exactly one read-only query: `SELECT …`, `WITH … SELECT …` or `VALUES …`, an optional trailing `;` and
 * comments. Anything that writes, changes the schema or settings (`PRAGMA`), opens another database (`ATTACH`) or
 * chains several statements is refused with a reason the model can act on.
 */
export function checkReadOnlySql(sql: string): SqlCheck {
  let tokens: Token[];
  try {
    tokens = tokenize(sql);
  } catch (error) {
    return { ok: false, reason: `The SQL could not be read: ${(error as Error).message}.` };
  }
  while (tokens.at(-1)?.text === ';') tokens.pop();
  if (tokens.length === 0) return { ok: false, reason: 'The SQL is empty. Send one SELECT statement.' };
  if (tokens.some((token) => token.kind === 'symbol' && token.text === ';')) {
    return {
      ok: false,
      reason: 'Only one statement is allowed per call; remove the ";" between statements and send a single SELECT.',
    };
  }
  const first = tokens[0];
  if (first?.kind !== 'word' || !['select', 'with', 'values'].includes(first.text)) {
    const word = first?.kind === 'word' ? first.text.toUpperCase() : (first?.text ?? '');
    return {
      ok: false,
      reason: `Only read-only queries are allowed (SELECT or WITH … SELECT); "${word}" is refused. The tables are read-only.`,
    };
  }
  for (const [position, token] of tokens.entries()) {
    if (token.kind !== 'word') continue;
    const next = tokens[position + 1];
    // replace(x, y, z) is a string function; REPLACE INTO is a write.
    if (token.text === 'replace' && next?.text === '(') continue;
    // CASE … END closes an expression, not a transaction.
    if (
      token.text === 'end' &&
      tokens.slice(0, position).some((earlier) => earlier.kind === 'word' && earlier.text === 'case')
    )
      continue;
    if (FORBIDDEN.has(token.text)) {
      return {
        ok: false,
        reason: `Only read-only queries are allowed; "${token.text.toUpperCase()}" is refused. The tables are read-only: use SELECT.`,
      };
    }
    if (FORBIDDEN_FUNCTIONS.has(token.text) && next?.text === '(') {
      return { ok: false, reason: `The function ${token.text}() is not available.` };
    }
  }
  return { ok: true, sql: sql.trim().replace(/;\s*$/u, '') };
}
