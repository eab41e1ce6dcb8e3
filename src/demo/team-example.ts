/** The demo's team example, in both languages (the first-run screen offers it; demo/team.ts answers it). */
export const TEAM_EXAMPLE = {
  en: 'Research the boiling point of water at 3,000 m and have it reviewed',
  zh: '帮我调研海拔3000米处水的沸点，并让审核员检查',
} as const;
