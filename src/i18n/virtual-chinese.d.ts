/** The Chinese tables moved out of the dictionary files by the build (scripts/lazy-chinese.ts), by file. */
declare module 'virtual:glassbox-chinese' {
  const tables: Record<string, Record<string, string>>;
  export default tables;
}
