/** A duration in plain words for messages: `850 ms`, `51 s`, `4 min`, `24 h`. Rounds up, so a wait is never understated. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return 'an unknown time';
  if (ms < 1000) return `${Math.ceil(ms)} ms`;
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}
