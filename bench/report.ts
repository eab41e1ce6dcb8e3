import { FIGURES, type Figure } from './figures.ts';
import { DETAILS } from './figure-details.ts';
import { summarise, type Summary } from './stats.ts';
import type { Sample } from './scenario-context.ts';

/** One figure's result over the runs. */
export interface FigureResult extends Summary {
  id: string;
  label: string;
  unit: string;
  peer?: string;
  target?: string;
  /** 'pass', 'miss', or 'n/a' when no run produced a value. */
  status: 'pass' | 'miss' | 'n/a';
  values: number[];
}

/** The benchmark's output, as written to bench/results.json. */
export interface BenchResults {
  date: string;
  machine: string;
  browser: string;
  runs: number;
  command: string;
  figures: FigureResult[];
  details: FigureResult[];
  errors: string[];
}

function passes(figure: Figure, value: number, medians: ReadonlyMap<string, number>): boolean {
  if (figure.max !== undefined && value > figure.max) return false;
  if (figure.below !== undefined && value >= figure.below) return false;
  if (figure.relativeTo !== undefined) {
    const other = medians.get(figure.relativeTo);
    // Frame gaps are multiples of the frame interval: "no worse" allows the timer jitter within one frame.
    if (other === undefined || !Number.isFinite(other) || value > Math.max(other, 16.7) + 1) return false;
  }
  return true;
}

/** Median, min and max per figure, with a pass/miss mark against its target. */
export function evaluate(samples: readonly Sample[]): { figures: FigureResult[]; details: FigureResult[] } {
  const valuesOf = (id: string) =>
    samples
      .map((sample) => sample[id])
      .filter((value): value is number => value !== undefined && Number.isFinite(value));
  const medians = new Map([...FIGURES, ...DETAILS].map((figure) => [figure.id, summarise(valuesOf(figure.id)).median]));
  const figures = FIGURES.map((figure): FigureResult => {
    const values = valuesOf(figure.id);
    const summary = summarise(values);
    return {
      id: figure.id,
      label: figure.label,
      unit: figure.unit,
      ...(figure.peer ? { peer: figure.peer } : {}),
      target: figure.target,
      ...summary,
      values,
      status: values.length === 0 ? 'n/a' : passes(figure, summary.median, medians) ? 'pass' : 'miss',
    };
  });
  const details = DETAILS.map((detail): FigureResult => {
    const values = valuesOf(detail.id);
    return { id: detail.id, label: detail.label, unit: detail.unit, ...summarise(values), values, status: 'n/a' };
  });
  return { figures, details };
}

/** A value with a sensible number of digits for its unit. */
export function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '—';
  if (unit === 'ratio') return value.toFixed(2);
  if (unit === 'nodes' || unit === 'frames' || unit === 'count') return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) < 10) return value.toFixed(2);
  if (Math.abs(value) < 100) return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

function withUnit(value: number, unit: string): string {
  const text = formatValue(value, unit);
  return unit === 'ratio' || unit === 'nodes' || unit === 'frames' || unit === 'count' || text === '—'
    ? text
    : `${text} ${unit}`;
}

/** The results as a Markdown table (figure, peer, target, median, min–max, mark). */
export function markdownTable(results: BenchResults): string {
  const lines = [
    `Measured ${results.date} on ${results.machine}, ${results.browser}; median of ${results.runs} runs (min–max).`,
    '',
    '| figure | BetterChatGPT | target | Glassbox (median) | min–max | |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const figure of results.figures) {
    const mark = figure.status === 'pass' ? '✅ pass' : figure.status === 'miss' ? '❌ miss' : '— n/a';
    lines.push(
      `| ${figure.label} | ${figure.peer ?? '—'} | ${figure.target ?? ''} | ${withUnit(figure.median, figure.unit)} | ${formatValue(figure.min, figure.unit)}–${formatValue(figure.max, figure.unit)} | ${mark} |`,
    );
  }
  lines.push('', '| supporting figure | median | min–max |', '| --- | --- | --- |');
  for (const detail of results.details) {
    lines.push(
      `| ${detail.label} | ${withUnit(detail.median, detail.unit)} | ${formatValue(detail.min, detail.unit)}–${formatValue(detail.max, detail.unit)} |`,
    );
  }
  return lines.join('\n');
}

/** The results as a fixed-width console table. */
export function consoleTable(results: BenchResults): string {
  const rows = results.figures.map((figure) => [
    figure.status === 'pass' ? 'PASS' : figure.status === 'miss' ? 'MISS' : 'n/a ',
    figure.label,
    withUnit(figure.median, figure.unit),
    `${formatValue(figure.min, figure.unit)}–${formatValue(figure.max, figure.unit)}`,
    figure.target ?? '',
    figure.peer ?? '',
  ]);
  const header = ['', 'figure', 'median', 'min–max', 'target', 'peer'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  const lines = [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(format)];
  lines.push('');
  for (const detail of results.details) {
    lines.push(
      `  ${detail.label}: ${withUnit(detail.median, detail.unit)} (${formatValue(detail.min, detail.unit)}–${formatValue(detail.max, detail.unit)})`,
    );
  }
  const passed = results.figures.filter((figure) => figure.status === 'pass').length;
  lines.push('', `${passed} of ${results.figures.length} figures meet their target (median of ${results.runs} runs).`);
  return lines.join('\n');
}
