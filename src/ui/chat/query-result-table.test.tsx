// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCell } from './query-result-read.ts';
import { QueryResultTable } from './query-result-table.tsx';

afterEach(cleanup);

describe('query_data results on screen', () => {
  it('show numbers as people write them, and sort by the raw values', () => {
    const rows = [
      ['Tea', 92.99000000000001],
      ['Coffee', 0.30000000000000004],
      ['Cake', 1234567],
      ['Milk', 92.98999999999999],
    ];
    const { container, getByRole } = render(
      <QueryResultTable result={{ columns: ['product', 'total'], rows, rowCount: rows.length }} />,
    );
    const cells = () => [...container.querySelectorAll('tbody tr td:nth-child(2)')].map((cell) => cell.textContent);
    expect(cells()).toEqual(['92.99', '0.3', '1234567', '92.99']);
    fireEvent.click(getByRole('button', { name: /total/ }));
    expect([...container.querySelectorAll('tbody tr td:first-child')].map((cell) => cell.textContent)).toEqual([
      'Coffee',
      'Milk',
      'Tea',
      'Cake',
    ]);
  });

  it('formats only what needs it', () => {
    expect(formatCell(1e21)).toBe('1e+21');
    expect(formatCell(-2.5)).toBe('-2.5');
    expect(formatCell(0.1 + 0.2)).toBe('0.3');
    expect(formatCell(1 / 3)).toBe('0.333333333333333');
    expect(formatCell('92.99000000000001')).toBe('92.99000000000001');
    expect(formatCell(true)).toBe('true');
  });
});
