import { useMemo } from 'react';
import { createDatasetsTranslate, type DatasetsKey } from '../../i18n/datasets.ts';
import type { Translate } from '../../i18n/translate.ts';
import { useLanguage } from '../use-t.ts';

/** The datasets' strings in the UI language. */
export function useDatasetsT(): Translate<DatasetsKey> {
  const language = useLanguage();
  return useMemo(() => createDatasetsTranslate(language), [language]);
}
