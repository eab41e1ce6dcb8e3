import { useEffect } from 'react';
import { useAppStore } from '../store/app-store.ts';

/** Applies light or dark to <html>: the setting, or the system's preference. */
export function useTheme(): void {
  const theme = useAppStore((state) => state.settings.theme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
