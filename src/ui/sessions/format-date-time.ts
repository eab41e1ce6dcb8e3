/** Formatters by language, made once each: the sidebar renders its rows' dates again on every search keystroke. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** What `new Date(time).toLocaleString(language)` gives (numeric date and time), without a new formatter per call. */
export function formatDateTime(time: number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(language, format);
  }
  return format.format(time);
}
