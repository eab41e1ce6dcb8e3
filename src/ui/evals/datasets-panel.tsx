/**
 * PLACEHOLDER (branch evals-run): the evals-data branch owns this file (the `Datasets` list, items, import and
 * scorers); at merge the lead takes evals-data's version. Until then the Evals dialog shows the demo dataset here.
 */
import { createExperimentsTranslate } from '../../i18n/experiments.ts';
import { useLanguage } from '../use-t.ts';

export function DatasetsPanel() {
  const t = createExperimentsTranslate(useLanguage());
  return (
    <section aria-labelledby="evals-datasets-heading" className="flex flex-col gap-1">
      <h3 id="evals-datasets-heading" className="text-sm font-semibold">
        {t('datasets')}
      </h3>
    </section>
  );
}
