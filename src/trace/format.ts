/** A duration for people: `0.4 ms`, `812 ms`, `1.4 s`, `12 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1) return `${Math.round(ms * 10) / 10} ms`;
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (Math.round(seconds * 10) < 100) return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
  if (Math.round(seconds) < 60) return `${Math.round(seconds)} s`;
  const totalSeconds = Math.round(seconds);
  if (totalSeconds < 3600) {
    const minutes = Math.floor(totalSeconds / 60);
    const rest = totalSeconds % 60;
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const totalMinutes = Math.round(totalSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** A token count in full with thousands separators: `12,345`. */
export function formatTokens(count: number): string {
  if (!Number.isFinite(count)) return '—';
  return Math.round(count).toLocaleString('en-US');
}

/** A compact token count for tight spaces: `812`, `1.2k`, `12k`, `1.3M`. */
export function formatTokensCompact(count: number): string {
  if (!Number.isFinite(count)) return '—';
  const value = Math.round(count);
  if (Math.abs(value) < 1000) return String(value);
  if (Math.abs(value) < 10_000) return `${(Math.round(value / 100) / 10).toFixed(1)}k`;
  if (Math.abs(value) < 999_500) return `${Math.round(value / 1000)}k`;
  return `${(Math.round(value / 100_000) / 10).toFixed(1)}M`;
}

const pad = (value: number, size = 2): string => String(value).padStart(size, '0');

/** Local wall-clock time of an epoch-ms timestamp with milliseconds: `14:03:07.125`. */
export function formatClockTime(epochMs: number): string {
  if (!Number.isFinite(epochMs)) return '—';
  const date = new Date(epochMs);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** US dollars for people: `$0`, `$0.00042`, `$0.0123`, `$1.23`, `$1,234.50`. */
export function formatCost(usd: number): string {
  if (!Number.isFinite(usd)) return '—';
  if (usd === 0) return '$0';
  if (Math.abs(usd) >= 1)
    return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  // Small amounts keep three significant digits: a run costs fractions of a cent.
  return `$${Number(usd.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 8 })}`;
}

/** A share for people: `100%`, `66.7%`, `0%`. */
export function formatPercent(share: number): string {
  if (!Number.isFinite(share)) return '—';
  const percent = Math.round(share * 1000) / 10;
  return `${percent}%`;
}
