import { describe, expect, it } from 'vitest';
import { checkReadOnlySql } from './sql-guard.ts';

function refused(sql: string): string {
  const check = checkReadOnlySql(sql);
  if (check.ok) throw new Error(`accepted: ${sql}`);
  return check.reason;
}

describe('checkReadOnlySql', () => {
  it('accepts one SELECT, WITH … SELECT, comments, a trailing semicolon and keywords inside strings', () => {
    for (const sql of [
      'SELECT region, SUM(amount) FROM sales GROUP BY region',
      'with t as (select * from sales) select count(*) from t;',
      '-- the biggest\nSELECT * FROM sales /* all */ ORDER BY amount DESC LIMIT 1',
      'SELECT \'drop table sales; delete\' AS text, "update" FROM sales',
      "SELECT replace(name, 'a', 'b'), CASE WHEN amount > 1 THEN 'big' ELSE 'small' END FROM sales",
      "SELECT * FROM pragma_table_info('sales')",
    ]) {
      expect(checkReadOnlySql(sql), sql).toMatchObject({ ok: true });
    }
  });

  it('refuses writes and schema changes, naming the keyword', () => {
    expect(refused('DELETE FROM sales')).toMatch(/"DELETE" is refused/u);
    expect(refused('insert into sales values (1)')).toMatch(/"INSERT"/u);
    expect(refused('UPDATE sales SET amount = 0')).toMatch(/"UPDATE"/u);
    expect(refused('DROP TABLE sales')).toMatch(/"DROP"/u);
    expect(refused('CREATE TABLE x (a)')).toMatch(/"CREATE"/u);
    expect(refused('WITH t AS (SELECT 1) DELETE FROM sales')).toMatch(/"DELETE"/u);
    expect(refused('REPLACE INTO sales VALUES (1)')).toMatch(/"REPLACE"/u);
  });

  it('refuses PRAGMA and ATTACH, also hidden behind a comment', () => {
    expect(refused('PRAGMA query_only = 0')).toMatch(/"PRAGMA"/u);
    expect(refused("/* harmless */ ATTACH DATABASE 'x.db' AS x")).toMatch(/"ATTACH"/u);
    expect(refused('-- select\nPRAGMA table_info(sales)')).toMatch(/"PRAGMA"/u);
  });

  it('refuses several statements, even when the second hides after a comment', () => {
    expect(refused('SELECT 1; SELECT 2')).toMatch(/one statement/u);
    expect(refused('SELECT 1; -- then\n DROP TABLE sales')).toMatch(/one statement/u);
    expect(refused('SELECT 1 /* ; */; DELETE FROM sales')).toMatch(/one statement/u);
  });

  it('refuses empty SQL, unclosed comments and quotes, and extension loading', () => {
    expect(refused('  ;  ')).toMatch(/empty/u);
    expect(refused('-- nothing')).toMatch(/empty/u);
    expect(refused('SELECT 1 /* open')).toMatch(/never closed/u);
    expect(refused("SELECT 'open")).toMatch(/never closed/u);
    expect(refused("SELECT load_extension('x')")).toMatch(/load_extension/u);
  });
});
