import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One series of a bar chart: bars on the left axis, or a line on a second axis at the right. */
export interface ChartSeries {
  name: string;
  values: number[];
  /** Light and dark colours. */
  color: readonly [string, string];
  line?: boolean;
  format?: (value: number) => string;
}

/** Follows the `dark` class the theme hook sets on <html>. */
function useDark(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(document.documentElement.classList.contains('dark')));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

const HEIGHT = 180;

const AXIS_FONT = '11px system-ui, sans-serif';

/** The category axis below, the bars' value axis at the left, and the line's axis at the right when there is one. */
function chartAxes(categories: string[], series: ChartSeries[], dark: boolean): uPlot.Axis[] {
  const text = dark ? '#cbd5e1' : '#475569';
  const grid = dark ? '#334155' : '#e2e8f0';
  const bars = series.filter((entry) => !entry.line);
  const lineScale = series.some((entry) => entry.line);
  return [
    {
      stroke: text,
      font: AXIS_FONT,
      grid: { show: false },
      ticks: { stroke: grid },
      incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
      values: (_u, splits) => splits.map((split) => (Number.isInteger(split) ? (categories[split] ?? '') : '')),
    },
    {
      stroke: text,
      font: AXIS_FONT,
      grid: { stroke: grid },
      ticks: { stroke: grid },
      size: 56,
      values: (_u, splits) => splits.map((split) => (bars[0]?.format ?? String)(split)),
    },
    ...(lineScale
      ? [
          {
            scale: 'line',
            side: 1 as const,
            stroke: text,
            font: AXIS_FONT,
            grid: { show: false },
            size: 56,
            values: (_u: uPlot, splits: number[]) =>
              splits.map((split) => (series.find((entry) => entry.line)?.format ?? String)(split)),
          },
        ]
      : []),
  ];
}

/** uPlot's series: the x index first, then bars (side by side when two) and lines on the `line` scale. */
function chartSeries(series: ChartSeries[], dark: boolean): uPlot.Series[] {
  const bars = series.filter((entry) => !entry.line);
  return [
    {},
    ...series.map((entry) => {
      const color = dark ? entry.color[1] : entry.color[0];
      if (entry.line)
        return {
          label: entry.name,
          scale: 'line',
          stroke: color,
          width: 2,
          points: { show: true, size: 5, fill: color },
        };
      const index = bars.indexOf(entry);
      const align = bars.length === 2 ? (index === 0 ? -1 : 1) : 0;
      return {
        label: entry.name,
        stroke: color,
        fill: color,
        width: 0,
        paths: uPlot.paths.bars?.({ size: [bars.length === 2 ? 0.35 : 0.6, 60], align: align as -1 | 0 | 1 }),
        points: { show: false },
      };
    }),
  ];
}

function chartOptions(categories: string[], series: ChartSeries[], dark: boolean, width: number): uPlot.Options {
  const lineScale = series.some((entry) => entry.line);
  return {
    width: Math.max(200, width),
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0, categories.length - 1) + 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      ...(lineScale ? { line: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } } : {}),
    },
    axes: chartAxes(categories, series, dark),
    series: chartSeries(series, dark),
  };
}

/**
 * A bar chart (uPlot on a canvas) over categories, as an `img` whose accessible name states its figures: the table
 * beside it has the same numbers. Clicking a bar calls `onPick` with its category index.
 */
export function BarChart(props: {
  label: string;
  categories: string[];
  series: ChartSeries[];
  onPick?: (index: number) => void;
  testId?: string;
}) {
  const target = useRef<HTMLDivElement>(null);
  const dark = useDark();
  const pick = useRef(props.onPick);
  useEffect(() => {
    pick.current = props.onPick;
  });
  const { categories, series } = props;
  const pickable = Boolean(props.onPick);

  useEffect(() => {
    const element = target.current;
    if (!element) return undefined;
    const options = chartOptions(categories, series, dark, element.clientWidth);
    const data: uPlot.AlignedData = [categories.map((_, index) => index), ...series.map((entry) => entry.values)];
    const chart = new uPlot(options, data, element);
    // The canvas repeats what the accessible name and the table say.
    for (const canvas of element.querySelectorAll('canvas')) canvas.setAttribute('aria-hidden', 'true');
    const onClick = () => {
      const index = chart.cursor.idx;
      if (index !== null && index !== undefined) pick.current?.(index);
    };
    chart.over.addEventListener('click', onClick);
    chart.over.style.cursor = pickable ? 'pointer' : 'default';
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.over.removeEventListener('click', onClick);
      chart.destroy();
    };
  }, [categories, series, dark, pickable]);

  return <div ref={target} role="img" aria-label={props.label} data-testid={props.testId} className="w-full min-w-0" />;
}
